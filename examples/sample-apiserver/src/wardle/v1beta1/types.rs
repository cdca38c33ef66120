use macros::Resource;
use runtime::meta::ObjectMeta;
use serde::{Deserialize, Serialize};

/// Flunder is an example namespaced resource of the sample API server.
///
/// +genclient
/// +kubebuilder:resource:shortName=fl
/// +kubebuilder:storageversion
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct Flunder {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired state of the flunder.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub spec: FlunderSpec,
    /// The observed state of the flunder.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub status: FlunderStatus,
}

/// FlunderSpec is the desired state of a Flunder.
///
/// +defaulting:hook
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct FlunderSpec {
    /// A name of another flunder, mutually exclusive to the
    /// fischerReference.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub flunder_reference: String,
    /// A name of a fischer, mutually exclusive to the flunderReference.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fischer_reference: String,
    /// The reference type: `Flunder` or `Fischer`; defaults to the
    /// reference that is set.
    /// +optional
    /// +kubebuilder:validation:Pattern=`^(Flunder|Fischer)$`
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference_type: Option<String>,
}

/// FlunderStatus is the observed state of a Flunder (upstream's is empty).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct FlunderStatus {}

/// `SetDefaults_FlunderSpec` (v1beta1): without a type, a reference of one
/// kind gives the type.
impl runtime::defaulting::DefaultHook for FlunderSpec {
    fn default_hook(&mut self) {
        if !self.reference_type.as_deref().unwrap_or("").is_empty() {
            return;
        }
        if !self.flunder_reference.is_empty() {
            self.reference_type = Some("Flunder".into());
        } else if !self.fischer_reference.is_empty() {
            self.reference_type = Some("Fischer".into());
        }
    }
}

/// Upstream's `ValidateFlunderSpec` (`pkg/apis/wardle/validation`): at
/// most one reference, and the one set is the one the reference type
/// names.
impl runtime::validate::ValidateExtra for FlunderSpec {
    fn validate_extra(
        &self,
        _old: Option<&Self>,
        path: &runtime::field::Path,
        _ctx: &runtime::validate::Context,
    ) -> runtime::field::ErrorList {
        use runtime::field::{BadValue, Error};
        let kind = self.reference_type.as_deref().unwrap_or("");
        let invalid = |field: &str, value: &str, detail: &str| {
            vec![Error::invalid(
                &path.child(field),
                BadValue::Str(value.to_string()),
                detail,
            )]
        };
        let (flunder, fischer) = (&self.flunder_reference, &self.fischer_reference);
        if !flunder.is_empty() && !fischer.is_empty() {
            invalid(
                "fischerReference",
                fischer,
                "cannot be set with flunderReference at the same time",
            )
        } else if !flunder.is_empty() && kind != "Flunder" {
            invalid(
                "flunderReference",
                flunder,
                "cannot be set if referenceType is not Flunder",
            )
        } else if !fischer.is_empty() && kind != "Fischer" {
            invalid(
                "fischerReference",
                fischer,
                "cannot be set if referenceType is not Fischer",
            )
        } else if fischer.is_empty() && kind == "Fischer" {
            invalid(
                "fischerReference",
                fischer,
                "cannot be empty if referenceType is Fischer",
            )
        } else if flunder.is_empty() && kind == "Flunder" {
            invalid(
                "flunderReference",
                flunder,
                "cannot be empty if referenceType is Flunder",
            )
        } else {
            Vec::new()
        }
    }
}
