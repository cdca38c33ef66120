//! +groupName=example.dev
use macros::Resource;
use runtime::meta::ObjectMeta;
use serde::{Deserialize, Serialize};

/// +genclient:onlyVerbs=create,lst
#[derive(Serialize, Deserialize, Resource)]
pub struct Widget {
    pub metadata: ObjectMeta,
}

fn main() {}
