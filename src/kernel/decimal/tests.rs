//! The reader against the standard library's, bit for bit: on the numbers
//! known to be hard, on every float written the ways Rust writes them, on
//! drawn decimals, on exact halfway points and on texts either may refuse.

use super::parse_f64;
use proptest::prelude::*;

/// Both readers agree on `text`: both refuse it, or both read the same
/// float (any NaN counts as one value).
fn agree(text: &str) -> Result<(), TestCaseError> {
    let theirs = text.parse::<f64>().ok();
    let ours = parse_f64(text);
    match (ours, theirs) {
        (Some(a), Some(b)) if a.is_nan() && b.is_nan() => Ok(()),
        (Some(a), Some(b)) => {
            prop_assert_eq!(a.to_bits(), b.to_bits(), "{:?}: {} against {}", text, a, b);
            Ok(())
        }
        (a, b) => {
            prop_assert_eq!(
                a.is_some(),
                b.is_some(),
                "{:?}: {:?} against {:?}",
                text,
                a,
                b
            );
            Ok(())
        }
    }
}

const HARD: &[&str] = &[
    "0",
    "-0",
    "0.0",
    "00",
    "1",
    "-1",
    "+1",
    "1.",
    ".5",
    "-.5e-3",
    "1E5",
    "1e+05",
    "1e-0",
    "9007199254740992",
    "9007199254740993",
    "9007199254740995",
    "18014398509481985",
    "0.1",
    "0.2",
    "0.3",
    "1.1",
    "123456789012345678901234567890",
    "2.2250738585072011e-308",
    "2.2250738585072012e-308",
    "2.2250738585072014e-308",
    "4.9406564584124654e-324",
    "2.4703282292062327e-324",
    "2.4703282292062328e-324",
    "2.47032822920623272e-324",
    "5e-324",
    "1e-324",
    "3e-324",
    "7.4109846876186982e-324",
    "1.7976931348623157e308",
    "1.7976931348623158e308",
    "1.7976931348623159e308",
    "1.797693134862315708145274237317043567981e308",
    "1.797693134862315807e308",
    "1e308",
    "1e309",
    "1e310",
    "-1e400",
    "1e-400",
    "0e999999999",
    "1e999999999",
    "1e-999999999",
    "0.000000000000000000000000000000000000000000001e45",
    "100000000000000000000000e-23",
    "7.038531e-26",
    "8.988465674311580536566680e307",
    "4.4501477170144023e-308",
    "2.2250738585072009e-308",
    "1.00000000000000011102230246251565404236316680908203125",
    "1.00000000000000011102230246251565404236316680908203124",
    "1.00000000000000011102230246251565404236316680908203126",
    "inf",
    "-inf",
    "+Infinity",
    "INFINITY",
    "NaN",
    "-nan",
    "+nan",
    "infinit",
    "infinityy",
    "na",
    "",
    ".",
    "+",
    "-",
    "e5",
    "1e",
    "1e+",
    "1e-",
    "1.2.3",
    " 1",
    "1 ",
    "0x10",
    "1_000",
    "1,5",
    "١",
    "1e5.3",
    "--1",
    "+-1",
    ".e1",
    "1.e1",
    "1..",
    "Inf1",
];

#[test]
fn agrees_on_hard_numbers() {
    for text in HARD {
        agree(text).unwrap();
    }
}

#[test]
fn agrees_on_long_digit_strings() {
    let long = "1".repeat(1_000);
    let tail = format!("2.{}1", "0".repeat(900));
    let tiny = format!("0.{}1e400", "0".repeat(400));
    // An exponent far past the floats, met by as many leading or trailing
    // zeros: the sum is what counts.
    let zeros = format!("0.{}1e5010", "0".repeat(5_000));
    let tens = format!("1{}e-5010", "0".repeat(5_000));
    let both = format!("{}1.5e-99999999999999999999", "0".repeat(10));
    for text in [&zeros, &tens, &both] {
        agree(text).unwrap();
    }
    assert_eq!(parse_f64(&zeros), Some(1e9));
    assert_eq!(parse_f64(&tens), Some(1e-10));
    let halfway = "9007199254740993".to_string() + &"0".repeat(850) + "e-850";
    let above = "9007199254740993".to_string() + &"0".repeat(850) + "1e-851";
    for text in [
        &long,
        &tail,
        &tiny,
        &halfway,
        &above,
        &format!("{long}e-1000"),
    ] {
        agree(text).unwrap();
    }
}

/// The decimal text of the point halfway between the float `m · 2^-j` and
/// the next one up (`m` below 2^53): (2m + 1) · 5^(j+1) / 10^(j+1), exact.
fn halfway(m: u64, j: u32) -> String {
    let digits = (u128::from(m) * 2 + 1) * 5u128.pow(j + 1);
    let text = format!("{digits:0>width$}", width = j as usize + 2);
    let point = text.len() - (j as usize + 1);
    format!("{}.{}", &text[..point], &text[point..])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4_000))]

    /// Every finite float, as Rust writes it (shortest, and in both
    /// exponent forms), reads back to itself.
    #[test]
    fn reads_back_every_float(bits in any::<u64>()) {
        let v = f64::from_bits(bits);
        prop_assume!(v.is_finite());
        for text in [format!("{v}"), format!("{v:e}"), format!("{v:?}")] {
            prop_assert_eq!(parse_f64(&text).map(f64::to_bits), Some(bits), "{}", text);
        }
        agree(&format!("{v:.3e}"))?;
    }

    /// Drawn decimals: up to 30 digits, a point anywhere, any exponent
    /// that reaches past both ends of the floats.
    #[test]
    fn agrees_on_drawn_decimals(
        negative in any::<bool>(),
        digits in "[0-9]{1,30}",
        point in 0usize..31,
        exponent in proptest::option::of(-400i32..400),
    ) {
        let point = point.min(digits.len());
        let mut text = format!("{}{}.{}", if negative { "-" } else { "" }, &digits[..point], &digits[point..]);
        if let Some(e) = exponent {
            text.push_str(&format!("e{e}"));
        }
        agree(&text)?;
    }

    /// Exact halfway points round to even, and a last digit more or less
    /// decides them.
    #[test]
    fn agrees_on_halfway_points(m in (1u64 << 52)..(1u64 << 53), j in 0u32..30) {
        let text = halfway(m, j);
        agree(&text)?;
        agree(&format!("{text}1"))?;
        agree(&format!("{text}e-300"))?;
        let below = text.trim_end_matches('5').to_string() + "49999999999999999999";
        agree(&below)?;
    }

    /// Texts from the characters a number is made of: refused exactly
    /// where the standard reader refuses them.
    #[test]
    fn refuses_what_the_standard_reader_refuses(text in "[0-9.eE+-]{0,8}") {
        agree(&text)?;
    }
}
