//! The JSON of an object a write is about to store, rendered once by the
//! write and handed to the watch cache with the storage event, so that the
//! watch cache (and through it the read cache) does not decode, default and
//! encode the stored bytes again, and the write's own JSON answer is the
//! same bytes.
//!
//! The write knows its object but not its resourceVersion until the store
//! commits, and the store's watch may deliver the event to the cache before
//! the write returns. So the write renders the object before the store
//! write, with a placeholder resourceVersion whose place in the text is
//! remembered, and offers it under the storage key beside the bytes it is
//! about to store; the cache takes it when the event for that key comes
//! and splices the event's revision in. An offer is used only for an event
//! carrying exactly the bytes it was made for, so a lost race (another
//! write to the same key in between) costs a read of the stored bytes,
//! never a wrong object; a write the store refuses withdraws its offer.
//!
//! Only stores in this process deliver writes this server made; an etcd
//! watch also carries other servers' writes, which are read from their
//! bytes as kube-apiserver's cacher reads every event.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::body::Bytes;

use crate::storage::KeyValue;
use runtime::registry::Object;

/// The resourceVersion an object is rendered with before its revision is
/// known, found again in the text by [`NEEDLE`].
const PLACEHOLDER: &str = "0";

/// `"resourceVersion":"0"`: where the placeholder sits in the rendered
/// text. It is the first occurrence after the text's opening
/// `{"kind":..,"apiVersion":..,"metadata":{`: the metadata's fields
/// before it (name, generateName, namespace, selfLink, uid) are strings,
/// in which a quote is escaped.
const NEEDLE: &[u8] = b"\"resourceVersion\":\"0\"";

/// An object's JSON text (`kind` and `apiVersion` first, as
/// [`Object::to_json`] writes it) with its resourceVersion to be filled
/// in, and the stored bytes it was rendered for.
#[derive(Debug)]
pub(crate) struct Rendering {
    stored: Vec<u8>,
    /// The text before the resourceVersion's digits.
    head: Bytes,
    /// The text after them (from the closing quote on).
    tail: Bytes,
}

impl Rendering {
    /// Renders `obj`, the object whose storage bytes are `stored`, as a GET
    /// of it would answer: its JSON with a resourceVersion to fill in.
    /// `obj` is left as it was. `None` when the object does not encode,
    /// or its text does not open with its kind, apiVersion and metadata
    /// (a type whose `metadata` is not its first field), or has no
    /// resourceVersion in them.
    pub(crate) fn render(obj: &mut dyn Object, stored: &[u8]) -> Option<Rendering> {
        let previous = obj
            .metadata_mut()
            .resource_version
            .replace(PLACEHOLDER.to_string());
        let json = obj.to_json(false);
        obj.metadata_mut().resource_version = previous;
        let json = json.ok()?;
        let info = obj.info();
        let opening = format!(
            "{{\"kind\":\"{}\",\"apiVersion\":\"{}\",\"metadata\":{{",
            info.kind, info.api_version
        );
        if !json.starts_with(opening.as_bytes()) {
            return None;
        }
        let at = find(&json, NEEDLE, opening.len())?;
        let digits = at + NEEDLE.len() - 1 - PLACEHOLDER.len();
        let json = Bytes::from(json);
        Some(Rendering {
            stored: stored.to_vec(),
            head: json.slice(..digits),
            tail: json.slice(digits + PLACEHOLDER.len()..),
        })
    }

    /// The object's JSON with `revision` as its resourceVersion.
    pub(crate) fn at(&self, revision: i64) -> Bytes {
        let revision = revision.to_string();
        let mut json = Vec::with_capacity(self.head.len() + revision.len() + self.tail.len());
        json.extend_from_slice(&self.head);
        json.extend_from_slice(revision.as_bytes());
        json.extend_from_slice(&self.tail);
        Bytes::from(json)
    }
}

/// The first index of `needle` in `text` at or after `from`.
fn find(text: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    text.get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|i| i + from)
}

/// The renderings offered by writes and not yet taken, one per storage
/// key (the latest offer replaces an earlier one). Writes offer only while
/// a watch cache consumes the resource's events, each event takes its
/// key's offer, a refused write withdraws its own, and a cache that ends
/// forgets its resource's: the table holds the writes in flight and the
/// events the caches have not reached yet.
#[derive(Debug, Default)]
pub(crate) struct Renderings {
    offered: Mutex<HashMap<String, Arc<Rendering>>>,
}

