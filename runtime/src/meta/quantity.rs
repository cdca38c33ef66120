//! `resource.Quantity`: parsing and the canonical form, as
//! `k8s.io/apimachinery/pkg/api/resource` (`ParseQuantity`,
//! `CanonicalizeBytes`) reads and writes it.
//!
//! A quantity is a signed decimal number with an optional suffix: a binary
//! SI suffix (`Ki` .. `Ei`, powers of 1024), a decimal SI suffix (`n`, `u`,
//! `m`, `k`, `M` .. `E`), or a decimal exponent (`e3`, `E-6`). Upstream
//! keeps the value exactly, rounds anything finer than `1n` up to `1n`, caps
//! binary amounts at 2^63-1, and writes it back in the canonical form of its
//! format: `0.5` -> `500m`, `1.5Gi` -> `1536Mi`, `1000m` -> `1`, `1e-10` ->
//! `1e-9`. A string already in canonical form (`100m`, `3Gi`, `129e6`) is
//! written back as it was, as upstream caches it.

use std::fmt;
use std::str::FromStr;

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, Zero};
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

/// `resource.Quantity`, held in the form upstream writes it: canonical, or
/// the original text where upstream keeps that. The default is `"0"`, how Go
/// writes a zero Quantity (value fields such as `divisor` are always written).
///
/// Ordering and equality compare that text, not the amounts.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Quantity(String);

/// Why a string is not a quantity; the messages are upstream's
/// `ErrFormatWrong`, `ErrNumeric` and `ErrSuffix`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum QuantityError {
    /// The text does not have a quantity's shape.
    #[error(
        "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
    )]
    Format,
    /// The number part cannot be read.
    #[error("unable to parse numeric part of quantity")]
    Numeric,
    /// The suffix is not one of the known ones.
    #[error("unable to parse quantity's suffix")]
    Suffix,
}

impl Default for Quantity {
    fn default() -> Self {
        Quantity("0".into())
    }
}

impl Quantity {
    /// Parses `text` as upstream's `ParseQuantity` does and keeps the form
    /// upstream would write back.
    ///
    /// # Errors
    /// [`QuantityError`] with upstream's message for text that is not a
    /// quantity (`1K`, `abc`, `1Gix`, an empty string).
    pub fn parse(text: &str) -> Result<Quantity, QuantityError> {
        parse(text).map(Quantity)
    }

    /// The text written to JSON, YAML and protobuf.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether the amount is below zero.
    pub fn is_negative(&self) -> bool {
        // The held text is canonical or upstream's kept form, and a zero
        // never keeps its sign ("-0" is written "0").
        self.0.starts_with('-')
    }

    /// Upstream's integer check for resources counted in units (`pods`,
    /// extended resources): `MilliValue() % 1000 == 0`, the amount in
    /// thousandths rounded away from zero. `1`, `2k`, `1Ki` and `0.9999`
    /// (1000m once rounded) pass; `1500m`, `0.5` and `1.0001` do not.
    /// Unlike Kubernetes 1.36, whose `MilliValue` saturates at 2^63-1,
    /// amounts above 9.2e15 (`10P`) are read whole, as later releases do.
    pub fn is_whole(&self) -> bool {
        let amount = exact(&self.0);
        // An integer times a power of ten (`1e2000000000` among them, whose
        // thousandths are not worth computing).
        amount.scale <= 0 || (milli(amount) % BigInt::from(1000)).is_zero()
    }

    /// The amount as the nearest `f64` (`250m` is 0.25, `1Ki` 1024), for
    /// ratios, where upstream divides `float64`s of `Value()` or
    /// `MilliValue()`: exact for the amounts those hold, and without their
    /// overflow past 9.2e15 (`10Pi`).
    pub fn as_f64(&self) -> f64 {
        use num_traits::ToPrimitive;
        let amount = exact(&self.0);
        let unscaled = amount.unscaled.to_f64().unwrap_or(f64::NAN);
        if amount.scale >= 0 {
            unscaled / 10f64.powi(amount.scale as i32)
        } else {
            unscaled * 10f64.powi((-amount.scale) as i32)
        }
    }

