//! One logical call through a stack of retrying layers (view `fanout`).
//!
//! Layer `i` (top first) calls the layer below it up to `attempts[i]` times
//! and stops at the first success; the last layer calls the bottom (the
//! database), whose every request fails independently with probability `p`.
//! Success therefore travels straight back up: a call succeeds at the first
//! bottom success, and the number of bottom requests of one logical call is
//! `min(G, K)`, where `G` is the index of the first bottom success
//! (geometric) and `K` the most requests the policy lets through.

use crate::kernel::ids::id_enum;
use rand::Rng;

use crate::kernel::rng::DemoRng;

/// Most layers in the stack.
pub const MAX_LAYERS: usize = 6;
/// Most attempts per layer.
pub const MAX_ATTEMPTS: u32 = 10;

id_enum! {
    /// Who may retry.
    #[derive(PartialOrd, Ord)]
    FanoutPolicy {
        /// Every layer retries on its own (the multiplication).
        Independent => "independent",
        /// Only the top layer retries; every layer below makes one attempt.
        TopOnly => "top_only",
        /// One budget of bottom requests travels down with the call; a layer
        /// retries only while some of it is left.
        Budget => "budget",
    }
}

impl FanoutPolicy {}

/// The fanout model's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct FanoutConfig {
    /// Attempts per layer, top first; 1–6 layers of 1–10 attempts.
    pub layers: Vec<u32>,
    /// Probability that one bottom request fails.
    pub p: f64,
    pub policy: FanoutPolicy,
    /// Bottom requests allowed per logical call (policy `budget` only).
    pub budget: u32,
}

impl FanoutConfig {
    /// Attempts layer `i` may make under the policy (before the budget).
    pub fn attempts_at(&self, i: usize) -> u32 {
        match self.policy {
            FanoutPolicy::TopOnly if i > 0 => 1,
            _ => self.layers[i],
        }
    }

    /// The product of the attempts the policy allows per layer: the most
    /// bottom requests one call can make without a budget.
    pub fn product(&self) -> u64 {
        (0..self.layers.len())
            .map(|i| u64::from(self.attempts_at(i)))
            .product()
    }

    /// The most bottom requests one logical call can make (`K`).
    pub fn max_bottom(&self) -> u64 {
        match self.policy {
            FanoutPolicy::Budget => self.product().min(u64::from(self.budget.max(1))),
            _ => self.product(),
        }
    }
}

/// The exact expectation for one logical call.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Expected {
    /// Mean bottom requests per logical call.
    pub bottom: f64,
    /// Probability that the logical call succeeds.
    pub success: f64,
}

/// `E[min(G, k)] = (1 − p^k)/(1 − p)` and `P(G ≤ k) = 1 − p^k`.
fn truncated_geometric(p: f64, k: u64) -> Expected {
    if p >= 1.0 {
        return Expected {
            bottom: k as f64,
            success: 0.0,
        };
    }
    let pk = pow(p, k);
    Expected {
        bottom: (1.0 - pk) / (1.0 - p),
        success: 1.0 - pk,
    }
}

/// `p` to the power `k` by repeated squaring: plain IEEE multiplications
/// in a fixed order, so the page (wasm) and the CLI (native) print the same
/// digits, which `powi` does not promise.
fn pow(mut p: f64, mut k: u64) -> f64 {
    let mut r = 1.0;
    loop {
        if k & 1 == 1 {
            r *= p;
        }
        k >>= 1;
        if k == 0 {
            return r;
        }
        p *= p;
    }
}

/// The exact expectation. For `independent` and `top_only` it composes the
/// layers bottom-up: a layer with `a` attempts over a child that succeeds
/// with `s` at mean cost `c` costs `c·(1−(1−s)^a)/s` (`c·a` when `s = 0`)
/// and succeeds with `1−(1−s)^a`. For `budget` the stack behaves as one
/// sequence of bottom requests cut after `min(B, product)` (see the module
/// doc), so the same truncated geometric applies; [`expected_budget_dp`]
/// checks it by a dynamic programme over the remaining budget.
pub fn expected(cfg: &FanoutConfig) -> Expected {
    match cfg.policy {
        FanoutPolicy::Budget => truncated_geometric(cfg.p, cfg.max_bottom()),
        _ => {
            let mut s = 1.0 - cfg.p;
            let mut c = 1.0;
            for i in (0..cfg.layers.len()).rev() {
                let a = cfg.attempts_at(i);
                let fail_all = pow(1.0 - s, u64::from(a));
                c = if s <= 0.0 {
                    c * f64::from(a)
                } else {
                    c * (1.0 - fail_all) / s
                };
                s = 1.0 - fail_all;
            }
            Expected {
                bottom: c,
                success: s,
            }
        }
    }
}