impl Renderings {
    /// Offers the rendering of the object about to be stored at `key`.
    pub(crate) fn offer(&self, key: &str, rendering: Arc<Rendering>) {
        if let Ok(mut offered) = self.offered.lock() {
            offered.insert(key.to_string(), rendering);
        }
    }

    /// The JSON of the object `kv` holds, at its mod revision, when a
    /// write offered it for exactly these bytes; the key's offer is
    /// removed either way (a later write to the key offers again).
    pub(crate) fn take(&self, kv: &KeyValue) -> Option<Bytes> {
        let rendering = self.offered.lock().ok()?.remove(&kv.key)?;
        (rendering.stored == kv.value[..]).then(|| rendering.at(kv.mod_revision))
    }

    /// Withdraws `rendering`, offered at `key`, whose write the store
    /// refused; a later offer at the key is kept.
    pub(crate) fn withdraw(&self, key: &str, rendering: &Arc<Rendering>) {
        if let Ok(mut offered) = self.offered.lock()
            && offered.get(key).is_some_and(|o| Arc::ptr_eq(o, rendering))
        {
            offered.remove(key);
        }
    }

    /// Forgets every offer under `prefix` (its watch cache ended).
    pub(crate) fn forget(&self, prefix: &str) {
        if let Ok(mut offered) = self.offered.lock() {
            offered.retain(|key, _| !key.starts_with(prefix));
        }
    }

    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.offered.lock().unwrap().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::read_stored_json;
    use runtime::registry::{Entry, KindOps};

