//! The runtime of declarative validation: the helpers generated
//! validation code calls, as `k8s.io/apimachinery/pkg/api/validate` serves
//! `zz_generated.validations.go`.
//!
//! Generated code implements [`Validate`] for each API type, calling the
//! helpers re-exported here with typed values (`&str`, `i64`, lengths,
//! presence flags) and the field's [`Path`]; each helper returns an
//! [`ErrorList`], empty when valid, with upstream's exact messages:
//!
//! - presence: [`required_value`], [`forbidden_value`];
//! - sizes and ranges: [`max_length`], [`min_length`], [`max_bytes`],
//!   [`max_items`], [`min_items`], [`max_properties`], [`min_properties`],
//!   [`minimum`], [`maximum`];
//! - values: [`neq_str`], [`neq_int`], [`neq_bool`], [`enum_value`],
//!   [`format()`], [`immutable`];
//! - lists and maps: [`unique`], [`unique_set`], [`unique_map`],
//!   [`each_slice_val`], [`each_map_val`], [`each_map_key`], [`slice_item`];
//! - unions: [`union`], [`zero_or_one_of`], [`discriminated_union`] and
//!   their `*_update` forms.
//!
//! Updates ratchet: a value equal to its old value is not validated again
//! ([`unchanged`]), so objects stored before a rule tightened stay
//! updatable.
//!
//! Upstream sources: `validate/required.go`, `limits.go`, `equality.go`,
//! `enum.go`, `immutable.go`, `strfmt.go`, `net.go`, `each.go`, `item.go`,
//! `union.go`, `zeroorone.go`, `options.go` and `validate/content`.

use std::collections::{BTreeMap, BTreeSet};

use crate::field::{ErrorList, Path};

pub(crate) mod format;
mod label_selector;
mod limits;
mod list;
pub mod names;
mod schema;
mod union;

pub use format::{FORMATS, format};
pub use label_selector::{label_selector, label_selector_converts, labels};
pub use limits::{
    enum_value, forbidden_value, immutable, immutable_field, max_bytes, max_items, max_length,
    max_properties, maximum, min_items, min_length, min_properties, minimum, neq_bool, neq_int,
    neq_str, required_value,
};
pub use list::{
    OldItems, each_map_key, each_map_val, each_slice_val, slice_item, unique, unique_by_key,
    unique_map, unique_set,
};
pub use schema::{embedded_resource, pattern};
pub use union::{
    discriminated_union, discriminated_union_update, union, union_update, zero_or_one_of,
    zero_or_one_of_update,
};

/// The kind of write being validated (upstream's `operation.Type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Operation {
    /// A create: there is no old object.
    #[default]
    Create,
    /// An update: the old object is passed for ratcheting and transition
    /// rules.
    Update,
}

/// What a validation runs for (upstream's `operation.Operation`): the
/// operation, the subresource written, and the validation options enabled
/// (for `+k8s:ifEnabled`/`+k8s:ifDisabled`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Context {
    /// Create or update.
    pub operation: Operation,
    /// The subresource written: `""` for the object itself, `"/status"`,
    /// `"/scale"`; packages tagged `+k8s:isSubresource` validate only theirs.
    pub subresource: String,
    /// The enabled validation options (feature gates), by name.
    pub enabled_options: BTreeSet<String>,
}

impl Context {
    /// A create of the object itself, no options enabled.
    pub fn create() -> Context {
        Context::default()
    }

    /// An update of the object itself, no options enabled.
    pub fn update() -> Context {
        Context {
            operation: Operation::Update,
            ..Context::default()
        }
    }

    /// This context for the given subresource (`"/status"`).
    pub fn with_subresource(mut self, subresource: &str) -> Context {
        self.subresource = subresource.to_string();
        self
    }

    /// This context with the named option enabled.
    pub fn with_option(mut self, name: &str) -> Context {
        self.enabled_options.insert(name.to_string());
        self
    }

    /// Whether the named option is enabled: `+k8s:ifEnabled("x")`
    /// validations run when it is, `+k8s:ifDisabled("x")` ones when not.
    pub fn option_enabled(&self, name: &str) -> bool {
        self.enabled_options.contains(name)
    }

    /// Whether this is an update.
    pub fn is_update(&self) -> bool {
        self.operation == Operation::Update
    }
}