/// The `budget` expectation by a dynamic programme over the remaining
/// budget, layer by layer, without the shortcut of [`expected`]. State: a
/// call into layer `i` entered with `r` requests left ends with success or
/// failure and `r'` left. Cost O(layers · attempts · B²): for tests and
/// small budgets.
pub fn expected_budget_dp(layers: &[u32], p: f64, budget: u32) -> Expected {
    let b = budget.max(1) as usize;
    // out[r] = (P(success), P(fail) by remaining budget) for a call entered with r.
    type Dist = (Vec<f64>, Vec<f64>);
    let bottom = |r: usize| -> Dist {
        let mut s = vec![0.0; b + 1];
        let mut f = vec![0.0; b + 1];
        s[r - 1] = 1.0 - p;
        f[r - 1] = p;
        (s, f)
    };
    let mut child: Vec<Dist> = (0..=b)
        .map(|r| {
            if r == 0 {
                (vec![0.0; b + 1], vec![0.0; b + 1])
            } else {
                bottom(r)
            }
        })
        .collect();
    for &a in layers.iter().rev() {
        let mut layer = Vec::with_capacity(b + 1);
        for r in 0..=b {
            let mut s = vec![0.0; b + 1];
            let mut f = vec![0.0; b + 1];
            if r > 0 {
                // Probability mass of "attempt k fails with r' left".
                let mut pending = vec![0.0; b + 1];
                pending[r] = 1.0;
                for k in 0..a {
                    let mut next = vec![0.0; b + 1];
                    for (r0, &m) in pending.iter().enumerate() {
                        if m == 0.0 || r0 == 0 {
                            continue;
                        }
                        let (cs, cf) = &child[r0];
                        for r1 in 0..=b {
                            s[r1] += m * cs[r1];
                            next[r1] += m * cf[r1];
                        }
                    }
                    // Out of attempts, or no budget left: the failure is final.
                    let last = k + 1 == a;
                    for (r1, m) in next.iter_mut().enumerate() {
                        if last || r1 == 0 {
                            f[r1] += *m;
                            *m = 0.0;
                        }
                    }
                    pending = next;
                }
            }
            layer.push((s, f));
        }
        child = layer;
    }
    let (s, f) = &child[b];
    let success: f64 = s.iter().sum();
    let left: f64 = s
        .iter()
        .zip(f)
        .enumerate()
        .map(|(r, (x, y))| r as f64 * (x + y))
        .sum();
    Expected {
        bottom: b as f64 - left,
        success,
    }
}

/// One attempt in the tree of a traced call.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// Index of the parent node; `None` for the top layer's attempts.
    pub parent: Option<usize>,
    /// The layer that makes this attempt (0 = top); the last layer's
    /// attempts are the bottom requests.
    pub depth: usize,
    /// 1-based attempt number within its parent call.
    pub attempt: u32,
    /// Whether this attempt succeeded (known when the attempt ends).
    pub ok: bool,
}

/// The outcome of one simulated logical call.
#[derive(Clone, Debug, PartialEq)]
pub struct CallResult {
    pub ok: bool,
    /// Requests that reached the bottom.
    pub bottom: u64,
}

/// Most tree nodes recorded for a traced call; beyond it, counting goes on.
pub const MAX_TRACE_NODES: usize = 4000;

struct Walk<'a> {
    cfg: &'a FanoutConfig,
    rng: &'a mut DemoRng,
    left: u64,
    bottom: u64,
    trace: Option<&'a mut Vec<Node>>,
}

impl Walk<'_> {
    fn record(&mut self, parent: Option<usize>, depth: usize, attempt: u32) -> Option<usize> {
        let t = self.trace.as_mut()?;
        if t.len() >= MAX_TRACE_NODES {
            return None;
        }
        t.push(Node {
            parent,
            depth,
            attempt,
            ok: false,
        });
        Some(t.len() - 1)
    }

    fn finish(&mut self, node: Option<usize>, ok: bool) {
        if let (Some(i), Some(t)) = (node, self.trace.as_mut()) {
            t[i].ok = ok;
        }
    }

    /// A call into layer `depth` (a bottom request when `depth` is past the
    /// last layer). Once the trace is full it stays full, so no node is
    /// ever recorded without its parent.
    fn call(&mut self, depth: usize, parent: Option<usize>) -> bool {
        if depth == self.cfg.layers.len() {
            self.bottom += 1;
            self.left = self.left.saturating_sub(1);
            return self.cfg.p < 1.0 && self.rng.random::<f64>() >= self.cfg.p;
        }
        let budgeted = self.cfg.policy == FanoutPolicy::Budget;
        for attempt in 1..=self.cfg.attempts_at(depth) {
            if attempt > 1 && budgeted && self.left == 0 {
                break;
            }
            let node = self.record(parent, depth, attempt);
            let ok = self.call(depth + 1, node);
            self.finish(node, ok);
            if ok {
                return true;
            }
        }
        false
    }
}

/// Simulates one logical call; appends its attempt tree to `trace` when
/// given (bounded by [`MAX_TRACE_NODES`]).
pub fn simulate_call(
    cfg: &FanoutConfig,
    rng: &mut DemoRng,
    trace: Option<&mut Vec<Node>>,
) -> CallResult {
    let mut w = Walk {
        cfg,
        rng,
        left: u64::from(cfg.budget.max(1)),
        bottom: 0,
        trace,
    };
    let ok = w.call(0, None);
    CallResult {
        ok,
        bottom: w.bottom,
    }
}

#[cfg(test)]
mod pow_tests {
    use super::pow;

    #[test]
    fn powers_are_exact_where_they_can_be_and_never_overflow_the_exponent() {
        assert_eq!(pow(0.5, 10), 1.0 / 1024.0);
        assert_eq!(pow(0.9, 0), 1.0);
        assert_eq!(pow(0.3, 1), 0.3);
        assert_eq!(pow(1.0, u64::MAX), 1.0, "certain failure stays certain");
        assert_eq!(pow(0.5, 3_000_000_000), 0.0);
        assert!((pow(0.99, 1000) - 0.99f64.powf(1000.0)).abs() < 1e-12);
    }
}
