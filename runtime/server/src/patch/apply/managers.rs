//! Managed fields entries as the field manager holds them: decoded into
//! field sets keyed by manager identifier, and encoded back
//! (`k8s.io/apimachinery/pkg/util/managedfields/internal`: `managedfields.go`,
//! `buildmanagerinfo.go`, `capmanagers.go`, `stripmeta.go`).

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, LazyLock, Mutex};

use super::fieldset::{FieldSet, PathElement};
use runtime::go::write_json_string;
use runtime::meta::{FieldsV1, ManagedFieldsEntry, Time};

/// `metav1.ManagedFieldsOperationApply`.
pub(crate) const APPLY: &str = "Apply";
/// `metav1.ManagedFieldsOperationUpdate`.
pub(crate) const UPDATE: &str = "Update";
/// The only fields type.
pub(crate) const FIELDS_V1: &str = "FieldsV1";
/// Update entries kept before the oldest are merged
/// (`DefaultMaxUpdateManagers`).
const MAX_UPDATE_MANAGERS: usize = 10;
/// The manager of merged old update entries (`capManagersManager`).
const ANCIENT_CHANGES: &str = "ancient-changes";

/// Who writes: the manager name, the operation's version and subresource.
#[derive(Debug, Clone)]
pub(crate) struct Writer {
    pub(crate) manager: String,
    pub(crate) api_version: String,
    pub(crate) subresource: String,
}

impl Writer {
    /// A writer; an empty manager name becomes `unknown`
    /// (`buildManagerInfo`).
    pub(crate) fn new(manager: &str, api_version: &str, subresource: Option<&str>) -> Writer {
        Writer {
            manager: if manager.is_empty() {
                "unknown"
            } else {
                manager
            }
            .to_string(),
            api_version: api_version.to_string(),
            subresource: subresource.unwrap_or_default().to_string(),
        }
    }

    /// The identifier of this writer's entry for `operation`.
    pub(crate) fn identifier(&self, operation: &str) -> String {
        identifier(
            &self.manager,
            operation,
            &self.api_version,
            &self.subresource,
        )
    }
}

/// One manager's entry.
#[derive(Debug, Clone)]
pub(crate) struct Managed {
    pub(crate) manager: String,
    pub(crate) operation: String,
    pub(crate) api_version: String,
    pub(crate) subresource: String,
    pub(crate) time: Option<Time>,
    /// The paths the manager owns; shared with [`decoded_set`]'s cache
    /// until changed.
    set: Arc<FieldSet>,
    /// The FieldsV1 the entry was decoded from and the set it holds:
    /// encoding writes that text again when the entry ends with the same
    /// set, instead of encoding the set.
    decoded: Option<Decoded>,
}

/// A FieldsV1 text and the set it holds.
#[derive(Debug, Clone)]
pub(crate) struct Decoded {
    fields_v1: FieldsV1,
    set: Arc<FieldSet>,
}

impl Managed {
    /// An entry owning `set`, with nothing decoded to reuse.
    pub(crate) fn new(
        manager: String,
        operation: String,
        api_version: String,
        subresource: String,
        time: Option<Time>,
        set: FieldSet,
    ) -> Managed {
        Managed {
            manager,
            operation,
            api_version,
            subresource,
            time,
            set: Arc::new(set),
            decoded: None,
        }
    }

    /// Whether this is an Apply entry.
    pub(crate) fn applied(&self) -> bool {
        self.operation == APPLY
    }

    /// The paths the manager owns.
    pub(crate) fn set(&self) -> &FieldSet {
        &self.set
    }

    /// The paths the manager owns, to change (copied first when shared).
    pub(crate) fn set_mut(&mut self) -> &mut FieldSet {
        Arc::make_mut(&mut self.set)
    }

    /// Removes the paths of `other` (a shared set is copied only when it
    /// owns some of them).
    pub(crate) fn remove_all(&mut self, other: &FieldSet) {
        if self.set.overlaps(other) {
            Arc::make_mut(&mut self.set).remove_all(other);
        }
    }