/// Whether validation of `value` may be skipped: on update, when it equals
/// its old value (ratcheting).
pub fn unchanged<T: PartialEq + ?Sized>(ctx: &Context, value: &T, old: Option<&T>) -> bool {
    ctx.is_update() && old.is_some_and(|old| old == value)
}

/// Declarative validation of a type, implemented by generated code (as
/// `zz_generated.validations.go`) and, as no-ops or recursion, for the
/// types API types are built from.
pub trait Validate {
    /// The request subresource paths this type's validation serves, from
    /// its package's tags: `"/"` plus each `+k8s:supportsSubresource`, or
    /// only the `+k8s:isSubresource` path. `None` (no such tag) serves
    /// every path. A kind written through a path outside the list fails
    /// validation with an internal error, as validation-gen's registration
    /// does ([`subresource_supported`]).
    const SUBRESOURCES: Option<&'static [&'static str]> = None;

    /// Validates `self` (the new object) against `old` (on update; `None`
    /// on create); values equal to the old value are not re-validated
    /// (ratcheting).
    fn validate_update(&self, old: Option<&Self>, path: &Path, ctx: &Context) -> ErrorList;

    /// Create-time validation: `validate_update` with no old value.
    fn validate(&self, path: &Path, ctx: &Context) -> ErrorList {
        self.validate_update(None, path, ctx)
    }
}

/// Whether `T`'s validation serves the request's subresource
/// (`ctx.subresource`, `""` being the object itself, `"/"`); if not, the
/// error validation-gen's registration returns:
/// `<nil>: Internal error: no validation found for *v1.Widget, subresource: /scale`.
/// `version` and `kind` spell the Go type (`*v1.Widget`).
pub fn subresource_supported<T: Validate>(ctx: &Context, version: &str, kind: &str) -> ErrorList {
    let path = if ctx.subresource.is_empty() {
        "/"
    } else {
        ctx.subresource.as_str()
    };
    match T::SUBRESOURCES {
        Some(paths) if !paths.contains(&path) => {
            let mut e = crate::field::Error::internal(
                &Path::root(),
                &format!("no validation found for *{version}.{kind}, subresource: {path}"),
            );
            // Upstream passes a nil path, which prints as `<nil>`.
            e.field = "<nil>".into();
            vec![e]
        }
        _ => Vec::new(),
    }
}

/// Hand-written validation beside the generated one (as `validation.go`
/// beside `zz_generated.validations.go`): implemented by API developers;
/// the default adds nothing.
pub trait ValidateExtra {
    /// Validates `self` against `old` (on update) before the generated
    /// validation of its fields, for checks upstream's hand-written
    /// validation makes first (a pod template's labels before its spec, a
    /// workload's replicas and selector before its template); returns no
    /// errors unless overridden.
    fn validate_extra_first(&self, _old: Option<&Self>, _path: &Path, _ctx: &Context) -> ErrorList {
        Vec::new()
    }

    /// Validates `self` against `old` (on update) after the generated
    /// validation of its fields; returns no errors unless overridden.
    fn validate_extra(&self, _old: Option<&Self>, _path: &Path, _ctx: &Context) -> ErrorList {
        Vec::new()
    }
}

/// Types with no declarative validation of their own.
macro_rules! validate_nothing {
    ($($t:ty),* $(,)?) => {
        $(
            impl Validate for $t {
                fn validate_update(
                    &self,
                    _old: Option<&Self>,
                    _path: &Path,
                    _ctx: &Context,
                ) -> ErrorList {
                    Vec::new()
                }
            }
        )*
    };
}

validate_nothing!(
    String,
    bool,
    i8,
    i16,
    i32,
    i64,
    i128,
    isize,
    u8,
    u16,
    u32,
    u64,
    u128,
    usize,
    f32,
    f64,
    serde_json::Value,
    crate::meta::Time,
    crate::meta::MicroTime,
);

// Metadata is validated by the server (`server::validation`), not here.
validate_nothing!(
    crate::meta::ObjectMeta,
    crate::meta::ListMeta,
    crate::meta::OwnerReference,
    crate::meta::ManagedFieldsEntry,
    crate::meta::Condition,
);

