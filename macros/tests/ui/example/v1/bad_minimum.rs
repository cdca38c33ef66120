//! +groupName=example.dev
use macros::Resource;
use runtime::meta::ObjectMeta;
use serde::{Deserialize, Serialize};

// Two signs once panicked the derive (negating i128::MIN); now the marker
// is refused where it stands, as strconv refuses the number.
#[derive(Serialize, Deserialize, Resource)]
pub struct Widget {
    pub metadata: ObjectMeta,
    /// +k8s:minimum=--170141183460469231731687303715884105728
    pub replicas: i32,
    /// +k8s:maximum=0x-5
    pub surge: i32,
}

fn main() {}