    /// The amount rounded up (away from zero) to a thousandth, as
    /// upstream's `SetDefaults_ResourceList` rounds every resource amount
    /// (`RoundUp(-3)`): `100u` and `0.0001` become `1m`, `1500u` `2m`;
    /// `None` for an amount already in thousandths (most are), which is
    /// kept as it is.
    pub fn round_up_milli(&self) -> Option<Quantity> {
        // Held text is canonical: only `n` and `u` suffixes, and negative
        // exponents, are finer than a thousandth.
        let fine = self.0.ends_with(['n', 'u']) || self.0.contains("e-") || self.0.contains("E-");
        if !fine {
            return None;
        }
        let mut amount = exact(&self.0);
        if amount.scale <= 3 {
            return None;
        }
        amount.unscaled = shift_down_away(&amount.unscaled, (amount.scale - 3) as u64);
        amount.scale = 3;
        Some(Quantity(canonical(amount, held_format(&self.0))))
    }

    /// The sum of the amounts (upstream's `Quantity.Add`), written in this
    /// quantity's format (`1Gi` + `512Mi` is `1536Mi`, `1` + `500m` is
    /// `1500m`), or in `other`'s when this one is zero (`0` + `1Gi` is
    /// `1Gi`).
    pub fn add(&self, other: &Quantity) -> Quantity {
        self.combine(other, false)
    }

    /// The difference of the amounts (upstream's `Quantity.Sub`), written
    /// as [`Quantity::add`] writes a sum.
    pub fn sub(&self, other: &Quantity) -> Quantity {
        self.combine(other, true)
    }

    /// [`Quantity::add`] of `other`, or of its negation. Where one amount
    /// is more than 10^64 times the other (`1e2000000000` and `1`), the
    /// result is the larger one, in its own format: the exact sum is not
    /// worth its digits.
    fn combine(&self, other: &Quantity, negate: bool) -> Quantity {
        let (a, mut b) = (exact(&self.0), exact(&other.0));
        if negate {
            b.unscaled = -b.unscaled;
        }
        let format = if a.unscaled.is_zero() {
            held_format(&other.0)
        } else {
            held_format(&self.0)
        };
        let digits = |x: &Amount| x.unscaled.magnitude().to_string().len() as i64 - x.scale;
        if b.unscaled.is_zero() {
            return Quantity(canonical(a, format));
        }
        if a.unscaled.is_zero() {
            return Quantity(canonical(b, format));
        }
        if digits(&b) - digits(&a) > 64 {
            return Quantity(canonical(b, held_format(&other.0)));
        }
        if digits(&a) - digits(&b) > 64 {
            return Quantity(canonical(a, format));
        }
        let scale = a.scale.max(b.scale);
        let lift = |x: &Amount| &x.unscaled * pow10((scale - x.scale) as u64);
        let amount = Amount {
            unscaled: lift(&a) + lift(&b),
            scale,
        };
        Quantity(canonical(amount, format))
    }

    /// Whether the amount is zero (`0`, `0.0`, `0Mi`, `-0e3`), as
    /// `Quantity.IsZero` tells; read from the digits, without computing
    /// the amount.
    pub fn is_zero(&self) -> bool {
        split(&self.0).map_or(true, |p| {
            p.num.bytes().chain(p.denom.bytes()).all(|b| b == b'0')
        })
    }

    /// Compares the amounts (upstream's `Quantity.Cmp`): `1Gi` equals
    /// `1024Mi`, `500m` is less than `1`. The same text is the same
    /// amount, found without computing it.
    pub fn cmp_amount(&self, other: &Quantity) -> std::cmp::Ordering {
        use std::cmp::Ordering;
        if self.0 == other.0 {
            return Ordering::Equal;
        }
        let (a, b) = (exact(&self.0), exact(&other.0));
        match (a.unscaled.sign(), b.unscaled.sign()) {
            (x, y) if x != y => return x.cmp(&y),
            (num_bigint::Sign::NoSign, _) => return Ordering::Equal,
            _ => {}
        }
        // Same sign: bring both to one scale. The scales differ by at most
        // the difference in digits once the magnitudes are close, so the
        // power stays as small as the inputs.
        let digits = |x: &Amount| x.unscaled.magnitude().to_string().len() as i64 - x.scale;
        let magnitude = digits(&a).cmp(&digits(&b));
        if magnitude != Ordering::Equal {
            return if a.unscaled.is_negative() {
                magnitude.reverse()
            } else {
                magnitude
            };
        }
        let scale = a.scale.max(b.scale);
        let lift = |x: &Amount| &x.unscaled * pow10((scale - x.scale) as u64);
        lift(&a).cmp(&lift(&b))
    }
}