/// Each item at `path[i]`, against the old item at the same index; items
/// equal to it are skipped on update.
impl<T: Validate + PartialEq> Validate for Vec<T> {
    fn validate_update(&self, old: Option<&Self>, path: &Path, ctx: &Context) -> ErrorList {
        let mut errs = Vec::new();
        for (i, item) in self.iter().enumerate() {
            let old_item = old.and_then(|o| o.get(i));
            if unchanged(ctx, item, old_item) {
                continue;
            }
            errs.append(&mut item.validate_update(old_item, &path.index(i), ctx));
        }
        errs
    }
}

/// Each value at `path[key]`, against the old value under the same key;
/// values equal to it are skipped on update.
impl<T: Validate + PartialEq> Validate for BTreeMap<String, T> {
    fn validate_update(&self, old: Option<&Self>, path: &Path, ctx: &Context) -> ErrorList {
        let mut errs = Vec::new();
        for (key, value) in self {
            let old_value = old.and_then(|o| o.get(key));
            if unchanged(ctx, value, old_value) {
                continue;
            }
            errs.append(&mut value.validate_update(old_value, &path.key(key), ctx));
        }
        errs
    }
}

/// The value when present (against the old value when that was present);
/// nothing when absent — `+k8s:required` is checked by the parent.
impl<T: Validate> Validate for Option<T> {
    fn validate_update(&self, old: Option<&Self>, path: &Path, ctx: &Context) -> ErrorList {
        match self {
            Some(value) => value.validate_update(old.and_then(Option::as_ref), path, ctx),
            None => Vec::new(),
        }
    }
}

/// The boxed value.
impl<T: Validate> Validate for Box<T> {
    fn validate_update(&self, old: Option<&Self>, path: &Path, ctx: &Context) -> ErrorList {
        (**self).validate_update(old.map(|o| &**o), path, ctx)
    }
}

#[cfg(test)]
mod tests {
    //! The trait's recursion, ratcheting and context; helper messages are
    //! tested beside each helper.

    use super::*;
    use crate::meta::ObjectMeta;

    /// A stand-in for a generated type: `+k8s:minimum=1` on `replicas`,
    /// `+k8s:maxLength=3` on each tag.
    #[derive(Clone, Debug, PartialEq)]
    struct Spec {
        replicas: i64,
        tags: Vec<Tag>,
        labels: BTreeMap<String, Tag>,
        child: Option<Box<Spec>>,
        meta: ObjectMeta,
    }

    #[derive(Clone, Debug, PartialEq)]
    struct Tag(String);

    impl Validate for Tag {
        fn validate_update(&self, old: Option<&Self>, path: &Path, ctx: &Context) -> ErrorList {
            if unchanged(ctx, self, old) {
                return Vec::new();
            }
            max_length(path, &self.0, 3)
        }
    }

    impl Validate for Spec {
        fn validate_update(&self, old: Option<&Self>, path: &Path, ctx: &Context) -> ErrorList {
            if unchanged(ctx, self, old) {
                return Vec::new();
            }
            let mut errs = Vec::new();
            if !unchanged(ctx, &self.replicas, old.map(|o| &o.replicas)) {
                errs.extend(minimum(&path.child("replicas"), self.replicas, 1));
            }
            errs.extend(
                self.tags
                    .validate_update(old.map(|o| &o.tags), &path.child("tags"), ctx),
            );
            errs.extend(self.labels.validate_update(
                old.map(|o| &o.labels),
                &path.child("labels"),
                ctx,
            ));
            errs.extend(self.child.validate_update(
                old.map(|o| &o.child),
                &path.child("child"),
                ctx,
            ));
            errs.extend(self.meta.validate_update(
                old.map(|o| &o.meta),
                &path.child("metadata"),
                ctx,
            ));
            errs
        }
    }

    impl ValidateExtra for Spec {}

    fn spec() -> Spec {
        Spec {
            replicas: 0,
            tags: vec![Tag("ok".into()), Tag("toolong".into())],
            labels: [("app".into(), Tag("long".into()))].into(),
            child: Some(Box::new(Spec {
                replicas: 1,
                tags: vec![Tag("four".into())],
                labels: BTreeMap::new(),
                child: None,
                meta: ObjectMeta::default(),
            })),
            meta: ObjectMeta::default(),
        }
    }

