//! The report: figures, each beside its baseline and goal, grouped in
//! sections; `report.json` is the serialized [`Report`], `report.md` its
//! rendering.

use super::*;

/// Whether a figure meets its goal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum Status {
    /// The goal is met.
    Met,
    /// The goal is not met.
    NotMet,
    /// What it measures is not built yet.
    NotYetMeasurable,
    /// The measurement failed in this run.
    Failed,
    /// A figure without a goal.
    Info,
}

impl Status {
    pub(super) fn text(self) -> &'static str {
        match self {
            Status::Met => "met",
            Status::NotMet => "not met",
            Status::NotYetMeasurable => "not yet measurable",
            Status::Failed => "failed",
            Status::Info => "",
        }
    }

    pub(super) fn of(met: bool) -> Status {
        if met { Status::Met } else { Status::NotMet }
    }
}

/// One figure of the report.
#[derive(Debug, Clone, Serialize)]
pub(super) struct Figure {
    /// What is measured.
    pub(super) name: String,
    /// The figure, in `unit`.
    pub(super) value: Option<f64>,
    /// `ns`, `ms`, `s`, `req/s` or `B`.
    pub(super) unit: &'static str,
    /// More of the same measurement (percentiles, counts).
    pub(super) detail: String,
    /// What the figure is compared with.
    pub(super) baseline: String,
    /// The baseline's figure, in `baseline_unit`.
    pub(super) baseline_value: Option<f64>,
    /// The unit of `baseline_value`.
    pub(super) baseline_unit: &'static str,
    /// The comparison, as a number.
    pub(super) ratio: Option<f64>,
    /// The comparison, in words.
    pub(super) ratio_text: String,
    /// The goal, when the figure has one.
    pub(super) goal: Option<String>,
    /// Whether the goal is met.
    pub(super) status: Status,
}

impl Figure {
    pub(super) fn new(name: impl Into<String>, unit: &'static str) -> Figure {
        Figure {
            name: name.into(),
            value: None,
            unit,
            detail: String::new(),
            baseline: String::new(),
            baseline_value: None,
            baseline_unit: unit,
            ratio: None,
            ratio_text: String::new(),
            goal: None,
            status: Status::Info,
        }
    }

    pub(super) fn value(mut self, value: f64) -> Figure {
        self.value = Some(value);
        self
    }

    pub(super) fn detail(mut self, detail: impl Into<String>) -> Figure {
        self.detail = detail.into();
        self
    }

    pub(super) fn baseline(mut self, name: impl Into<String>, value: Option<f64>) -> Figure {
        self.baseline = name.into();
        self.baseline_value = value;
        self
    }

    pub(super) fn ratio(mut self, ratio: Option<f64>, text: impl Fn(f64) -> String) -> Figure {
        self.ratio = ratio;
        self.ratio_text = ratio.map(&text).unwrap_or_default();
        self
    }

    pub(super) fn goal(mut self, goal: impl Into<String>, status: Status) -> Figure {
        self.goal = Some(goal.into());
        self.status = status;
        self
    }

    pub(super) fn status(mut self, status: Status) -> Figure {
        self.status = status;
        self
    }
}

/// A part of the report.
#[derive(Debug, Clone, Serialize)]
pub(super) struct Section {
    pub(super) title: String,
    pub(super) note: String,
    pub(super) figures: Vec<Figure>,
}

/// The whole report (`report.json`; `report.md` renders it).
#[derive(Debug, Serialize)]
pub(super) struct Report {
    pub(super) command: String,
    pub(super) mode: &'static str,
    /// Seconds since the Unix epoch when the run started.
    pub(super) started_unix_s: u64,
    pub(super) cores: usize,
    pub(super) pinning: String,
    pub(super) build_s: f64,
    pub(super) measure_s: f64,
    /// Wall time of each measuring part.
    pub(super) parts: Vec<String>,
    pub(super) sections: Vec<Section>,
    /// Failures of whole parts, which then lack their figures.
    pub(super) errors: Vec<String>,
}