    /// The FieldsV1 the entry was decoded from, with its set.
    pub(crate) fn decoded(&self) -> Option<&Decoded> {
        self.decoded.as_ref()
    }

    /// The owned paths, taken out of the entry, with its decoded FieldsV1.
    pub(crate) fn into_set(self) -> (FieldSet, Option<Decoded>) {
        (Arc::unwrap_or_clone(self.set), self.decoded)
    }

    /// The entry owning what `previous` owned: its set shared, not
    /// copied, and its decoded FieldsV1 kept to be written again.
    pub(crate) fn with_set_of(mut self, previous: Managed) -> Managed {
        self.set = previous.set;
        self.decoded = previous.decoded;
        self
    }

    /// The entry owning `set`, remembering a FieldsV1 text that may hold
    /// the same set (encoding checks that it does before writing it).
    pub(crate) fn with_set(mut self, set: FieldSet, decoded: Option<Decoded>) -> Managed {
        self.set = Arc::new(set);
        self.decoded = decoded;
        self
    }
}

/// Entries by manager identifier.
pub(crate) type Managers = BTreeMap<String, Managed>;

/// The manager identifier (`BuildManagerIdentifier`): the entry's JSON
/// without time and fields, and without the version for Apply entries, so
/// one applier has one entry whatever version it applies in; e.g.
/// `{"manager":"kubectl","operation":"Apply"}`,
/// `{"manager":"kube-controller-manager","operation":"Update","apiVersion":"apps/v1"}`.
pub(crate) fn identifier(
    manager: &str,
    operation: &str,
    api_version: &str,
    subresource: &str,
) -> String {
    // Written in one buffer: every write computes its writer's identifier
    // and decodes one per entry.
    let mut id = String::with_capacity(
        64 + manager.len() + operation.len() + api_version.len() + subresource.len(),
    );
    id.push('{');
    let mut field = |member: &str, value: &str| {
        if !value.is_empty() {
            if id.len() > 1 {
                id.push(',');
            }
            id.push_str(member);
            write_json_string(value, &mut id);
        }
    };
    field("\"manager\":", manager);
    field("\"operation\":", operation);
    if operation != APPLY {
        field("\"apiVersion\":", api_version);
    }
    field("\"subresource\":", subresource);
    id.push('}');
    id
}

/// Decodes entries (`DecodeManagedFields`); a later entry with the same
/// identifier replaces an earlier one. Each entry keeps the FieldsV1 it was
/// read from, which encoding writes back while the entry's set is
/// unchanged (stored entries are in the encoder's form; see
/// [`forget_decoded`] for others).
///
/// # Errors
///
/// An operation other than `Apply`/`Update`, an empty apiVersion, a missing
/// or unknown fieldsType, or a FieldsV1 value that does not parse, with
/// upstream's messages.
pub(crate) fn decode(entries: &[ManagedFieldsEntry]) -> Result<Managers, String> {
    let mut managers = Managers::new();
    for (i, entry) in entries.iter().enumerate() {
        let managed = decode_entry(i, entry)?;
        let id = identifier(
            &managed.manager,
            &managed.operation,
            &managed.api_version,
            &managed.subresource,
        );
        managers.insert(id, managed);
    }
    Ok(managers)
}

fn decode_entry(i: usize, entry: &ManagedFieldsEntry) -> Result<Managed, String> {
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    let operation = text(&entry.operation);
    if operation != APPLY && operation != UPDATE {
        return Err("operation must be `Apply` or `Update`".to_string());
    }
    let api_version = text(&entry.api_version);
    if api_version.is_empty() {
        return Err("apiVersion must not be empty".to_string());
    }
    match entry.fields_type.as_deref().unwrap_or_default() {
        FIELDS_V1 => {}
        "" => return Err(format!("missing fieldsType in managed fields entry {i}")),
        other => {
            return Err(format!(
                "invalid fieldsType {} in managed fields entry {i}",
                runtime::field::quote(other)
            ));
        }
    }
    let (set, decoded) = match &entry.fields_v1 {
        Some(fields) => {
            let set = decoded_set(fields).map_err(|e| {
                format!("error decoding versioned set from entry {i}: error decoding set: {e}")
            })?;
            let decoded = Decoded {
                fields_v1: fields.clone(),
                set: set.clone(),
            };
            (set, Some(decoded))
        }
        None => (Arc::new(FieldSet::new()), None),
    };
    Ok(Managed {
        manager: text(&entry.manager),
        operation,
        api_version,
        subresource: text(&entry.subresource),
        time: entry.time,
        set,
        decoded,
    })
}

