//! +groupName=example.dev
use macros::Resource;
use runtime::meta::ObjectMeta;
use runtime::resource::Resource as _;
use serde::{Deserialize, Serialize};

/// +kubebuilder:resource:shortName=wd
#[derive(Serialize, Deserialize, Resource)]
pub struct Widget {
    pub metadata: ObjectMeta,
    /// +k8s:optional
    /// +k8s:maxLength=10
    pub name: Option<String>,
}

fn main() {
    assert_eq!(Widget::INFO.api_version, "example.dev/v1");
    assert_eq!(Widget::INFO.short_names, ["wd"]);
}
