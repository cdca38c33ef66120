// Hand-written Table columns of policy/v1 (`+printer:hook`), as upstream's
// `printPodDisruptionBudget` prints them.

use runtime::printers::{AGE_DESCRIPTION, age};
use runtime::resource::{Printer, PrinterColumn};
use serde_json::{Value, json};

use super::PodDisruptionBudget;

impl Printer for PodDisruptionBudget {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::string(
            "Min Available",
            0,
            "The minimum number of pods that must be available.",
        ),
        PrinterColumn::string(
            "Max Unavailable",
            0,
            "The maximum number of pods that may be unavailable.",
        ),
        PrinterColumn::integer(
            "Allowed Disruptions",
            0,
            "Calculated number of pods that may be disrupted at this time.",
        ),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
    ];

    /// `printPodDisruptionBudget`: each bound as `intstr`'s `String` (`N/A`
    /// when unset), the disruptions allowed now.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let bound = |v: &Option<runtime::meta::IntOrString>| match v {
            Some(runtime::meta::IntOrString::Int(i)) => i.to_string(),
            Some(runtime::meta::IntOrString::String(s)) => s.clone(),
            None => "N/A".to_string(),
        };
        vec![
            json!(bound(&self.spec.min_available)),
            json!(bound(&self.spec.max_unavailable)),
            json!(self.status.disruptions_allowed),
            json!(age(&self.metadata, now)),
        ]
    }
}