/// The most FieldsV1 text [`decoded_set`] keeps decoded sets for, in
/// bytes; past it the cache starts over.
const DECODED_TEXT_LIMIT: usize = 1 << 20;

/// Decoded sets by their FieldsV1 text.
#[derive(Default)]
struct DecodedSets {
    sets: HashMap<Box<str>, Arc<FieldSet>>,
    text_bytes: usize,
}

static DECODED: LazyLock<Mutex<DecodedSets>> = LazyLock::new(Mutex::default);

/// The set a FieldsV1 value holds, decoded once per distinct text: every
/// apply and update of an object reads the entries of all its managers,
/// which mostly stay as they were, so a decoded set is shared (an `Arc`,
/// copied only when changed) by every request that meets the same text
/// again. Decoding is a function of the text alone.
///
/// Errors: the text is not a FieldsV1 set (upstream's messages).
fn decoded_set(fields: &FieldsV1) -> Result<Arc<FieldSet>, String> {
    let text = fields.as_str();
    let lock = || {
        DECODED
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    };
    if let Some(set) = lock().sets.get(text) {
        return Ok(set.clone());
    }
    let set = Arc::new(FieldSet::from_fields_v1(fields)?);
    let mut cache = lock();
    if cache.text_bytes + text.len() > DECODED_TEXT_LIMIT {
        *cache = DecodedSets::default();
    }
    if text.len() <= DECODED_TEXT_LIMIT {
        cache.text_bytes += text.len();
        cache.sets.insert(text.into(), set.clone());
    }
    Ok(set)
}

/// The entries without their decoded FieldsV1, so that encoding writes
/// each set anew (for entries a client sent, which may not be in the
/// encoder's form).
pub(crate) fn forget_decoded(mut managers: Managers) -> Managers {
    for managed in managers.values_mut() {
        managed.decoded = None;
    }
    managers
}

/// Encodes entries (`encodeManagedFields`), sorted as upstream sorts them
/// (`sortEncodedManagedFields`): by operation (Apply before Update), then
/// time (oldest first, no time as the epoch), manager, apiVersion,
/// subresource.
pub(crate) fn encode(managers: Managers) -> Vec<ManagedFieldsEntry> {
    let mut entries: Vec<ManagedFieldsEntry> = managers.into_values().map(encode_entry).collect();
    entries.sort_by(|p, q| {
        let seconds = |e: &ManagedFieldsEntry| e.time.map_or(0, |t| t.0.timestamp());
        p.operation
            .cmp(&q.operation)
            .then_with(|| seconds(p).cmp(&seconds(q)))
            .then_with(|| p.manager.cmp(&q.manager))
            .then_with(|| p.api_version.cmp(&q.api_version))
            .then_with(|| {
                let sub = |e: &ManagedFieldsEntry| e.subresource.clone().unwrap_or_default();
                sub(p).cmp(&sub(q))
            })
    });
    entries
}

fn encode_entry(managed: Managed) -> ManagedFieldsEntry {
    let non_empty = |s: String| (!s.is_empty()).then_some(s);
    let fields_v1 = match managed.decoded {
        Some(decoded) if Arc::ptr_eq(&decoded.set, &managed.set) || decoded.set == managed.set => {
            decoded.fields_v1
        }
        _ => managed.set.to_fields_v1(),
    };
    ManagedFieldsEntry {
        manager: non_empty(managed.manager),
        operation: non_empty(managed.operation),
        api_version: non_empty(managed.api_version),
        time: managed.time,
        fields_type: Some(FIELDS_V1.to_string()),
        fields_v1: Some(fields_v1),
        subresource: non_empty(managed.subresource),
    }
}

