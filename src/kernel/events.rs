//! The discrete-event queue of the herd, the load model and the idempotency
//! lab: events come out in `(time, seq)` order, where `seq` counts the
//! events in the order they were scheduled, so simultaneous events keep that
//! order and a run is a pure function of its inputs.
//!
//! An event's place is an [`EventKey`], `(time, seq)` packed into one
//! integer that compares like the pair: the heap compares plain integers, and
//! a simulation can keep keys of its own to ask «did this happen before
//! that?» (the herd compares a client's read with the last accepted write).

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::marker::PhantomData;

/// A simulation clock: whole milliseconds as `u64` (a clock like the lab's),
/// or seconds or milliseconds as `f64` (the herd, the load model).
pub trait EventTime: Copy {
    /// 64 bits whose unsigned order is the order of the times.
    fn order_bits(self) -> u64;
    /// The time back from [`EventTime::order_bits`].
    fn from_order_bits(bits: u64) -> Self;
}

impl EventTime for u64 {
    fn order_bits(self) -> u64 {
        self
    }
    fn from_order_bits(bits: u64) -> Self {
        bits
    }
}

/// The order of [`f64::total_cmp`]: the sign bit set on non-negative
/// numbers, every bit flipped on negative ones.
impl EventTime for f64 {
    // Branch-free (the sign bit, spread over all 64, picks the mask): the
    // herd converts twice per event, and this is measurably faster there.
    #[inline]
    fn order_bits(self) -> u64 {
        let b = self.to_bits();
        b ^ (((b as i64 >> 63) as u64) | 1 << 63)
    }
    #[inline]
    fn from_order_bits(bits: u64) -> Self {
        f64::from_bits(bits ^ (((!bits as i64 >> 63) as u64) | 1 << 63))
    }
}

/// An event's place in the order: its time, then its `seq`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EventKey(u128);

impl EventKey {
    /// Before every key a queue hands out.
    pub const BEFORE_ALL: EventKey = EventKey(0);

    /// The time of the key.
    pub fn time<T: EventTime>(self) -> T {
        T::from_order_bits((self.0 >> 64) as u64)
    }
}

struct Entry<E> {
    key: EventKey,
    event: E,
}

impl<E> PartialEq for Entry<E> {
    fn eq(&self, o: &Self) -> bool {
        self.key == o.key
    }
}
impl<E> Eq for Entry<E> {}
impl<E> PartialOrd for Entry<E> {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl<E> Ord for Entry<E> {
    /// Reversed, so the max-heap pops the earliest key first.
    fn cmp(&self, o: &Self) -> Ordering {
        o.key.cmp(&self.key)
    }
}

/// Pending events of type `E` on a clock of type `T`, earliest first.
pub struct EventQueue<T, E> {
    heap: BinaryHeap<Entry<E>>,
    seq: u64,
    clock: PhantomData<T>,
}

impl<T: EventTime, E> Default for EventQueue<T, E> {
    fn default() -> Self {
        Self::with_capacity(0)
    }
}

impl<T: EventTime, E> EventQueue<T, E> {
    /// An empty queue with room for `n` events.
    pub fn with_capacity(n: usize) -> Self {
        Self {
            heap: BinaryHeap::with_capacity(n),
            seq: 0,
            clock: PhantomData,
        }
    }

    /// The key of something scheduled now at `time`: later than every key
    /// handed out before at the same time. [`EventQueue::push`] uses it; a
    /// simulation calls it itself for a moment it only needs to compare.
    pub fn key_at(&mut self, time: T) -> EventKey {
        self.seq += 1;
        EventKey(u128::from(time.order_bits()) << 64 | u128::from(self.seq))
    }

    /// Schedules `event` at `time`.
    pub fn push(&mut self, time: T, event: E) {
        let key = self.key_at(time);
        self.push_keyed(key, event);
    }

    /// Schedules `event` at a key from [`EventQueue::key_at`].
    pub fn push_keyed(&mut self, key: EventKey, event: E) {
        self.heap.push(Entry { key, event });
    }

    /// Takes the earliest event with its time.
    pub fn pop(&mut self) -> Option<(T, E)> {
        self.heap.pop().map(|e| (e.key.time(), e.event))
    }

    /// The earliest event and its key, left in the queue.
    pub fn peek(&self) -> Option<(EventKey, &E)> {
        self.heap.peek().map(|e| (e.key, &e.event))
    }

    /// The time of the earliest event.
    pub fn peek_time(&self) -> Option<T> {
        self.heap.peek().map(|e| e.key.time())
    }

    /// Replaces the earliest event by `event` at `key`: one sift instead of
    /// a pop and a push. Does nothing on an empty queue.
    pub fn replace_top(&mut self, key: EventKey, event: E) {
        if let Some(mut top) = self.heap.peek_mut() {
            *top = Entry { key, event };
        }
    }

    /// How many events are pending.
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// Whether no event is pending.
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    /// Drops every pending event.
    pub fn clear(&mut self) {
        self.heap.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_by_time_then_by_schedule_order() {
        let mut q = EventQueue::<u64, &str>::default();
        q.push(5, "b");
        q.push(3, "a");
        q.push(5, "c");
        q.push(0, "first");
        let order: Vec<_> = std::iter::from_fn(|| q.pop()).collect();
        assert_eq!(order, [(0, "first"), (3, "a"), (5, "b"), (5, "c")]);
        assert!(q.is_empty());
    }

    /// Float times sort like `f64::total_cmp` (so -0.0 before 0.0), and come
    /// back bit for bit.
    #[test]
    fn float_times_keep_total_order_and_bits() {
        let times = [
            f64::NEG_INFINITY,
            -3.5,
            -0.0,
            0.0,
            f64::MIN_POSITIVE / 4.0,
            1.0,
            1e300,
            f64::INFINITY,
        ];
        for w in times.windows(2) {
            assert!(w[0].order_bits() < w[1].order_bits(), "{w:?}");
            assert_eq!(w[0].total_cmp(&w[1]), Ordering::Less);
        }
        for t in times {
            assert_eq!(f64::from_order_bits(t.order_bits()).to_bits(), t.to_bits());
        }
        let mut q = EventQueue::<f64, usize>::default();
        for (i, t) in times.iter().rev().enumerate() {
            q.push(*t, i);
        }
        let popped: Vec<u64> = std::iter::from_fn(|| q.pop().map(|(t, _)| t.to_bits())).collect();
        let want: Vec<u64> = times.iter().map(|t| t.to_bits()).collect();
        assert_eq!(popped, want);
    }

    #[test]
    fn keys_order_moments_and_replace_the_top() {
        let mut q = EventQueue::<f64, u32>::with_capacity(4);
        let read = q.key_at(2.0);
        q.push(2.0, 7);
        q.push(1.0, 8);
        assert!(EventKey::BEFORE_ALL < read);
        let (top, &ev) = q.peek().unwrap();
        assert_eq!((top.time::<f64>(), ev), (1.0, 8));
        assert!(top < read, "earlier time first");
        let later = q.key_at(2.0);
        assert!(read < later, "same time: schedule order");
        q.replace_top(later, 9);
        assert_eq!(q.len(), 2);
        assert_eq!(q.pop(), Some((2.0, 7)));
        assert_eq!(q.peek_time(), Some(2.0));
        q.clear();
        assert_eq!(q.pop(), None);
    }
}