    fn rendered(errs: ErrorList) -> Vec<String> {
        errs.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn create_validates_everything_with_paths() {
        assert_eq!(
            rendered(spec().validate(&Path::new("spec"), &Context::create())),
            [
                "spec.replicas: Invalid value: 0: must be greater than or equal to 1",
                "spec.tags[1]: Too long: may not be more than 3 characters",
                "spec.labels[app]: Too long: may not be more than 3 characters",
                "spec.child.tags[0]: Too long: may not be more than 3 characters",
            ]
        );
        assert!(
            spec()
                .validate_extra(None, &Path::root(), &Context::create())
                .is_empty()
        );
    }

    #[test]
    fn update_ratchets_unchanged_values() {
        let old = spec();
        let ctx = Context::update();
        assert!(
            spec()
                .validate_update(Some(&old), &Path::new("spec"), &ctx)
                .is_empty()
        );
        let mut new = spec();
        new.replicas = -1;
        new.tags.push(Tag("again".into()));
        new.labels.insert("new".into(), Tag("label".into()));
        assert_eq!(
            rendered(new.validate_update(Some(&old), &Path::new("spec"), &ctx)),
            [
                "spec.replicas: Invalid value: -1: must be greater than or equal to 1",
                "spec.tags[2]: Too long: may not be more than 3 characters",
                "spec.labels[new]: Too long: may not be more than 3 characters",
            ]
        );
        // The same old value on a create is ignored.
        assert_eq!(
            spec()
                .validate_update(Some(&old), &Path::new("spec"), &Context::create())
                .len(),
            4
        );
    }

    #[test]
    fn contexts() {
        let ctx = Context::update()
            .with_subresource("/status")
            .with_option("MyFeature");
        assert!(ctx.is_update());
        assert_eq!(ctx.subresource, "/status");
        assert!(ctx.option_enabled("MyFeature"));
        assert!(!ctx.option_enabled("Other"));
        assert_eq!(Context::create().operation, Operation::Create);
        assert!(!unchanged(&Context::create(), &1, Some(&1)));
        assert!(unchanged(&Context::update(), &1, Some(&1)));
        assert!(!unchanged(&Context::update(), &1, None));
    }

    #[test]
    fn primitives_and_metadata_validate_nothing() {
        let ctx = Context::create();
        let p = Path::root();
        assert!(String::from("x").validate(&p, &ctx).is_empty());
        assert!(5i32.validate(&p, &ctx).is_empty());
        assert!(true.validate(&p, &ctx).is_empty());
        assert!(serde_json::json!({"a": 1}).validate(&p, &ctx).is_empty());
        assert!(ObjectMeta::default().validate(&p, &ctx).is_empty());
        assert!(Some(vec![1u8]).validate(&p, &ctx).is_empty());
    }

    /// A type of a package tagged `+k8s:isSubresource="/scale"` (what the
    /// generator emits) is validated only for `/scale`; one without the
    /// tags for every path.
    #[test]
    fn subresource_tags_choose_the_paths_validated() {
        struct ScaleLike;
        impl Validate for ScaleLike {
            const SUBRESOURCES: Option<&'static [&'static str]> = Some(&["/scale"]);
            fn validate_update(&self, _: Option<&Self>, _: &Path, _: &Context) -> ErrorList {
                Vec::new()
            }
        }
        struct Untagged;
        impl Validate for Untagged {
            fn validate_update(&self, _: Option<&Self>, _: &Path, _: &Context) -> ErrorList {
                Vec::new()
            }
        }
        let at = |sub: &str| Context::update().with_subresource(sub);
        let messages =
            |errs: ErrorList| -> Vec<String> { errs.iter().map(|e| e.to_string()).collect() };
        assert!(subresource_supported::<ScaleLike>(&at("/scale"), "v1", "Scale").is_empty());
        assert_eq!(
            messages(subresource_supported::<ScaleLike>(&at(""), "v1", "Scale")),
            ["<nil>: Internal error: no validation found for *v1.Scale, subresource: /"]
        );
        assert_eq!(
            messages(subresource_supported::<ScaleLike>(
                &at("/status"),
                "v1",
                "Scale"
            )),
            ["<nil>: Internal error: no validation found for *v1.Scale, subresource: /status"]
        );
        for sub in ["", "/status", "/scale", "/anything"] {
            assert!(subresource_supported::<Untagged>(&at(sub), "v1", "Untagged").is_empty());
        }
    }
}
