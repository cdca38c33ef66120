//! Every protobuf fixture of a served kind, mutated (bytes changed, bits
//! flipped, cut short, bytes inserted), goes through the decoders a
//! protobuf request body reaches: the kind's generated codec, and the
//! table decoder with the JSON decode after it. Each mutation decodes or
//! is refused; none panics (a panic in a handler is a 500 and a lost
//! request). Deterministic: the same mutations every run.

use std::panic::{self, AssertUnwindSafe};

/// Mutations tried per fixture.
const ROUNDS: usize = 1_000;

/// xorshift64: a fixed sequence of mutations, reproducible from `seed`.
struct Mutations(u64);

impl Mutations {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// `bytes` with one to four edits past the 4-byte `k8s\0` magic.
    fn mutate(&mut self, bytes: &[u8]) -> Vec<u8> {
        let mut out = bytes.to_vec();
        for _ in 0..1 + self.next() % 4 {
            let at = 4 + (self.next() as usize) % (out.len() - 4);
            match self.next() % 4 {
                0 => out[at] = self.next() as u8,
                1 => out[at] ^= 1 << (self.next() % 8),
                2 => out.truncate(at.max(5)),
                _ => out.insert(at, self.next() as u8),
            }
        }
        out
    }
}

#[test]
fn mutated_protobuf_bodies_decode_or_are_refused_without_panicking() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/fixtures/kubernetes-api");
    let registry = apis::registry();
    let mut mutations = Mutations(0x9E37_79B9_7F4A_7C15);
    let mut kinds = Vec::new();
    let mut panicked = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures")
        .map(|f| f.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pb"))
        .collect();
    files.sort();
    for path in files {
        let pb = std::fs::read(&path).expect("fixture");
        let Ok((api_version, kind, _)) = runtime::codec::protobuf::unwrap(&pb) else {
            continue;
        };
        // Options and discovery documents are not request bodies of a kind.
        let Some(entry) = registry
            .entries()
            .iter()
            .find(|e| e.info.api_version == api_version && e.info.kind == kind)
        else {
            continue;
        };
        kinds.push(format!("{api_version} {kind}"));
        for _ in 0..ROUNDS {
            let bytes = mutations.mutate(&pb);
            let decoded = panic::catch_unwind(AssertUnwindSafe(|| {
                let _ = entry.kind.decode_protobuf(&bytes);
                if let Some(message) = entry.kind.protobuf()
                    && let Ok(tree) = runtime::codec::protobuf::decode_object(&bytes, message)
                    && let Ok(json) = serde_json::to_vec(&tree)
                {
                    let _ = entry.kind.decode_defaulted(&json);
                }
            }));
            if decoded.is_err() {
                panicked.push(format!("{kind}: {bytes:02x?}"));
            }
        }
    }
    assert!(kinds.len() >= 10, "fixtures of served kinds: {kinds:?}");
    assert!(panicked.is_empty(), "panicked on:\n{}", panicked.join("\n"));
}
