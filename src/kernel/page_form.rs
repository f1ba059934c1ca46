//! A page's parameters as the student edits them: the parameters and the
//! notices of the last edit, changed only through [`PageForm::apply`] (the
//! page's reducer). A field edit goes through the page's own query reader,
//! exactly as a URL would: write the parameters as a query, set the one
//! field, read it back. So a form field is checked, clamped and noticed by
//! the same rules as the address bar.

use std::rc::Rc;

use crate::kernel::params::{Notice, Query};

/// The parameters shown and the notices of the last edit.
#[derive(Clone, Debug, PartialEq)]
pub struct PageForm<P> {
    pub params: P,
    pub notices: Vec<Notice>,
}

/// What a page does to its parameters.
pub enum FormEdit<P> {
    /// A field changed to `raw` (its URL name and text).
    Field { name: String, raw: String },
    /// Parameters set directly (a step of the shown view); the notices stay.
    Set(P),
    /// Parameters set directly with the notices that say what of the edit
    /// was not used (a mechanism the design cannot take); they replace the
    /// earlier ones.
    SetNoticed(P, Vec<Notice>),
}

impl<P: Clone + PartialEq> PageForm<P> {
    /// The form as the URL's query read it.
    pub fn new((params, notices): (P, Vec<Notice>)) -> Self {
        Self { params, notices }
    }

    /// The form after `edit`; `read` and `write` are the page's query reader
    /// and writer. Unchanged (the same `Rc`) when nothing changed, so the
    /// page does not redraw.
    pub fn apply(
        self: Rc<Self>,
        edit: FormEdit<P>,
        read: impl Fn(&Query) -> (P, Vec<Notice>),
        write: impl Fn(&P) -> Query,
    ) -> Rc<Self> {
        let (params, notices) = match edit {
            FormEdit::Field { name, raw } => {
                let mut q = write(&self.params);
                q.set(&name, raw);
                read(&q)
            }
            FormEdit::Set(params) => (params, self.notices.clone()),
            FormEdit::SetNoticed(params, notices) => (params, notices),
        };
        if params == self.params && notices == self.notices {
            return self;
        }
        Rc::new(Self { params, notices })
    }
}
