//! A CronJob's schedule and time zone as upstream checks them:
//! `cron.ParseStandard` of `github.com/robfig/cron/v3` (v3.0.1, which
//! Kubernetes pins) with its error texts, and `validateTimeZone` of
//! `pkg/apis/batch/validation` over the IANA time zone database (Go's
//! `time.LoadLocation` with the tzdata kube-apiserver embeds).

use std::str::FromStr;

/// The bounds of a schedule field, with its names (lower case).
struct Bounds {
    min: u32,
    max: u32,
    names: &'static [(&'static str, u32)],
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
    if spec.starts_with("TZ=") || spec.starts_with("CRON_TZ=") {
        // v3.0.1 slices up to the first space; without one it panics,
        // which Kubernetes now guards against: no space, no schedule.
        let Some(space) = spec.find(' ') else {
            return Err(format!("missing space after the time zone in {spec}"));
        };
        let equals = spec.find('=').unwrap_or(0);
        let zone = &spec[equals + 1..space.max(equals + 1)];
        if let Err(e) = load_location(zone) {
            return Err(format!("provided bad location {zone}: {e}"));
        }
        spec = spec[space..].trim();
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

/// `parseIntOrName`: a name of the field (any case), else a number.
fn parse_int_or_name(expr: &str, bounds: &Bounds) -> Result<u32, String> {
    let lower = expr.to_ascii_lowercase();
    match bounds.names.iter().find(|(name, _)| *name == lower) {
        Some((_, value)) => Ok(*value),
        None => parse_int(expr),
    }
}

/// `mustParseInt`: Go's `strconv.Atoi` (an optional sign, decimal digits),
/// not negative.
fn parse_int(expr: &str) -> Result<u32, String> {
    let digits = expr.strip_prefix(['+', '-']).unwrap_or(expr);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "failed to parse int from {expr}: strconv.Atoi: parsing {}: invalid syntax",
            runtime::go::quote(expr)
        ));
    }
    let Ok(value) = expr.parse::<i64>() else {
        return Err(format!(
            "failed to parse int from {expr}: strconv.Atoi: parsing {}: value out of range",
            runtime::go::quote(expr)
        ));
    };
    if value < 0 {
        return Err(format!("negative number ({value}) not allowed: {expr}"));
    }
    // Larger than every field's maximum: the range checks report it.
    Ok(u32::try_from(value).unwrap_or(u32::MAX))
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

/// Whether Go's `time.ParseDuration` reads `text` (`1h30m`, `90s`,
/// `1.5h`, `-2m`), with its error text when not.
fn parse_duration(text: &str) -> Result<(), String> {
    let quoted = runtime::go::quote(text);
    let invalid = || format!("time: invalid duration {quoted}");
    let mut rest = text.strip_prefix(['+', '-']).unwrap_or(text);
    if rest == "0" {
        return Ok(());
    }
    if rest.is_empty() {
        return Err(invalid());
    }
    while !rest.is_empty() {
        let number_end = rest
            .find(|c: char| !c.is_ascii_digit() && c != '.')
            .unwrap_or(rest.len());
        let number = &rest[..number_end];
        let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
        if whole.is_empty() && fraction.is_empty() || fraction.contains('.') {
            return Err(invalid());
        }
        rest = &rest[number_end..];
        let unit_end = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let unit = &rest[..unit_end];
        if unit.is_empty() {
            return Err(format!("time: missing unit in duration {quoted}"));
        }
        if !["ns", "us", "µs", "μs", "ms", "s", "m", "h"].contains(&unit) {
            return Err(format!(
                "time: unknown unit {} in duration {quoted}",
                runtime::go::quote(unit)
            ));
        }
        rest = &rest[unit_end..];
    }
    Ok(())
}

/// Go's `time.LoadLocation`: `UTC` (or empty), `Local`, or a name of the
/// IANA time zone database.
fn load_location(name: &str) -> Result<(), String> {
    if name.is_empty() || name == "UTC" || name == "Local" || chrono_tz::Tz::from_str(name).is_ok()
    {
        Ok(())
    } else {
        Err(format!("unknown time zone {name}"))
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
        assert_eq!(
            time_zone_errors("Local"),
            [
                "timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones"
            ]
        );
    }
}
