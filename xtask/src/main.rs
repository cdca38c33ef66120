//! `cargo xtask <command>`: the developer commands.
//!
//! - `generate`: run every generator over `apis/` and write the results.
//! - `verify`: fail, with a diff, when a generated file is stale.
//! - `markers`: print the marker reference.
//! - `protos DIR`: write every generated `.proto` under DIR by import path.
//! - `serve`: generate, build and run the API server.
//! - `bench`: run the benchmarks and write `target/bench/report.{md,json}`.

mod bench;
mod layout;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use codegen::generators::GeneratedFile;

#[derive(Parser)]
#[command(
    name = "cargo xtask",
    about = "Developer commands for the Kubernetes API toolchain"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run every generator over apis/ (or the crate of `--crate`) and write what changed.
    Generate {
        #[command(flatten)]
        target: TargetArgs,
    },
    /// Fail with a diff when a generated file is stale (like hack/verify-codegen.sh).
    Verify {
        #[command(flatten)]
        target: TargetArgs,
    },
    /// Print the marker reference (the text of docs/markers.md).
    Markers,
    /// Write every generated.proto under DIR at its import path
    /// (DIR/k8s.io/api/apps/v1/generated.proto), the tree protoc, buf or
    /// grpcio-tools compile with `-I DIR`.
    Protos {
        /// The directory to write the tree into.
        dir: PathBuf,
    },
    /// The whole test suite: formatting, clippy (warnings are errors),
    /// generated files up to date, and every crate's tests.
    Test,
    /// Run the benchmarks; write target/bench/report.md and report.json.
    Bench {
        /// Short runs (under 3 minutes after the build), for CI smoke.
        #[arg(long)]
        quick: bool,
    },
    /// Generate, build (release) and run the API server; extra arguments go to the server.
    Serve {
        /// Arguments passed to `apiserver` (e.g. `--port 6443 --data-dir /tmp/data`).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let root = workspace_root();
    let result = match cli.command {
        Cmd::Generate { target } => target
            .target()
            .and_then(|target| each_target(&root, target, generate)),
        Cmd::Verify { target } => target
            .target()
            .and_then(|target| each_target(&root, target, verify)),
        Cmd::Markers => {
            print!("{}", codegen::generators::reference::markdown());
            Ok(())
        }
        Cmd::Protos { dir } => protos(&root, &dir),
        Cmd::Serve { args } => serve(&root, &args),
        Cmd::Test => test(&root),
        Cmd::Bench { quick } => need_etcd_tools().and_then(|()| bench::bench(&root, quick)),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(Path::to_path_buf).unwrap_or(manifest)
}

/// The crates the generators read: the runtime's meta package and the API
/// types (directory, whether it serves resources, its `.proto` import root).
const CRATES: [(&str, bool, &str); 2] = [
    ("runtime", false, "k8s.io/apimachinery/pkg/apis"),
    ("apis", true, "k8s.io/api"),
];

/// Crates of API types of their own in this repository (directory, `.proto`
/// import root), generated as `--crate` generates them whenever the
/// workspace is: their checked-in files stay current with the generators.
const EXAMPLE_CRATES: [(&str, &str); 1] = [(
    "examples/sample-apiserver",
    "k8s.io/sample-apiserver/pkg/apis",
)];

/// Runs `run` over `target`, and for the workspace also over each of
/// [`EXAMPLE_CRATES`].
fn each_target(root: &Path, target: Target, run: fn(&Path, &Target) -> Result<()>) -> Result<()> {
    let workspace = matches!(target, Target::Workspace);
    run(root, &target)?;
    if workspace {
        for (dir, proto_root) in EXAMPLE_CRATES {
            run(
                root,
                &Target::crate_at(&root.join(dir), Some(proto_root.into()))?,
            )?;
        }
    }
    Ok(())
}

/// What `generate` and `verify` run over.
#[derive(clap::Args)]
struct TargetArgs {
    /// A crate of API types of its own (its `src/<group>/<version>/`
    /// packages), generated alone instead of this workspace's crates: its
    /// files, its `generated.proto` files and its OpenAPI documents under
    /// `<crate>/api/openapi-spec/`.
    #[arg(long = "crate", value_name = "PATH")]
    krate: Option<PathBuf>,
    /// The import path the crate's packages extend in their `.proto`
    /// files, as a Go module path prefixes its packages
    /// (`k8s.io/sample-apiserver/pkg/apis`); default: the crate's name.
    #[arg(long, requires = "krate")]
    proto_root: Option<String>,
}

impl TargetArgs {
    fn target(self) -> Result<Target> {
        match self.krate {
            Some(path) => Target::crate_at(&path, self.proto_root),
            None => Ok(Target::Workspace),
        }
    }
}

/// What the generators run over, and where their paths are relative to.
enum Target {
    /// This workspace's crates ([`CRATES`]), relative to the workspace root.
    Workspace,
    /// One crate of API types, `<base>/<name>`, relative to `base`.
    Crate {
        base: PathBuf,
        name: String,
        proto_root: String,
    },
}

impl Target {
    /// The crate at `path` (its `.proto` import root `proto_root`, by
    /// default its directory's name).
    ///
    /// Errors: `path` has no parent, name or `src/` directory.
    fn crate_at(path: &Path, proto_root: Option<String>) -> Result<Target> {
        let path = std::path::absolute(path)
            .with_context(|| format!("reading the path {}", path.display()))?;
        let (Some(base), Some(name)) = (path.parent(), path.file_name()) else {
            bail!("{} is not a crate directory", path.display());
        };
        if !path.join("src").is_dir() {
            bail!("{} has no src/ directory", path.display());
        }
        let name = name.to_string_lossy().into_owned();
        Ok(Target::Crate {
            base: base.to_path_buf(),
            proto_root: proto_root.unwrap_or_else(|| name.clone()),
            name,
        })
    }

    /// The directory generated paths are relative to.
    fn base<'a>(&'a self, root: &'a Path) -> &'a Path {
        match self {
            Target::Workspace => root,
            Target::Crate { base, .. } => base,
        }
    }

    /// The `src` directories whose generated files the generators own.
    fn sources(&self, root: &Path) -> Vec<PathBuf> {
        match self {
            Target::Workspace => CRATES
                .iter()
                .map(|(dir, _, _)| root.join(dir).join("src"))
                .collect(),
            Target::Crate { base, name, .. } => vec![base.join(name).join("src")],
        }
    }
}

/// Parses and checks the target's packages, and returns the files the
/// generators produce (paths relative to the target's base), with package
/// and type counts.
fn run_generators(root: &Path, target: &Target) -> Result<(Vec<GeneratedFile>, usize, usize)> {
    let Target::Crate {
        base,
        name,
        proto_root,
    } = target
    else {
        return run_workspace_generators(root);
    };
    let meta = read_crate(root, CRATES[0])?;
    let krate = read_crate(base, (name, true, proto_root))?;
    let (packages, types) = (krate.model.packages.len(), count_types(&krate));
    let files = codegen::generators::generate_crate(meta, krate);
    Ok((files, packages, types))
}

/// The number of types in a crate's packages.
fn count_types(krate: &codegen::generators::Crate) -> usize {
    krate.model.packages.iter().map(|p| p.types.len()).sum()
}

/// [`run_generators`] over this workspace's crates.
fn run_workspace_generators(root: &Path) -> Result<(Vec<GeneratedFile>, usize, usize)> {
    let crates = read_crates(root)?;
    let dropped = codegen::generators::proto::dropped_numbers(&crates, |path| {
        std::fs::read_to_string(root.join(path)).ok()
    });
    if !dropped.is_empty() {
        eprint!(
            "{}",
            relative(root, &codegen::diagnostics::render(&dropped))
        );
        bail!(
            "{} protobuf field number(s) would be dropped",
            dropped.len()
        );
    }
    let packages = crates.iter().map(|c| c.model.packages.len()).sum();
    let types = crates.iter().map(count_types).sum();
    let files = codegen::generators::generate_all(&crates);
    Ok((files, packages, types))
}

/// Parses and checks every crate's packages.
fn read_crates(root: &Path) -> Result<Vec<codegen::generators::Crate>> {
    CRATES
        .into_iter()
        .map(|krate| read_crate(root, krate))
        .collect()
}

/// Parses and checks the packages of the crate `<base>/<dir>` (whether it
/// serves resources, its `.proto` import root).
fn read_crate(
    base: &Path,
    (dir, serves, proto_root): (&str, bool, &str),
) -> Result<codegen::generators::Crate> {
    let src = base.join(dir).join("src");
    let model = match codegen::parse::parse_tree(&src) {
        Ok(model) => model,
        Err(errors) => {
            eprint!("{}", relative(base, &codegen::diagnostics::render(&errors)));
            bail!("{} error(s) reading {dir}/src", errors.len());
        }
    };
    let problems = codegen::check::check(&model);
    if !problems.is_empty() {
        eprint!(
            "{}",
            relative(base, &codegen::diagnostics::render(&problems))
        );
        bail!("{} error(s) in {dir}/src markers", problems.len());
    }
    Ok(codegen::generators::Crate {
        dir: PathBuf::from(dir),
        model,
        serves,
        proto_root: proto_root.to_string(),
    })
}

/// Shows paths relative to the workspace root in diagnostics.
fn relative(root: &Path, text: &str) -> String {
    text.replace(&format!("{}/", root.display()), "")
}

/// Generated files on disk (under `sources`) that no generator produced
/// any more, relative to `root`.
fn stale_outputs(root: &Path, sources: Vec<PathBuf>, files: &[GeneratedFile]) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = sources;
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.file_name().is_some_and(|n| {
                let n = n.to_string_lossy();
                n.starts_with("zz_generated") || n == codegen::generators::proto::FILE_NAME
            }) {
                let rel = path.strip_prefix(root).unwrap_or(&path).to_path_buf();
                if !files.iter().any(|f| f.path == rel) {
                    found.push(rel);
                }
            }
        }
    }
    found.sort();
    found
}

