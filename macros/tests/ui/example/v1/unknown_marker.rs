//! +groupName=example.dev
use macros::Resource;
use runtime::meta::ObjectMeta;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Resource)]
pub struct Widget {
    pub metadata: ObjectMeta,
    /// The display name.
    /// +k8s:maxLen=10
    pub name: Option<String>,
}

fn main() {}
