//! Version v1 of the `batch` group, ported from `k8s.io/api/batch/v1`.
//!
//! +groupName=batch

mod cron;
mod cron_job;
mod job_spec_validation;
mod printers;
mod strategy;
mod types;
mod validation;

pub use strategy::{
    CONTROLLER_UID_LABEL, JOB_NAME_LABEL, LEGACY_CONTROLLER_UID_LABEL, LEGACY_JOB_NAME_LABEL,
};

pub use cron_job::*;
pub use types::*;

include!("zz_generated.register.rs");
include!("zz_generated.protobuf.rs");
include!("zz_generated.schema.rs");
include!("zz_generated.defaults.rs");
include!("zz_generated.validations.rs");
