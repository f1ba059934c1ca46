//! The matrix request the lab engine's worker computes from the route the
//! page opened on (`matrix_want_for_route`, asked by `static/boot.js` before
//! the page runs) is the request the matrix page sends for that route, read
//! as the shell (`src/ui/app.rs`) and the page (`src/ui/lab/matrix.rs`) read
//! it: the page adopts the worker's reply only when the two are equal.

use retry_lab::kernel::job::Job;
use retry_lab::kernel::page_form::PageForm;
use retry_lab::lab::jobs::matrix_table_job::matrix_job;
use retry_lab::lab::wire::Want;
use retry_lab::lab::MatrixParams;
use retry_lab::pages::links::matrix_want_for_route;
use retry_lab::pages::route::{split_shell_params, Location, Page};

/// The matrix page's first request when the app opens on `hash`.
fn page_request(hash: &str) -> Option<Want> {
    let loc = Location::parse(hash);
    if loc.page != Page::LabMatrix {
        return None;
    }
    let shell = split_shell_params(&loc);
    let form = PageForm::new(MatrixParams::from_query(&shell.page_query));
    let mut job = matrix_job(&form.params, 12.5);
    job.request(0, true, 12.5)
}

const MATRIX_ROUTES: &[&str] = &[
    "#/lab/matrix",
    "#/lab/matrix/",
    "/lab/matrix",
    "#/lab/matrix?",
    "#/lab/matrix?lang=en",
    "#/lab/matrix?embed=1&lang=zh-CN",
    "#/lab/matrix?server=fenced",
    "#/lab/matrix?server=atomic&seed=7",
    "#/lab/matrix?harnesses=all",
    "#/lab/matrix?harnesses=all&server=keyed",
    "#/lab/matrix?by=server&harness=business_key",
    "#/lab/matrix?by=server&client=naive",
    "#/lab/matrix?design=claim,fence&client=stable_key",
    "#/lab/matrix?server=nope&seed=-3&by=diagonal&x=1",
    "#/lab/matrix?seed=99999999999999999999",
];

#[test]
fn the_engine_asks_what_the_page_asks_for_every_matrix_route() {
    for hash in MATRIX_ROUTES {
        let page = page_request(hash);
        assert!(
            matches!(page, Some(Want::Matrix { .. })),
            "{hash}: the page asks for a matrix"
        );
        assert_eq!(matrix_want_for_route(hash), page, "{hash}");
    }
}

#[test]
fn other_routes_ask_nothing_ahead() {
    for hash in [
        "",
        "#/",
        "#/lab",
        "#/lab?scenario=response_lost",
        "#/lab/build",
        "#/lab/matrixx",
        "#/herd?view=sweep",
        "#/exercises",
        "#/nope",
    ] {
        assert_eq!(matrix_want_for_route(hash), None, "{hash}");
    }
}

#[test]
fn different_routes_ask_different_tables() {
    let a = matrix_want_for_route("#/lab/matrix");
    let b = matrix_want_for_route("#/lab/matrix?server=fenced");
    let c = matrix_want_for_route("#/lab/matrix?seed=7");
    assert_ne!(a, b);
    assert_ne!(a, c);
    // The shell's own settings change no cell.
    assert_eq!(a, matrix_want_for_route("#/lab/matrix?lang=en&embed=1"));
}
