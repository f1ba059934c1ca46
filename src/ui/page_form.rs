//! The pages' one field-edit glue: a page's parameters and notices live in
//! a reducer whose logic is the core's [`PageForm`]; a form field reports
//! `(URL name, text)` and the page's own query reader checks it.

use std::rc::Rc;

use yew::prelude::*;

use crate::page_form::{FormEdit, PageForm};
use crate::page_params::PageParams;
use crate::params::Query;

impl<P: PageParams + 'static> Reducible for PageForm<P> {
    type Action = FormEdit<P>;

    fn reduce(self: Rc<Self>, edit: FormEdit<P>) -> Rc<Self> {
        self.apply(edit, P::from_query, P::to_query)
    }
}

/// The page's form, read from the URL's query when the page mounts, and
/// the callback its fields report `(name, text)` to. The callback never
/// changes, so the controls do not redraw (and reset what the student is
/// typing) on a redraw of a running computation.
#[hook]
pub fn use_page_form<P: PageParams + 'static>(
    query: &Rc<Query>,
) -> (UseReducerHandle<PageForm<P>>, Callback<(String, String)>) {
    let form = {
        let q = query.clone();
        use_reducer(move || PageForm::new(P::from_query(&q)))
    };
    let on_field = {
        let d = form.dispatcher();
        use_callback((), move |(name, raw): (String, String), _| {
            d.dispatch(FormEdit::Field { name, raw })
        })
    };
    (form, on_field)
}