fn generate(root: &Path, target: &Target) -> Result<()> {
    let start = Instant::now();
    let (files, packages, types) = run_generators(root, target)?;
    let sources = target.sources(root);
    let root = target.base(root);
    let (mut written, mut unchanged) = (0, 0);
    for file in &files {
        let path = root.join(&file.path);
        if std::fs::read_to_string(&path).ok().as_deref() == Some(file.contents.as_str()) {
            unchanged += 1;
            continue;
        }
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("creating {}", parent.display()))?;
        }
        std::fs::write(&path, &file.contents)
            .with_context(|| format!("writing {}", path.display()))?;
        println!("  wrote {}", file.path.display());
        written += 1;
    }
    let removed = stale_outputs(root, sources, &files);
    for rel in &removed {
        std::fs::remove_file(root.join(rel))
            .with_context(|| format!("removing {}", rel.display()))?;
        println!("  removed {}", rel.display());
    }
    println!(
        "generate: {packages} packages, {types} types; {written} files written, {unchanged} unchanged, {} removed in {:.1} ms",
        removed.len(),
        start.elapsed().as_secs_f64() * 1000.0
    );
    Ok(())
}

/// Writes the generated `.proto` files as a tree by import path.
fn protos(root: &Path, dir: &Path) -> Result<()> {
    let files = codegen::generators::proto::files(&read_crates(root)?);
    for (_, file) in &files {
        let path = dir.join(file.import_name());
        std::fs::create_dir_all(path.parent().unwrap_or(dir))
            .with_context(|| format!("creating {}", path.display()))?;
        std::fs::write(&path, file.text())
            .with_context(|| format!("writing {}", path.display()))?;
        println!("  wrote {}", path.display());
    }
    println!("protos: {} files under {}", files.len(), dir.display());
    Ok(())
}

