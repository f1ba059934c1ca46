//! A shared value that a component's props compare by identity: a new
//! value is a new `Rc`, so comparing two long runs, traces or questions
//! field by field on every render would cost more than it saves (and, for
//! a question, would keep the comparison of two questions' contents in
//! the page's wasm).

use std::rc::Rc;

pub struct Same<T>(pub Rc<T>);

impl<T> Clone for Same<T> {
    fn clone(&self) -> Self {
        Same(self.0.clone())
    }
}

impl<T> PartialEq for Same<T> {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.0, &o.0)
    }
}
