use macros::Resource;
use runtime::meta::ObjectMeta;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Resource)]
pub struct Widget {
    pub metadata: ObjectMeta,
}

fn main() {}
