//! The pages' one field-edit glue: a page's parameters and notices live in
//! a reducer whose logic is the core's [`PageForm`]; a form field reports
//! `(URL name, text)` and the page's own query reader checks it.

use std::rc::Rc;

use yew::prelude::*;

use crate::kernel::page_form::{FormEdit, PageForm};
use crate::kernel::page_params::PageParams;
use crate::kernel::params::Query;
use crate::pages::links::OnPage;
use crate::pages::route::Location;

impl<P: PageParams + 'static> Reducible for PageForm<P> {
    type Action = FormEdit<P>;

    fn reduce(self: Rc<Self>, edit: FormEdit<P>) -> Rc<Self> {
        self.apply(edit, P::from_query, P::to_query)
    }
}

/// The page's form, read from the URL's query when the page mounts, and
/// the callback its fields report `(name, text)` to. The callback never
/// changes, so the controls do not redraw (and reset what the student is
/// typing) on a redraw of a running computation. Every change of the
/// parameters is written to the URL (`set_link`).
#[hook]
pub fn use_page_form<P: OnPage + 'static>(
    query: &Rc<Query>,
    set_link: &Callback<Location>,
) -> (UseReducerHandle<PageForm<P>>, Callback<(String, String)>) {
    let form = {
        let q = query.clone();
        use_reducer(move || PageForm::new(P::from_query(&q)))
    };
    {
        let set_link = set_link.clone();
        use_effect_with(form.params.clone(), move |prm| {
            set_link.emit(prm.location())
        });
    }
    let on_field = {
        let d = form.dispatcher();
        use_callback((), move |(name, raw): (String, String), _| {
            d.dispatch(FormEdit::Field { name, raw })
        })
    };
    (form, on_field)
}

/// A control that sets one of the page's parameters: its value goes where
/// `set` puts it (and so into the URL). A page's pickers and panels share
/// this rather than each rebuilding its parameters by hand.
pub fn setter<P: PageParams + 'static, T: 'static>(
    form: &UseReducerHandle<PageForm<P>>,
    set: fn(&mut P, T),
) -> Callback<T> {
    let form = form.clone();
    Callback::from(move |value| {
        let mut params = form.params.clone();
        set(&mut params, value);
        form.dispatch(FormEdit::Set(params));
    })
}