    fn kind(group: &str, resource: &str) -> &'static dyn KindOps {
        apis::registry()
            .find(group, "v1", resource)
            .expect("served")
            .kind
    }

    /// The upstream fixture of a served kind, decoded into its Rust type
    /// and defaulted (as a write decodes), if there is one.
    fn fixture(entry: &Entry) -> Option<Box<dyn Object>> {
        let json = crate::fixtures::upstream_json(entry)?;
        Some(entry.kind.decode_defaulted(&json).expect("decodes").object)
    }

    fn fixture_deployment() -> Box<dyn Object> {
        let registry = apis::registry();
        fixture(registry.find("apps", "v1", "deployments").expect("served")).expect("fixture")
    }

    /// What a read of `stored`, written at `revision`, gives (what the
    /// watch cache wrote before it took renderings).
    fn read_back(stored: Vec<u8>, revision: i64, kind: &'static dyn KindOps) -> Vec<u8> {
        let kv = KeyValue {
            key: "/registry/things/default/x".into(),
            value: stored.into(),
            create_revision: revision,
            mod_revision: revision,
        };
        read_stored_json(&kv, revision, Some(kind)).expect("reads")
    }

    /// Panics, naming `what` and showing the 80 bytes either side of the
    /// first difference, unless `rendered` and `read` are the same text.
    fn assert_same_text(rendered: &[u8], read: &[u8], what: &dyn std::fmt::Display) {
        let at = rendered.iter().zip(read).position(|(x, y)| x != y);
        let at = at.or((rendered.len() != read.len()).then(|| rendered.len().min(read.len())));
        if let Some(at) = at {
            let around = |text: &[u8]| {
                String::from_utf8_lossy(&text[at.saturating_sub(80)..(at + 80).min(text.len())])
                    .into_owned()
            };
            panic!(
                "{what}: rendered {:?}, read {:?}",
                around(rendered),
                around(read)
            );
        }
    }

    /// What a write renders is, byte for byte, what reading its stored
    /// bytes gives at the revision (what the watch cache wrote before),
    /// for every served kind with an upstream fixture (every field set),
    /// in its storage version.
    #[test]
    fn a_rendering_is_the_stored_objects_json_at_its_revision() {
        let mut checked = Vec::new();
        for entry in apis::registry().entries() {
            if !entry.kind.is_storage_version() {
                continue;
            }
            let Some(mut object) = fixture(entry) else {
                continue;
            };
            object.metadata_mut().resource_version = Some("41".into());
            let stored = object.to_storage().expect("encodes");
            if !entry.kind.reads_stored_through_type(&stored) {
                continue;
            }
            let rendering = Rendering::render(object.as_mut(), &stored).expect("renders");
            assert_eq!(
                object.metadata().resource_version.as_deref(),
                Some("41"),
                "the object is left as it was"
            );
            let read = read_back(stored, 12345, entry.kind);
            assert_same_text(&rendering.at(12345), &read, &entry.info.kind);
            checked.push(entry.info.kind);
        }
        for kind in ["ConfigMap", "Deployment", "Pod", "Service", "Event"] {
            assert!(checked.contains(&kind), "{kind} checked: {checked:?}");
        }
    }

    /// Empty lists, maps and metadata strings, which protobuf does not
    /// tell from absent ones, render as their stored bytes read back.
    #[test]
    fn empty_lists_and_maps_render_as_read_back() {
        let bodies: [(&str, &str, &[u8]); 3] = [
            (
                "apps",
                "deployments",
                br#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d","generateName":"","namespace":"default","selfLink":"","uid":"","labels":{},"annotations":{},"finalizers":[],"ownerReferences":[]},"spec":{"selector":{"matchLabels":{},"matchExpressions":[]},"template":{"metadata":{"name":"","namespace":"","labels":{}},"spec":{"containers":[{"name":"c","image":"i","args":[],"command":[],"env":[],"ports":[],"resources":{"limits":{},"requests":{}},"volumeMounts":[]}],"volumes":[],"nodeSelector":{},"tolerations":[],"imagePullSecrets":[]}}},"status":{"conditions":[]}}"#,
            ),
            (
                "",
                "pods",
                br#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","namespace":"default"},"spec":{"containers":[{"name":"c","image":"i","env":[{"name":"E","value":""}],"resources":{"limits":{"cpu":"1"}},"securityContext":{"capabilities":{"add":[],"drop":[]}}}],"initContainers":[],"hostAliases":[],"dnsConfig":{"nameservers":[],"options":[]},"overhead":{}}}"#,
            ),
            (
                "",
                "configmaps",
                br#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","namespace":"default"},"data":{},"binaryData":{}}"#,
            ),
        ];
        for (group, resource, body) in bodies {
            let kind = kind(group, resource);
            let mut object = kind.decode_defaulted(body).expect("decodes").object;
            let stored = object.to_storage().expect("encodes");
            let rendering = Rendering::render(object.as_mut(), &stored).expect("renders");
            let read = read_back(stored, 3, kind);
            assert_same_text(&rendering.at(3), &read, &resource);
        }
    }

    /// The upstream fixtures with random parts taken out or set to their
    /// zero value (`""`, `0`, `false`, `[]`, `{}`, Go's zero time
    /// `0001-01-01T00:00:00Z` for a time), the values Go does not tell
    /// from absent ones: each, sent as JSON and decoded as a write decodes
    /// it, renders as its stored bytes read back. Bodies the type refuses
    /// (an enum's empty value) are skipped.
    #[test]
    fn fixtures_with_zero_values_render_as_read_back() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        use serde_json::Value;

        /// Each member or item: kept (and walked), removed, zeroed, or
        /// (a time) set to Go's zero time; `apiVersion`, `kind` and
        /// `metadata` are kept.
        fn mutate(value: &mut Value, rng: &mut StdRng) {
            let zero = |v: &Value| match v {
                Value::String(_) => Value::String(String::new()),
                Value::Number(_) => Value::from(0),
                Value::Bool(_) => Value::Bool(false),
                Value::Array(_) => Value::Array(Vec::new()),
                Value::Object(_) => Value::Object(Default::default()),
                Value::Null => Value::Null,
            };
            match value {
                Value::Object(map) => {
                    let keys: Vec<String> = map.keys().cloned().collect();
                    for key in keys {
                        if matches!(key.as_str(), "apiVersion" | "kind" | "metadata") {
                            if let Some(v) = map.get_mut(&key) {
                                mutate(v, rng);
                            }
                            continue;
                        }
                        match rng.random_range(0..8) {
                            0 => {
                                map.shift_remove(&key);
                            }
                            1 => {
                                if let Some(v) = map.get_mut(&key) {
                                    *v = zero(v);
                                }
                            }
                            2 => {
                                if let Some(v) = map.get_mut(&key)
                                    && v.as_str().is_some_and(|t| {
                                        chrono::DateTime::parse_from_rfc3339(t).is_ok()
                                    })
                                {
                                    *v = Value::from("0001-01-01T00:00:00Z");
                                }
                            }
                            _ => {
                                if let Some(v) = map.get_mut(&key) {
                                    mutate(v, rng);
                                }
                            }
                        }
                    }
                }
                Value::Array(items) => items.iter_mut().for_each(|v| mutate(v, rng)),
                _ => {}
            }
        }

        // Seeded: a failure reproduces.
        let mut rng = StdRng::seed_from_u64(16);
        let mut checked = 0;
        for entry in apis::registry().entries() {
            if !entry.kind.is_storage_version() {
                continue;
            }
            let Some(json) = crate::fixtures::upstream_json(entry) else {
                continue;
            };
            let fixture: Value = serde_json::from_slice(&json).expect("JSON");
            for case in 0..150 {
                let mut sent = fixture.clone();
                mutate(&mut sent, &mut rng);
                let body = serde_json::to_vec(&sent).expect("encodes");
                let Ok(decoded) = entry.kind.decode_defaulted(&body) else {
                    continue;
                };
                let mut object = decoded.object;
                // As a write leaves them (`generation` is the server's).
                object.metadata_mut().resource_version = None;
                object.metadata_mut().generation = entry.info.generation.then_some(1);
                let stored = object.to_storage().expect("encodes");
                if !entry.kind.reads_stored_through_type(&stored) {
                    continue;
                }
                let rendering = Rendering::render(object.as_mut(), &stored).expect("renders");
                let read = read_back(stored, 5, entry.kind);
                let what = format!(
                    "{} case {case}, sent {}",
                    entry.info.kind,
                    String::from_utf8_lossy(&body)
                );
                assert_same_text(&rendering.at(5), &read, &what);
                checked += 1;
            }
        }
        assert!(checked > 200, "{checked} bodies checked");
    }

    /// An offer is taken once, and only by the event carrying the bytes
    /// it was rendered for: another write's event drops it.
    #[test]
    fn an_offer_is_used_only_for_its_own_bytes() {
        let mut object = fixture_deployment();
        let stored = object.to_storage().expect("encodes");
        let rendering = Arc::new(Rendering::render(object.as_mut(), &stored).expect("renders"));
        let renderings = Renderings::default();
        let kv = |value: Vec<u8>, revision| KeyValue {
            key: "/registry/deployments/default/d".into(),
            value: value.into(),
            create_revision: 2,
            mod_revision: revision,
        };
        renderings.offer("/registry/deployments/default/d", rendering.clone());
        let taken = renderings.take(&kv(stored.clone(), 9)).expect("taken");
        assert_eq!(taken, rendering.at(9));
        assert!(
            renderings.take(&kv(stored.clone(), 10)).is_none(),
            "taken once"
        );

        renderings.offer("/registry/deployments/default/d", rendering);
        let mut other = stored.clone();
        *other.last_mut().unwrap() ^= 1;
        assert!(renderings.take(&kv(other, 11)).is_none(), "other bytes");
        assert_eq!(renderings.len(), 0, "and the offer is gone");
    }

    /// A write the store refused withdraws its own offer, and only its
    /// own: another write's later offer at the key stays.
    #[test]
    fn a_refused_write_withdraws_only_its_own_offer() {
        let mut object = fixture_deployment();
        let stored = object.to_storage().expect("encodes");
        let first = Arc::new(Rendering::render(object.as_mut(), &stored).expect("renders"));
        let second = Arc::new(Rendering::render(object.as_mut(), &stored).expect("renders"));
        let renderings = Renderings::default();
        let key = "/registry/deployments/default/d";
        renderings.offer(key, first.clone());
        renderings.withdraw(key, &first);
        assert_eq!(renderings.len(), 0, "withdrawn");
        renderings.offer(key, first.clone());
        renderings.offer(key, second.clone());
        renderings.withdraw(key, &first);
        assert_eq!(renderings.len(), 1, "the later offer stays");
        renderings.withdraw(key, &second);
        assert_eq!(renderings.len(), 0);
    }

    /// The resourceVersion is found in the metadata, not in a value that
    /// spells the same text, before it (the name, the generateName: their
    /// quotes are escaped) or after it (an annotation, a data key).
    #[test]
    fn the_revision_goes_into_the_metadata() {
        let body = br#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"\"resourceVersion\":\"0\"","generateName":"\"resourceVersion\":\"0\"","namespace":"default","annotations":{"x":"\"resourceVersion\":\"0\""}},"data":{"resourceVersion":"0"}}"#;
        let mut object = kind("", "configmaps").decode(body).expect("decodes").object;
        let stored = object.to_storage().expect("encodes");
        let rendering = Rendering::render(object.as_mut(), &stored).expect("renders");
        let json: serde_json::Value = serde_json::from_slice(&rendering.at(77)).expect("JSON");
        assert_eq!(json["metadata"]["resourceVersion"], "77");
        assert_eq!(json["metadata"]["name"], "\"resourceVersion\":\"0\"");
        assert_eq!(
            json["metadata"]["generateName"],
            "\"resourceVersion\":\"0\""
        );
        assert_eq!(json["data"]["resourceVersion"], "0");
        assert_eq!(
            json["metadata"]["annotations"]["x"],
            "\"resourceVersion\":\"0\""
        );
    }
}
