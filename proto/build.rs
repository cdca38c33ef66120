//! Compiles the workspace's generated `.proto` files into prost types:
//! protox parses them (no `protoc`), prost-build writes the Rust. Maps are
//! `BTreeMap`s so encoding is in key order, as Go's generated marshallers
//! write map entries.

use std::path::PathBuf;

#[path = "src/sources.rs"]
mod sources;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let root = manifest
        .parent()
        .ok_or("the proto crate has no workspace")?
        .to_path_buf();
    let files = sources::proto_files(&root)?;
    for (_, path) in &files {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    // A new package's file comes with a new registry (`cargo xtask
    // generate` rewrites both); watching the source trees themselves would
    // rerun this on every edit of a type.
    println!(
        "cargo:rerun-if-changed={}",
        root.join("apis/src/zz_generated.registry.rs").display()
    );
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    let mut compiler = protox::Compiler::with_file_resolver(sources::Resolver(files.clone()));
    compiler.include_imports(true).include_source_info(true);
    compiler.open_files(&names)?;
    let fds = compiler.file_descriptor_set();

    let out = PathBuf::from(std::env::var("OUT_DIR")?);
    prost_build::Config::new()
        .btree_map(["."])
        .include_file("_includes.rs")
        .out_dir(&out)
        .compile_fds(fds)?;

    // The `.proto` texts themselves, for users who want the files.
    let mut table = String::from("&[\n");
    for (name, path) in &files {
        table.push_str(&format!(
            "    ({name:?}, include_str!({:?})),\n",
            path.display().to_string()
        ));
    }
    table.push_str("]\n");
    std::fs::write(out.join("files.rs"), table)?;
    Ok(())
}