fn verify(root: &Path, target: &Target) -> Result<()> {
    let (count, report) = staleness(root, target)?;
    if !report.is_empty() {
        eprint!("{report}");
        bail!("generated files are stale; run `cargo xtask generate` (with the same `--crate`)");
    }
    println!("verify: {count} generated files are up to date");
    Ok(())
}

/// Compares what the generators produce with the files on disk; returns the
/// number of generated files and a unified diff of every difference (empty
/// when all are current).
fn staleness(root: &Path, target: &Target) -> Result<(usize, String)> {
    let (files, _, _) = run_generators(root, target)?;
    let sources = target.sources(root);
    let root = target.base(root);
    let mut report = String::new();
    for file in &files {
        let path = root.join(&file.path);
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        if current == file.contents {
            continue;
        }
        let diff = similar::TextDiff::from_lines(&current, &file.contents);
        let name = file.path.display().to_string();
        report.push_str(
            &diff
                .unified_diff()
                .context_radius(3)
                .header(&format!("a/{name}"), &format!("b/{name}"))
                .to_string(),
        );
    }
    for rel in stale_outputs(root, sources, &files) {
        report.push_str(&format!(
            "{} is generated output that no generator writes any more\n",
            rel.display()
        ));
    }
    Ok((files.len(), report))
}

