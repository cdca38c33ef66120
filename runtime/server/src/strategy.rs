//! The kinds' registry strategies as the generic store calls them: the
//! per-kind behaviour of `pkg/registry/<group>/<kind>/strategy.go` that a
//! kind declares on its Rust type (`runtime::resource::Strategy`, marker
//! `+resource:strategy`) and the derive records in its `ResourceInfo`.

use serde_json::Value;

use super::ApiServer;
use super::status::ApiError;
use runtime::resource::ResourceInfo;

impl ApiServer {
    /// The kind strategy's `PrepareForCreate`, where it has one.
    ///
    /// Errors: the object does not decode into the kind's type (500; the
    /// server decoded it through that type already).
    pub(super) fn prepare_for_create(
        &self,
        ri: &ResourceInfo,
        obj: &mut Value,
    ) -> Result<(), ApiError> {
        match ri.strategy.prepare_for_create {
            Some(prepare) => prepare(obj).map_err(ApiError::internal),
            None => Ok(()),
        }
    }
}
