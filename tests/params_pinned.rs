//! Pins what every page makes of its URL parameters, in both languages:
//! for many queries (each parameter given garbage, numbers in and out of
//! range, lists, an unknown key), the parameters read, the notices as the
//! page words them, the query written back and the minimal query. One
//! digest per page, taken before the parameter tables were introduced: a
//! refactor of how a page declares its parameters must leave it unchanged.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::amplify::AmplifyParams;
use retry_lab::exercises::{bank, query::read_query};
use retry_lab::herd::HerdParams;
use retry_lab::i18n::Lang;
use retry_lab::kernel::page_params::PageParams;
use retry_lab::kernel::params::Notice;
use retry_lab::lab::{BuildParams, LabParams, MatrixParams};
use retry_lab::pages::route::{Page, Query};
use retry_lab::shell::exercise_notices::worded;

/// Values every parameter is given, one at a time.
const VALUES: [&str; 16] = [
    "",
    "x",
    "-1",
    "0",
    "1",
    "2",
    "0.5",
    "3.7",
    "1e30",
    "-1e30",
    "NaN",
    "999999999",
    "4,3",
    "a,b",
    "end",
    "naive",
];

/// 64-bit FNV-1a: a digest that is the same on every platform and run.
struct Digest(u64);

impl Digest {
    fn add(&mut self, s: &str) {
        for b in s.bytes().chain([0xff]) {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Every query the pin reads: bare, one unknown key, then each known
/// parameter with each value, alone and after the view or preset pairs
/// that change its meaning.
fn queries(known: &[&str], contexts: &[&str]) -> Vec<String> {
    let mut out = vec![String::new(), "bogus=1".to_string()];
    for ctx in contexts {
        for name in known {
            for v in VALUES {
                let pair = format!("{name}={}", v.replace(',', "%2C"));
                out.push(if ctx.is_empty() {
                    pair
                } else {
                    format!("{ctx}&{pair}")
                });
            }
        }
    }
    out
}

fn notices_text(d: &mut Digest, notices: &[Notice], page: &Page) {
    for n in notices {
        d.add(&format!("{n:?}"));
        for lang in [Lang::Zh, Lang::En] {
            d.add(&n.message(lang, page));
        }
    }
}

fn page_digest<P: PageParams>(page: Page, contexts: &[&str]) -> (u64, usize) {
    let mut d = Digest(0xcbf2_9ce4_8422_2325);
    // The limits' order is no behaviour: each is found by its name.
    let mut limits = P::limits();
    limits.sort_by(|a, b| a.name.cmp(b.name));
    d.add(&format!("{:?} {limits:?}", P::KNOWN));
    let qs = queries(P::KNOWN, contexts);
    for raw in &qs {
        let (p, notices) = P::from_query(&Query::parse(raw));
        d.add(raw);
        d.add(&format!("{p:?}"));
        notices_text(&mut d, &notices, &page);
        d.add(&p.to_query().encode());
        d.add(&p.minimal_query().encode());
    }
    (d.0, qs.len())
}

fn exercises_digest() -> u64 {
    let mut d = Digest(0xcbf2_9ce4_8422_2325);
    let bank = bank();
    for lang in [Lang::Zh, Lang::En] {
        for raw in queries(&["q", "section"], &[""]) {
            let read = read_query(&Query::parse(&raw), &bank);
            let (sel, notices) = (&read.selection, worded(lang, &read));
            // As `Selection` printed before sets existed: the pin shows
            // that `q` and `section` read as they always did.
            let old = format!(
                "Selection {{ question: {:?}, section: {:?} }}",
                sel.question, sel.section
            );
            d.add(&format!("{raw} {old}"));
            notices_text(&mut d, &notices, &Page::Exercises);
        }
    }
    d.0
}

#[test]
fn every_page_reads_writes_and_words_its_parameters_as_before() {
    let got = [
        page_digest::<HerdParams>(Page::Herd, &["", "view=sweep"]),
        page_digest::<AmplifyParams>(
            Page::Amplify,
            &["", "view=load", "view=sweep", "view=load&preset=brooker"],
        ),
        page_digest::<LabParams>(Page::Lab, &["", "scenario=server_crash"]),
        page_digest::<MatrixParams>(Page::LabMatrix, &["", "by=server"]),
        page_digest::<BuildParams>(Page::LabBuild, &[""]),
        (exercises_digest(), 66),
    ];
    let digests: Vec<String> = got.iter().map(|(d, n)| format!("{d:#018x}/{n}")).collect();
    assert_eq!(digests, PINNED, "{digests:?}");
}

/// The digests at the code before the tables (`digest/queries read`).
/// `#/lab` and `#/lab/matrix` changed on purpose when the harness became a
/// design: their parameters hold a `Harness`, they know `harness` (and the
/// matrix `harnesses`) and write `harness=` where they wrote `client=`
/// (before: `0x4b3dee736ee778fe/258`, `0x87fe1f70b3fe1890/162`). That an
/// old `client=` link opens the same page is `tests/links.rs`'
/// `an_old_client_link_opens_the_same_page`.
const PINNED: [&str; 6] = [
    "0x803786c82d22c412/514",
    "0x7ebd0b532171b118/1858",
    // 003's six scenarios (`downstream_done_crash` … `deadline_passed`),
    // the `reconciled` server and the `reconciling` harness lengthen the
    // allowed values of `scenario=`, `server=` and `harness=` (their
    // notices list them), the matrix's columns and the workbench's default
    // suite (before: `0x8f701d27d84a93b0/290`, `0x5ee3c1dd90fde640/226`,
    // `0x7f2b740510adee70/146`; the six harness scenarios and the
    // workbench's `harness=` had changed them before that).
    "0xddd146b5de87fcf4/290",
    "0xf74af592adb96a20/226",
    // The workbench's hunt also knows the `recovery` fault kind (off by
    // default; before it: `0x8b24cc3f155e6dd4/146`).
    "0x7866e128f7781a9e/146",
    // The exercises know `set`, `origin` and `print` (a course author's
    // set, the course page's origin, the printable summary): an unknown
    // parameter's notice lists them. `q` and `section` read as before (the
    // selection is printed as it was; before: `0x8793029a6836fef8/66`).
    "0x42afc7968688a5a2/66",
];
