//! `pkg/apis/authorization/validation`: what an access review must be.
//!
//! Bad values print as `field.Error` renders them since Kubernetes 1.34:
//! as JSON, an internal struct (the attributes) with Go's field names,
//! as the internal types have no JSON tags.

use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::meta::ObjectMeta;
use runtime::validate::{Context, ValidateExtra};

use super::{
    FieldSelectorAttributes, LabelSelectorAttributes, LocalSubjectAccessReview,
    NonResourceAttributes, ResourceAttributes, SelfSubjectAccessReview, SubjectAccessReview,
    SubjectAccessReviewSpec,
};

impl ValidateExtra for SubjectAccessReview {
    /// `ValidateSubjectAccessReview`: the spec, and no metadata (managed
    /// fields aside).
    fn validate_extra(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = subject_spec_errors(&self.spec, &path.child("spec"));
        let mut meta = self.metadata.clone();
        meta.managed_fields.clear();
        if meta != ObjectMeta::default() {
            errs.push(Error::invalid(
                &path.child("metadata"),
                metadata_value(&self.metadata),
                "must be empty",
            ));
        }
        errs
    }
}

impl ValidateExtra for SelfSubjectAccessReview {
    /// `ValidateSelfSubjectAccessReview`: exactly one kind of attributes,
    /// and valid selectors.
    fn validate_extra(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let spec = &path.child("spec");
        let mut errs = one_kind_of_attributes(
            self.spec.resource_attributes.as_ref(),
            self.spec.non_resource_attributes.as_ref(),
            spec,
        );
        errs.extend(resource_attributes_errors(
            self.spec.resource_attributes.as_ref(),
            &spec.child("resourceAttributes"),
        ));
        errs
    }
}

impl ValidateExtra for LocalSubjectAccessReview {
    /// `ValidateLocalSubjectAccessReview`: the spec; no metadata but the
    /// namespace, which the resource attributes' namespace must be; no
    /// non-resource attributes.
    fn validate_extra(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let spec = &path.child("spec");
        let mut errs = subject_spec_errors(&self.spec, spec);
        let mut meta = self.metadata.clone();
        meta.namespace = None;
        meta.managed_fields.clear();
        if meta != ObjectMeta::default() {
            errs.push(Error::invalid(
                &path.child("metadata"),
                metadata_value(&self.metadata),
                "must be empty except for namespace",
            ));
        }
        let namespace = self.metadata.namespace.as_deref().unwrap_or("");
        if let Some(attributes) = &self.spec.resource_attributes
            && attributes.namespace != namespace
        {
            errs.push(Error::invalid(
                &spec.child("resourceAttributes").child("namespace"),
                BadValue::Str(attributes.namespace.clone()),
                "must match metadata.namespace",
            ));
        }
        if let Some(attributes) = &self.spec.non_resource_attributes {
            errs.push(Error::invalid(
                &spec.child("nonResourceAttributes"),
                non_resource_value(attributes),
                "disallowed on this kind of request",
            ));
        }
        errs
    }
}

/// `ValidateSubjectAccessReviewSpec`: exactly one kind of attributes, a
/// user or a group, valid selectors.
fn subject_spec_errors(spec: &SubjectAccessReviewSpec, path: &Path) -> ErrorList {
    let mut errs = one_kind_of_attributes(
        spec.resource_attributes.as_ref(),
        spec.non_resource_attributes.as_ref(),
        path,
    );
    if spec.user.is_empty() && spec.groups.is_empty() {
        errs.push(Error::invalid(
            &path.child("user"),
            BadValue::Str(spec.user.clone()),
            "at least one of user or group must be specified",
        ));
    }
    errs.extend(resource_attributes_errors(
        spec.resource_attributes.as_ref(),
        &path.child("resourceAttributes"),
    ));
    errs
}

/// Exactly one of `resourceAttributes` and `nonResourceAttributes`.
fn one_kind_of_attributes(
    resource: Option<&ResourceAttributes>,
    non_resource: Option<&NonResourceAttributes>,
    path: &Path,
) -> ErrorList {
    match (resource, non_resource) {
        (Some(_), Some(non_resource)) => vec![Error::invalid(
            &path.child("nonResourceAttributes"),
            non_resource_value(non_resource),
            "cannot be specified in combination with resourceAttributes",
        )],
        // Upstream reports the (nil) non-resource attributes: `null`.
        (None, None) => vec![Error::invalid(
            &path.child("resourceAttributes"),
            BadValue::Json(serde_json::Value::Null),
            "exactly one of nonResourceAttributes or resourceAttributes must be specified",
        )],
        _ => Vec::new(),
    }
}

/// `validateResourceAttributes`: the field and label selectors.
fn resource_attributes_errors(attributes: Option<&ResourceAttributes>, path: &Path) -> ErrorList {
    let Some(attributes) = attributes else {
        return Vec::new();
    };
    let mut errs = Vec::new();
    if let Some(FieldSelectorAttributes {
        raw_selector,
        requirements,
    }) = &attributes.field_selector
    {
        errs.extend(selector_errors(
            raw_selector,
            requirements.is_empty(),
            &path.child("fieldSelector"),
        ));
    }
    if let Some(LabelSelectorAttributes {
        raw_selector,
        requirements,
    }) = &attributes.label_selector
    {
        errs.extend(selector_errors(
            raw_selector,
            requirements.is_empty(),
            &path.child("labelSelector"),
        ));
    }
    errs
}

/// `validateFieldSelectorAttributes` and `validateLabelSelectorAttributes`:
/// the selector's text or its requirements, one of them. (The
/// requirements themselves are not checked here.)
fn selector_errors(raw: &str, no_requirements: bool, path: &Path) -> ErrorList {
    match (raw.is_empty(), no_requirements) {
        (false, false) => vec![Error::invalid(
            &path.child("rawSelector"),
            BadValue::Str(raw.to_string()),
            "may not specified at the same time as requirements",
        )],
        (true, true) => vec![Error::required(
            &path.child("requirements"),
            &format!("when {path} is specified, requirements or rawSelector is required"),
        )],
        _ => Vec::new(),
    }
}

/// The internal `NonResourceAttributes` as JSON.
fn non_resource_value(attributes: &NonResourceAttributes) -> BadValue {
    BadValue::Json(serde_json::json!({"Path": attributes.path, "Verb": attributes.verb}))
}

/// A review's metadata as its JSON.
fn metadata_value(meta: &ObjectMeta) -> BadValue {
    BadValue::Json(serde_json::to_value(meta).unwrap_or(serde_json::Value::Null))
}
