//! A CronJob's schedule and time zone as upstream checks them:
//! `cron.ParseStandard` of `github.com/robfig/cron/v3` (v3.0.1, which
//! Kubernetes pins) with its error texts, and `validateTimeZone` of
//! `pkg/apis/batch/validation` over the IANA time zone database (Go's
//! `time.LoadLocation` with the tzdata kube-apiserver embeds).

use std::str::FromStr;

/// The bounds of a schedule field, with its names (lower case).
struct Bounds {
    min: u64,
    max: u64,
    names: &'static [(&'static str, u64)],
}

const MINUTES: Bounds = Bounds {
    min: 0,
    max: 59,
    names: &[],
};
const HOURS: Bounds = Bounds {
    min: 0,
    max: 23,
    names: &[],
};
const DAYS_OF_MONTH: Bounds = Bounds {
    min: 1,
    max: 31,
    names: &[],
};
const MONTHS: Bounds = Bounds {
    min: 1,
    max: 12,
    names: &[
        ("jan", 1),
        ("feb", 2),
        ("mar", 3),
        ("apr", 4),
        ("may", 5),
        ("jun", 6),
        ("jul", 7),
        ("aug", 8),
        ("sep", 9),
        ("oct", 10),
        ("nov", 11),
        ("dec", 12),
    ],
};
const DAYS_OF_WEEK: Bounds = Bounds {
    min: 0,
    max: 6,
    names: &[
        ("sun", 0),
        ("mon", 1),
        ("tue", 2),
        ("wed", 3),
        ("thu", 4),
        ("fri", 5),
        ("sat", 6),
    ],
};

/// The descriptors `ParseStandard` takes besides `@every <duration>`.
const DESCRIPTORS: [&str; 7] = [
    "@yearly",
    "@annually",
    "@monthly",
    "@weekly",
    "@daily",
    "@midnight",
    "@hourly",
];

/// `cron.ParseStandard(schedule)`: `Ok` for a schedule the CronJob
/// controller can run, else the parser's error text (the first error, as
/// it stops there): `expected exactly 5 fields, found 1: [daily]`,
/// `end of range (60) above maximum (59): 60`, `unrecognized descriptor:
/// @reboot`...
pub(super) fn parse_standard(schedule: &str) -> Result<(), String> {
    if schedule.is_empty() {
        return Err("empty spec string".into());
    }
    let mut spec = schedule;
    if let Some(prefixed) = spec
        .strip_prefix("TZ=")
        .or_else(|| spec.strip_prefix("CRON_TZ="))
    {
        // The zone runs to the first space. Without one, v3.0.1 panics
        // (robfig/cron#554; Kubernetes' fix, kubernetes#134526, was not
        // read): this error text is ours.
        let Some((zone, rest)) = prefixed.split_once(' ') else {
            return Err(format!("missing schedule after the time zone in {spec}"));
        };
        if let Err(e) = load_location(zone) {
            return Err(format!("provided bad location {zone}: {e}"));
        }
        spec = rest.trim();
    }
    if spec.starts_with('@') {
        return parse_descriptor(spec);
    }
    let fields: Vec<&str> = spec.split_whitespace().collect();
    if fields.len() != 5 {
        return Err(format!(
            "expected exactly 5 fields, found {}: [{}]",
            fields.len(),
            fields.join(" ")
        ));
    }
    for (field, bounds) in
        fields
            .iter()
            .zip([&MINUTES, &HOURS, &DAYS_OF_MONTH, &MONTHS, &DAYS_OF_WEEK])
    {
        for range in field.split(',').filter(|r| !r.is_empty()) {
            parse_range(range, bounds)?;
        }
    }
    Ok(())
}

/// `getRange`: `*` or `?`, a number or name, or a range `a-b`, each with
/// an optional `/step`; a single start with a step runs to the maximum.
fn parse_range(expr: &str, bounds: &Bounds) -> Result<(), String> {
    let range_and_step: Vec<&str> = expr.split('/').collect();
    let low_and_high: Vec<&str> = range_and_step[0].split('-').collect();
    let (start, mut end) = if low_and_high[0] == "*" || low_and_high[0] == "?" {
        (bounds.min, bounds.max)
    } else {
        let start = parse_int_or_name(low_and_high[0], bounds)?;
        match low_and_high.len() {
            1 => (start, start),
            2 => (start, parse_int_or_name(low_and_high[1], bounds)?),
            _ => return Err(format!("too many hyphens: {expr}")),
        }
    };
    let step = match range_and_step.len() {
        1 => 1,
        2 => {
            let step = parse_int(range_and_step[1])?;
            if low_and_high.len() == 1 {
                end = bounds.max;
            }
            step
        }
        _ => return Err(format!("too many slashes: {expr}")),
    };
    if start < bounds.min {
        return Err(format!(
            "beginning of range ({start}) below minimum ({}): {expr}",
            bounds.min
        ));
    }
    if end > bounds.max {
        return Err(format!(
            "end of range ({end}) above maximum ({}): {expr}",
            bounds.max
        ));
    }
    if start > end {
        return Err(format!(
            "beginning of range ({start}) beyond end of range ({end}): {expr}"
        ));
    }
    if step == 0 {
        return Err(format!("step of range should be a positive number: {expr}"));
    }
    Ok(())
}

