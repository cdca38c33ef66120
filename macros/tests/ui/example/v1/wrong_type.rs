//! +groupName=example.dev
use macros::Resource;
use runtime::meta::ObjectMeta;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Resource)]
pub struct Widget {
    pub metadata: ObjectMeta,
    /// +k8s:maxLength=10
    pub count: i32,
    /// +k8s:optional
    /// +k8s:required
    pub size: Option<i64>,
}

fn main() {}