/// The paths never tracked (`stripMetaManager`): type meta, `metadata`
/// itself and the server-owned metadata fields (`metadata.managedFields`
/// among them, so a walk over an object that still holds its managed
/// fields records the same sets as over one without them: the list is
/// atomic, one path, and this set removes it).
pub(crate) fn strip_set() -> &'static FieldSet {
    static STRIP: std::sync::LazyLock<FieldSet> = std::sync::LazyLock::new(build_strip_set);
    &STRIP
}

/// The top-level fields whose own paths are never tracked.
pub(crate) const UNTRACKED_TOP: &[&str] = &["apiVersion", "kind", "metadata"];

/// The fields of `metadata` whose paths are never tracked.
pub(crate) const UNTRACKED_METADATA: &[&str] = &[
    "name",
    "namespace",
    "creationTimestamp",
    "selfLink",
    "uid",
    "clusterName",
    "generation",
    "managedFields",
    "resourceVersion",
];

fn build_strip_set() -> FieldSet {
    let mut set = FieldSet::new();
    let field = |name: &str| PathElement::Field(name.to_string());
    for top in UNTRACKED_TOP {
        set.insert(&[field(top)]);
    }
    for meta in UNTRACKED_METADATA {
        set.insert(&[field("metadata"), field(meta)]);
    }
    set
}

/// Removes the stripped paths from the entry `id`, dropping it if nothing
/// is left (`stripMetaManager.stripFields`).
pub(crate) fn strip(managers: &mut Managers, id: &str) {
    if let Some(managed) = managers.get_mut(id) {
        managed.remove_all(strip_set());
        if managed.set.is_empty() {
            managers.remove(id);
        }
    }
}

/// Drops entries whose sets are empty.
pub(crate) fn drop_empty(managers: &mut Managers) {
    managers.retain(|_, m| !m.set.is_empty());
}

