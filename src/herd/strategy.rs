//! Backoff strategies: how long a rejected client sleeps before it reads again.
//!
//! The five AWS strategies follow Marc Brooker's 2015 simulator; `codex` and
//! `sdk` add the two jitter amplitudes the chapter compares them with. Every
//! formula uses `v_n = min(cap, base·2^n)` where `n` is the client's number of
//! failed writes so far (the first retry uses `n = 1`).

use rand::Rng;

use crate::kernel::ids::id_enum;

id_enum! {
    /// A backoff strategy. The ids are part of the URL and CLI contract
    /// (URLs, CLI flags, CSV and `data-testid`s); `ALL` is the display order.
    #[derive(PartialOrd, Ord)]
    Strategy {
        /// No backoff: retry at once.
        None => "none",
        /// Capped exponential, no jitter: `v_n`.
        Exponential => "exponential",
        /// Full Jitter: `uniform(0, v_n)`.
        Full => "full",
        /// Equal Jitter: `v_n/2 + uniform(0, v_n/2)`.
        Equal => "equal",
        /// Decorrelated Jitter: `s = min(cap, uniform(base, 3·s_prev))`, `s_0 = base`.
        Decorrelated => "decorrelated",
        /// Codex sampling-layer amplitude, capped like the rest: `min(cap, v_n·uniform[0.9, 1.1))`.
        Codex => "codex",
        /// anthropic Python SDK style, downward jitter only: `v_n·(1 − 0.25·uniform[0, 1))`.
        Sdk => "sdk",
    }
}

impl Strategy {
    /// The five strategies of the AWS blog post (its benchmark sweep).
    pub const AWS: [Strategy; 5] = [
        Strategy::None,
        Strategy::Exponential,
        Strategy::Full,
        Strategy::Equal,
        Strategy::Decorrelated,
    ];

    /// `chosen` in the page's order ([`Strategy::ALL`]), each once: a
    /// preset's list as the herd page shows it. A filter of `ALL`, not a
    /// sort: the exercises need no sort code for it.
    pub fn in_page_order(chosen: &[Strategy]) -> Vec<Strategy> {
        Strategy::ALL
            .into_iter()
            .filter(|s| chosen.contains(s))
            .collect()
    }

    /// Position in [`Strategy::ALL`]; stable, used to derive per-trial seeds.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// `v_n = min(cap, base·2^n)`, the chapter's table's count: the first retry
/// (`n = 1`) already waits `2·base`.
pub fn capped_exponential(base: f64, cap: f64, n: u32) -> f64 {
    crate::kernel::backoff::capped(base, cap, n)
}

/// One client's backoff memory: only Decorrelated Jitter needs any.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BackoffState {
    /// The previous sleep of Decorrelated Jitter (`s_prev`), starting at `base`.
    pub prev_sleep: f64,
}

impl BackoffState {
    /// The state of a client that has not failed yet.
    pub fn new(base: f64) -> Self {
        Self { prev_sleep: base }
    }
}

/// The sleep (ms) before retry number `attempt` (≥ 1) of one client.
/// Draws at most one uniform number from `rng`.
pub fn sleep_ms<R: Rng + ?Sized>(
    strategy: Strategy,
    base: f64,
    cap: f64,
    attempt: u32,
    state: &mut BackoffState,
    rng: &mut R,
) -> f64 {
    use crate::kernel::backoff as b;
    match strategy {
        Strategy::None => 0.0,
        Strategy::Exponential => capped_exponential(base, cap, attempt),
        Strategy::Full => b::full_jitter(capped_exponential(base, cap, attempt), rng.random()),
        Strategy::Equal => b::equal_jitter(capped_exponential(base, cap, attempt), rng.random()),
        Strategy::Decorrelated => {
            let s = b::decorrelated_jitter(base, cap, state.prev_sleep, rng.random());
            state.prev_sleep = s;
            s
        }
        Strategy::Codex => {
            let v = capped_exponential(base, cap, attempt);
            b::codex_jitter(v, cap, b::codex_factor(rng.random()))
        }
        Strategy::Sdk => b::sdk_jitter(capped_exponential(base, cap, attempt), rng.random()),
    }
}

/// Serialised as its id, like in URLs and the CLI.
impl serde::Serialize for Strategy {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> serde::Deserialize<'de> for Strategy {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let id = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Strategy::from_id(&id)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown strategy {id:?}")))
    }
}

/// Written as its id, as the `Serialize` above.
impl crate::kernel::json::ToJson for Strategy {
    fn to_json(&self) -> crate::kernel::json::Json {
        crate::kernel::json::Json::from(self.id())
    }
}

