//! What each page's fields are called: the page a page's parameters belong
//! to ([`OnPage`]), the label of each URL parameter's field (from the
//! page's parameter table), and a notice put into words naming that field,
//! so that it says «客户端数 N» and not only `clients`. The lookup is per
//! page: `base` is milliseconds of backoff on `#/herd` and seconds on
//! `#/amplify`.

use crate::amplify::AmplifyParams;
use crate::exercises::query as exercises;
use crate::herd::HerdParams;
use crate::i18n::fields::{field_words, shell_key};
use crate::i18n::notice::notice_text;
use crate::i18n::Lang;
use crate::kernel::page_params::PageParams;
use crate::kernel::params::Notice;
use crate::lab::{BuildParams, LabParams, MatrixParams};
pub use crate::pages::links::OnPage;
use crate::pages::route::Page;

/// The translation key of the field label of URL parameter `param` on
/// `page`; the shell's own parameters (`lang`, `embed`) on every page.
pub fn field_key(page: &Page, param: &str) -> Option<&'static str> {
    shell_key(param).or_else(|| match page {
        Page::Herd => HerdParams::label(param),
        Page::Amplify => AmplifyParams::label(param),
        Page::Lab => LabParams::label(param),
        Page::LabMatrix => MatrixParams::label(param),
        Page::LabBuild => BuildParams::label(param),
        Page::Exercises => exercises::label(param),
        Page::Home | Page::ExercisesBuilder | Page::NotFound(_) => None,
    })
}

/// [`field_key`] for a page family that draws only the pages of `P`: it
/// reaches only that page's parameter table.
pub fn field_key_on<P: OnPage>(_page: &Page, param: &str) -> Option<&'static str> {
    shell_key(param).or_else(|| P::label(param))
}

/// [`field_key`] for a family without parameters of its own (the home page).
pub fn shell_field_key(_page: &Page, param: &str) -> Option<&'static str> {
    shell_key(param)
}

/// How a notice names a parameter of `page`: the field label with the URL
/// name, or the URL name alone when the parameter has no field there.
pub fn field_text(lang: Lang, page: &Page, param: &str) -> String {
    field_words(lang, field_key(page, param), param)
}

impl Notice {
    /// The notice as a sentence in `lang`, naming the field as `page`
    /// shows it.
    pub fn message(&self, lang: Lang, page: &Page) -> String {
        notice_text(lang, self, field_text(lang, page, &self.param))
    }

    /// [`Notice::message`] with the field's key looked up already.
    pub fn message_with(&self, lang: Lang, key: Option<&'static str>) -> String {
        notice_text(lang, self, field_words(lang, key, &self.param))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{has, t};
    use crate::kernel::params::Query;

    /// Every page with the names its parser knows.
    fn pages() -> Vec<(Page, Vec<&'static str>)> {
        vec![
            (Page::Herd, HerdParams::KNOWN.to_vec()),
            (Page::Amplify, AmplifyParams::KNOWN.to_vec()),
            (Page::Lab, LabParams::KNOWN.to_vec()),
            (Page::LabMatrix, MatrixParams::KNOWN.to_vec()),
            (Page::LabBuild, BuildParams::KNOWN.to_vec()),
            (Page::Exercises, exercises::KNOWN.to_vec()),
        ]
    }

    #[test]
    fn every_known_parameter_of_every_page_has_a_label_in_both_languages() {
        for (page, known) in pages() {
            for p in known.into_iter().chain(["lang", "embed"]) {
                let key = field_key(&page, p).unwrap_or_else(|| panic!("{page:?}: {p}"));
                assert!(has(key), "{page:?} {p}: {key}");
                for lang in [Lang::Zh, Lang::En] {
                    let text = field_text(lang, &page, p);
                    assert!(text.contains(&t(lang, key)) && text.contains(p), "{text}");
                }
            }
        }
        assert_eq!(
            field_text(Lang::En, &Page::Herd, "bogus"),
            "URL parameter bogus"
        );
        assert_eq!(
            field_text(Lang::Zh, &Page::Herd, "clients"),
            "「客户端数 N」（URL 参数 clients）"
        );
    }

    #[test]
    fn a_name_two_pages_share_gets_each_pages_label() {
        let zh = |page, p| field_text(Lang::Zh, &page, p);
        assert!(zh(Page::Herd, "base").contains("毫秒"));
        assert!(
            zh(Page::Amplify, "base").contains("秒") && !zh(Page::Amplify, "base").contains("毫秒")
        );
        assert!(
            zh(Page::Amplify, "cap").contains("秒") && !zh(Page::Amplify, "cap").contains("毫秒")
        );
        assert_ne!(zh(Page::Herd, "trials"), zh(Page::Amplify, "trials"));
        assert_ne!(
            field_key(&Page::Herd, "view"),
            field_key(&Page::Amplify, "view")
        );
        assert_ne!(zh(Page::Lab, "step"), zh(Page::Amplify, "step"));
        // A parameter of another page is not a field here.
        assert_eq!(field_key(&Page::Lab, "clients"), None);
        assert_eq!(field_key(&Page::Home, "lang"), Some("common.field.lang"));
    }

    fn limits_are_known_and_hold_their_default<P: OnPage>() {
        let limits = P::limits();
        assert!(!limits.is_empty(), "{:?}", P::PAGE);
        for l in limits {
            assert!(P::KNOWN.contains(&l.name), "{:?}: {}", P::PAGE, l.name);
            assert!(l.min <= l.default && l.default <= l.max, "{l:?}");
        }
        assert_eq!(P::from_query(&Query::new()), (P::default(), vec![]));
        assert!(P::default().minimal_query().is_empty(), "{:?}", P::PAGE);
    }

    #[test]
    fn every_page_s_rows_agree_with_each_other() {
        use crate::kernel::param_table::assert_rows_hold;
        assert_rows_hold(&crate::herd::params::PARAMS);
        assert_rows_hold(&crate::amplify::params::PARAMS);
        assert_rows_hold(&crate::lab::LAB_PARAMS);
        assert_rows_hold(&crate::lab::MATRIX_PARAMS);
        assert_rows_hold(&crate::lab::params::build::BUILD_PARAMS);
    }

    #[test]
    fn every_page_names_its_limits_and_opens_bare_at_its_default() {
        limits_are_known_and_hold_their_default::<HerdParams>();
        limits_are_known_and_hold_their_default::<AmplifyParams>();
        limits_are_known_and_hold_their_default::<LabParams>();
        limits_are_known_and_hold_their_default::<MatrixParams>();
        limits_are_known_and_hold_their_default::<BuildParams>();
    }
}

#[cfg(test)]
#[path = "fields_tests.rs"]
mod notice_tests;
