//! [`Registry`]: every served resource, found by group, version and
//! plural, composed from the registries of several crates with their
//! OpenAPI documents.

use std::borrow::Cow;
use std::collections::HashMap;
use std::marker::PhantomData;

use serde_json::{Map, Value};

use super::{Entry, ServedKind, Typed};

/// Every served resource, with the OpenAPI documents that describe them.
///
/// A crate's generated `registry()` gives its own kinds; a server serves
/// any composition of such registries ([`Registry::install`]), as
/// kube-apiserver serves its built-in groups beside aggregated and custom
/// ones.
#[derive(Debug, Clone, Default)]
pub struct Registry {
    entries: Vec<Entry>,
    /// Where each (group, version, plural) is in `entries`: every request
    /// finds its entry ([`Registry::find`]) without comparing names along
    /// the list.
    index: HashMap<(&'static str, &'static str, &'static str), usize>,
    openapi_v2: Option<Cow<'static, str>>,
    openapi_v3: Vec<(&'static str, &'static str)>,
}

/// Why two registries cannot be served together ([`Registry::install`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegistryError {
    /// Both serve the resource at the version (`configmaps v1`,
    /// `widgets.example.dev v1`).
    #[error("{resource} {version} is served by both registries")]
    DuplicateResource {
        /// The resource as a `GroupResource` writes it
        /// ([`ResourceInfo::group_resource`]).
        resource: String,
        /// The version.
        version: &'static str,
    },
    /// Both have an OpenAPI v3 document at the index path (`apis/<group>/<version>`).
    #[error("both registries have the OpenAPI v3 document {0}")]
    DuplicateOpenApiV3(&'static str),
    /// An OpenAPI v2 document is not a JSON object.
    #[error("the OpenAPI v2 document does not read: {0}")]
    OpenApiV2(String),
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Self {
        Registry::default()
    }

    /// Adds the resource `T`, with the operations its [`ServedKind`]
    /// implementation gives.
    pub fn add<T: ServedKind>(&mut self) {
        self.entries.push(Entry {
            info: T::INFO,
            kind: &Typed::<T>(PhantomData),
        });
        let info = T::INFO;
        self.index
            .entry((info.group, info.version, info.plural))
            .or_insert(self.entries.len() - 1);
    }

    /// Rebuilds `index` after `entries` changed (the first entry of a
    /// resource and version wins, as a scan would find it).
    fn reindex(&mut self) {
        self.index.clear();
        for (at, e) in self.entries.iter().enumerate() {
            self.index
                .entry((e.info.group, e.info.version, e.info.plural))
                .or_insert(at);
        }
    }

    /// Sets the generated OpenAPI documents: the v2 document and the v3
    /// documents by index path (`api/v1`, `apis/example.dev/v1`).
    pub fn set_openapi(&mut self, v2: &'static str, v3: &[(&'static str, &'static str)]) {
        self.openapi_v2 = Some(Cow::Borrowed(v2));
        self.openapi_v3 = v3.to_vec();
    }

    /// Adds every resource of `other` after this registry's, and its
    /// OpenAPI documents: its v3 documents beside these, and its v2
    /// document's `paths` and `definitions` merged into this one's (a
    /// definition both have is kept as this registry has it: the shared
    /// `meta/v1` types are the same in every generated document).
    ///
    /// Errors: a resource both serve at the same version, a v3 document
    /// path both have, or a v2 document that is not a JSON object
    /// ([`RegistryError`]); `self` is then unchanged.
    pub fn install(&mut self, other: Registry) -> Result<(), RegistryError> {
        if let Some(e) = other.entries.iter().find(|e| {
            self.find(e.info.group, e.info.version, e.info.plural)
                .is_some()
        }) {
            return Err(RegistryError::DuplicateResource {
                resource: e.info.group_resource(),
                version: e.info.version,
            });
        }
        if let Some((path, _)) = other
            .openapi_v3
            .iter()
            .find(|(p, _)| self.openapi_v3.iter().any(|(mine, _)| mine == p))
        {
            return Err(RegistryError::DuplicateOpenApiV3(path));
        }
        let openapi_v2 = match (self.openapi_v2.take(), other.openapi_v2) {
            (Some(mine), Some(theirs)) => match merge_openapi_v2(&mine, &theirs) {
                Ok(merged) => Some(Cow::Owned(merged)),
                Err(e) => {
                    self.openapi_v2 = Some(mine);
                    return Err(e);
                }
            },
            (mine, theirs) => mine.or(theirs),
        };
        self.openapi_v2 = openapi_v2;
        self.entries.extend(other.entries);
        self.reindex();
        self.openapi_v3.extend(other.openapi_v3);
        Ok(())
    }

    /// The OpenAPI v2 document, if set.
    pub fn openapi_v2(&self) -> Option<&Cow<'static, str>> {
        self.openapi_v2.as_ref()
    }

