//! Server-side apply over JSON objects, driven by the structural schema
//! tables ([`runtime::schema`]): field sets and their FieldsV1 form
//! ([`FieldSet`], [`field_set`]), the apply merge with conflict detection
//! and field ownership ([`apply`]), ownership tracking of ordinary writes
//! ([`update`]), and upstream's conflict message ([`conflict_message`]).
//!
//! The semantics are upstream's, read from:
//!
//! - `sigs.k8s.io/structured-merge-diff`: `fieldpath` (`element.go`,
//!   `set.go`, `serialize.go`, `serialize-pe.go`), `typed` (`merge.go`,
//!   `tofieldset.go`, `remove.go`, `helpers.go`, `validate.go`) and `merge`
//!   (`update.go`, `conflict.go`);
//! - `k8s.io/apimachinery/pkg/util/managedfields/internal`: the field
//!   manager layers `fieldmanager.go`, `structuredmerge.go`,
//!   `stripmeta.go`, `managedfieldsupdater.go`, `buildmanagerinfo.go`,
//!   `capmanagers.go`, `skipnonapplied.go`, `lastappliedmanager.go`,
//!   `lastappliedupdater.go`, `versioncheck.go`, `managedfields.go` and
//!   `conflict.go`;
//! - `k8s.io/kube-openapi/pkg/schemaconv` for how list, map and struct
//!   markers become merge semantics (see `shape.rs`).
//!
//! What is tracked: every path an object sets except the ones upstream's
//! `stripMetaManager` never records: `apiVersion`, `kind`, `metadata`
//! itself and `metadata.{name, namespace, creationTimestamp, selfLink, uid,
//! clusterName, generation, managedFields, resourceVersion}`. Everything
//! else, `status` and `metadata.deletionTimestamp` included, is tracked as
//! upstream tracks it; fields a strategy resets (upstream's
//! `GetResetFields`, e.g. `status` on the main resource of a kind with a
//! status subresource) are the caller's to remove from the applied object
//! before [`apply`], and to reset before calling [`update`].
//!
//! Entries of managers that wrote at another version of the resource are
//! compared in their own version, as upstream's `Updater.update` converts
//! the old and new objects to each manager's version
//! ([`VersionConverter`]).
//!
//! Not reproduced: reconciliation of entries with schema changes
//! (`reconcileManagedFieldsWithSchemaChanges`), unions, and the
//! `field not declared in schema` error: undeclared fields are read as
//! upstream's deduced type (objects granular, lists atomic). A list-map
//! item missing a key field takes the field's `+default`, as upstream.

mod created;
mod fieldset;
mod lastapplied;
mod managers;
mod shape;
mod sole;
mod value;
mod walk;

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::fmt;

use serde_json::{Map, Value};

pub use fieldset::{FieldSet, PathElement, path_string};
pub use sole::sole_manager_update;

use managers::{APPLY, Managed, Managers, UPDATE, Writer};
use runtime::fieldpaths::FieldPaths;
use runtime::meta::{ManagedFieldsEntry, Time};
use runtime::schema::TypeSchema;
use shape::Shape;
use walk::{Comparison, applied_field_set, ensure_named_fields, errors_text, remove, to_field_set};

/// The manager that owns an object's existing fields when it is first
/// applied to without managed fields (`skipNonAppliedManager`).
const BEFORE_FIRST_APPLY: &str = "before-first-apply";

/// The placeholder identifier of the write being recorded
/// (`managedFieldsUpdater`).
const CURRENT_OPERATION: &str = "current-operation";

/// The result of a successful [`apply`].
#[derive(Debug, Clone, PartialEq)]
pub struct ApplyOutcome {
    /// The merged object, without `metadata.managedFields` (the caller
    /// sets [`ApplyOutcome::managed_fields`] with [`set_managed_fields`]
    /// once it has read the object through its type). Fields left null by
    /// the merge (applied nulls, maps or lists emptied by pruning) are
    /// dropped from structs, as decoding into Go types and encoding again
    /// drops them upstream.
    pub object: Value,
    /// The new managed fields entries, in upstream's order.
    pub managed_fields: Vec<ManagedFieldsEntry>,
}

/// A field the apply would change that another manager owns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    /// The owning manager's identifier as upstream keys managers: the
    /// entry's JSON without time and fields (and without the version for
    /// Apply entries), e.g.
    /// `{"manager":"alice","operation":"Update","apiVersion":"v1"}`. A plain
    /// name is accepted too and printed quoted, as upstream falls back to.
    /// [`Conflict::manager_name`] gives the name alone.
    pub manager: String,
    /// The field, as upstream prints paths: `.data.key`,
    /// `.spec.ports[name="http"].port`, `.metadata.finalizers[="a"]`.
    pub path: String,
}

