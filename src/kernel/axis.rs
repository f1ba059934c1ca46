//! The chart kit's numbers: an axis over the data with round ticks (1, 2 or
//! 5 × 10^k), a snug one that ends near the data, a logarithmic one, a
//! value's position along it, and the compact tick label. Every chart of
//! the herd and amplification pages is laid out on these; pure, so the
//! ticks are tested natively and the UI (`crate::ui::chart`) only draws.

/// A "nice" step (1, 2 or 5 × 10^k) that cuts `span` into about `target` parts.
pub fn nice_step(span: f64, target: usize) -> f64 {
    if !span.is_finite() || span <= 0.0 {
        return 1.0;
    }
    let raw = span / target.max(1) as f64;
    let mag = libm::pow(10.0, libm::floor(libm::log10(raw)));
    let norm = raw / mag;
    let nice = if norm <= 1.0 {
        1.0
    } else if norm <= 2.0 {
        2.0
    } else if norm <= 5.0 {
        5.0
    } else {
        10.0
    };
    nice * mag
}

/// An axis from 0 (or `min`) to a nice upper bound, with its ticks.
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    pub min: f64,
    pub max: f64,
    pub ticks: Vec<f64>,
    /// Logarithmic: positions follow `log10(v)`; `min > 0`.
    pub log: bool,
}

impl Axis {
    /// Ticks covering `min..=max` (max is rounded up to a tick).
    pub fn new(min: f64, max: f64, target: usize) -> Axis {
        let (min, max) = if max > min && max.is_finite() && min.is_finite() {
            (min, max)
        } else {
            (min.min(0.0), min.max(0.0) + 1.0)
        };
        let step = nice_step(max - min, target);
        let lo = libm::floor(min / step) * step;
        let hi = libm::ceil(max / step) * step;
        let n = libm::round((hi - lo) / step) as usize;
        let ticks = (0..=n).map(|i| lo + i as f64 * step).collect();
        Axis {
            min: lo,
            max: hi,
            ticks,
            log: false,
        }
    }

    /// The axis over `min..=max` with at most `max_ticks` intervals whose
    /// last tick overshoots `max` least (a 120 s run ends at 120, not 150);
    /// on a tie, the fewer ticks.
    pub fn snug(min: f64, max: f64, max_ticks: usize) -> Axis {
        (1..=max_ticks.max(1))
            .map(|k| Axis::new(min, max, k))
            .filter(|a| a.ticks.len() <= max_ticks.max(1) + 1)
            .min_by(|a, b| {
                a.max
                    .total_cmp(&b.max)
                    .then(a.ticks.len().cmp(&b.ticks.len()))
            })
            .unwrap_or_else(|| Axis::new(min, max, 1))
    }

    /// A logarithmic axis over whole decades covering `min..=max` (values
    /// at or below 0 are treated as 1), with a tick at every power of ten.
    pub fn log10(min: f64, max: f64) -> Axis {
        let lo = libm::floor(libm::log10(min.max(1.0)));
        let hi = libm::ceil(libm::log10(max.max(1.0))).max(lo + 1.0);
        let ticks = (lo as i32..=hi as i32)
            .map(|e| libm::pow(10.0, f64::from(e)))
            .collect();
        Axis {
            min: libm::pow(10.0, lo),
            max: libm::pow(10.0, hi),
            ticks,
            log: true,
        }
    }

    /// Position of `v` in `0..=1` along the axis.
    pub fn frac(&self, v: f64) -> f64 {
        if self.log {
            let (a, b) = (libm::log10(self.min), libm::log10(self.max));
            return if b > a {
                (libm::log10(v.max(self.min)) - a) / (b - a)
            } else {
                0.0
            };
        }
        if self.max > self.min {
            (v - self.min) / (self.max - self.min)
        } else {
            0.0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nice_steps_cut_the_data_and_axes_cover_it() {
        let steps = [(100.0, 5), (7.0, 5), (62_433.0, 6), (0.0, 5), (f64::NAN, 5)];
        let got: Vec<f64> = steps.iter().map(|&(span, n)| nice_step(span, n)).collect();
        assert_eq!(got, [20.0, 2.0, 20_000.0, 1.0, 1.0]);
        let a = Axis::new(0.0, 2421.74, 5);
        assert_eq!(a.min, 0.0);
        assert!(a.max >= 2421.74);
        assert_eq!(a.ticks.first(), Some(&0.0));
        assert_eq!(a.ticks.last(), Some(&a.max));
        assert_eq!(a.frac(a.max), 1.0);
        let flat = Axis::new(0.0, 0.0, 5);
        assert!(flat.max > flat.min);
    }

    #[test]
    fn a_snug_axis_ends_near_the_data() {
        // A 120 s run ends at 120, not at 150 or 200.
        let a = Axis::snug(0.0, 120.0, 6);
        assert_eq!(a.max, 120.0);
        assert!(a.ticks.len() <= 7);
        let log = Axis::log10(3.0, 4200.0);
        assert_eq!(log.ticks, [1.0, 10.0, 100.0, 1000.0, 10_000.0]);
        assert_eq!(log.frac(100.0), 0.5);
    }

    /// Native only: proptest is not built for wasm32.
    #[cfg(not(target_arch = "wasm32"))]
    mod round_ticks {
        use super::*;
        use proptest::prelude::*;

        /// Whether `step` is 1, 2 or 5 × 10^k.
        fn round_step(step: f64) -> bool {
            let mag = libm::pow(10.0, libm::floor(libm::log10(step)));
            [1.0, 2.0, 5.0, 10.0]
                .iter()
                .any(|m| (step / mag - m).abs() < 1e-9)
        }

        proptest! {
            /// Any data range gets ticks at round numbers, evenly spaced by a
            /// round step, from at or below its start to at or above its end;
            /// the snug axis too, with no more ticks than asked for.
            #[test]
            fn ticks_are_round_and_cover_the_data(
                start in -50.0f64..50.0,
                span in 1e-3f64..1e7,
                target in 1usize..12,
            ) {
                // Data starting up to 50 spans away from 0 (a chart's data start
                // at or near 0; far away, f64 cannot space ticks evenly).
                let (min, max) = (start * span, start * span + span);
                for a in [Axis::new(min, max, target), Axis::snug(min, max, target)] {
                    prop_assert!(a.min <= min && a.max >= max, "{a:?} for {min}..{max}");
                    prop_assert!(a.ticks.len() >= 2);
                    let step = a.ticks[1] - a.ticks[0];
                    prop_assert!(round_step(step), "step {step}");
                    for (i, t) in a.ticks.iter().enumerate() {
                        let k = libm::round(t / step);
                        prop_assert!((t - k * step).abs() <= step * 1e-6, "{t} is not a multiple of {step}");
                        prop_assert!((t - (a.ticks[0] + i as f64 * step)).abs() <= step * 1e-6);
                    }
                    prop_assert_eq!(a.ticks.first(), Some(&a.min));
                    prop_assert_eq!(a.ticks.last(), Some(&a.max));
                }
                // Every chart's axes start at 0; there the snug axis keeps to
                // the number of ticks asked for.
                prop_assert!(Axis::snug(0.0, span, target).ticks.len() <= target + 1);
            }
        }
    }
}
