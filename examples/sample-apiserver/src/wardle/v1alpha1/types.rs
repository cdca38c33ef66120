use macros::Resource;
use runtime::meta::ObjectMeta;
use serde::{Deserialize, Serialize};

/// Flunder is an example namespaced resource of the sample API server.
///
/// +genclient
/// +kubebuilder:resource:shortName=fl
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
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct FlunderSpec {
    /// A name of another flunder or fischer, depending on the reference type.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reference: String,
    /// The reference type: `Flunder` or `Fischer`.
    /// +optional
    /// +kubebuilder:validation:Pattern=`^(Flunder|Fischer)$`
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference_type: Option<String>,
}

/// FlunderStatus is the observed state of a Flunder (upstream's is empty).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct FlunderStatus {}

/// Fischer is an example cluster-scoped resource of the sample API server:
/// the names of the flunders it disallows.
///
/// +genclient
/// +genclient:nonNamespaced
/// +kubebuilder:resource:scope=Cluster
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct Fischer {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// DisallowedFlunders holds a list of Flunder.Names that are disallowed.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub disallowed_flunders: Vec<String>,
}

/// `SetDefaults_FlunderSpec`: a reference without a type refers to a
/// Flunder.
impl runtime::defaulting::DefaultHook for FlunderSpec {
    fn default_hook(&mut self) {
        if self.reference_type.as_deref().unwrap_or("").is_empty() && !self.reference.is_empty() {
            self.reference_type = Some("Flunder".into());
        }
    }
}
