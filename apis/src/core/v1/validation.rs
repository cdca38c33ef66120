// Hand-written validation of core/v1 beside the generated one: the rules of
// upstream's `pkg/apis/core/validation/validation.go` that users meet first
// and no marker says, with upstream's messages. Unlike the generated rules
// they are not ratcheted: upstream checks the whole new object on update.

use std::collections::BTreeSet;

use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::validate::{Context, ValidateExtra};

use super::{ConfigMap, PodSpec, Secret};

/// `api.MaxSecretSize`: the most data a ConfigMap or a Secret holds.
const MAX_DATA_SIZE: usize = 1024 * 1024;

/// `validation.IsConfigMapKey` (`k8s.io/apimachinery/pkg/util/validation`):
/// at most 253 characters of `[-._a-zA-Z0-9]`, not `.` or `..`, not
/// starting with `..`.
fn config_key_messages(key: &str) -> Vec<String> {
    let mut msgs = Vec::new();
    if key.len() > 253 {
        msgs.push("must be no more than 253 characters".to_string());
    }
    let valid = !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_'));
    if !valid {
        msgs.push("a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')".to_string());
    }
    match key {
        "." => msgs.push("must not be '.'".to_string()),
        ".." => msgs.push("must not be '..'".to_string()),
        k if k.starts_with("..") => msgs.push("must not start with '..'".to_string()),
        _ => {}
    }
    msgs
}

fn key_errors(path: &Path, key: &str) -> ErrorList {
    config_key_messages(key)
        .iter()
        .map(|m| Error::invalid(&path.key(key), BadValue::Str(key.into()), m))
        .collect()
}

/// `ValidateDNS1123Label` (legacy messages, as container names use).
fn dns1123_label_messages(name: &str) -> Vec<String> {
    let mut msgs = Vec::new();
    if name.len() > 63 {
        msgs.push("must be no more than 63 characters".to_string());
    }
    let shape = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !name.starts_with('-')
        && !name.ends_with('-');
    if !shape {
        msgs.push("a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')".to_string());
    }
    msgs
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
                for m in dns1123_label_messages(&c.name) {
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
