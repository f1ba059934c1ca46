//! The page form's reducer over the herd's and amplify's real readers.
#![cfg(not(target_arch = "wasm32"))]

use std::rc::Rc;

use retry_lab::amplify::AmplifyParams;
use retry_lab::herd::bounds::CLIENTS;
use retry_lab::herd::HerdParams;
use retry_lab::kernel::page_form::{FormEdit, PageForm};
use retry_lab::kernel::params::Query;

type Herd = Rc<PageForm<HerdParams>>;

fn herd() -> Herd {
    Rc::new(PageForm::new(HerdParams::from_query(&Query::new())))
}

fn edit(f: Herd, name: &str, raw: &str) -> Herd {
    let e = FormEdit::Field {
        name: name.into(),
        raw: raw.into(),
    };
    f.apply(e, HerdParams::from_query, HerdParams::to_query)
}

#[test]
fn a_field_edit_changes_that_field_only() {
    let f = herd();
    let before = f.params.clone();
    let g = edit(f, "clients", "250");
    assert_eq!(g.params.clients, 250);
    assert!(g.notices.is_empty());
    let back = HerdParams {
        clients: before.clients,
        ..g.params.clone()
    };
    assert_eq!(back, before);
}

#[test]
fn a_value_out_of_range_is_clamped_with_a_notice_the_next_edit_clears() {
    let g = edit(herd(), "clients", "1000000");
    assert_eq!(i64::from(g.params.clients), CLIENTS.max);
    assert!(
        g.notices.iter().any(|n| n.param == "clients"),
        "{:?}",
        g.notices
    );
    let h = edit(g, "seed", "7");
    assert_eq!(h.params.seed, 7);
    assert_eq!(i64::from(h.params.clients), CLIENTS.max);
    assert!(
        h.notices.iter().all(|n| n.param != "clients"),
        "{:?}",
        h.notices
    );
}

#[test]
fn text_that_is_no_number_keeps_the_value_and_says_so() {
    let f = herd();
    let g = edit(f.clone(), "clients", "many");
    assert_eq!(g.params, f.params);
    assert_eq!(g.notices.len(), 1);
    assert!(!Rc::ptr_eq(&f, &g), "the notice is news");
}

#[test]
fn an_edit_that_changes_nothing_keeps_the_same_form() {
    let f = herd();
    let same = edit(f.clone(), "clients", &f.params.clients.to_string());
    assert!(Rc::ptr_eq(&f, &same));
}

#[test]
fn setting_parameters_keeps_the_notices() {
    let read = AmplifyParams::from_query;
    let f = Rc::new(PageForm::new(read(&Query::parse("seed=x"))));
    assert_eq!(f.notices.len(), 1);
    let next = AmplifyParams {
        step: 2,
        ..f.params.clone()
    };
    let g = f.apply(FormEdit::Set(next), read, AmplifyParams::to_query);
    assert_eq!(g.params.step, 2);
    assert_eq!(g.notices.len(), 1);
}