/// `parseIntOrName`: a name of the field (any case, as Go's
/// `strings.ToLower` folds it), else a number.
fn parse_int_or_name(expr: &str, bounds: &Bounds) -> Result<u64, String> {
    // Go maps each rune to one rune (`İ` to `i`); Rust's full mapping
    // may give more, of which the first is Go's.
    let lower: String = expr
        .chars()
        .map(|c| c.to_lowercase().next().unwrap_or(c))
        .collect();
    match bounds.names.iter().find(|(name, _)| *name == lower) {
        Some((_, value)) => Ok(*value),
        None => parse_int(expr),
    }
}

/// `mustParseInt`: Go's `strconv.Atoi` (an optional sign, decimal digits,
/// 64 bits), not negative.
fn parse_int(expr: &str) -> Result<u64, String> {
    let failed = |reason: &str| {
        Err(format!(
            "failed to parse int from {expr}: strconv.Atoi: parsing {}: {reason}",
            runtime::go::quote(expr)
        ))
    };
    let (negative, digits) = match expr.as_bytes().first() {
        Some(b'-') => (true, &expr[1..]),
        Some(b'+') => (false, &expr[1..]),
        _ => (false, expr),
    };
    // `ParseUint` reads digit by digit and reports the overflow before a
    // later byte that is not a digit.
    let mut value: u64 = 0;
    for b in digits.bytes() {
        if !b.is_ascii_digit() {
            return failed("invalid syntax");
        }
        match value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u64::from(b - b'0')))
        {
            Some(v) => value = v,
            None => return failed("value out of range"),
        }
    }
    if digits.is_empty() {
        return failed("invalid syntax");
    }
    let limit = if negative { 1 << 63 } else { i64::MAX as u64 };
    if value > limit {
        return failed("value out of range");
    }
    if negative && value != 0 {
        let shown = if value == 1 << 63 {
            i64::MIN.to_string()
        } else {
            format!("-{value}")
        };
        return Err(format!("negative number ({shown}) not allowed: {expr}"));
    }
    Ok(value)
}

/// `parseDescriptor`: `@yearly` ... `@hourly`, or `@every <duration>`.
fn parse_descriptor(descriptor: &str) -> Result<(), String> {
    if DESCRIPTORS.contains(&descriptor) {
        return Ok(());
    }
    if let Some(duration) = descriptor.strip_prefix("@every ") {
        return parse_duration(duration)
            .map_err(|e| format!("failed to parse duration {descriptor}: {e}"));
    }
    Err(format!("unrecognized descriptor: {descriptor}"))
}