/// The exact amount in thousandths, rounded away from zero.
fn milli(amount: Amount) -> BigInt {
    let scale = amount.scale - 3;
    if scale <= 0 {
        amount.unscaled * pow10((-scale) as u64)
    } else {
        shift_down_away(&amount.unscaled, scale as u64)
    }
}

/// `unscaled / 10^drop`, rounded away from zero. A power of ten beyond the
/// amount's bit length is not computed: the quotient is then `1` or `-1`
/// (`0` for zero). A held text can carry an exponent near Go's `int32`
/// range (`1000e2147483647` is written back with the exponent wrapped
/// to about -2^31, as upstream writes it), and that power of ten would
/// have two billion digits.
fn shift_down_away(unscaled: &BigInt, drop: u64) -> BigInt {
    if unscaled.is_zero() {
        return BigInt::zero();
    }
    if drop > unscaled.bits() {
        return unscaled.signum();
    }
    let (quotient, remainder) = unscaled.div_rem(&pow10(drop));
    match (remainder.is_zero(), unscaled.is_negative()) {
        (true, _) => quotient,
        (false, true) => quotient - 1,
        (false, false) => quotient + 1,
    }
}

/// The format of a held quantity's text, read from its suffix.
fn held_format(text: &str) -> Format {
    split(text)
        .ok()
        .and_then(|p| interpret(p.suffix))
        .map_or(Format::DecimalSI, |(_, _, format)| format)
}

/// The exact amount of a held (already parsed) quantity's text.
fn exact(text: &str) -> Amount {
    let amount = split(text).ok().and_then(|p| {
        let (base, exponent, _) = interpret(p.suffix)?;
        let mut amount = magnitude(&p, base, exponent).ok()?;
        if !p.positive {
            amount.unscaled = -amount.unscaled;
        }
        Some(amount)
    });
    amount.unwrap_or(Amount {
        unscaled: BigInt::zero(),
        scale: 0,
    })
}

/// The exact, unsigned amount of a quantity's pieces: its digits scaled by
/// the suffix (a power of ten, or of two for binary suffixes).
///
/// With a decimal suffix the digits' trailing zeros go into the scale
/// before they are read: the same amount, in a number of their length
/// without them (`1` and a million zeros took minutes to divide back by
/// ten, a digit at a time, when written out).
fn magnitude(p: &Pieces<'_>, base: u32, exponent: i32) -> Result<Amount, QuantityError> {
    let digits = format!("{}{}", p.num, p.denom);
    let mut scale = p.denom.len() as i64;
    let digits = match digits.trim_end_matches('0') {
        significant if base == 10 && !significant.is_empty() => {
            scale -= (digits.len() - significant.len()) as i64;
            significant
        }
        _ => &digits,
    };
    let mut unscaled: BigInt = digits.parse().map_err(|_| QuantityError::Numeric)?;
    if base == 10 {
        scale -= i64::from(exponent);
    } else {
        unscaled <<= exponent as usize;
    }
    Ok(Amount { unscaled, scale })
}

