//! Checks of the workspace's shape that `cargo test` runs (issue 17's
//! "must show"): the crates a client or generator user pulls in carry no
//! server, the runtime crates' modules import each other without cycles,
//! and no hand-written file grows into a room nobody can read.

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};
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

    /// The modules of a crate (the files and directories of `src`) and,
    /// for each, the sibling modules its code names (`crate::x`, or
    /// `super::x` from the module's top level), tests left out.
    fn module_imports(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
        let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        walk(src, &mut |path| {
            let rel = path.strip_prefix(src).unwrap_or(path);
            let parts: Vec<String> = rel
                .iter()
                .map(|p| p.to_string_lossy().into_owned())
                .collect();
            let top = parts[0].trim_end_matches(".rs").to_string();
            if top == "lib" || top == "main" {
                return;
            }
            // How many `super::` lead from this file's module to the root.
            let depth = parts.len() - usize::from(parts.last().is_some_and(|l| l == "mod.rs"));
            let text = std::fs::read_to_string(path).unwrap_or_default();
            let code = text.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
            let mut named = BTreeSet::new();
            let root_path = "super::".repeat(depth);
            for prefix in ["crate::", root_path.as_str()] {
                for (i, _) in code.match_indices(prefix) {
                    // `super::super::x` must not count as the deeper `super::x`.
                    if prefix.starts_with("super") && code[..i].ends_with("super::") {
                        continue;
                    }
                    let rest = &code[i + prefix.len()..];
                    let name: String = rest
                        .chars()
                        .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
                        .collect();
                    if !name.is_empty() && name != "super" && name != top {
                        named.insert(name);
                    }
                }
            }
            imports.entry(top).or_default().extend(named);
        });
        let modules: BTreeSet<String> = imports.keys().cloned().collect();
        for named in imports.values_mut() {
            named.retain(|m| modules.contains(m));
        }
        imports
    }

    /// A cycle in `graph`, as the modules on it, if there is one.
    fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
        fn visit(
            node: &str,
            graph: &BTreeMap<String, BTreeSet<String>>,
            path: &mut Vec<String>,
            done: &mut BTreeSet<String>,
        ) -> Option<Vec<String>> {
            if let Some(at) = path.iter().position(|n| n == node) {
                return Some(path[at..].to_vec());
            }
            if done.contains(node) {
                return None;
            }
            path.push(node.to_string());
            for next in graph.get(node).into_iter().flatten() {
                if let Some(found) = visit(next, graph, path, done) {
                    return Some(found);
                }
            }
            path.pop();
            done.insert(node.to_string());
            None
        }
        let mut done = BTreeSet::new();
        graph
            .keys()
            .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
    }

    /// The machinery and the server import their sibling modules without
    /// cycles (the server once had cache -> rest -> watch -> cache).
    #[test]
    fn the_runtime_crates_have_no_module_cycles() {
        let root = workspace_root();
        for src in ["runtime/src", "runtime/server/src"] {
            let graph = module_imports(&root.join(src));
            assert!(graph.len() > 5, "{src}: {graph:?}");
            assert_eq!(cycle(&graph), None, "{src}");
        }
        let mut with_cycle = BTreeMap::new();
        with_cycle.insert("cache".to_string(), BTreeSet::from(["rest".to_string()]));
        with_cycle.insert("rest".to_string(), BTreeSet::from(["watch".to_string()]));
        with_cycle.insert("watch".to_string(), BTreeSet::from(["cache".to_string()]));
        assert_eq!(
            cycle(&with_cycle).map(|c| c.len()),
            Some(3),
            "the check finds a cycle"
        );
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
