// Hand-written validation of core/v1 beside the generated one: the rules of
// upstream's `pkg/apis/core/validation/validation.go` that users meet first
// and no marker says, with upstream's messages. Unlike the generated rules
// they are not ratcheted: upstream checks the whole new object on update.

use std::collections::BTreeSet;

use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::validate::{Context, ValidateExtra, names};

use super::{ConfigMap, PodSpec, Secret};

/// `api.MaxSecretSize`: the most data a ConfigMap or a Secret holds.
const MAX_DATA_SIZE: usize = 1024 * 1024;

fn key_errors(path: &Path, key: &str) -> ErrorList {
    names::config_map_key(key)
        .iter()
        .map(|m| Error::invalid(&path.key(key), BadValue::Str(key.into()), m))
        .collect()
}

impl ValidateExtra for ConfigMap {
    /// `ValidateConfigMap`: key names, a key in both `data` and
    /// `binaryData`, and the 1 MiB total (reported on the whole object).
    fn validate_extra(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = Vec::new();
        let mut size = 0;
        let data = path.child("data");
        for (key, value) in &self.data {
            errs.extend(key_errors(&data, key));
            if self.binary_data.contains_key(key) {
                errs.push(Error::invalid(
                    &data.key(key),
                    BadValue::Str(key.clone()),
                    "duplicate of key present in binaryData",
                ));
            }
            size += value.len();
        }
        let binary = path.child("binaryData");
        for (key, value) in &self.binary_data {
            errs.extend(key_errors(&binary, key));
            if self.data.contains_key(key) {
                errs.push(Error::invalid(
                    &binary.key(key),
                    BadValue::Str(key.clone()),
                    "duplicate of key present in data",
                ));
            }
            size += value.len();
        }
        if size > MAX_DATA_SIZE {
            errs.push(Error::too_long(
                &path.child(""),
                BadValue::Omit,
                MAX_DATA_SIZE,
            ));
        }
        errs
    }
}

impl ValidateExtra for Secret {
    /// `ValidateSecret`: key names of `data` and its 1 MiB total.
    fn validate_extra(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let data = path.child("data");
        let mut errs: ErrorList = self
            .data
            .keys()
            .flat_map(|k| key_errors(&data, k))
            .collect();
        let size: usize = self.data.values().map(Vec::len).sum();
        if size > MAX_DATA_SIZE {
            errs.push(Error::too_long(&data, BadValue::Omit, MAX_DATA_SIZE));
        }
        errs
    }
}

impl ValidateExtra for PodSpec {
    /// `validateContainers` / `validateContainerCommon`: at least one
    /// container; each has a DNS-1123 label name, unique in the pod, and an
    /// image.
    fn validate_extra(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let containers = path.child("containers");
        if self.containers.is_empty() {
            return vec![Error::required(&containers, "")];
        }
        let mut errs = Vec::new();
        let mut names = BTreeSet::new();
        for (i, c) in self.containers.iter().enumerate() {
            let at = containers.index(i);
            let name = at.child("name");
            if c.name.is_empty() {
                errs.push(Error::required(&name, ""));
            } else {
                for m in names::dns1123_label(&c.name) {
                    errs.push(Error::invalid(&name, BadValue::Str(c.name.clone()), &m));
                }
            }
            if !names.insert(c.name.as_str()) {
                errs.push(Error::duplicate(&name, BadValue::Str(c.name.clone())));
            }
            if c.image.is_empty() {
                errs.push(Error::required(&at.child("image"), ""));
            }
        }
        errs
    }
}
