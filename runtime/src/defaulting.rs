//! Defaulting on the typed objects, as defaulter-gen's `SetObjectDefaults_<Type>`
//! functions and the hand-written `SetDefaults_<Type>` they call
//! (`k8s.io/code-generator/cmd/defaulter-gen`, and for the built-in kinds
//! `pkg/apis/<group>/<version>/defaults.go`).
//!
//! The generator writes [`SetDefaults`] (`zz_generated.defaults.rs`) for
//! every struct whose defaulting does something: the type's [`DefaultHook`]
//! (marker `+defaulting:hook`), then each field's `+default` (a Rust value
//! written at generate time) where the field is unset as Go sees it (`None`,
//! or the zero value of a non-optional field), then the defaulting of the
//! structs the field holds. The server runs it once per decoded object
//! (a request body, a stored object), before the object becomes JSON.

/// Fills a typed object's defaults, recursively: upstream's
/// `SetObjectDefaults_<Type>`. Generated; the registry entry of a kind
/// with defaulting (its `registry::ServedKind`) calls it on every object it
/// decodes.
pub trait SetDefaults {
    /// Sets every unset field that has a default, here and in the structs
    /// held below, in upstream's order (hook first, then fields in
    /// declaration order).
    fn set_defaults(&mut self);
}

/// Hand-written defaulting for what `+default` cannot say (conditional or
/// computed defaults): upstream's `SetDefaults_<Type>`. Implemented beside a
/// type marked `+defaulting:hook`; the generated [`SetDefaults`] of the
/// type calls it first, before the `+default`s of its fields, wherever the
/// type appears. Written against the Rust struct, so a renamed field fails
/// to compile.
pub trait DefaultHook {
    /// Fills the defaults of one value of this type.
    fn default_hook(&mut self);
}
