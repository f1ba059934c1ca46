//! Reading a decimal number into an `f64`, correctly rounded, as
//! `str::parse::<f64>` reads it, without the standard library's reader.
//! That reader carries a table of 128-bit powers of five and the code
//! around it: 12.5–12.7 KB of a family's gzipped wasm, for the few
//! numbers a page reads (a URL's parameters, a typed answer, a stored
//! record). Here
//! a short decimal is read exactly in one float operation (a whole number
//! below 2^53 times or over a power of ten that a float holds exactly),
//! and any other by exact integer arithmetic: slower, but a page reads a
//! handful. Tests hold it to the standard reader on drawn and on the known
//! hard numbers (halfway cases, subnormals, the largest finite float).

use std::cmp::Ordering;

/// Significant digits kept exactly. A number halfway between two floats
/// has at most 767 of them, so any longer tail only says «a little more»,
/// which one extra nonzero digit says as well.
const DIGITS_KEPT: usize = 800;
/// A written exponent is read up to this (a longer one saturates): far
/// beyond any text's length, so an exponent and the places of a text's
/// leading or trailing zeros still add up exactly (`0.000…1e5010`).
const EXPONENT_LIMIT: i64 = 1 << 50;
/// Powers of ten a float holds exactly (10^22 is the last).
const EXACT_POWERS: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];
/// Bits of a float's significand, the hidden one included.
const SIGNIFICAND_BITS: i64 = 53;
/// The exponent of the smallest subnormal float, 2^-1074.
const SMALLEST_EXPONENT: i64 = -1074;
/// A float's exponent is below this: 2^1024 is infinite.
const EXPONENT_END: i64 = 1024;

/// `text` as a float, where `str::parse::<f64>` reads one: an optional sign,
/// then digits with an optional point and exponent (`1`, `-2.5`, `.5`,
/// `3.`, `1e-7`), or `inf`, `infinity`, `nan` in any case. `None` where it
/// refuses (no digit, a space, a second point…).
pub fn parse_f64(text: &str) -> Option<f64> {
    let (negative, rest) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let magnitude = match special(rest) {
        Some(v) => v,
        None => value(&Decimal::read(rest)?),
    };
    Some(if negative { -magnitude } else { magnitude })
}

/// The named values the standard reader takes.
fn special(text: &str) -> Option<f64> {
    let named = |name: &str| text.eq_ignore_ascii_case(name);
    if named("inf") || named("infinity") {
        Some(f64::INFINITY)
    } else if named("nan") {
        Some(f64::NAN)
    } else {
        None
    }
}

/// A number as its significant digits (as values 0–9, no leading zero)
/// times ten to `exponent`.
struct Decimal {
    digits: Vec<u8>,
    exponent: i64,
}

impl Decimal {
    /// Reads `digits[.digits][(e|E)[sign]digits]`, at least one digit
    /// before the exponent.
    fn read(text: &str) -> Option<Decimal> {
        let b = text.as_bytes();
        let mut at = 0;
        let mut d = Decimal {
            digits: Vec::new(),
            exponent: 0,
        };
        let mut seen = false;
        let mut after_point = false;
        while at < b.len() {
            match b[at] {
                c @ b'0'..=b'9' => {
                    seen = true;
                    d.push(c - b'0', after_point);
                }
                b'.' if !after_point => after_point = true,
                b'e' | b'E' => break,
                _ => return None,
            }
            at += 1;
        }
        if !seen {
            return None;
        }
        if at < b.len() {
            d.exponent = d.exponent.saturating_add(exponent(&b[at + 1..])?);
        }
        Some(d)
    }

    /// One more digit; a digit after the point lowers the exponent, a
    /// digit past the kept ones raises it (or only marks a nonzero tail).
    fn push(&mut self, digit: u8, after_point: bool) {
        if self.digits.is_empty() && digit == 0 {
            self.exponent -= i64::from(after_point);
            return;
        }
        if self.digits.len() < DIGITS_KEPT {
            self.digits.push(digit);
            self.exponent -= i64::from(after_point);
        } else {
            if digit != 0 && self.digits.len() == DIGITS_KEPT {
                self.digits.push(1);
                self.exponent -= 1;
            }
            self.exponent += i64::from(!after_point);
        }
    }
}

