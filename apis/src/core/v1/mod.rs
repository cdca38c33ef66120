//! Version v1 of the core group, ported from `k8s.io/api/core/v1`.
//!
//! +groupName=
//! +k8s:supportsSubresource="/status"

mod binding;
mod endpoints;
mod env_validation;
mod event_validation;
mod handler_validation;
mod limit_range;
mod node;
mod persistent_volume_claim;
mod pod;
mod pod_update;
mod printers;
mod qos;
mod replication_controller;
mod resource_quota;
mod secret;
mod service;
mod service_account;
mod service_registry;
mod service_validation;
mod strategy;
mod types;
mod validation;
pub mod warnings;

pub use binding::*;
pub use endpoints::*;
pub(crate) use event_validation::{
    legacy_event_errors, strict_event_create_errors, strict_event_update_errors,
};
pub(crate) use limit_range::container_resource_name_errors;
pub use limit_range::*;
pub use node::*;
pub use persistent_volume_claim::*;
pub use pod::*;
pub use replication_controller::*;
pub(crate) use replication_controller::{ReplicaCounts, replica_counts_errors};
pub use resource_quota::*;
pub use secret::*;
pub use service::*;
pub use service_account::*;
pub(crate) use service_validation::{legacy_ip_errors, non_special_ip_errors, parse_ip_sloppy};
pub use types::*;
pub use validation::is_extended_resource_name;
pub(crate) use validation::{
    PORT_RANGE, is_native_resource, overcommit_allowed, port_name_errors,
    resource_quantity_value_errors,
};
pub(crate) use warnings::ip_warning;

include!("zz_generated.register.rs");
include!("zz_generated.protobuf.rs");
include!("zz_generated.schema.rs");
include!("zz_generated.defaults.rs");
include!("zz_generated.validations.rs");