fn cargo(root: &Path, args: &[&str]) -> Result<()> {
    println!("==> cargo {}", args.join(" "));
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .current_dir(root)
        .args(args)
        .status()
        .context("running cargo")?;
    if !status.success() {
        bail!("cargo {} failed with {status}", args.join(" "));
    }
    Ok(())
}

/// The features `cargo xtask test` builds with: the etcd3 backend and its
/// tests (which start throwaway etcd servers).
const TEST_FEATURES: &str = "server/etcd,apiserver/etcd,tests/etcd";

/// Fails, saying what to install, unless `protoc` (etcd-client's build
/// compiles etcd's .proto files with it) and `etcd` are on PATH.
fn need_etcd_tools() -> Result<()> {
    for (tool, package) in [("protoc", "protobuf-compiler"), ("etcd", "etcd-server")] {
        if Command::new(tool).arg("--version").output().is_err() {
            bail!(
                "`{tool}` is not installed; the etcd3 backend needs it: apt-get install -y {package} (or: apt-get install -y protobuf-compiler etcd-server)"
            );
        }
    }
    Ok(())
}

fn test(root: &Path) -> Result<()> {
    if Command::new("kubectl")
        .arg("version")
        .arg("--client")
        .output()
        .is_err()
    {
        bail!("kubectl is not installed; the end-to-end tests drive the real kubectl");
    }
    need_etcd_tools()?;
    cargo(root, &["fmt", "--all", "--check"])?;
    cargo(
        root,
        &[
            "clippy",
            "--workspace",
            "--all-targets",
            "--features",
            TEST_FEATURES,
            "--",
            "-D",
            "warnings",
        ],
    )?;
    println!("==> cargo xtask verify");
    each_target(root, Target::Workspace, verify)?;
    cargo_test(root)
}

/// Runs `cargo test --workspace`, passing its output through, and closes
/// with one `N passed, N failed` line summing every test binary.
fn cargo_test(root: &Path) -> Result<()> {
    use std::io::{BufRead, BufReader};
    println!("==> cargo test --workspace --features {TEST_FEATURES}");
    let mut child = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .current_dir(root)
        .args([
            "test",
            "--workspace",
            "--no-fail-fast",
            "--features",
            TEST_FEATURES,
        ])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .context("running cargo test")?;
    let (mut passed, mut failed, mut ignored) = (0u64, 0u64, 0u64);
    if let Some(stdout) = child.stdout.take() {
        for line in BufReader::new(stdout).lines() {
            let line = line.context("reading cargo test output")?;
            println!("{line}");
            if let Some(rest) = line.strip_prefix("test result: ") {
                let count = |word: &str| -> u64 {
                    rest.split(';')
                        .find_map(|part| {
                            part.trim()
                                .trim_start_matches("ok. ")
                                .trim_start_matches("FAILED. ")
                                .strip_suffix(word)
                        })
                        .and_then(|n| n.trim().parse().ok())
                        .unwrap_or(0)
                };
                passed += count(" passed");
                failed += count(" failed");
                ignored += count(" ignored");
            }
        }
    }
    let status = child.wait().context("waiting for cargo test")?;
    println!("{passed} passed, {failed} failed, {ignored} skipped");
    if !status.success() {
        bail!("cargo test failed with {status}");
    }
    Ok(())
}