/// A figure's value in its unit, for people.
pub(super) fn human(value: Option<f64>, unit: &str) -> String {
    let Some(v) = value.filter(|v| v.is_finite()) else {
        return "-".into();
    };
    match unit {
        "ns" if v >= 1e6 => format!("{:.2} ms", v / 1e6),
        "ns" if v >= 1e3 => format!("{:.2} µs", v / 1e3),
        "ns" => format!("{v:.0} ns"),
        "req/s" => format!("{v:.0} req/s"),
        "ms" => format!("{v:.2} ms"),
        "s" => format!("{:.0} ms", v * 1000.0),
        "B" => format!("{v:.0} B"),
        _ => format!("{v} {unit}"),
    }
}

/// The Markdown report.
pub(super) fn render(report: &Report) -> String {
    let mut md = String::new();
    md.push_str("# Benchmark report\n\n");
    md.push_str(&format!(
        "`{}` ({} mode); {} cores; {}; measuring took {:.0} s (building {:.0} s).\n\n",
        report.command, report.mode, report.cores, report.pinning, report.measure_s, report.build_s
    ));
    if !report.parts.is_empty() {
        md.push_str(&format!("Time per part: {}.\n\n", report.parts.join(", ")));
    }
    md.push_str("## Goals\n\n| Goal | Figure | Value | Status |\n| --- | --- | --- | --- |\n");
    for section in &report.sections {
        for f in section.figures.iter().filter(|f| f.goal.is_some()) {
            let value = match (&f.ratio_text, f.value) {
                (r, Some(_)) if !r.is_empty() => format!("{} ({r})", human(f.value, f.unit)),
                _ => human(f.value, f.unit),
            };
            md.push_str(&format!(
                "| {} | {} | {} | **{}** |\n",
                f.goal.as_deref().unwrap_or(""),
                f.name,
                value,
                f.status.text()
            ));
        }
    }
    for error in &report.errors {
        md.push_str(&format!("| - | {error} | - | **failed** |\n"));
    }
    for section in &report.sections {
        md.push_str(&format!("\n## {}\n\n", section.title));
        if !section.note.is_empty() {
            md.push_str(&format!("{}\n\n", section.note));
        }
        md.push_str("| Figure | Value | Detail | Baseline | Baseline value | Ratio | Goal |\n");
        md.push_str("| --- | --- | --- | --- | --- | --- | --- |\n");
        for f in &section.figures {
            let goal = match (&f.goal, f.status) {
                (Some(g), s) => format!("{g}: **{}**", s.text()),
                (None, Status::Info) => String::new(),
                (None, s) => format!("**{}**", s.text()),
            };
            md.push_str(&format!(
                "| {} | {} | {} | {} | {} | {} | {} |\n",
                f.name,
                human(f.value, f.unit),
                f.detail,
                f.baseline,
                human(f.baseline_value, f.baseline_unit),
                f.ratio_text,
                goal
            ));
        }
    }
    md
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn human_units() {
        assert_eq!(human(Some(1500.0), "ns"), "1.50 µs");
        assert_eq!(human(Some(0.25), "s"), "250 ms");
        assert_eq!(human(None, "ns"), "-");
    }

    #[test]
    fn a_goal_row_shows_its_status() {
        let report = Report {
            command: "cargo xtask bench --quick".into(),
            mode: "quick",
            started_unix_s: 0,
            cores: 2,
            pinning: "unpinned".into(),
            build_s: 0.0,
            measure_s: 0.0,
            parts: vec!["T 1 s".into()],
            sections: vec![Section {
                title: "T".into(),
                note: String::new(),
                figures: vec![
                    Figure::new("x", "ms")
                        .value(5.0)
                        .goal("< 10 ms", Status::of(true)),
                ],
            }],
            errors: vec!["W: broke".into()],
        };
        let md = render(&report);
        assert!(md.contains("| < 10 ms | x | 5.00 ms | **met** |"), "{md}");
        assert!(md.contains("| - | W: broke | - | **failed** |"), "{md}");
    }
}
