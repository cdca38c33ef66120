//! The Table of events.k8s.io Events: upstream prints both groups' Events
//! with the one `printEvent` of the internal `core.Event`, so this is the
//! core v1 Event's printer on the converted object.

use runtime::resource::{Printer, PrinterColumn};
use serde_json::Value;

use super::Event;
use crate::core::v1 as core;

impl Printer for Event {
    const COLUMNS: &'static [PrinterColumn] = <core::Event as Printer>::COLUMNS;
    const NAME_COLUMN: bool = <core::Event as Printer>::NAME_COLUMN;

    /// `printEvent` of the Event as the core Event it is stored as.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        core::Event::from(self.clone()).cells(now)
    }
}