impl FromStr for Quantity {
    type Err = QuantityError;
    fn from_str(text: &str) -> Result<Quantity, QuantityError> {
        Quantity::parse(text)
    }
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for Quantity {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Quantity {
    /// A string (surrounding spaces ignored), a JSON number or `null` (zero),
    /// as upstream's `UnmarshalJSON` accepts.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct QuantityVisitor;
        impl Visitor<'_> for QuantityVisitor {
            type Value = Quantity;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a quantity such as \"100m\" or \"1Gi\"")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Quantity, E> {
                Quantity::parse(v.trim()).map_err(E::custom)
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Quantity, E> {
                self.visit_str(&v.to_string())
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Quantity, E> {
                self.visit_str(&v.to_string())
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Quantity, E> {
                self.visit_str(&v.to_string())
            }
            fn visit_unit<E: de::Error>(self) -> Result<Quantity, E> {
                Ok(Quantity::default())
            }
            fn visit_none<E: de::Error>(self) -> Result<Quantity, E> {
                Ok(Quantity::default())
            }
        }
        d.deserialize_any(QuantityVisitor)
    }
}

/// How a quantity is written: upstream's `Format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    /// `12e6`.
    DecimalExponent,
    /// `12Mi`.
    BinarySI,
    /// `12M`.
    DecimalSI,
}

/// The pieces of a quantity's text: `parseQuantityString`.
struct Pieces<'a> {
    positive: bool,
    /// Integer digits, leading zeros stripped; `"0"` when there are none.
    num: &'a str,
    /// Fraction digits, possibly empty.
    denom: &'a str,
    suffix: &'a str,
}

fn split(text: &str) -> Result<Pieces<'_>, QuantityError> {
    let bytes = text.as_bytes();
    let end = bytes.len();
    let mut pos = 0;
    let mut positive = true;
    match bytes.first() {
        Some(b'-') => {
            positive = false;
            pos += 1;
        }
        Some(b'+') => pos += 1,
        _ => {}
    }
    while pos < end && bytes[pos] == b'0' {
        pos += 1;
    }
    if pos >= end {
        return Ok(Pieces {
            positive,
            num: "0",
            denom: "",
            suffix: "",
        });
    }
    let num_start = pos;
    while pos < end && bytes[pos].is_ascii_digit() {
        pos += 1;
    }
    let num = match &text[num_start..pos] {
        "" => "0",
        n => n,
    };
    let mut denom = "";
    if pos < end && bytes[pos] == b'.' {
        pos += 1;
        let start = pos;
        while pos < end && bytes[pos].is_ascii_digit() {
            pos += 1;
        }
        denom = &text[start..pos];
    }
    let suffix_start = pos;
    while pos < end && b"eEinumkKMGTP".contains(&bytes[pos]) {
        pos += 1;
    }
    if pos < end && matches!(bytes[pos], b'-' | b'+') {
        pos += 1;
    }
    while pos < end && bytes[pos].is_ascii_digit() {
        pos += 1;
    }
    if pos < end {
        return Err(QuantityError::Format);
    }
    Ok(Pieces {
        positive,
        num,
        denom,
        suffix: &text[suffix_start..],
    })
}

/// `(base, exponent, format)` of a suffix: `suffixHandler.interpret`.
fn interpret(suffix: &str) -> Option<(u32, i32, Format)> {
    let decimal = match suffix {
        "" => Some(0),
        "n" => Some(-9),
        "u" => Some(-6),
        "m" => Some(-3),
        "k" => Some(3),
        "M" => Some(6),
        "G" => Some(9),
        "T" => Some(12),
        "P" => Some(15),
        "E" => Some(18),
        _ => None,
    };
    if let Some(e) = decimal {
        return Some((10, e, Format::DecimalSI));
    }
    let binary = match suffix {
        "Ki" => Some(10),
        "Mi" => Some(20),
        "Gi" => Some(30),
        "Ti" => Some(40),
        "Pi" => Some(50),
        "Ei" => Some(60),
        _ => None,
    };
    if let Some(e) = binary {
        return Some((2, e, Format::BinarySI));
    }
    if suffix.len() > 1 && matches!(suffix.as_bytes()[0], b'e' | b'E') {
        // Go parses an int64 and keeps its low 32 bits.
        let exponent: i64 = suffix[1..].parse().ok()?;
        return Some((10, exponent as i32, Format::DecimalExponent));
    }
    None
}

/// An exact decimal: `unscaled * 10^-scale`.
struct Amount {
    unscaled: BigInt,
    scale: i64,
}

fn pow10(n: u64) -> BigInt {
    num_traits::pow(BigInt::from(10u8), n as usize)
}

