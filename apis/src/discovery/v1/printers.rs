// The Table columns of discovery/v1 (`+printer:hook`), as upstream's
// `pkg/printers/internalversion/printers.go` prints them.

use runtime::printers::{AGE_DESCRIPTION, age, first_with_more};
use runtime::resource::{Printer, PrinterColumn};
use serde_json::{Value, json};

use super::{Endpoint, EndpointPort, EndpointSlice};

impl Printer for EndpointSlice {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::string(
            "AddressType",
            0,
            "The type of address carried by this EndpointSlice.",
        ),
        PrinterColumn::string(
            "Ports",
            0,
            "The network ports exposed by each endpoint in this slice.",
        ),
        PrinterColumn::string("Endpoints", 0, "The unique endpoints in this slice."),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
    ];

    /// `printEndpointSlice`: the address type, `formatDiscoveryPorts` and
    /// `formatDiscoveryEndpoints`.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        vec![
            json!(self.address_type),
            json!(format_ports(&self.ports)),
            json!(format_endpoints(&self.endpoints)),
            json!(age(&self.metadata, now)),
        ]
    }
}

/// The first three items joined by commas, then `+ N more...` for the
/// rest; `<unset>` for none (`listWithMoreString`).
fn list_with_more(items: impl Iterator<Item = String>) -> String {
    let list = first_with_more(items, 3, ",");
    if list.is_empty() {
        "<unset>".into()
    } else {
        list
    }
}

/// `formatDiscoveryPorts`: each port's number, else its name, else `*`.
fn format_ports(ports: &[EndpointPort]) -> String {
    list_with_more(ports.iter().map(|port| match (port.port, &port.name) {
        (Some(number), _) => number.to_string(),
        (None, Some(name)) => name.clone(),
        (None, None) => "*".into(),
    }))
}

/// `formatDiscoveryEndpoints`: every address of every endpoint.
fn format_endpoints(endpoints: &[Endpoint]) -> String {
    list_with_more(endpoints.iter().flat_map(|e| e.addresses.iter().cloned()))
}