/// Go's `time.ParseDuration`: an optional sign, then numbers (a decimal
/// fraction allowed) each with a unit (`ns`, `us`, `µs`, `μs`, `ms`, `s`,
/// `m`, `h`), at most 2^63-1 nanoseconds; else its error text.
fn parse_duration(text: &str) -> Result<(), String> {
    const UNITS: [(&str, u64); 8] = [
        ("ns", 1),
        ("us", 1_000),
        ("µs", 1_000),
        ("μs", 1_000),
        ("ms", 1_000_000),
        ("s", 1_000_000_000),
        ("m", 60_000_000_000),
        ("h", 3_600_000_000_000),
    ];
    let quoted = time_quote(text);
    let invalid = || Err(format!("time: invalid duration {quoted}"));
    let (negative, mut rest) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if rest == "0" {
        return Ok(());
    }
    if rest.is_empty() {
        return invalid();
    }
    let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
    let mut total: u64 = 0;
    while !rest.is_empty() {
        if !(rest.starts_with('.') || rest.as_bytes()[0].is_ascii_digit()) {
            return invalid();
        }
        let whole_len = digits(rest);
        let Some(whole) = leading_int(&rest[..whole_len]) else {
            return invalid();
        };
        rest = &rest[whole_len..];
        let mut fraction = (0u64, 1f64);
        let mut fraction_len = 0;
        if let Some(after_dot) = rest.strip_prefix('.') {
            fraction_len = digits(after_dot);
            fraction = leading_fraction(&after_dot[..fraction_len]);
            rest = &after_dot[fraction_len..];
        }
        if whole_len == 0 && fraction_len == 0 {
            return invalid();
        }
        let unit_len = rest
            .find(|c: char| c == '.' || c.is_ascii_digit())
            .unwrap_or(rest.len());
        let unit = &rest[..unit_len];
        rest = &rest[unit_len..];
        if unit.is_empty() {
            return Err(format!("time: missing unit in duration {quoted}"));
        }
        let Some((_, scale)) = UNITS.iter().find(|(name, _)| *name == unit) else {
            return Err(format!(
                "time: unknown unit {} in duration {quoted}",
                time_quote(unit)
            ));
        };
        if whole > (1 << 63) / scale {
            return invalid();
        }
        let mut value = whole * scale;
        if fraction.0 > 0 {
            // Go adds `int64(float64(f) * (float64(unit) / scale))`.
            value += (fraction.0 as f64 * (*scale as f64 / fraction.1)) as u64;
            if value > 1 << 63 {
                return invalid();
            }
        }
        total = total.saturating_add(value);
        if total > 1 << 63 {
            return invalid();
        }
    }
    if !negative && total > (1 << 63) - 1 {
        return invalid();
    }
    Ok(())
}

/// Go's `leadingInt` of a run of digits: `None` past 2^63.
fn leading_int(digits: &str) -> Option<u64> {
    digits.bytes().try_fold(0u64, |value, b| {
        let value = value.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
        (value <= 1 << 63).then_some(value)
    })
}

/// Go's `leadingFraction`: the digits as an integer and the power of ten
/// they are scaled by, the digits past what fits in 63 bits dropped.
fn leading_fraction(digits: &str) -> (u64, f64) {
    let (mut value, mut scale, mut overflow) = (0u64, 1f64, false);
    for b in digits.bytes() {
        if overflow {
            continue;
        }
        match value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u64::from(b - b'0')))
            .filter(|v| *v <= 1 << 63)
        {
            Some(v) => {
                value = v;
                scale *= 10.0;
            }
            None => overflow = true,
        }
    }
    (value, scale)
}

/// The `time` package's `quote`: double quotes, `"` and `\` escaped,
/// each byte of a non-ASCII or control character as `\xNN`.
fn time_quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        if c.is_ascii() && c >= ' ' {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        }
    }
    out.push('"');
    out
}

/// Go's `time.LoadLocation`: `UTC` (or empty), `Local`, or a name of the
/// IANA time zone database (here chrono-tz's copy, which may differ from
/// the tzdata of a given Go release); a name with `..` or a leading `/` or
/// `\` is `time: invalid location name`.
fn load_location(name: &str) -> Result<(), String> {
    if name.is_empty() || name == "UTC" || name == "Local" {
        return Ok(());
    }
    if name.contains("..") || name.starts_with(['/', '\\']) {
        return Err("time: invalid location name".into());
    }
    match chrono_tz::Tz::from_str(name) {
        Ok(_) => Ok(()),
        Err(_) => Err(format!("unknown time zone {name}")),
    }
}

