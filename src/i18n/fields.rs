//! The form field a student sees for each URL parameter of each page, so
//! that a notice names «客户端数 N» and not only `clients`. The lookup is
//! per page: `base` is milliseconds of backoff on `#/herd` and seconds on
//! `#/amplify`, `trials` counts strategy trials on one and logical calls on
//! the other.

use super::{t, tf, Lang};
use crate::pages::route::Page;

/// The translation key of the field label of URL parameter `param` on
/// `page`; the shell's own parameters (`lang`, `embed`) on every page.
pub fn field_key(page: &Page, param: &str) -> Option<&'static str> {
    shell_key(param).or_else(|| match page {
        Page::Herd => herd_key(param),
        Page::Amplify => amplify_key(param),
        Page::Lab => lab_key(param),
        Page::LabMatrix => matrix_key(param),
        Page::LabBuild => build_key(param),
        Page::Exercises => match param {
            "q" => Some("common.field.q"),
            "section" => Some("ex.field_section"),
            _ => None,
        },
        Page::Home | Page::NotFound(_) => None,
    })
}

fn shell_key(param: &str) -> Option<&'static str> {
    match param {
        "lang" => Some("common.field.lang"),
        "embed" => Some("common.field.embed"),
        _ => None,
    }
}

fn herd_key(param: &str) -> Option<&'static str> {
    Some(match param {
        "view" => "herd.view.label",
        "clients" => "herd.param.clients",
        "trials" => "common.field.trials",
        "seed" => "common.seed",
        "strategies" => "herd.param.strategies",
        "base" => "herd.param.base",
        "cap" => "herd.param.cap",
        "net_mean" => "herd.param.net_mean",
        "net_sd" => "herd.param.net_sd",
        "n_from" => "herd.param.n_from",
        "n_to" => "herd.param.n_to",
        "n_step" => "herd.param.n_step",
        "hist_axis" => "common.field.hist_axis",
        "timeline_axis" => "common.field.timeline_axis",
        "time_scale" => "common.field.time_scale",
        "highlight" => "common.field.highlight",
        _ => return None,
    })
}

fn amplify_key(param: &str) -> Option<&'static str> {
    Some(match param {
        "view" => "amplify.param.view",
        "layers" => "amplify.param.layers",
        "p" => "amplify.param.p",
        "policy" => "amplify.param.policy",
        "budget" => "amplify.param.budget",
        "trials" => "amplify.param.trials",
        "step" => "amplify.param.step",
        "seed" => "amplify.param.seed",
        "preset" => "amplify.param.preset",
        "policies" => "amplify.param.policies",
        "rate" => "amplify.param.rate",
        "capacity" => "amplify.param.capacity",
        "timeout" => "amplify.param.timeout",
        "duration" => "amplify.param.duration",
        "incident_start" => "amplify.param.incident_start",
        "incident_end" => "amplify.param.incident_end",
        "trigger_start" => "amplify.param.trigger_start",
        "trigger_end" => "amplify.param.trigger_end",
        "trigger_capacity" => "amplify.param.trigger_capacity",
        "base" => "amplify.param.base",
        "cap" => "amplify.param.cap",
        "deadline" => "amplify.param.deadline",
        "retry_after" => "amplify.param.retry_after",
        "shed" => "amplify.param.shed",
        "budget_ratio" => "amplify.param.budget_ratio",
        "refill" => "amplify.param.refill",
        "recover_pct" => "amplify.param.recover_pct",
        "calls" => "amplify.param.calls",
        "steps" => "amplify.param.steps",
        _ => return None,
    })
}

fn lab_key(param: &str) -> Option<&'static str> {
    Some(match param {
        "scenario" => "lab.pick.scenario",
        "client" => "lab.pick.client",
        "server" => "lab.pick.server",
        "design" => "lab.pick.design",
        "seed" => "common.seed",
        "step" => "common.field.step",
        "speed" => "lab.ctl.speed",
        "schedule" => "hunt.field.schedule",
        _ => return None,
    })
}

fn matrix_key(param: &str) -> Option<&'static str> {
    Some(match param {
        "by" => "lab.matrix.view",
        "server" => "lab.pick.server",
        "design" => "lab.pick.design",
        "client" => "lab.pick.client",
        "seed" => "common.seed",
        _ => return None,
    })
}

fn build_key(param: &str) -> Option<&'static str> {
    Some(match param {
        "design" => "lab.pick.design",
        "preset" => "build.field.preset",
        "client" => "lab.pick.client",
        "seed" => "common.seed",
        "suite" => "build.field.suite",
        "budget" => "hunt.field.budget",
        "kinds" => "hunt.field.kinds",
        "hunt_seed" => "hunt.field.hunt_seed",
        _ => return None,
    })
}

/// How a notice names a parameter of `page`: the field label with the URL
/// name, or the URL name alone when the parameter has no field there.
pub fn field_text(lang: Lang, page: &Page, param: &str) -> String {
    match field_key(page, param) {
        Some(key) => tf(
            lang,
            "common.notice.field",
            &[("label", t(lang, key)), ("param", param.to_string())],
        ),
        None => tf(lang, "common.notice.param", &[("param", param.to_string())]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::has;

    /// Every page with the names its parser knows.
    fn pages() -> Vec<(Page, Vec<&'static str>)> {
        vec![
            (Page::Herd, crate::herd::params::KNOWN.to_vec()),
            (Page::Amplify, crate::amplify::params::KNOWN.to_vec()),
            (Page::Lab, crate::lab::KNOWN.to_vec()),
            (Page::LabMatrix, crate::lab::MATRIX_KNOWN.to_vec()),
            (Page::LabBuild, crate::lab::BUILD_KNOWN.to_vec()),
            (Page::Exercises, crate::exercises::query::KNOWN.to_vec()),
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
}