fn parse(text: &str) -> Result<String, QuantityError> {
    if text.is_empty() {
        return Err(QuantityError::Format);
    }
    if text == "0" {
        return Ok("0".into());
    }
    let p = split(text)?;
    let (base, exponent, mut format) = interpret(p.suffix).ok_or(QuantityError::Suffix)?;

    // Upstream's int64 fast path: it decides whether the text is kept as
    // written, and skips the nano rounding (its values are exact there).
    let digits = p.num.len() + p.denom.len();
    let (precision, fast_scale) = match format {
        Format::DecimalExponent | Format::DecimalSI => (
            18 - digits as i64,
            i64::from(exponent) - p.denom.len() as i64,
        ),
        Format::BinarySI if p.denom.is_empty() => (
            15 - p.num.len() as i64 - (exponent as f32 * 3.0 / 10.0) as i64 - 1,
            0,
        ),
        Format::BinarySI => (-1, 0),
    };
    let mut fast = false;
    if precision >= 0 && fast_scale >= -9 {
        let shifted = format!("{}{}", p.num, p.denom);
        let value: i64 = shifted.parse().map_err(|_| QuantityError::Numeric)?;
        let mantissa: i64 = if format == Format::BinarySI {
            1i64.checked_shl(exponent as u32).unwrap_or(0)
        } else {
            1
        };
        if value.checked_mul(mantissa).is_some() && mantissa != 0 {
            let keep = match format {
                Format::BinarySI => exponent % 10 == 0 && value & 0x07 != 0,
                _ => fast_scale % 3 == 0 && !shifted.ends_with("000") && !shifted.starts_with('0'),
            };
            if keep {
                return Ok(text.to_string());
            }
            fast = true;
        }
    }

    let mut amount = magnitude(&p, base, exponent)?;
    if !fast {
        // Anything finer than a nano rounds up to it ("if you want some
        // resources, you should get some").
        if !amount.unscaled.is_zero() && amount.scale > 9 {
            round_up_to_nano(&mut amount);
        }
        if format == Format::BinarySI {
            let max = BigInt::from(i64::MAX) * pow10(amount.scale.max(0) as u64);
            if amount.scale >= 0 && amount.unscaled > max {
                amount.unscaled = BigInt::from(i64::MAX);
                amount.scale = 0;
            }
            let one = pow10(amount.scale.max(0) as u64);
            if amount.unscaled < one && amount.unscaled.is_positive() {
                format = Format::DecimalSI;
            }
        }
    }
    if !p.positive {
        amount.unscaled = -amount.unscaled;
    }
    Ok(canonical(amount, format))
}

/// Rounds a positive amount with `scale > 9` up (away from zero) to scale 9.
fn round_up_to_nano(amount: &mut Amount) {
    amount.unscaled = shift_down_away(&amount.unscaled, (amount.scale - 9) as u64);
    amount.scale = 9;
}

