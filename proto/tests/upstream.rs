//! Our generated `.proto` files against upstream's v1.36.0 `generated.proto`
//! (`../shared/fixtures/kubernetes-proto/`), both parsed with protox: every
//! message we generate must have upstream's descriptor (name, package,
//! fields with names, numbers, labels, types and type names, map entries).

use std::path::{Path, PathBuf};

use prost_types::{DescriptorProto, FileDescriptorProto, FileDescriptorSet};

#[path = "../src/sources.rs"]
mod sources;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn upstream_root() -> PathBuf {
    workspace().join("../shared/fixtures/kubernetes-proto")
}

/// Our files, with `patch` replacing one file's text (name, text).
struct Patched {
    files: sources::Resolver,
    patch: Option<(String, String)>,
}

impl protox::file::FileResolver for Patched {
    fn open_file(&self, name: &str) -> Result<protox::file::File, protox::Error> {
        match &self.patch {
            Some((n, text)) if n == name => protox::file::File::from_source(name, text),
            _ => self.files.open_file(name),
        }
    }
}

fn ours(patch: Option<(String, String)>) -> (Vec<String>, FileDescriptorSet) {
    let files = sources::proto_files(&workspace()).unwrap();
    let names: Vec<String> = files.iter().map(|(n, _)| n.clone()).collect();
    let mut compiler = protox::Compiler::with_file_resolver(Patched {
        files: sources::Resolver(files),
        patch,
    });
    compiler.open_files(&names).unwrap();
    (names, compiler.file_descriptor_set())
}

fn upstream(names: &[&str]) -> FileDescriptorSet {
    let mut compiler = protox::Compiler::new([upstream_root()]).unwrap();
    compiler.open_files(names).unwrap();
    compiler.file_descriptor_set()
}

/// The differences between each of our messages and upstream's.
fn differences(ours: &FileDescriptorSet) -> (Vec<String>, usize) {
    let mut diffs = Vec::new();
    let mut compared = 0;
    let with_upstream: Vec<&FileDescriptorProto> = ours
        .file
        .iter()
        .filter(|f| upstream_root().join(f.name()).exists())
        .collect();
    let names: Vec<&str> = with_upstream.iter().map(|f| f.name()).collect();
    let theirs = upstream(&names);
    for file in with_upstream {
        let Some(up) = theirs.file.iter().find(|u| u.name() == file.name()) else {
            diffs.push(format!("{}: not compiled upstream", file.name()));
            continue;
        };
        if file.package() != up.package() {
            diffs.push(format!(
                "{}: package {} != upstream {}",
                file.name(),
                file.package(),
                up.package()
            ));
        }
        for message in &file.message_type {
            match up.message_type.iter().find(|m| m.name() == message.name()) {
                Some(u) => {
                    compared += 1;
                    compare(
                        &format!("{}.{}", file.package(), message.name()),
                        message,
                        u,
                        &mut diffs,
                    );
                }
                None => diffs.push(format!(
                    "{}.{}: no such upstream message",
                    file.package(),
                    message.name()
                )),
            }
        }
    }
    (diffs, compared)
}

fn compare(path: &str, ours: &DescriptorProto, theirs: &DescriptorProto, diffs: &mut Vec<String>) {
    let shape = |f: &prost_types::FieldDescriptorProto| {
        format!(
            "{} {:?} {:?} {} = {}",
            f.name(),
            f.label(),
            f.r#type(),
            f.type_name(),
            f.number()
        )
    };
    let mut mine: Vec<String> = ours.field.iter().map(shape).collect();
    let mut upstream: Vec<String> = theirs.field.iter().map(shape).collect();
    mine.sort();
    upstream.sort();
    for f in mine.iter().filter(|f| !upstream.contains(f)) {
        diffs.push(format!("{path}: ours `{f}`, not upstream's"));
    }
    for f in upstream.iter().filter(|f| !mine.contains(f)) {
        diffs.push(format!("{path}: upstream's `{f}` missing"));
    }
    let map_entry = |m: &DescriptorProto| m.options.as_ref().and_then(|o| o.map_entry);
    for nested in &ours.nested_type {
        match theirs
            .nested_type
            .iter()
            .find(|n| n.name() == nested.name())
        {
            Some(u) => {
                if map_entry(nested) != map_entry(u) {
                    diffs.push(format!("{path}.{}: map entry differs", nested.name()));
                }
                compare(&format!("{path}.{}", nested.name()), nested, u, diffs);
            }
            None => diffs.push(format!(
                "{path}.{}: no such upstream nested message",
                nested.name()
            )),
        }
    }
}

#[test]
fn every_generated_message_has_upstreams_descriptor() {
    let (names, set) = ours(None);
    assert!(
        names.contains(&"k8s.io/api/apps/v1/generated.proto".to_string()),
        "{names:?}"
    );
    let (diffs, compared) = differences(&set);
    assert!(
        diffs.is_empty(),
        "{} differences:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
    assert!(compared > 150, "only {compared} messages compared");
}

#[test]
fn one_changed_field_number_is_a_difference() {
    let name = "k8s.io/api/apps/v1/generated.proto";
    let text =
        std::fs::read_to_string(workspace().join("apis/src/apps/v1/generated.proto")).unwrap();
    let field = "optional DeploymentSpec spec = 2;";
    assert!(text.contains(field), "the apps/v1 file declares {field}");
    let patched = text.replace(field, "optional DeploymentSpec spec = 12;");
    let (_, set) = ours(Some((name.to_string(), patched)));
    let (diffs, _) = differences(&set);
    assert_eq!(
        diffs,
        [
            "k8s.io.api.apps.v1.Deployment: ours `spec Optional Message .k8s.io.api.apps.v1.DeploymentSpec = 12`, not upstream's",
            "k8s.io.api.apps.v1.Deployment: upstream's `spec Optional Message .k8s.io.api.apps.v1.DeploymentSpec = 2` missing",
        ]
    );
}