/// `validateTimeZone`'s details for `time_zone`, in its order: none for a
/// known zone; `timeZone must be nil or non-empty string`; `unknown time
/// zone <name>` for a name no zone can have; `Local` is not explicit;
/// what `time.LoadLocation` says.
pub(super) fn time_zone_errors(time_zone: &str) -> Vec<String> {
    if time_zone.is_empty() {
        return vec!["timeZone must be nil or non-empty string".into()];
    }
    let part_ok = |part: &str| {
        part != "."
            && part != ".."
            && !part.starts_with('-')
            && (1..=14).contains(&part.len())
            && part
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"._-+".contains(&b))
    };
    if !time_zone.split('/').all(part_ok) {
        return vec![format!("unknown time zone {time_zone}")];
    }
    let mut errs = Vec::new();
    if time_zone.eq_ignore_ascii_case("Local") {
        errs.push(
            "timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones"
                .to_string(),
        );
    }
    errs.extend(load_location(time_zone).err());
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Upstream's parser on the schedules of its own tests and of the
    /// CronJob validation tests.
    #[test]
    fn schedules_parse_as_robfig_cron_v3() {
        for ok in [
            "* * * * *",
            "*/5 * * * *",
            "0 0 * * 0",
            "5/15 * * * *",
            "0 9-17/2 * jan-dec mon-fri",
            "? ? ? ? ?",
            "*-5 * * * *",
            "*/100 * * * *",
            "0 0 , * *",
            "  0  *\t* * *  ",
            "@daily",
            "@every 1h30m",
            "@every 500ms",
            "TZ=UTC 0 * * * *",
            "CRON_TZ=America/New_York 0 * * * *",
            "+5 05 * * *",
            "0 0 * * FRİ",
            "@every 1.h",
        ] {
            assert_eq!(parse_standard(ok), Ok(()), "{ok}");
        }
        for (bad, error) in [
            ("", "empty spec string"),
            ("error", "expected exactly 5 fields, found 1: [error]"),
            (
                "0 0 * * * *",
                "expected exactly 5 fields, found 6: [0 0 * * * *]",
            ),
            ("   ", "expected exactly 5 fields, found 0: []"),
            ("60 * * * *", "end of range (60) above maximum (59): 60"),
            (
                "70-80 * * * *",
                "end of range (80) above maximum (59): 70-80",
            ),
            ("* * 0 * *", "beginning of range (0) below minimum (1): 0"),
            ("* * * * 7", "end of range (7) above maximum (6): 7"),
            (
                "5-1 * * * *",
                "beginning of range (5) beyond end of range (1): 5-1",
            ),
            (
                "60/5 * * * *",
                "beginning of range (60) beyond end of range (59): 60/5",
            ),
            (
                "*/0 * * * *",
                "step of range should be a positive number: */0",
            ),
            ("1-2-3 * * * *", "too many hyphens: 1-2-3"),
            ("1/2/3 * * * *", "too many slashes: 1/2/3"),
            ("*/-1 * * * *", "negative number (-1) not allowed: -1"),
            (
                "d * * * *",
                "failed to parse int from d: strconv.Atoi: parsing \"d\": invalid syntax",
            ),
            (
                "-5 * * * *",
                "failed to parse int from : strconv.Atoi: parsing \"\": invalid syntax",
            ),
            ("@reboot", "unrecognized descriptor: @reboot"),
            ("@daily ", "unrecognized descriptor: @daily "),
            (
                "@every 5",
                "failed to parse duration @every 5: time: missing unit in duration \"5\"",
            ),
            (
                "@every 1x",
                "failed to parse duration @every 1x: time: unknown unit \"x\" in duration \"1x\"",
            ),
            (
                "TZ=Mars/Olympus 0 * * * *",
                "provided bad location Mars/Olympus: unknown time zone Mars/Olympus",
            ),
            (
                "TZ=../x 0 * * * *",
                "provided bad location ../x: time: invalid location name",
            ),
            ("TZ=UTC", "missing schedule after the time zone in TZ=UTC"),
            (
                "*/-0 * * * *",
                "step of range should be a positive number: */-0",
            ),
            (
                "5000000000 * * * *",
                "end of range (5000000000) above maximum (59): 5000000000",
            ),
            (
                "99999999999999999999x * * * *",
                "failed to parse int from 99999999999999999999x: strconv.Atoi: parsing \"99999999999999999999x\": value out of range",
            ),
            (
                "@every 3000000h",
                "failed to parse duration @every 3000000h: time: invalid duration \"3000000h\"",
            ),
            (
                "@every 1..5h",
                "failed to parse duration @every 1..5h: time: missing unit in duration \"1..5h\"",
            ),
            (
                "@every .s",
                "failed to parse duration @every .s: time: invalid duration \".s\"",
            ),
            (
                "@every 1é",
                "failed to parse duration @every 1é: time: unknown unit \"\\xc3\\xa9\" in duration \"1\\xc3\\xa9\"",
            ),
        ] {
            assert_eq!(parse_standard(bad), Err(error.to_string()), "{bad:?}");
        }
    }

    #[test]
    fn time_zones_are_checked_as_upstream() {
        for ok in ["UTC", "America/New_York", "Etc/GMT+10", "Europe/Berlin"] {
            assert_eq!(time_zone_errors(ok), Vec::<String>::new(), "{ok}");
        }
        assert_eq!(
            time_zone_errors(""),
            ["timeZone must be nil or non-empty string"]
        );
        assert_eq!(
            time_zone_errors(" Continent/Zone"),
            ["unknown time zone  Continent/Zone"]
        );
        assert_eq!(
            time_zone_errors("Continent/Zone"),
            ["unknown time zone Continent/Zone"]
        );
        assert_eq!(time_zone_errors("a..b"), ["time: invalid location name"]);
        assert_eq!(
            time_zone_errors("Local"),
            [
                "timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones"
            ]
        );
    }
}