/// `CanonicalizeBytes`: the number and suffix upstream writes.
fn canonical(amount: Amount, format: Format) -> String {
    if amount.unscaled.is_zero() {
        return "0".into();
    }
    let mut format = format;
    let mut integral = None;
    if format == Format::BinarySI {
        let (whole, exact) = if amount.scale <= 0 {
            (&amount.unscaled * pow10(amount.scale.unsigned_abs()), true)
        } else {
            let (q, r) = amount.unscaled.div_rem(&pow10(amount.scale as u64));
            (q, r.is_zero())
        };
        let small = amount.unscaled.abs() < BigInt::from(1024) * pow10(amount.scale.max(0) as u64);
        if small || !exact {
            format = Format::DecimalSI;
        } else {
            integral = Some(whole);
        }
    }
    match (format, integral) {
        (Format::BinarySI, Some(mut whole)) => {
            let mut times = 0;
            let k = BigInt::from(1024);
            while whole.abs() >= k && (&whole % &k).is_zero() {
                whole /= &k;
                times += 1;
            }
            let suffix = ["", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"]
                .get(times)
                .copied()
                .unwrap_or("");
            format!("{whole}{suffix}")
        }
        _ => {
            let mut mantissa = amount.unscaled;
            let mut exponent = -amount.scale;
            let ten = BigInt::from(10);
            while mantissa.abs() >= ten && (&mantissa % &ten).is_zero() {
                mantissa /= &ten;
                exponent += 1;
            }
            while exponent % 3 != 0 {
                mantissa *= &ten;
                exponent -= 1;
            }
            let suffix = match format {
                Format::DecimalExponent if exponent == 0 => String::new(),
                Format::DecimalExponent => format!("e{}", exponent as i32),
                _ => match exponent {
                    -9 => "n",
                    -6 => "u",
                    -3 => "m",
                    3 => "k",
                    6 => "M",
                    9 => "G",
                    12 => "T",
                    15 => "P",
                    18 => "E",
                    // Upstream has no suffix for other exponents and writes
                    // none.
                    _ => "",
                }
                .to_string(),
            };
            format!("{mantissa}{suffix}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sums and differences in upstream's format rules: the receiver's
    /// format, or the other's when the receiver is zero; canonical text.
    #[test]
    fn add_and_sub_keep_upstreams_format() {
        let q = |s: &str| Quantity::parse(s).unwrap();
        let sum = |a: &str, b: &str| q(a).add(&q(b)).to_string();
        assert_eq!(sum("1", "500m"), "1500m");
        assert_eq!(sum("1Gi", "512Mi"), "1536Mi");
        assert_eq!(sum("0", "1Gi"), "1Gi");
        assert_eq!(sum("500m", "500m"), "1");
        assert_eq!(sum("1k", "1Ki"), "2024");
        assert_eq!(sum("1Ki", "1k"), "2024");
        assert_eq!(sum("2", "0"), "2");
        assert_eq!(q("1").sub(&q("250m")).to_string(), "750m");
        assert_eq!(q("1Gi").sub(&q("1Gi")).to_string(), "0");
        assert_eq!(q("1").sub(&q("3")).to_string(), "-2");
        // `SetDefaults_ResourceList`'s `RoundUp(-3)`.
        let milli = |a: &str| q(a).round_up_milli().unwrap_or_else(|| q(a)).to_string();
        assert_eq!(milli("100u"), "1m");
        assert_eq!(milli("0.0001"), "1m");
        assert_eq!(milli("1500u"), "2m");
        assert_eq!(milli("2000n"), "1m");
        assert_eq!(milli("1e-6"), "1e-3");
        assert_eq!(milli("-100u"), "-1m");
        assert_eq!(milli("250m"), "250m");
        assert_eq!(milli("1Gi"), "1Gi");
        assert_eq!(milli("3"), "3");
        // Amounts far apart: the larger, at once (no 10^2000000000).
        assert_eq!(sum("1", "1e2000000000"), "100e1999999998");
        assert_eq!(sum("1e2000000000", "1"), "100e1999999998");
        assert!(q("1e2000000000").is_whole());
    }

    /// Upstream's `MilliValue() % 1000 == 0`: a whole number of units,
    /// whatever the suffix, or less than a thousandth short of one (the
    /// thousandths round away from zero); anything else finer than a unit
    /// is not.
    #[test]
    fn whole_amounts_are_told_from_fractions() {
        for whole in [
            "0", "1", "110", "2k", "1Ki", "3e3", "1000m", "-4", "1.0", "0.9999", "1999500u", "10P",
        ] {
            assert!(Quantity::parse(whole).unwrap().is_whole(), "{whole}");
        }
        for fraction in ["1500m", "0.5", "1n", "1.001", "15e-1", "1.0001"] {
            assert!(!Quantity::parse(fraction).unwrap().is_whole(), "{fraction}");
        }
    }

    /// Amounts as `f64`s, beyond what upstream's int64 `MilliValue` holds.
    #[test]
    fn amounts_as_floats() {
        for (text, value) in [
            ("1", 1.0),
            ("250m", 0.25),
            ("1Ki", 1024.0),
            ("-1.5", -1.5),
            ("1n", 1e-9),
            ("0", 0.0),
            ("10Pi", 10.0 * 1024f64.powi(5)),
            ("3e3", 3000.0),
        ] {
            assert_eq!(Quantity::parse(text).unwrap().as_f64(), value, "{text}");
        }
    }

    fn canon(text: &str) -> String {
        Quantity::parse(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .to_string()
    }

    #[test]
    fn canonical_forms_are_upstreams() {
        for (input, want) in [
            // Zero in every spelling.
            ("0", "0"),
            ("00", "0"),
            ("-0", "0"),
            ("0n", "0"),
            ("0Ki", "0"),
            ("0.0Mi", "0"),
            // Already canonical: kept as written.
            ("100m", "100m"),
            ("3Gi", "3Gi"),
            ("129e6", "129e6"),
            ("129M", "129M"),
            ("128974848", "128974848"),
            ("123Mi", "123Mi"),
            ("1025Mi", "1025Mi"),
            ("12Ki", "12Ki"),
            ("-1Ki", "-1Ki"),
            ("+1Gi", "+1Gi"),
            ("1200", "1200"),
            // Rewritten.
            ("0.5", "500m"),
            ("0.1", "100m"),
            ("1.5", "1500m"),
            ("1.0", "1"),
            ("1000m", "1"),
            ("1000", "1k"),
            ("1000000", "1M"),
            ("1000Mi", "1000Mi"),
            ("1024Mi", "1Gi"),
            ("1024Ki", "1Mi"),
            ("8Gi", "8Gi"),
            ("1.5Gi", "1536Mi"),
            ("0.5Gi", "512Mi"),
            ("0.5Ki", "512"),
            ("1.1Ki", "1126400m"),
            ("1e3", "1e3"),
            ("1000e3", "1e6"),
            ("1E3", "1E3"),
            ("1000E-3", "1"),
            ("10e-1", "1"),
            ("0.001", "1m"),
            ("0.0001", "100u"),
            ("1e-10", "1e-9"),
            ("0.0000000001", "1n"),
            ("1.23456789012n", "2n"),
            ("-1.5", "-1500m"),
            ("-0.5Gi", "-512Mi"),
            ("1.G", "1.G"),
            ("2.5k", "2500"),
            ("20000000000Ei", "9223372036854775807"),
            // upstream's TestQuantityParseEmit and alternate spellings.
            ("1000M", "1G"),
            (".001Ki", "1024m"),
            (".000001Ki", "1024u"),
            (".000000001Ki", "1024n"),
            (".000000000001Ki", "2n"),
            ("-.001Ki", "-1024m"),
            ("-1024Mi", "-1Gi"),
            (".001e12", "1e9"),
            ("0.001e0", "1e-3"),
            ("1000e-12", "1e-9"),
            ("3.001n", "4n"),
            ("0.00000012345", "124n"),
            ("9Ei", "9223372036854775807"),
            ("100.035Ki", "102435840m"),
        ] {
            assert_eq!(canon(input), want, "{input}");
        }
    }

    #[test]
    fn bad_quantities_get_upstreams_errors() {
        for (input, want) in [
            ("", QuantityError::Format),
            ("abc", QuantityError::Format),
            ("1Gix", QuantityError::Format),
            ("1.2.3", QuantityError::Format),
            ("1K", QuantityError::Suffix),
            ("1e", QuantityError::Suffix),
            ("1m5", QuantityError::Suffix),
            ("1ee3", QuantityError::Suffix),
        ] {
            assert_eq!(Quantity::parse(input), Err(want), "{input:?}");
        }
        assert_eq!(
            QuantityError::Format.to_string(),
            "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
        );
    }

    #[test]
    fn json_reads_strings_numbers_and_null_and_writes_the_canonical_string() {
        let q: Quantity = serde_json::from_str("\" 0.5 \"").unwrap();
        assert_eq!(serde_json::to_string(&q).unwrap(), "\"500m\"");
        let q: Quantity = serde_json::from_str("2").unwrap();
        assert_eq!(q.as_str(), "2");
        let q: Quantity = serde_json::from_str("1.5").unwrap();
        assert_eq!(q.as_str(), "1500m");
        let q: Quantity = serde_json::from_str("null").unwrap();
        assert_eq!(q, Quantity::default());
        let err = serde_json::from_str::<Quantity>("\"1K\"").unwrap_err();
        assert!(
            err.to_string()
                .contains("unable to parse quantity's suffix")
        );
    }

    #[test]
    fn amounts_compare_across_suffixes() {
        use std::cmp::Ordering::*;
        let q = |s: &str| Quantity::parse(s).unwrap();
        for (a, b, want) in [
            ("1Gi", "1024Mi", Equal),
            ("500m", "1", Less),
            ("1.5", "1500m", Equal),
            ("2", "1999m", Greater),
            ("-1", "0", Less),
            ("-2", "-1", Less),
            ("0", "0m", Equal),
            ("1e3", "1k", Equal),
            ("1e-999999", "1n", Equal),
            ("1e999999", "1E", Greater),
        ] {
            assert_eq!(q(a).cmp_amount(&q(b)), want, "{a} vs {b}");
            assert_eq!(q(b).cmp_amount(&q(a)), want.reverse(), "{b} vs {a}");
        }
        assert!(q("-1m").is_negative());
        assert!(!q("-0").is_negative());
    }

    #[test]
    fn zero_is_read_from_the_digits() {
        let q = |s: &str| Quantity::parse(s).unwrap();
        for text in ["0", "0.0", "0Mi", "-0", "0e3", "000.000m"] {
            assert!(q(text).is_zero(), "{text}");
        }
        for text in ["1", "1Mi", "0.001", "1n", "-1m", "1e-999999", "100"] {
            assert!(!q(text).is_zero(), "{text}");
        }
        assert!(Quantity::default().is_zero());
    }

    #[test]
    fn huge_exponents_do_not_materialize() {
        assert_eq!(canon("1e999999"), "1e999999");
        assert_eq!(canon("1e-999999"), "1e-9");
    }

    /// An exponent at the edge of Go's `int32` is written back wrapped
    /// (`1000e2147483647` holds `10e-2147483647`); defaulting's rounding to
    /// thousandths and the integer check of quota counts read that text
    /// without building its power of ten (two billion digits: a create of
    /// a Pod requesting this much cpu once ran until memory ran out).
    #[test]
    fn wrapped_exponents_round_without_their_power_of_ten() {
        let wrapped = Quantity::parse("1000e2147483647").unwrap();
        assert_eq!(wrapped.as_str(), "10e-2147483647");
        assert_eq!(wrapped.round_up_milli().unwrap().as_str(), "1e-3");
        assert!(!wrapped.is_whole());
        let negative = Quantity::parse("-1e-2147483648").unwrap();
        assert_eq!(negative.round_up_milli().unwrap().as_str(), "-1e-3");
        assert!(!negative.is_whole());
        // Rounding that does divide is unchanged.
        let q = |s: &str| Quantity::parse(s).unwrap();
        assert_eq!(q("1500u").round_up_milli().unwrap().as_str(), "2m");
        assert_eq!(q("-1500u").round_up_milli().unwrap().as_str(), "-2m");
        assert_eq!(q("-1u").round_up_milli().unwrap().as_str(), "-1m");
        assert_eq!(canon("1.0000000001"), "1000000001n");
    }

    /// Trailing zeros are read into the scale, not divided out of a number
    /// of all the digits one at a time (a 300 KB `1000...` once took 23 s
    /// of a release build): the same canonical forms, and sums and
    /// comparisons as before.
    #[test]
    fn trailing_zeros_are_scale() {
        let zeros = "0".repeat(200_000);
        // 10^200000: upstream has no suffix for that exponent, and writes
        // the mantissa a multiple of three places from it.
        assert_eq!(canon(&format!("1{zeros}")), "100");
        assert_eq!(canon(&format!("1.5{zeros}")), "1500m");
        assert_eq!(canon(&format!("-25{zeros}e-200003")), "-25e-3");
        let thousand = Quantity::parse("1000").unwrap();
        assert_eq!(thousand.as_str(), "1k");
        assert!(thousand.is_whole());
        assert_eq!(
            thousand.add(&Quantity::parse("1Ki").unwrap()).as_str(),
            "2024"
        );
        let written = Quantity::parse(&format!("2{}", "0".repeat(15))).unwrap();
        assert_eq!(written.as_str(), "2P");
        assert_eq!(
            written.cmp_amount(&Quantity::parse("1e15").unwrap()),
            std::cmp::Ordering::Greater
        );
    }
}
