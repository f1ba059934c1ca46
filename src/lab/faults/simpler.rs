//! The pieces every primitive's generator and shrinker share: durations in
//! whole tenths of a second, shorter durations, and edits of a copy.

use super::schedule::FaultSchedule;
use crate::kernel::rng::LabRng;
use rand::Rng;

/// A duration in `100..=max` milliseconds, a whole number of tenths.
pub fn tenths(rng: &mut LabRng, max_ms: u64) -> u64 {
    rng.random_range(1..=max_ms / 100) * 100
}

/// Shorter versions of a duration: half, three quarters and a tenth of a
/// second less, in whole tenths (a seconds value in whole seconds).
pub fn shorter(v: u64, unit: u64) -> Vec<u64> {
    let round = |x: u64| x / unit * unit;
    let mut out: Vec<u64> = [round(v / 2), round(v * 3 / 4), v.saturating_sub(unit)]
        .into_iter()
        .filter(|x| *x < v)
        .collect();
    out.dedup();
    out
}

/// `v` changed by `edit`.
pub fn edited<T: Clone>(v: &T, edit: impl FnOnce(&mut T)) -> T {
    let mut c = v.clone();
    edit(&mut c);
    c
}

/// The schedule without a schedule-wide `flag`, when it is set: the one
/// simplification of a fault that is either there or not.
pub fn without(s: &FaultSchedule, flag: fn(&mut FaultSchedule) -> &mut bool) -> Vec<FaultSchedule> {
    let mut c = s.clone();
    match std::mem::take(flag(&mut c)) {
        true => vec![c],
        false => Vec::new(),
    }
}

/// A copy of `v` for each of `values`, put in by `set` (a field's shorter
/// values, say).
pub fn copies<T: Clone, V>(v: T, values: Vec<V>, set: fn(&mut T, V)) -> impl Iterator<Item = T> {
    values.into_iter().map(move |x| edited(&v, |c| set(c, x)))
}

/// The simplifications of one list of a schedule, in the shrinker's order:
/// each shorter prefix, then each element but the last removed (dropping the
/// last is a prefix), then each element made simpler.
pub fn list_simplifications<T: Copy>(
    s: &FaultSchedule,
    list: fn(&mut FaultSchedule) -> &mut Vec<T>,
    simpler: fn(T) -> Vec<T>,
) -> Vec<FaultSchedule> {
    let items = std::mem::take(list(&mut s.clone()));
    let n = items.len();
    let mut out: Vec<FaultSchedule> = (0..n)
        .map(|keep| edited(s, |c| list(c).truncate(keep)))
        .collect();
    for i in 0..n.saturating_sub(1) {
        out.push(edited(s, |c| {
            list(c).remove(i);
        }));
    }
    for (i, item) in items.into_iter().enumerate() {
        for simpler in simpler(item) {
            out.push(edited(s, |c| list(c)[i] = simpler));
        }
    }
    out
}

/// The simplifications of a schedule-wide time (`field`, in ms): none at
/// all, then an earlier one in whole tenths.
pub fn none_or_earlier(
    s: &FaultSchedule,
    field: fn(&mut FaultSchedule) -> &mut Option<u64>,
) -> Vec<FaultSchedule> {
    let Some(ms) = *field(&mut s.clone()) else {
        return Vec::new();
    };
    let earlier = shorter(ms, 100).into_iter().map(Some);
    std::iter::once(None)
        .chain(earlier)
        .map(|t| edited(s, |c| *field(c) = t))
        .collect()
}
