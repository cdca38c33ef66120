//! Managed fields entries as the field manager holds them: decoded into
//! field sets keyed by manager identifier, and encoded back
//! (`k8s.io/apimachinery/pkg/util/managedfields/internal`: `managedfields.go`,
//! `buildmanagerinfo.go`, `capmanagers.go`, `stripmeta.go`).

use std::collections::BTreeMap;

use super::fieldset::{FieldSet, PathElement};
use runtime::go::json_string as go_json_string;
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
    /// The paths the manager owns.
    set: FieldSet,
    /// The FieldsV1 the entry was decoded from, while `set` still holds
    /// exactly its paths: encoding moves it back instead of writing the
    /// set again.
    fields_v1: Option<FieldsV1>,
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
            set,
            fields_v1: None,
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

    /// The paths the manager owns, to change: the decoded FieldsV1 no
    /// longer describes them.
    pub(crate) fn set_mut(&mut self) -> &mut FieldSet {
        self.fields_v1 = None;
        &mut self.set
    }

    /// Removes the paths of `other`; the decoded FieldsV1 stays when none
    /// was owned.
    pub(crate) fn remove_all(&mut self, other: &FieldSet) {
        if self.set.remove_all(other) {
            self.fields_v1 = None;
        }
    }

    /// The owned paths, taken out of the entry (with its decoded FieldsV1,
    /// which still describes them).
    pub(crate) fn into_set(self) -> (FieldSet, Option<FieldsV1>) {
        (self.set, self.fields_v1)
    }

    /// Restores a set and its FieldsV1 taken by [`Managed::into_set`].
    pub(crate) fn with_set(mut self, set: FieldSet, fields_v1: Option<FieldsV1>) -> Managed {
        self.set = set;
        self.fields_v1 = fields_v1;
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
    let mut parts = Vec::new();
    let mut field = |name: &str, value: &str| {
        if !value.is_empty() {
            parts.push(format!(
                "{}:{}",
                go_json_string(name),
                go_json_string(value)
            ));
        }
    };
    field("manager", manager);
    field("operation", operation);
    if operation != APPLY {
        field("apiVersion", api_version);
    }
    field("subresource", subresource);
    format!("{{{}}}", parts.join(","))
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
    let set = match &entry.fields_v1 {
        Some(fields) => FieldSet::from_fields_v1(fields).map_err(|e| {
            format!("error decoding versioned set from entry {i}: error decoding set: {e}")
        })?,
        None => FieldSet::new(),
    };
    Ok(Managed {
        manager: text(&entry.manager),
        operation,
        api_version,
        subresource: text(&entry.subresource),
        time: entry.time,
        set,
        fields_v1: entry.fields_v1.clone(),
    })
}

/// The entries without their decoded FieldsV1, so that encoding writes
/// each set anew (for entries a client sent, which may not be in the
/// encoder's form).
pub(crate) fn forget_decoded(mut managers: Managers) -> Managers {
    for managed in managers.values_mut() {
        managed.fields_v1 = None;
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
    let fields_v1 = match managed.fields_v1 {
        Some(decoded) => decoded,
        None => managed.set.to_fields_v1(),
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
            entry.set_mut().extend(managed.set);
            entry.time = managed.time;
        }
        managers.remove(&id);
        length -= 1;
    }
}
