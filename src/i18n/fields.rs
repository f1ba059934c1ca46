//! The form field a student sees for each URL parameter, so that a notice
//! names «客户端数 N» and not only `clients`.

use super::{t, tf, Lang};

/// The translation key of the field label of URL parameter `param`.
pub fn field_key(param: &str) -> Option<&'static str> {
    Some(match param {
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
        "view" => "herd.view.label",
        "hist_axis" => "common.field.hist_axis",
        "time_scale" => "common.field.time_scale",
        "highlight" => "common.field.highlight",
        "scenario" => "lab.pick.scenario",
        "client" => "lab.pick.client",
        "server" => "lab.pick.server",
        "step" => "common.field.step",
        "speed" => "lab.ctl.speed",
        "q" => "common.field.q",
        "lang" => "common.field.lang",
        "embed" => "common.field.embed",
        "layers" => "amplify.param.layers",
        "p" => "amplify.param.p",
        "policy" => "amplify.param.policy",
        "budget" => "amplify.param.budget",
        "policies" => "amplify.param.policies",
        "rate" => "amplify.param.rate",
        "capacity" => "amplify.param.capacity",
        "timeout" => "amplify.param.timeout",
        "duration" => "amplify.param.duration",
        "trigger_start" => "amplify.param.trigger_start",
        "trigger_end" => "amplify.param.trigger_end",
        "trigger_capacity" => "amplify.param.trigger_capacity",
        "incident_start" => "amplify.param.incident_start",
        "incident_end" => "amplify.param.incident_end",
        "deadline" => "amplify.param.deadline",
        "retry_after" => "amplify.param.retry_after",
        "shed" => "amplify.param.shed",
        "budget_ratio" => "amplify.param.budget_ratio",
        "recover_pct" => "amplify.param.recover_pct",
        "calls" => "amplify.param.calls",
        "steps" => "amplify.param.steps",
        _ => return None,
    })
}

/// How a notice names a parameter: the field label with the URL name, or
/// the URL name alone when the parameter has no field.
pub fn field_text(lang: Lang, param: &str) -> String {
    match field_key(param) {
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

    #[test]
    fn every_field_label_exists_and_is_named_with_its_parameter() {
        for p in [
            "clients",
            "trials",
            "seed",
            "strategies",
            "base",
            "cap",
            "net_mean",
            "net_sd",
            "n_from",
            "n_to",
            "n_step",
            "view",
            "hist_axis",
            "time_scale",
            "highlight",
            "scenario",
            "client",
            "server",
            "step",
            "speed",
            "q",
            "lang",
            "embed",
            "layers",
            "p",
            "policy",
            "budget",
            "policies",
            "rate",
            "capacity",
            "timeout",
            "duration",
            "trigger_start",
            "trigger_end",
            "trigger_capacity",
            "incident_start",
            "incident_end",
            "deadline",
            "retry_after",
            "shed",
            "budget_ratio",
            "recover_pct",
            "calls",
            "steps",
        ] {
            let key = field_key(p).unwrap();
            assert!(has(key), "{p}: {key}");
            let zh = field_text(Lang::Zh, p);
            assert!(zh.contains(&t(Lang::Zh, key)) && zh.contains(p), "{zh}");
        }
        assert_eq!(field_text(Lang::En, "bogus"), "URL parameter bogus");
        assert_eq!(
            field_text(Lang::Zh, "clients"),
            "「客户端数 N」（URL 参数 clients）"
        );
    }
}
