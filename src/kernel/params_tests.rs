use super::*;

const CLIENTS: Bound<i64> = Bound {
    name: "clients",
    min: 1,
    max: 1000,
    default: 100,
};
const SD: Bound<f64> = Bound {
    name: "net_sd",
    min: 0.0,
    max: 100.0,
    default: 2.0,
};

#[test]
fn ints_clamp_and_refuse() {
    assert_eq!(check_int("50", CLIENTS), (50, None));
    assert_eq!(check_int(" 7 ", CLIENTS).0, 7);
    for (raw, used, kind) in [
        ("0", 1, NoticeKind::Clamped),
        ("-5", 1, NoticeKind::Clamped),
        ("5000", 1000, NoticeKind::Clamped),
        ("99999999999999999999999", 1000, NoticeKind::Clamped),
        ("1e300", 1000, NoticeKind::Clamped),
        ("abc", 100, NoticeKind::Invalid),
        ("", 100, NoticeKind::Invalid),
        ("NaN", 100, NoticeKind::Invalid),
        ("12.6", 13, NoticeKind::Invalid),
        ("inf", 1000, NoticeKind::Clamped),
    ] {
        let (v, n) = check_int(raw, CLIENTS);
        assert_eq!(v, used, "{raw}");
        let n = n.unwrap_or_else(|| panic!("no notice for {raw}"));
        assert_eq!(n.kind, kind, "{raw}");
        assert_eq!(n.param, "clients");
        assert_eq!(n.range, "1–1000");
    }
}

/// An unsigned bound reaches past `i64` (the `herd` CLI's seed) with the
/// same rules: its whole range is taken, one past it is clamped.
#[test]
fn unsigned_ints_reach_u64_max() {
    let seed = Bound {
        name: "seed",
        min: 0,
        max: u64::MAX,
        default: 1,
    };
    assert_eq!(check_int("18446744073709551615", seed), (u64::MAX, None));
    let (v, n) = check_int("18446744073709551616", seed);
    let n = n.unwrap();
    assert_eq!(
        (v, n.kind, n.used),
        (u64::MAX, NoticeKind::Clamped, u64::MAX.to_string())
    );
    let (v, n) = check_int("-3", seed);
    assert_eq!((v, n.unwrap().kind), (0, NoticeKind::Clamped));
    assert_eq!(check_int("x", seed).0, 1);
}

#[test]
fn floats_refuse_nan_and_infinity() {
    assert_eq!(check_float("2.5", SD), (2.5, None));
    assert_eq!(check_float("NaN", SD).0, 2.0);
    assert_eq!(check_float("inf", SD).0, 100.0);
    assert_eq!(check_float("-1", SD).0, 0.0);
    assert!(check_float("x", SD).1.is_some());
}

#[test]
fn cap_notices_merges_counts() {
    let one = |p: &str| Notice {
        kind: NoticeKind::Unknown,
        param: p.into(),
        given: String::new(),
        range: String::new(),
        used: String::new(),
    };
    let mut v: Vec<Notice> = (0..25).map(|i| one(&format!("p{i}"))).collect();
    v.push(more_notice(7));
    let c = cap_notices(v);
    assert_eq!(c.len(), MAX_NOTICES + 1);
    assert_eq!(c[MAX_NOTICES].given, "12");
    assert_eq!(cap_notices(vec![one("x")]).len(), 1);
    // A count met on the way stays last, after the notices that follow it.
    let c = cap_notices(vec![one("a"), more_notice(3), one("b")]);
    let params: Vec<&str> = c.iter().map(|n| n.param.as_str()).collect();
    assert_eq!(params, ["a", "b", "more"]);
    assert_eq!(c[2].given, "3");
    assert!(cap_notices(vec![more_notice(0)]).is_empty());
}

#[test]
fn max_safe_integer_is_the_last_integer_a_double_holds_exactly() {
    let max = MAX_SAFE_INTEGER;
    assert_eq!(max as f64 as i64, max);
    assert_eq!((max - 1) as f64 as i64, max - 1);
    // One past it, two integers share one double.
    assert_eq!((max + 1) as f64, (max + 2) as f64);
}

crate::kernel::ids::id_enum! {
    /// A URL id enum for [`Reader::pick`].
    Mode { Fast => "fast", Slow => "slow" }
}

#[test]
fn pick_reads_an_id_or_falls_back_with_the_ids_listed() {
    let q = Query::parse("a=slow&b=medium");
    let mut r = Reader::new(&q);
    assert_eq!(r.pick("a", Mode::Fast), Mode::Slow);
    assert_eq!(r.pick("b", Mode::Fast), Mode::Fast);
    assert_eq!(r.pick("c", Mode::Slow), Mode::Slow);
    assert_eq!(r.notices.len(), 1);
    let n = &r.notices[0];
    assert_eq!((n.param.as_str(), n.range.as_str()), ("b", "fast, slow"));
    assert_eq!(
        (n.kind.clone(), n.used.as_str()),
        (NoticeKind::Invalid, "fast")
    );
}
