//! The messages between the page and its sweep workers: one point (N clients
//! × one strategy × all its trials) per request, its [`PointSummary`] per
//! reply, both as JSON text.
//!
//! Pure, so the parsing, the validation and the bit-exact round trip are
//! tested natively; the browser only moves the strings. A worker computes
//! with [`run_point`], whose trial seeds come from [`super::trial_seed`]
//! alone, so a point computed in a worker equals the same point of the
//! main-thread [`super::Sweep`] bit for bit. JSON keeps every `f64` exactly:
//! [`crate::kernel::json`] writes the shortest text that reads back to the
//! same number and reads it back correctly rounded (serde_json, whose
//! derived writers the tests hold these to, is not in the page's wasm).

use serde::{Deserialize, Serialize};

use crate::kernel::json::{json_struct, FromJson, Json, ToJson};

use super::bounds;
use super::sim::SimConfig;
use super::stats::{run_point, PointSummary};
use super::strategy::Strategy;

/// One point to compute.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PointRequest {
    pub clients: u32,
    /// A [`Strategy`] id (`"full"`, …).
    pub strategy: String,
    pub trials: u32,
    pub seed: u64,
    pub base_ms: f64,
    pub cap_ms: f64,
    pub net_mean_ms: f64,
    pub net_sd_ms: f64,
}

/// A worker's answer: the summary, or why the request was refused.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PointReply {
    Summary(PointSummary),
    Error(String),
}

impl PointRequest {
    /// The request for `clients` × `strategy` of a sweep with settings `cfg`
    /// (its `clients` field is ignored).
    pub fn new(cfg: &SimConfig, clients: u32, strategy: Strategy, trials: u32, seed: u64) -> Self {
        PointRequest {
            clients,
            strategy: strategy.id().to_string(),
            trials,
            seed,
            base_ms: cfg.base_ms,
            cap_ms: cfg.cap_ms,
            net_mean_ms: cfg.net_mean_ms,
            net_sd_ms: cfg.net_sd_ms,
        }
    }

    /// The request as JSON text.
    pub fn to_json(&self) -> String {
        ToJson::to_json(self).to_string()
    }

    /// Checks every field against the page's bounds (a worker must not be
    /// made to spin for hours or to panic on a message it did not expect).
    fn validate(&self) -> Result<(SimConfig, Strategy), String> {
        let strategy = Strategy::from_id(&self.strategy)
            .ok_or_else(|| format!("unknown strategy {:?}", self.strategy))?;
        let int = |b: &crate::kernel::params::Bound<i64>, v: u32| {
            if (b.min..=b.max).contains(&i64::from(v)) {
                Ok(())
            } else {
                Err(format!("{} = {v} is outside {}", b.name, b.range_text()))
            }
        };
        int(&bounds::CLIENTS, self.clients)?;
        int(&bounds::TRIALS, self.trials)?;
        for (b, v) in [
            (&bounds::BASE, self.base_ms),
            (&bounds::CAP, self.cap_ms),
            (&bounds::NET_MEAN, self.net_mean_ms),
            (&bounds::NET_SD, self.net_sd_ms),
        ] {
            if !(v.is_finite() && (b.min..=b.max).contains(&v)) {
                return Err(format!("{} = {v} is outside {}", b.name, b.range_text()));
            }
        }
        let cfg = SimConfig {
            clients: self.clients,
            base_ms: self.base_ms,
            cap_ms: self.cap_ms,
            net_mean_ms: self.net_mean_ms,
            net_sd_ms: self.net_sd_ms,
        };
        Ok((cfg, strategy))
    }

    /// Computes the point.
    pub fn answer(&self) -> PointReply {
        match self.validate() {
            Ok((cfg, strategy)) => {
                PointReply::Summary(run_point(&cfg, strategy, self.trials, self.seed))
            }
            Err(e) => PointReply::Error(e),
        }
    }
}

json_struct!(PointRequest {
    clients,
    strategy,
    trials,
    seed,
    base_ms,
    cap_ms,
    net_mean_ms,
    net_sd_ms
});

/// `{"summary": …}` or `{"error": "…"}`, as serde writes an enum.
impl ToJson for PointReply {
    fn to_json(&self) -> Json {
        match self {
            PointReply::Summary(s) => Json::obj([("summary", s.to_json())]),
            PointReply::Error(e) => Json::obj([("error", e.to_json())]),
        }
    }
}

/// An object of exactly one of the two keys.
impl FromJson for PointReply {
    fn from_json(v: &Json) -> Result<PointReply, String> {
        const SHAPE: &str = "expected {\"summary\": …} or {\"error\": …}";
        let Json::Obj(m) = v else {
            return Err(SHAPE.into());
        };
        let (tag, x) = m.iter().next().filter(|_| m.len() == 1).ok_or(SHAPE)?;
        let reply = match tag.as_str() {
            "summary" => PointSummary::from_json(x).map(PointReply::Summary),
            "error" => String::from_json(x).map(PointReply::Error),
            _ => return Err(SHAPE.into()),
        };
        reply.map_err(|e| format!("{tag}: {e}"))
    }
}