impl Conflict {
    /// The manager's name (`alice`), read from the identifier.
    pub fn manager_name(&self) -> String {
        match serde_json::from_str::<ManagedFieldsEntry>(&self.manager) {
            Ok(entry) => entry.manager.unwrap_or_default(),
            Err(_) => self.manager.clone(),
        }
    }

    /// The message of this conflict's `FieldManagerConflict` status cause
    /// (`NewConflictError`): `conflict with "alice" using v1`.
    pub fn cause_message(&self) -> String {
        format!("conflict with {}", print_manager(&self.manager))
    }
}

/// Why an apply failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApplyError {
    /// Fields owned by other managers would change; answered 409 with
    /// [`conflict_message`] and one cause per conflict.
    Conflicts(Vec<Conflict>),
    /// The applied object or the managed fields are unusable, with
    /// upstream's message: `invalid object type: /v1, Kind=Secret`,
    /// `metadata.managedFields must be nil`, `failed to create typed patch
    /// object (...): ...`, `failed to decode managed fields: ...`.
    Invalid(String),
}

impl fmt::Display for ApplyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApplyError::Conflicts(conflicts) => f.write_str(&conflict_message(conflicts)),
            ApplyError::Invalid(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for ApplyError {}

/// The paths `obj` sets, as managed fields record them: structured-merge-
/// diff's `ToFieldSet` read with `schema` (the object's top-level type),
/// minus the paths never tracked (see the module docs).
///
/// Struct fields appear through their contents (`f:spec` has no `.`), map
/// entries and list items as themselves and their contents (`.` under
/// `k:{"name":"http"}`), set items as `v:<json>`, atomic values as one
/// path. Items of associative lists that lack a key field are skipped.
pub fn field_set(obj: &Value, schema: &'static TypeSchema) -> FieldSet {
    let mut set = to_field_set(obj, Shape::root(schema));
    set.remove_all(managers::strip_set());
    set
}

/// Converts objects of a resource between its versions, so that a
/// manager's fields are compared in the version it wrote them at
/// (structured-merge-diff's `merge.Converter`).
pub trait VersionConverter {
    /// `object` (the whole object, in the request's version) in
    /// `api_version`, with that version's schema; `None` when the resource
    /// is not served at it or the object does not convert (its manager's
    /// fields are then compared in the request's version).
    fn convert(&self, object: &Value, api_version: &str) -> Option<(Value, &'static TypeSchema)>;
}

/// A resource served at one version: nothing converts.
#[derive(Debug, Clone, Copy, Default)]
pub struct OneVersion;

impl VersionConverter for OneVersion {
    fn convert(&self, _object: &Value, _api_version: &str) -> Option<(Value, &'static TypeSchema)> {
        None
    }
}

/// The request's version and how to reach the others.
#[derive(Clone, Copy)]
struct Versions<'a> {
    request: &'a str,
    converter: &'a dyn VersionConverter,
}

/// [`apply_converting`] for a resource served at one version.
#[allow(clippy::too_many_arguments)]
pub fn apply(
    live: Option<&Value>,
    applied: &Value,
    manager: &str,
    api_version: &str,
    managed: &[ManagedFieldsEntry],
    force: bool,
    now: Time,
    schema: &'static TypeSchema,
) -> Result<ApplyOutcome, ApplyError> {
    apply_converting(
        live,
        applied,
        manager,
        api_version,
        None,
        managed,
        force,
        now,
        schema,
        &OneVersion,
    )
}

/// Server-side applies `applied` (a partial object of the kind `schema`
/// describes, in version `api_version`) as `manager` onto `live` (`None`:
/// the object is being created), given the live object's managed fields;
/// through `subresource` (`status`) when given, which is part of the
/// manager's identity, as upstream's `BuildManagerIdentifier` makes it.
///
/// The applied object merges into the live one by the schema: struct and
/// map fields merge, `listType=map` items merge by key, `listType=set`
/// items union, everything else is replaced. Fields (and list or map
/// items) this manager applied last time but no longer applies are removed
/// unless another manager owns them. A changed field owned by another
/// manager is a conflict unless `force`, which moves it to this manager.
/// The manager's Apply entry then holds exactly the applied fields, with
/// `time` set to `now` when the object changed; other managers lose what
/// changed hands; empty entries are dropped; entries come in upstream's
/// order (Apply before Update, then oldest first). When the live object has
/// no managed fields, its existing fields are first given to a
/// `before-first-apply` Update entry. For the `kubectl` manager, conflicts
/// on fields its last-applied annotation shows it set are forgiven, and
/// that annotation, when present, is rewritten to the applied object.
///
/// # Errors
///
/// [`ApplyError::Invalid`] when the applied object has another apiVersion,
/// sets `metadata.managedFields`, has list items without their keys,
/// non-scalar set items or repeated keys, or when `managed` does not
/// decode; [`ApplyError::Conflicts`] on conflicts without `force`.
///
/// Managers that wrote at another version than `api_version` are compared
/// in their version through `versions` (their conflicts name their
/// version's paths).
#[allow(clippy::too_many_arguments)]
pub fn apply_converting(
    live: Option<&Value>,
    applied: &Value,
    manager: &str,
    api_version: &str,
    subresource: Option<&str>,
    managed: &[ManagedFieldsEntry],
    force: bool,
    now: Time,
    schema: &'static TypeSchema,
    versions: &dyn VersionConverter,
) -> Result<ApplyOutcome, ApplyError> {
    let shape = Shape::root(schema);
    let applied_set = check_applied(applied, api_version, shape)?;
    let managers = managers::decode(managed)
        .map_err(|e| ApplyError::Invalid(format!("failed to decode managed fields: {e}")))?;
    let writer = Writer::new(manager, api_version, subresource);
    // The live object keeps its managed fields through the merge: they are
    // one atomic path that every recorded set strips, and the result's are
    // replaced below.
    let request = ApplyRequest {
        live,
        applied,
        applied_set: std::cell::Cell::new(Some(applied_set)),
        writer: &writer,
        now,
        shape,
        versions: Versions {
            request: api_version,
            converter: versions,
        },
    };
    let (mut object, managers) = request
        .run_forgiving_kubectl(managers, force)
        .map_err(|conflicts| ApplyError::Conflicts(public_conflicts(conflicts)))?;
    if writer.manager == lastapplied::KUBECTL && lastapplied::has_annotation(&object) {
        lastapplied::set(&mut object, lastapplied::build(applied));
    }
    let managed_fields = managers::encode(managers);
    drop_null_fields(&mut object, shape);
    set_managed_fields(&mut object, Vec::new());
    Ok(ApplyOutcome {
        object,
        managed_fields,
    })
}

/// [`update_converting`] for a resource served at one version.
#[allow(clippy::too_many_arguments)]
pub fn update(
    old: Option<&Value>,
    new: &Value,
    manager: &str,
    api_version: &str,
    subresource: Option<&str>,
    managed: DecodedManagedFields,
    now: Time,
    schema: &'static TypeSchema,
) -> Vec<ManagedFieldsEntry> {
    update_converting(
        old,
        new,
        manager,
        api_version,
        subresource,
        managed,
        now,
        schema,
        &OneVersion,
    )
}

/// The managed fields after a non-apply write (create, update, patch) by
/// `manager` through `subresource` (`None`: the main resource) that turned
/// `old` (`None`: a create) into `new`, given the managed fields to start
/// from (see [`managed_for_update`]).
///
/// The fields this write added or changed move to the manager's Update
/// entry (one per manager, version and subresource; its `time` becomes
/// `now` when it took anything) and leave every other entry; removed fields
/// leave every entry; empty entries are dropped; beyond ten Update entries
/// the oldest merge into `ancient-changes`. As upstream, an existing object
/// without managed fields stays untracked (the result is empty), and
/// `managed` that does not decode counts as empty. Entries of other
/// versions lose what changed in their version (`versions`).
#[allow(clippy::too_many_arguments)]
pub fn update_converting(
    old: Option<&Value>,
    new: &Value,
    manager: &str,
    api_version: &str,
    subresource: Option<&str>,
    managed: DecodedManagedFields,
    now: Time,
    schema: &'static TypeSchema,
    versions: &dyn VersionConverter,
) -> Vec<ManagedFieldsEntry> {
    let mut managers = managed.0;
    if managers.is_empty() && old.is_some() {
        return Vec::new();
    }
    // Both objects keep their managed fields: they are one atomic path,
    // which the recorded sets strip (`strip_set`), so no copy without them
    // is needed.
    let writer = Writer::new(manager, api_version, subresource);
    let versions = Versions {
        request: api_version,
        converter: versions,
    };
    record_update(
        &mut managers,
        old,
        new,
        &writer,
        now,
        Shape::root(schema),
        versions,
    );
    managers::encode(managers)
}

/// The managed fields of a create that starts from none (upstream's
/// `decodeLiveOrNew` finds neither live nor requested entries): one Update
/// entry of `manager` at `api_version` (no subresource), stamped `now`,
/// owning what the object sets beyond the zero value of its type `schema`,
/// minus the untracked paths. The same entries [`update`] records for
/// `old: None` from an empty start, read straight from the Rust object
/// (its generated [`FieldPaths`]) instead of from its JSON tree; none when
/// the object sets nothing tracked. With `status_reset` (the main
/// resource of a kind with a status subresource) `status` is not
/// tracked, as upstream's field manager ignores the fields its strategy
/// resets (`GetResetFields`), whatever the object holds there.
pub fn created(
    object: &dyn FieldPaths,
    manager: &str,
    api_version: &str,
    now: Time,
    schema: &'static TypeSchema,
    status_reset: bool,
) -> Vec<ManagedFieldsEntry> {
    let Some(fields_v1) = created::created_fields_v1(object, schema, status_reset) else {
        return Vec::new();
    };
    let writer = Writer::new(manager, api_version, None);
    vec![ManagedFieldsEntry {
        manager: Some(writer.manager),
        operation: Some(UPDATE.to_string()),
        api_version: (!writer.api_version.is_empty()).then_some(writer.api_version),
        time: Some(now),
        fields_type: Some(managers::FIELDS_V1.to_string()),
        fields_v1: Some(fields_v1),
        subresource: None,
    }]
}

/// Managed fields entries decoded into field sets, as a write starts from
/// them (see [`managed_for_update`] and [`update`]).
#[derive(Debug, Clone, Default)]
pub struct DecodedManagedFields(Managers);

impl DecodedManagedFields {
    /// Decodes `entries`; entries that do not decode count as none.
    pub fn decode(entries: &[ManagedFieldsEntry]) -> Self {
        DecodedManagedFields(managers::decode(entries).unwrap_or_default())
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether every entry was written at `api_version` (`group/version`):
    /// a write at that version then compares its objects in no other
    /// version, so parts equal on both sides can be left out of both.
    pub fn all_at(&self, api_version: &str) -> bool {
        self.0.values().all(|m| m.api_version == api_version)
    }

    /// The entries, encoded back in upstream's order.
    pub fn encode(&self) -> Vec<ManagedFieldsEntry> {
        managers::encode(self.0.clone())
    }
}

/// The managed fields a non-apply write starts from (`decodeLiveOrNew`):
/// the live object's for a subresource write; none when the request resets
/// them (`managedFields: []` or `[{}]`); the request's when it sends valid
/// ones; else the live object's. Entries that do not decode count as none.
/// `request` is `None` when the request object has no `managedFields`.
/// Each list is decoded at most once.
pub fn managed_for_update(
    live: &[ManagedFieldsEntry],
    request: Option<&[ManagedFieldsEntry]>,
    subresource: Option<&str>,
) -> DecodedManagedFields {
    let from_live = || DecodedManagedFields::decode(live);
    if subresource.is_some_and(|s| !s.is_empty()) {
        return from_live();
    }
    match request {
        Some([]) => DecodedManagedFields::default(),
        Some([only]) if *only == ManagedFieldsEntry::default() => DecodedManagedFields::default(),
        // A client's FieldsV1 is written back as the encoder writes it,
        // never as sent.
        Some(entries) => managers::decode(entries)
            .map(managers::forget_decoded)
            .map(DecodedManagedFields)
            .unwrap_or_else(|_| from_live()),
        None => from_live(),
    }
}

/// The message of an apply conflict status (`getConflictMessage`): for one
/// conflict `Apply failed with 1 conflict: conflict with "alice" using v1:
/// .data.key`; for several, grouped by manager (in identifier order) with
/// one `- <path>` line per field, e.g.
/// `Apply failed with 2 conflicts: conflicts with "bar":\n- .metadata.labels.app\nconflicts with "foo" using v1:\n- .spec.replicas`.
/// Update managers print as `"name" using <version>` (with
/// `with subresource "scale"` when written through one), Apply managers as
/// `"name"`.
pub fn conflict_message(conflicts: &[Conflict]) -> String {
    if let [only] = conflicts {
        return format!(
            "Apply failed with 1 conflict: conflict with {}: {}",
            print_manager(&only.manager),
            only.path
        );
    }
    let mut by_manager: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for conflict in conflicts {
        by_manager
            .entry(&conflict.manager)
            .or_default()
            .push(&conflict.path);
    }
    let mut lines = Vec::new();
    for (manager, paths) in by_manager {
        lines.push(format!("conflicts with {}:", print_manager(manager)));
        lines.extend(paths.iter().map(|p| format!("- {p}")));
    }
    format!(
        "Apply failed with {} conflicts: {}",
        conflicts.len(),
        lines.join("\n")
    )
}

/// A manager as conflicts print it (`printManager`).
fn print_manager(identifier: &str) -> String {
    let Ok(entry) = serde_json::from_str::<ManagedFieldsEntry>(identifier) else {
        return runtime::field::quote(identifier);
    };
    let mut text = runtime::field::quote(entry.manager.as_deref().unwrap_or_default());
    if let Some(subresource) = entry.subresource.as_deref().filter(|s| !s.is_empty()) {
        text = format!(
            "{text} with subresource {}",
            runtime::field::quote(subresource)
        );
    }
    if entry.operation.as_deref() != Some(UPDATE) {
        return text;
    }
    let version = entry.api_version.unwrap_or_default();
    match entry.time {
        Some(time) => format!("{text} using {version} at {}", time.to_rfc3339()),
        None => format!("{text} using {version}"),
    }
}

/// A conflict before it is printed: the owner's identifier and the path.
#[derive(Debug, Clone)]
struct OwnedConflict {
    manager: String,
    path: Vec<PathElement>,
}

fn public_conflicts(conflicts: Vec<OwnedConflict>) -> Vec<Conflict> {
    conflicts
        .into_iter()
        .map(|c| Conflict {
            manager: c.manager,
            path: path_string(&c.path),
        })
        .collect()
}

/// Upstream's checks of an applied object before merging
/// (`versionCheckManager`, `structuredMergeManager.Apply`, the typed
/// conversion's list validation); the paths it sets, found in the same
/// walk as its lists' problems.
fn check_applied(applied: &Value, api_version: &str, shape: Shape) -> Result<FieldSet, ApplyError> {
    if !applied.is_object() {
        return Err(ApplyError::Invalid(
            "the applied configuration must be an object".to_string(),
        ));
    }
    if applied.get("apiVersion").and_then(Value::as_str) != Some(api_version) {
        return Err(ApplyError::Invalid(format!(
            "invalid object type: {}",
            gvk_string(applied)
        )));
    }
    if applied
        .pointer("/metadata/managedFields")
        .is_some_and(|v| !v.is_null())
    {
        return Err(ApplyError::Invalid(
            "metadata.managedFields must be nil".to_string(),
        ));
    }
    let errors = match applied_field_set(applied, shape) {
        Ok(set) => return Ok(set),
        Err(errors) => errors,
    };
    Err(ApplyError::Invalid(format!(
        "failed to create typed patch object ({}): {}",
        object_gvknn(applied),
        errors_text(&errors)
    )))
}

/// `schema.GroupVersionKind.String()` of an object: `/v1, Kind=ConfigMap`,
/// `apps/v1, Kind=Deployment`.
fn gvk_string(obj: &Value) -> String {
    let text = |key: &str| obj.get(key).and_then(Value::as_str).unwrap_or_default();
    let api_version = text("apiVersion");
    let (group, version) = match api_version.split('/').collect::<Vec<_>>().as_slice() {
        [version] => ("", *version),
        [group, version] => (*group, *version),
        _ => ("", ""),
    };
    format!("{group}/{version}, Kind={}", text("kind"))
}

/// `objectGVKNN`: `namespace/name; group/version, Kind=kind`.
fn object_gvknn(obj: &Value) -> String {
    let meta = |key: &str| {
        obj.pointer(&format!("/metadata/{key}"))
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    format!(
        "{}/{}; {}",
        meta("namespace"),
        meta("name"),
        gvk_string(obj)
    )
}

/// One apply, through upstream's field manager layers.
struct ApplyRequest<'a> {
    live: Option<&'a Value>,
    applied: &'a Value,
    /// The paths `applied` sets, found when it was checked, for the first
    /// merge (a second one, for `kubectl`'s forgiven conflicts, finds them
    /// again).
    applied_set: std::cell::Cell<Option<FieldSet>>,
    writer: &'a Writer,
    now: Time,
    shape: Shape,
    versions: Versions<'a>,
}

impl ApplyRequest<'_> {
    /// `lastAppliedManager`: for `kubectl`, conflicts all on fields its
    /// last-applied annotation shows it set are forced; otherwise only the
    /// unforgiven ones are reported.
    fn run_forgiving_kubectl(
        &self,
        managers: Managers,
        force: bool,
    ) -> Result<(Value, Managers), Vec<OwnedConflict>> {
        if self.writer.manager != lastapplied::KUBECTL {
            return self.run(managers, force);
        }
        let conflicts = match self.run(managers.clone(), force) {
            Err(conflicts) => conflicts,
            other => return other,
        };
        let allowed = self.live.and_then(|live| {
            lastapplied::allowed_conflicts(live, &self.writer.api_version, self.shape)
        });
        let Some(allowed) = allowed else {
            return Err(conflicts);
        };
        let remaining: Vec<OwnedConflict> = conflicts
            .into_iter()
            .filter(|c| !allowed.has(&c.path))
            .collect();
        if remaining.is_empty() {
            self.run(managers, true)
        } else {
            Err(remaining)
        }
    }

    /// `skipNonAppliedManager` down to the structured merge: gives existing
    /// fields to `before-first-apply` when nothing is tracked yet, merges,
    /// strips untracked paths from the applier's entry and stamps its time
    /// when the object changed.
    fn run(
        &self,
        mut managers: Managers,
        force: bool,
    ) -> Result<(Value, Managers), Vec<OwnedConflict>> {
        if managers.is_empty()
            && let Some(live) = self.live
        {
            let before = Writer {
                manager: BEFORE_FIRST_APPLY.to_string(),
                ..self.writer.clone()
            };
            record_update(
                &mut managers,
                None,
                live,
                &before,
                self.now,
                self.shape,
                self.versions,
            );
        }
        let empty = Value::Object(Map::new());
        let live = self.live.unwrap_or(&empty);
        let id = self.writer.identifier(APPLY);
        let merged = self.merge(live, &id, &mut managers, force)?;
        managers::strip(&mut managers, &id);
        if !value::equal(live, &merged)
            && let Some(entry) = managers.get_mut(&id)
        {
            entry.time = Some(self.now);
        }
        Ok((merged, managers))
    }

    /// `Updater.Apply`: merge, record the applied set, prune what the
    /// applier dropped, then take changed fields from the other managers.
    fn merge(
        &self,
        live: &Value,
        id: &str,
        managers: &mut Managers,
        force: bool,
    ) -> Result<Value, Vec<OwnedConflict>> {
        let merged = walk::merge(live, self.applied, self.shape);
        let previous = managers.remove(id);
        let applied_set = self
            .applied_set
            .take()
            .unwrap_or_else(|| to_field_set(self.applied, self.shape));
        // A re-apply of the same fields writes the entry's FieldsV1 again.
        let decoded = previous.as_ref().and_then(|p| p.decoded().cloned());
        let entry = Managed::new(
            self.writer.manager.clone(),
            APPLY.to_string(),
            self.writer.api_version.clone(),
            self.writer.subresource.clone(),
            previous.as_ref().and_then(|p| p.time),
            FieldSet::new(),
        );
        managers.insert(id.to_string(), entry.with_set(applied_set, decoded));
        let merged = match previous {
            Some(last) if !last.set().is_empty() => {
                prune(merged, managers, id, last.set(), self.shape)
            }
            _ => merged,
        };
        take_changed(
            Some(live),
            &merged,
            managers,
            id,
            force,
            self.shape,
            self.versions,
        )?;
        Ok(merged)
    }
}

/// Removes from `merged` what the applier `id` owned last time (`last`) and
/// no longer does, unless some manager (the applier's new set included)
/// owns it (`Updater.prune` with `addBackOwnedItems` and
/// `addBackDanglingItems`).
///
/// When the applier still applies every path of `last` (a re-apply of the
/// same or a grown configuration), upstream's passes remove nothing: every
/// path of `last` is then owned, and so is every list item and map entry
/// above it (an applied set holds those whenever it holds a path below
/// them), so no removal reaches it. The last pass then removes an empty
/// set, which walks no child and gives the object back as it is (a value
/// that is not an object comes back `{}`), so `merged` is returned
/// without copying it.
fn prune(merged: Value, managers: &Managers, id: &str, last: &FieldSet, shape: Shape) -> Value {
    if managers
        .get(id)
        .is_some_and(|applier| last.is_subset(applier.set()))
    {
        return match merged {
            Value::Object(map) => Value::Object(map),
            _ => Value::Object(Map::new()),
        };
    }
    prune_all_passes(&merged, managers, last, shape)
}

/// [`prune`] without its shortcut: upstream's three passes.
fn prune_all_passes(merged: &Value, managers: &Managers, last: &FieldSet, shape: Shape) -> Value {
    let ensure = |set: &FieldSet| ensure_named_fields(set, shape);
    let last = ensure(last);
    let owned = managers
        .values()
        .fold(FieldSet::new(), |all, m| all.union(m.set()));
    let merged_set = ensure(&to_field_set(merged, shape));
    let pruned = remove(merged, &last, shape);
    let pruned_set = ensure(&to_field_set(&pruned, shape));
    let unowned = merged_set.difference(&pruned_set.union(&ensure(&owned)));
    let pruned = remove(merged, &unowned, shape);
    let pruned_set = ensure(&to_field_set(&pruned, shape));
    let dropped = merged_set.difference(&pruned_set).intersection(&last);
    removing(merged, &dropped, shape)
}

/// `merged` without the paths of `dropped`; an object left empty stays `{}`.
fn removing(merged: &Value, dropped: &FieldSet, shape: Shape) -> Value {
    match remove(merged, dropped, shape) {
        Value::Null => Value::Object(Map::new()),
        pruned => pruned,
    }
}

/// `Updater.update`: compares `old` and `new` (in the request's version,
/// and in each other manager's version, converted once per version);
/// unless `force`, fails if a manager other than `workflow` owns an added
/// or modified field; else every other manager loses the added, modified
/// and removed fields, and empty entries are dropped. Returns the
/// comparison in the request's version.
fn take_changed(
    old: Option<&Value>,
    new: &Value,
    managers: &mut Managers,
    workflow: &str,
    force: bool,
    shape: Shape,
    versions: Versions<'_>,
) -> Result<Comparison, Vec<OwnedConflict>> {
    let comparison = walk::compare(old, new, shape);
    if managers.keys().all(|id| id == workflow) {
        // Nobody else owns anything: no conflicts, nothing to take.
        managers::drop_empty(managers);
        return Ok(comparison);
    }
    let converted = other_versions(old, new, managers, workflow, versions);
    let comparison_of = |managed: &Managed| {
        converted
            .get(managed.api_version.as_str())
            .unwrap_or(&comparison)
    };
    if !force {
        let mut conflicts = Vec::new();
        for (id, managed) in managers.iter() {
            if id != workflow {
                let compared = comparison_of(managed);
                let changed = compared.modified.union(&compared.added);
                let owned = managed.set().intersection(&changed);
                conflicts.extend(owned.paths().into_iter().map(|path| OwnedConflict {
                    manager: id.clone(),
                    path,
                }));
            }
        }
        if !conflicts.is_empty() {
            return Err(conflicts);
        }
    }
    // What the write changed leaves the other managers (path-wise, minus
    // the union is minus each part, so no union is built).
    for (id, managed) in managers.iter_mut() {
        if id != workflow {
            let compared = converted
                .get(managed.api_version.as_str())
                .unwrap_or(&comparison);
            managed.remove_all(&compared.modified);
            managed.remove_all(&compared.added);
            managed.remove_all(&compared.removed);
        }
    }
    managers::drop_empty(managers);
    Ok(comparison)
}

/// `old` and `new` compared in every version other managers than
/// `workflow` wrote at, other than the request's, that they convert to.
fn other_versions(
    old: Option<&Value>,
    new: &Value,
    managers: &Managers,
    workflow: &str,
    versions: Versions<'_>,
) -> BTreeMap<String, Comparison> {
    let mut converted = BTreeMap::new();
    for (id, managed) in managers.iter() {
        let version = managed.api_version.as_str();
        if id == workflow || version == versions.request || converted.contains_key(version) {
            continue;
        }
        let Some((new, schema)) = versions.converter.convert(new, version) else {
            continue;
        };
        let old = match old {
            Some(old) => match versions.converter.convert(old, version) {
                Some((old, _)) => Some(old),
                None => continue,
            },
            None => None,
        };
        let compared = walk::compare(old.as_ref(), &new, Shape::root(schema));
        converted.insert(version.to_string(), compared);
    }
    converted
}

/// Records a non-apply write by `writer` (`managedFieldsUpdater` over
/// `stripMetaManager` over `Updater.Update`, then `capManagersManager`):
/// what the write added or changed, minus untracked paths, joins the
/// writer's Update entry, stamped `now`; other entries lose it.
fn record_update(
    managers: &mut Managers,
    old: Option<&Value>,
    new: &Value,
    writer: &Writer,
    now: Time,
    shape: Shape,
    versions: Versions<'_>,
) {
    // The writer's own entry is one of the others to the comparison: it
    // loses what the write changed, then gains what the write took. It is
    // held apart so that, when that gives back exactly the set it had, its
    // decoded FieldsV1 still describes it.
    let id = writer.identifier(UPDATE);
    let mine = managers.remove(&id);
    // Forced, so there are no conflicts.
    let Ok(comparison) = take_changed(old, new, managers, CURRENT_OPERATION, true, shape, versions)
    else {
        managers.extend(mine.map(|m| (id, m)));
        return;
    };
    let mut taken = comparison.modified.union(&comparison.added);
    taken.remove_all(&comparison.removed);
    taken.remove_all(managers::strip_set());
    let mine = mine.and_then(|mut previous| {
        if taken.is_empty() || !unchanged_by(previous.set(), &taken, &comparison) {
            previous.remove_all(&comparison.modified);
            previous.remove_all(&comparison.added);
            previous.remove_all(&comparison.removed);
        }
        (!previous.set().is_empty()).then_some(previous)
    });
    if taken.is_empty() {
        if let Some(previous) = mine {
            managers.insert(id, previous);
        }
    } else {
        let entry = Managed::new(
            writer.manager.clone(),
            UPDATE.to_string(),
            writer.api_version.clone(),
            writer.subresource.clone(),
            Some(now),
            FieldSet::new(),
        );
        let entry = match mine {
            Some(previous) if taken.is_subset(previous.set()) => entry.with_set_of(previous),
            Some(previous) => {
                let mut set = taken;
                set.extend(previous.into_set().0);
                entry.with_set(set, None)
            }
            None => entry.with_set(taken, None),
        };
        managers.insert(id, entry);
    }
    managers::cap_update_managers(managers);
}

/// Whether losing what `comparison` changed and gaining `taken` leaves the
/// set `owned` as it was: it owns all it takes, nothing removed, and
/// nothing changed among the untracked paths (which `taken` never gives
/// back).
fn unchanged_by(owned: &FieldSet, taken: &FieldSet, comparison: &Comparison) -> bool {
    if !taken.is_subset(owned) || !owned.intersection(&comparison.removed).is_empty() {
        return false;
    }
    let untracked = owned.intersection(managers::strip_set());
    untracked.is_empty()
        || (untracked.intersection(&comparison.modified).is_empty()
            && untracked.intersection(&comparison.added).is_empty())
}

/// Sets `metadata.managedFields` to `entries` (removes it when there are
/// none). Each entry's FieldsV1 tree is moved into the object, not copied.
pub(crate) fn set_managed_fields(obj: &mut Value, entries: Vec<ManagedFieldsEntry>) {
    let Some(root) = obj.as_object_mut() else {
        return;
    };
    if entries.is_empty() {
        if let Some(meta) = root.get_mut("metadata").and_then(Value::as_object_mut) {
            meta.shift_remove("managedFields");
        }
        return;
    }
    let meta = root
        .entry("metadata")
        .or_insert_with(|| Value::Object(Map::new()));
    if let Some(meta) = meta.as_object_mut() {
        let encoded = entries.into_iter().map(entry_json).collect();
        crate::object::set_meta(meta, "managedFields", Value::Array(encoded));
    }
}

/// One managed fields entry as JSON (its FieldsV1 text parsed into the
/// tree).
fn entry_json(entry: ManagedFieldsEntry) -> Value {
    serde_json::to_value(&entry).unwrap_or(Value::Null)
}

/// Drops null-valued fields of structs throughout `obj`.
fn drop_null_fields(obj: &mut Value, shape: Shape) {
    match (shape, obj) {
        (Shape::Struct { .. } | Shape::Map { .. }, Value::Object(map)) => {
            if matches!(shape, Shape::Struct { .. }) {
                map.retain(|_, v| !v.is_null());
            }
            for (key, child) in map.iter_mut() {
                drop_null_fields(child, shape.field(key).0);
            }
        }
        (Shape::List { .. }, Value::Array(items)) => {
            for item in items {
                drop_null_fields(item, shape.item());
            }
        }
        _ => {}
    }
}
