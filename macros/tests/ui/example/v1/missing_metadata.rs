//! +groupName=example.dev
use macros::Resource;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Resource)]
pub struct Widget {
    pub name: String,
}

fn main() {}