impl crate::kernel::json::FromJson for Strategy {
    fn from_json(v: &crate::kernel::json::Json) -> Result<Self, String> {
        let id = v.as_str().ok_or("expected a strategy's id")?;
        Strategy::from_id(id).ok_or_else(|| format!("unknown strategy {id:?}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::rng::{demo_rng, DemoRng};

    #[test]
    fn a_preset_list_comes_in_the_page_order_once_each() {
        use Strategy::*;
        assert_eq!(
            Strategy::in_page_order(&[Sdk, Full, None, Full]),
            vec![None, Full, Sdk]
        );
        assert_eq!(Strategy::in_page_order(&[]), Vec::<Strategy>::new());
        let mut sorted = Strategy::AWS.to_vec();
        sorted.sort();
        assert_eq!(Strategy::in_page_order(&Strategy::AWS), sorted);
    }

    #[test]
    fn ids_round_trip_and_index_is_the_place_in_all() {
        crate::kernel::ids::assert_ids_round_trip::<Strategy>();
        for (i, s) in Strategy::ALL.into_iter().enumerate() {
            assert_eq!(s.index(), i);
        }
        assert_eq!(Strategy::from_id("Full"), None);
    }

    #[test]
    fn capped_exponential_matches_the_issue() {
        assert_eq!(capped_exponential(5.0, 2000.0, 1), 10.0);
        assert_eq!(capped_exponential(5.0, 2000.0, 8), 1280.0);
        assert_eq!(capped_exponential(5.0, 2000.0, 9), 2000.0);
        assert_eq!(capped_exponential(5.0, 2000.0, u32::MAX), 2000.0);
        assert_eq!(capped_exponential(0.0, 2000.0, 40), 0.0);
    }

    /// Every sleep lies in the strategy's documented interval, for many draws.
    #[test]
    fn sleeps_stay_within_their_formulas() {
        let (base, cap) = (5.0, 2000.0);
        let mut rng = demo_rng(3);
        for attempt in 1..=14u32 {
            let v = capped_exponential(base, cap, attempt);
            for _ in 0..2000 {
                let mut st = BackoffState::new(base);
                let mut s = |strat| sleep_ms(strat, base, cap, attempt, &mut st, &mut rng);
                assert_eq!(s(Strategy::None), 0.0);
                assert_eq!(s(Strategy::Exponential), v);
                let f = s(Strategy::Full);
                assert!((0.0..v).contains(&f) || v == 0.0, "full {f} v {v}");
                let e = s(Strategy::Equal);
                assert!(e >= v / 2.0 && e < v, "equal {e} v {v}");
                let c = s(Strategy::Codex);
                assert!(
                    c >= 0.9 * v - 1e-9 && c <= cap && c < 1.1 * v,
                    "codex {c} v {v}"
                );
                let k = s(Strategy::Sdk);
                assert!(k > 0.75 * v && k <= v, "sdk {k} v {v}");
            }
        }
    }

    #[test]
    fn decorrelated_grows_from_base_and_respects_cap() {
        let (base, cap) = (5.0, 2000.0);
        let mut rng = demo_rng(9);
        for _ in 0..500 {
            let mut st = BackoffState::new(base);
            let mut prev = base;
            for attempt in 1..40 {
                let s = sleep_ms(
                    Strategy::Decorrelated,
                    base,
                    cap,
                    attempt,
                    &mut st,
                    &mut rng,
                );
                assert!(s >= base && s <= cap, "{s}");
                assert!(s <= 3.0 * prev, "{s} > 3·{prev}");
                assert_eq!(st.prev_sleep, s);
                prev = s;
            }
        }
        // With the cap below base the cap still wins.
        let mut st = BackoffState::new(50.0);
        assert_eq!(
            sleep_ms(Strategy::Decorrelated, 50.0, 20.0, 1, &mut st, &mut rng),
            20.0
        );
    }

    #[test]
    fn jitter_means_are_where_the_formulas_put_them() {
        let (base, cap) = (5.0, 2000.0);
        let mut rng = demo_rng(11);
        let v = capped_exponential(base, cap, 6); // 320 ms
        let mean = |strat, rng: &mut DemoRng| {
            let mut st = BackoffState::new(base);
            (0..20_000)
                .map(|_| sleep_ms(strat, base, cap, 6, &mut st, rng))
                .sum::<f64>()
                / 20_000.0
        };
        assert!((mean(Strategy::Full, &mut rng) / v - 0.5).abs() < 0.02);
        assert!((mean(Strategy::Equal, &mut rng) / v - 0.75).abs() < 0.01);
        assert!((mean(Strategy::Codex, &mut rng) / v - 1.0).abs() < 0.005);
        assert!((mean(Strategy::Sdk, &mut rng) / v - 0.875).abs() < 0.005);
    }
}
