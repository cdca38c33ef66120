//! The upstream fixtures (`shared/fixtures/kubernetes-api`, the objects of
//! `kubernetes/api`'s testdata, every field set once), for the server's
//! unit tests.

use runtime::registry::Entry;

/// The JSON fixture of a served kind (`<group>.<version>.<Kind>.json`,
/// `core` for the core group), if there is one.
pub(crate) fn upstream_json(entry: &Entry) -> Option<Vec<u8>> {
    let group = match entry.info.group {
        "" => "core",
        group => group,
    };
    let name = format!("{group}.{}.{}.json", entry.info.version, entry.info.kind);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/fixtures/kubernetes-api")
        .join(name);
    std::fs::read(path).ok()
}