/// An exponent's `[sign]digits`, clamped to ±[`EXPONENT_LIMIT`].
fn exponent(b: &[u8]) -> Option<i64> {
    let (negative, digits) = match b.first() {
        Some(b'-') => (true, &b[1..]),
        Some(b'+') => (false, &b[1..]),
        _ => (false, b),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let v = digits.iter().fold(0i64, |v, c| {
        (v * 10 + i64::from(c - b'0')).min(EXPONENT_LIMIT)
    });
    Some(if negative { -v } else { v })
}

/// The float nearest the decimal (ties to even).
fn value(d: &Decimal) -> f64 {
    if d.digits.is_empty() {
        return 0.0;
    }
    let exponent = d.exponent;
    let count = d.digits.len() as i64;
    if count.saturating_add(exponent) <= -324 {
        return 0.0; // below 10^-324, under half the smallest subnormal
    }
    if count.saturating_add(exponent) > 310 {
        return f64::INFINITY; // at least 10^310
    }
    // Here -324 - count < exponent <= 310 - count: small integers' powers.
    fast(&d.digits, exponent).unwrap_or_else(|| exact(&d.digits, exponent))
}

/// One float operation when both the digits and the power of ten are
/// exact floats: the operation's rounding is then the only one.
fn fast(digits: &[u8], exponent: i64) -> Option<f64> {
    if digits.len() > 15 || exponent.unsigned_abs() as usize >= EXACT_POWERS.len() {
        return None;
    }
    let whole = digits.iter().fold(0u64, |v, d| v * 10 + u64::from(*d)) as f64;
    let power = EXACT_POWERS[exponent.unsigned_abs() as usize];
    Some(if exponent < 0 {
        whole / power
    } else {
        whole * power
    })
}

/// The digits times ten to `exponent`, rounded with exact integers: the
/// quotient of numerator and denominator scaled to 53 bits (fewer for a
/// subnormal), its remainder deciding the rounding.
fn exact(digits: &[u8], exponent: i64) -> f64 {
    let mut num = Big::from_digits(digits);
    let mut den = Big::one();
    if exponent >= 0 {
        num.mul_pow10(exponent as u32);
    } else {
        den.mul_pow10(exponent.unsigned_abs() as u32);
    }
    // 2^lowest ≤ num / den < 2^(lowest + 2).
    let lowest = num.bit_len() as i64 - den.bit_len() as i64 - 1;
    let mut scale = (lowest - (SIGNIFICAND_BITS - 1)).max(SMALLEST_EXPONENT);
    let (mut q, mut rest) = divide_scaled(&num, &den, scale);
    if q >> SIGNIFICAND_BITS != 0 {
        scale += 1; // the value's top bit was the higher one
        (q, rest) = divide_scaled(&num, &den, scale);
    }
    if scale + SIGNIFICAND_BITS > EXPONENT_END {
        return f64::INFINITY;
    }
    let round_up = match rest {
        Ordering::Greater => true,
        Ordering::Equal => q & 1 == 1,
        Ordering::Less => false,
    };
    (q + u64::from(round_up)) as f64 * power_of_two(scale)
}

/// 2^`e`, for `e` in [`SMALLEST_EXPONENT`]..=970.
fn power_of_two(e: i64) -> f64 {
    if e >= -1022 {
        f64::from_bits(((e + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (e - SMALLEST_EXPONENT))
    }
}

/// ⌊num / (den · 2^scale)⌋ (below 2^54 by the caller's choice of scale) and
/// how twice its remainder compares with the divisor.
fn divide_scaled(num: &Big, den: &Big, scale: i64) -> (u64, Ordering) {
    let mut n = num.clone();
    let mut d = den.clone();
    if scale >= 0 {
        d.shl(scale as u32);
    } else {
        n.shl(scale.unsigned_abs() as u32);
    }
    let mut q = 0u64;
    let mut step = d.clone();
    step.shl(SIGNIFICAND_BITS as u32);
    for bit in (0..=SIGNIFICAND_BITS).rev() {
        if n.compare(&step) != Ordering::Less {
            n.sub(&step);
            q |= 1 << bit;
        }
        step.shr1();
    }
    n.shl(1);
    (q, n.compare(&d))
}

/// A nonnegative integer of any size, as little-endian 32-bit limbs with
/// no zero limb on top.
#[derive(Clone)]
struct Big(Vec<u32>);

impl Big {
    fn one() -> Big {
        Big(vec![1])
    }

    fn from_digits(digits: &[u8]) -> Big {
        let mut b = Big(Vec::new());
        for chunk in digits.chunks(9) {
            let part = chunk.iter().fold(0u32, |v, d| v * 10 + u32::from(*d));
            b.mul_add(10u32.pow(chunk.len() as u32), part);
        }
        b
    }

    /// self · m + a.
    fn mul_add(&mut self, m: u32, a: u32) {
        let mut carry = u64::from(a);
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(m) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }

    fn mul_pow10(&mut self, mut e: u32) {
        while e > 0 {
            let step = e.min(9);
            self.mul_add(10u32.pow(step), 0);
            e -= step;
        }
    }

    fn bit_len(&self) -> u32 {
        match self.0.last() {
            Some(top) => 32 * (self.0.len() as u32 - 1) + (32 - top.leading_zeros()),
            None => 0,
        }
    }

    fn shl(&mut self, bits: u32) {
        let (limbs, bits) = ((bits / 32) as usize, bits % 32);
        if bits > 0 {
            let mut carry = 0u32;
            for limb in &mut self.0 {
                let v = (*limb << bits) | carry;
                carry = *limb >> (32 - bits);
                *limb = v;
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
        if !self.0.is_empty() {
            self.0.splice(0..0, std::iter::repeat_n(0, limbs));
        }
    }

    fn shr1(&mut self) {
        let mut carry = 0u32;
        for limb in self.0.iter_mut().rev() {
            let v = (*limb >> 1) | carry;
            carry = *limb << 31;
            *limb = v;
        }
        self.trim();
    }

    /// self − other, for other ≤ self.
    fn sub(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let v = i64::from(*limb) - i64::from(other.0.get(i).copied().unwrap_or(0)) - borrow;
            borrow = i64::from(v < 0);
            *limb = (v + (borrow << 32)) as u32;
        }
        self.trim();
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn compare(&self, other: &Big) -> Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

#[cfg(all(test, not(target_family = "wasm")))]
mod tests;