    /// The OpenAPI v3 documents by index path.
    pub fn openapi_v3(&self) -> &[(&'static str, &'static str)] {
        &self.openapi_v3
    }

    /// Every entry, in registration order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entry serving `plural` in `group`/`version`.
    pub fn find(&self, group: &str, version: &str, plural: &str) -> Option<&Entry> {
        // The index's keys are `'static`; looked up here for as long as
        // the names asked for live (the map is covariant in its keys).
        let index: &HashMap<(&str, &str, &str), usize> = &self.index;
        self.entries.get(*index.get(&(group, version, plural))?)
    }

    /// The entry serving `entry`'s resource in its storage version (the
    /// one whose objects a watch cache or a namespace sweep reads); the
    /// entry itself when it is.
    pub fn storage_entry<'r>(&'r self, entry: &'r Entry) -> &'r Entry {
        if entry.is_storage_version() {
            return entry;
        }
        self.find(
            entry.kind.storage_group(),
            entry.kind.storage_version(),
            entry.info.plural,
        )
        .unwrap_or(entry)
    }

    /// Keeps only the entries `keep` accepts (a server leaves out the
    /// versions removed in its release).
    pub fn retain(&mut self, keep: impl FnMut(&Entry) -> bool) {
        self.entries.retain(keep);
        self.reindex();
    }

    /// One entry per resource: the one in its storage version, in
    /// registration order (every stored object is read through one of
    /// these exactly once).
    pub fn storage_entries(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter().filter(|e| e.is_storage_version())
    }

    /// The distinct groups, in registration order (the core group is `""`).
    pub fn groups(&self) -> Vec<&'static str> {
        let mut groups: Vec<&'static str> = Vec::new();
        for e in &self.entries {
            if !groups.contains(&e.info.group) {
                groups.push(e.info.group);
            }
        }
        groups
    }

    /// The versions served for `group`, in registration order.
    pub fn versions(&self, group: &str) -> Vec<&'static str> {
        let mut versions: Vec<&'static str> = Vec::new();
        for e in self.entries.iter().filter(|e| e.info.group == group) {
            if !versions.contains(&e.info.version) {
                versions.push(e.info.version);
            }
        }
        versions
    }
}

/// `base` with the `paths` and `definitions` of `other` added (those `base`
/// has stay), written as compact JSON.
fn merge_openapi_v2(base: &str, other: &str) -> Result<String, RegistryError> {
    let read = |doc: &str| match serde_json::from_str::<Value>(doc) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(RegistryError::OpenApiV2("not a JSON object".into())),
        Err(e) => Err(RegistryError::OpenApiV2(e.to_string())),
    };
    let (mut merged, other) = (read(base)?, read(other)?);
    for section in ["paths", "definitions"] {
        let Some(Value::Object(theirs)) = other.get(section) else {
            continue;
        };
        let mine = merged
            .entry(section)
            .or_insert_with(|| Value::Object(Map::new()));
        if let Value::Object(mine) = mine {
            for (key, value) in theirs {
                mine.entry(key.clone()).or_insert_with(|| value.clone());
            }
        }
    }
    serde_json::to_string(&Value::Object(merged))
        .map_err(|e| RegistryError::OpenApiV2(e.to_string()))
}
