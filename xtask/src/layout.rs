//! Checks of the workspace's shape that `cargo test` runs (issue 17's
//! "must show"): the crates a client or generator user pulls in carry no
//! server, and no hand-written file grows into a room nobody can read.

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::process::Command;

    use crate::workspace_root;

    /// The packages `package` depends on (normal and build dependencies,
    /// not dev-dependencies), from `cargo tree`.
    fn dependencies(package: &str) -> Vec<String> {
        let output = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .current_dir(workspace_root())
            .args(["tree", "--offline", "-p", package, "-e", "normal,build"])
            .args(["--prefix", "none", "--format", "{p}"])
            .output()
            .expect("run cargo tree");
        assert!(
            output.status.success(),
            "cargo tree -p {package}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout)
            .lines()
            .filter_map(|line| line.split_whitespace().next())
            .map(str::to_string)
            .collect()
    }

    /// `apis` (the types) and `runtime` (the machinery) depend on no HTTP
    /// server, async runtime, storage engine or command-line parser: a
    /// client or a generator user who wants the types gets no server.
    #[test]
    fn the_types_and_the_machinery_pull_in_no_server() {
        const SERVER_CRATES: [&str; 6] = ["axum", "hyper", "tokio", "redb", "clap", "tower"];
        for package in ["apis", "runtime"] {
            let deps = dependencies(package);
            assert!(deps.iter().any(|d| d == "serde"), "{package}: {deps:?}");
            let server: Vec<&String> = deps
                .iter()
                .filter(|d| SERVER_CRATES.contains(&d.as_str()))
                .collect();
            assert!(server.is_empty(), "{package} depends on {server:?}");
        }
        assert!(dependencies("server").iter().any(|d| d == "axum"));
    }

    /// Hand-written Rust files stay under about 1,000 lines; generated
    /// files (`zz_generated.*`) and upstream type files ported line for line
    /// are data, not rooms, and are exempt.
    #[test]
    fn no_hand_written_file_is_over_a_thousand_lines() {
        const PORTED: [&str; 1] = ["apis/src/core/v1/pod.rs"];
        let root = workspace_root();
        let mut long = Vec::new();
        for dir in [
            "codegen", "macros", "runtime", "apis", "tests", "xtask", "bench",
        ] {
            walk(&root.join(dir), &mut |path| {
                let rel = path.strip_prefix(&root).unwrap_or(path);
                let name = rel.to_string_lossy();
                if name.contains("zz_generated") || PORTED.contains(&name.as_ref()) {
                    return;
                }
                let lines = std::fs::read_to_string(path).map_or(0, |t| t.lines().count());
                if lines > 1_000 {
                    long.push(format!("{name}: {lines} lines"));
                }
            });
        }
        assert!(long.is_empty(), "split these files: {long:?}");
    }

    fn walk(dir: &Path, visit: &mut dyn FnMut(&Path)) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            if path.is_dir() {
                if name != "target" && name != "golden" && !name.to_string_lossy().starts_with('.')
                {
                    walk(&path, visit);
                }
            } else if path.extension().is_some_and(|e| e == "rs") {
                visit(&path);
            }
        }
    }
}