/// A worker's whole job: request JSON in, reply JSON out. Never panics on
/// bad input; garbage gets an [`PointReply::Error`].
pub fn answer_point_json(request_json: &str) -> String {
    let reply = match Json::parse(request_json).and_then(|v| PointRequest::from_json(&v)) {
        Ok(req) => req.answer(),
        Err(e) => PointReply::Error(format!("bad request: {e}")),
    };
    ToJson::to_json(&reply).to_string()
}

/// Reads a worker's reply JSON.
pub fn parse_point_reply(reply_json: &str) -> Result<PointSummary, String> {
    match Json::parse(reply_json).and_then(|v| PointReply::from_json(&v)) {
        Ok(PointReply::Summary(s)) => Ok(s),
        Ok(PointReply::Error(e)) => Err(e),
        Err(e) => Err(format!("bad reply: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::herd::{Sweep, SweepSpec};

    #[test]
    fn worker_points_equal_the_sliced_sweep_bit_for_bit() {
        let cfg = SimConfig::default();
        let spec = SweepSpec {
            cfg,
            clients: vec![10, 40],
            strategies: vec![Strategy::None, Strategy::Full, Strategy::Decorrelated],
            trials: 15,
            seed: 9,
            trace_first: false,
        };
        let mut sweep = Sweep::new(spec.clone());
        sweep.run_to_end();
        for want in sweep.summaries() {
            let req = PointRequest::new(&cfg, want.clients, want.strategy, 15, 9);
            let got = parse_point_reply(&answer_point_json(&req.to_json())).unwrap();
            assert_eq!(&got, want);
            assert_eq!(got.time_ms.sd.to_bits(), want.time_ms.sd.to_bits());
            assert_eq!(got.mean_time_ms.to_bits(), want.mean_time_ms.to_bits());
        }
    }

    #[test]
    fn bad_requests_get_an_error_reply() {
        let good = PointRequest::new(&SimConfig::default(), 20, Strategy::Full, 3, 1);
        assert!(parse_point_reply(&answer_point_json(&good.to_json())).is_ok());
        let bad = [
            String::new(),
            "garbage".into(),
            "{}".into(),
            "[1,2]".into(),
            PointRequest {
                clients: 0,
                ..good.clone()
            }
            .to_json(),
            PointRequest {
                clients: 5000,
                ..good.clone()
            }
            .to_json(),
            PointRequest {
                trials: 0,
                ..good.clone()
            }
            .to_json(),
            PointRequest {
                strategy: "bogus".into(),
                ..good.clone()
            }
            .to_json(),
            PointRequest {
                cap_ms: -1.0,
                ..good.clone()
            }
            .to_json(),
            good.to_json()
                .replace("\"base_ms\":5.0", "\"base_ms\":1e999"),
            good.to_json().replace("\"seed\":1", "\"seed\":-1"),
        ];
        for b in bad {
            let reply = answer_point_json(&b);
            let err = parse_point_reply(&reply).expect_err(&b);
            assert!(!err.is_empty(), "{b}");
        }
        // NaN is not JSON: it is refused by the validation if it gets in.
        let nan = PointRequest {
            net_sd_ms: f64::NAN,
            ..good
        };
        assert!(matches!(nan.answer(), PointReply::Error(e) if e.contains("net_sd")));
    }

    fn answer_json(r: &PointReply) -> String {
        ToJson::to_json(r).to_string()
    }

    #[test]
    fn replies_round_trip_exactly() {
        let s = run_point(&SimConfig::with_clients(30), Strategy::Equal, 7, 123);
        let reply = PointReply::Summary(s.clone());
        // Written as serde's derived writer writes it, and read back.
        let ours: serde_json::Value = serde_json::from_str(&answer_json(&reply)).unwrap();
        assert_eq!(ours, serde_json::to_value(&reply).unwrap());
        let req = PointRequest::new(&SimConfig::default(), 20, Strategy::Full, 3, 1);
        let ours: serde_json::Value = serde_json::from_str(&req.to_json()).unwrap();
        assert_eq!(ours, serde_json::to_value(&req).unwrap());
        let json = serde_json::to_string(&reply).unwrap();
        assert!(json.contains("\"strategy\":\"equal\""), "{json}");
        assert_eq!(parse_point_reply(&json).unwrap(), s);
        assert!(parse_point_reply("{\"error\":\"x\"}").is_err());
        assert!(parse_point_reply("nope").is_err());
    }
}
