// The generated `.proto` files of the workspace and their import names,
// shared by `build.rs` and the tests (`#[path]`-included, not a module of
// the library).

use std::path::{Path, PathBuf};

/// The crates whose `src` trees hold `generated.proto` files.
pub const CRATES: [&str; 2] = ["runtime", "apis"];

/// Every `generated.proto` under the crates of the workspace at `root`, as
/// (import name, path), sorted by import name. The import name is the
/// file's `option go_package` joined with `generated.proto`, the name
/// other files import it by (`k8s.io/api/apps/v1/generated.proto`).
///
/// Errors: an unreadable directory or file, or a file without `go_package`.
pub fn proto_files(root: &Path) -> std::io::Result<Vec<(String, PathBuf)>> {
    let mut found = Vec::new();
    let mut stack: Vec<PathBuf> = CRATES.iter().map(|c| root.join(c).join("src")).collect();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.file_name().is_some_and(|n| n == "generated.proto") {
                let text = std::fs::read_to_string(&path)?;
                let go_package = text
                    .lines()
                    .find_map(|l| {
                        l.strip_prefix("option go_package = \"")?
                            .strip_suffix("\";")
                    })
                    .ok_or_else(|| {
                        std::io::Error::other(format!("{}: no `option go_package`", path.display()))
                    })?;
                found.push((format!("{go_package}/generated.proto"), path));
            }
        }
    }
    found.sort();
    Ok(found)
}

/// A protox resolver over (import name, path) pairs.
pub struct Resolver(pub Vec<(String, PathBuf)>);

impl protox::file::FileResolver for Resolver {
    fn open_file(&self, name: &str) -> Result<protox::file::File, protox::Error> {
        match self.0.iter().find(|(n, _)| n == name) {
            Some((_, path)) => protox::file::File::open(name, path),
            None => Err(protox::Error::file_not_found(name)),
        }
    }
}