/// Keeps at most ten Update entries by merging the oldest into one
/// `ancient-changes` entry per version (`capManagersManager`): entries are
/// taken oldest first (no time as the epoch, ties by identifier); the first
/// of each version seen stays until a second one of that version arrives,
/// when both go into the bucket, which takes the later entry's time.
pub(crate) fn cap_update_managers(managers: &mut Managers) {
    let mut updaters: Vec<(i64, String)> = managers
        .iter()
        .filter(|(_, m)| !m.applied())
        .map(|(id, m)| (m.time.map_or(0, |t| t.0.timestamp()), id.clone()))
        .collect();
    if updaters.len() <= MAX_UPDATE_MANAGERS {
        return;
    }
    updaters.sort();
    let mut length = updaters.len();
    let mut first_of_version: BTreeMap<String, String> = BTreeMap::new();
    for (_, id) in updaters {
        if length <= MAX_UPDATE_MANAGERS {
            break;
        }
        let Some(managed) = managers.get(&id).cloned() else {
            continue;
        };
        let version = managed.api_version.clone();
        let bucket = identifier(ANCIENT_CHANGES, UPDATE, &version, "");
        if bucket == id {
            continue;
        }
        let Some(first) = first_of_version.get(&version) else {
            first_of_version.insert(version, id);
            continue;
        };
        if !managers.contains_key(&bucket)
            && let Some(mut moved) = managers.remove(first)
        {
            moved.manager = ANCIENT_CHANGES.to_string();
            moved.subresource = String::new();
            managers.insert(bucket.clone(), moved);
        }
        if let Some(entry) = managers.get_mut(&bucket) {
            entry.set_mut().extend(Arc::unwrap_or_clone(managed.set));
            entry.time = managed.time;
        }
        managers.remove(&id);
        length -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(text: &str) -> FieldsV1 {
        FieldsV1::from_json(text.to_string()).unwrap()
    }

    fn field(name: &str) -> PathElement {
        PathElement::Field(name.to_string())
    }

    /// Upstream's identifiers are the entry's JSON (`json.Marshal`, Go's
    /// escaping) without time and fields, members in the struct's order,
    /// empty ones left out, and no version for Apply.
    #[test]
    fn identifiers_are_the_entry_json_go_writes() {
        assert_eq!(
            identifier("kubectl", APPLY, "apps/v1", ""),
            r#"{"manager":"kubectl","operation":"Apply"}"#
        );
        assert_eq!(
            identifier("kube-controller-manager", UPDATE, "apps/v1", "status"),
            r#"{"manager":"kube-controller-manager","operation":"Update","apiVersion":"apps/v1","subresource":"status"}"#
        );
        assert_eq!(
            identifier("", UPDATE, "v1", ""),
            r#"{"operation":"Update","apiVersion":"v1"}"#
        );
        assert_eq!(
            identifier("a\"<b>&", UPDATE, "", ""),
            r#"{"manager":"a\"\u003cb\u003e\u0026","operation":"Update"}"#
        );
    }

    #[test]
    fn a_text_met_again_shares_its_decoded_set() {
        let text = r#"{"f:spec":{"f:paused":{},"f:replicas":{}}}"#;
        let first = decoded_set(&fields(text)).unwrap();
        let again = decoded_set(&fields(text)).unwrap();
        assert!(Arc::ptr_eq(&first, &again));
        assert!(first.has(&[field("spec"), field("replicas")]));
        let other = decoded_set(&fields(r#"{"f:spec":{"f:paused":{}}}"#)).unwrap();
        assert!(!other.has(&[field("spec"), field("replicas")]));
    }

    /// The decoded text is written again exactly while the entry's set is
    /// the one it holds, and the set is encoded anew once it changed. The
    /// text here is not in the encoder's order, which tells the two apart.
    #[test]
    fn an_entry_is_written_as_decoded_only_while_its_set_is_the_same() {
        let text = r#"{"f:spec":{"f:replicas":{},"f:paused":{}}}"#;
        let entry = ManagedFieldsEntry {
            manager: Some("kubectl".into()),
            operation: Some(APPLY.into()),
            api_version: Some("apps/v1".into()),
            fields_type: Some(FIELDS_V1.into()),
            fields_v1: Some(fields(text)),
            ..Default::default()
        };
        let written = |managers: Managers| {
            let entries = encode(managers);
            entries[0].fields_v1.as_ref().unwrap().as_str().to_string()
        };
        let managers = decode(std::slice::from_ref(&entry)).unwrap();
        assert_eq!(
            written(managers.clone()),
            text,
            "unchanged: the decoded text"
        );

        // Not owning what is removed, the entry keeps its set and text.
        let mut kept = managers.clone();
        for managed in kept.values_mut() {
            let mut other = FieldSet::new();
            other.insert(&[field("spec"), field("template")]);
            managed.remove_all(&other);
        }
        assert_eq!(written(kept), text);

        // A new entry for an equal set (a set of its own) writes the text too.
        let (id, managed) = managers.clone().into_iter().next().unwrap();
        let (set, decoded) = managed.clone().into_set();
        let empty_entry = || {
            Managed::new(
                "kubectl".into(),
                APPLY.into(),
                "apps/v1".into(),
                String::new(),
                None,
                FieldSet::new(),
            )
        };
        let fresh = |set: FieldSet| {
            Managers::from([(id.clone(), empty_entry().with_set(set, decoded.clone()))])
        };
        assert_eq!(written(fresh(set.clone())), text);
        // An entry taking over another's set shares it, and its text.
        let successor = empty_entry().with_set_of(managed.clone());
        assert!(Arc::ptr_eq(&successor.set, &managed.set));
        assert_eq!(written(Managers::from([(id.clone(), successor)])), text);

        // A changed set is encoded: removing a path, adding one.
        let mut fewer = managers.clone();
        for managed in fewer.values_mut() {
            let mut replicas = FieldSet::new();
            replicas.insert(&[field("spec"), field("replicas")]);
            managed.remove_all(&replicas);
        }
        assert_eq!(written(fewer), r#"{"f:spec":{"f:paused":{}}}"#);
        let mut more = set;
        more.insert(&[field("spec"), field("selector")]);
        assert_eq!(
            written(fresh(more)),
            r#"{"f:spec":{"f:paused":{},"f:replicas":{},"f:selector":{}}}"#
        );
    }
}