fn serve(root: &Path, args: &[String]) -> Result<()> {
    each_target(root, Target::Workspace, generate)?;
    // The etcd3 backend is a feature: etcd-client needs protoc to build.
    let etcd = args
        .windows(2)
        .any(|w| w[0] == "--storage-backend" && w[1] == "etcd3")
        || args.iter().any(|a| a == "--storage-backend=etcd3");
    if etcd {
        need_etcd_tools()?;
    }
    let features: &[&str] = if etcd { &["--features", "etcd"] } else { &[] };
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .current_dir(root)
        .args(["run", "--release", "--package", "apiserver"])
        .args(features)
        .args(["--bin", "apiserver", "--"])
        .args(args)
        .status()
        .context("running cargo")?;
    if !status.success() {
        bail!("apiserver exited with {status}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Copies the real `apis/src` tree into a scratch workspace.
    fn scratch() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let mut stack: Vec<PathBuf> = CRATES
            .iter()
            .map(|(d, _, _)| workspace_root().join(d).join("src"))
            .collect();
        while let Some(from) = stack.pop() {
            for entry in std::fs::read_dir(&from).unwrap().flatten() {
                let path = entry.path();
                let rel = path.strip_prefix(workspace_root()).unwrap();
                if path.is_dir() {
                    stack.push(path.clone());
                } else {
                    let to = dir.path().join(rel);
                    std::fs::create_dir_all(to.parent().unwrap()).unwrap();
                    std::fs::copy(&path, to).unwrap();
                }
            }
        }
        std::fs::create_dir_all(dir.path().join("docs")).unwrap();
        std::fs::copy(
            workspace_root().join("docs/markers.md"),
            dir.path().join("docs/markers.md"),
        )
        .unwrap();
        dir
    }

    /// A crate of its own (`--crate`) gets every generated file inside
    /// itself, its OpenAPI documents included, and they are current.
    #[test]
    fn a_crate_of_its_own_is_generated_into_itself() {
        let root = workspace_root();
        let (dir, proto_root) = EXAMPLE_CRATES[0];
        let target = Target::crate_at(&root.join(dir), Some(proto_root.into())).unwrap();
        let (files, packages, _) = run_generators(&root, &target).unwrap();
        assert_eq!(packages, 2);
        let paths: Vec<String> = files.iter().map(|f| f.path.display().to_string()).collect();
        assert!(
            paths.iter().all(|p| p.starts_with("sample-apiserver/")),
            "{paths:?}"
        );
        for expected in [
            "sample-apiserver/src/zz_generated.registry.rs",
            "sample-apiserver/src/wardle/v1alpha1/zz_generated.register.rs",
            "sample-apiserver/src/wardle/v1alpha1/generated.proto",
            "sample-apiserver/api/openapi-spec/swagger.json",
            "sample-apiserver/api/openapi-spec/v3/apis__wardle.example.com__v1alpha1_openapi.json",
        ] {
            assert!(
                paths.iter().any(|p| p == expected),
                "{expected} in {paths:?}"
            );
        }
        assert_eq!(staleness(&root, &target).unwrap().1, "");
    }

    #[test]
    fn checked_in_output_is_current() {
        let (count, report) = staleness(&workspace_root(), &Target::Workspace).unwrap();
        assert!(count >= 4);
        assert_eq!(report, "", "run `cargo xtask generate`");
    }

    #[test]
    fn editing_a_type_without_regenerating_shows_a_diff() {
        let dir = scratch();
        let types = dir.path().join("apis/src/example/v1/types.rs");
        let mut text = std::fs::read_to_string(&types).unwrap();
        text.push_str("\n/// Sprocket is new.\n#[derive(Resource)]\npub struct Sprocket {\n    /// +optional\n    pub metadata: ObjectMeta,\n}\n");
        std::fs::write(&types, text).unwrap();
        let (_, report) = staleness(dir.path(), &Target::Workspace).unwrap();
        assert!(
            report.contains("--- a/apis/src/example/v1/zz_generated.register.rs"),
            "{report}"
        );
        assert!(
            report.contains("+    registry.add::<Sprocket>();")
                && report.contains("+impl ::runtime::registry::ServedKind for Sprocket {"),
            "{report}"
        );

        generate(dir.path(), &Target::Workspace).unwrap();
        assert_eq!(staleness(dir.path(), &Target::Workspace).unwrap().1, "");
    }

    #[test]
    fn a_bad_marker_fails_generation() {
        let dir = scratch();
        let types = dir.path().join("apis/src/example/v1/types.rs");
        let text = std::fs::read_to_string(&types)
            .unwrap()
            .replace("+k8s:maxLength=63", "+k8s:maxLenght=63");
        std::fs::write(&types, text).unwrap();
        let err = run_generators(dir.path(), &Target::Workspace).unwrap_err();
        assert_eq!(err.to_string(), "1 error(s) in apis/src markers");
    }
}
