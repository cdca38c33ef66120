//! Discovery: `/api`, `/apis`, `/api/v1`, `/apis/<group>[/<version>]` in the
//! legacy form (APIVersions, APIGroupList, APIGroup, APIResourceList) and
//! the aggregated form (`apidiscovery.k8s.io/v2` APIGroupDiscoveryList),
//! plus `/version`.
//!
//! Source: the discovery section of the API concepts page; the shapes of
//! `metav1.APIResourceList` and `apidiscovery/v2`.

use serde_json::{Value, json};

use runtime::registry::{Entry, Registry};

use crate::store::is_builtin_group;
use crate::subresource::Subresources;

/// Verbs of the status and scale subresources.
pub const SUBRESOURCE_VERBS: [&str; 3] = ["get", "patch", "update"];

/// The aggregated discovery media type, v2.
pub const AGGREGATED_V2: &str =
    "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
/// The aggregated discovery media type, v2beta1.
pub const AGGREGATED_V2BETA1: &str =
    "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList";

/// Which aggregated discovery version the client asked for, if any, in
/// its order of preference.
pub fn wants_aggregated(accept: Option<&str>) -> Option<&'static str> {
    for range in accept.unwrap_or("").split(',') {
        let params: Vec<&str> = range.split(';').map(str::trim).collect();
        let has = |p: &str| params.contains(&p);
        if has("as=APIGroupDiscoveryList") && has("g=apidiscovery.k8s.io") {
            if has("v=v2") {
                return Some("v2");
            }
            if has("v=v2beta1") {
                return Some("v2beta1");
            }
        }
        if params
            .first()
            .is_some_and(|m| *m == "application/json" || *m == "*/*")
            && params.len() == 1
        {
            return None;
        }
    }
    None
}

/// `/api`: the core group's versions.
pub fn api_versions(registry: &Registry, server_address: &str) -> Value {
    json!({
        "kind": "APIVersions",
        "versions": versions_by_priority(registry, ""),
        "serverAddressByClientCIDRs": [{"clientCIDR": "0.0.0.0/0", "serverAddress": server_address}],
    })
}

/// The served versions of `group`, highest priority first, as upstream
/// orders a group's versions (`version.CompareKubeAwareVersionStrings`):
/// GA before beta before alpha, a higher major (then minor) number first,
/// versions that are not Kubernetes-like last, in name order. The first is
/// the group's preferred version.
pub fn versions_by_priority(registry: &Registry, group: &str) -> Vec<&'static str> {
    let mut versions = registry.versions(group);
    versions.sort_by(|a, b| by_priority(a, b));
    versions
}

/// Higher priority first, then by name.
fn by_priority(a: &str, b: &str) -> std::cmp::Ordering {
    version_priority(b).cmp(&version_priority(a)).then(a.cmp(b))
}

/// A version's rank: `(3, major, 0)` for `v1`, `(2, major, minor)` for
/// `v1beta2`, `(1, major, minor)` for `v1alpha1`, `(0, 0, 0)` otherwise.
fn version_priority(version: &str) -> (u8, u64, u64) {
    let number = |s: &str| {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) && !s.starts_with('0'))
            .then(|| s.parse::<u64>().ok())
            .flatten()
    };
    let Some(rest) = version.strip_prefix('v') else {
        return (0, 0, 0);
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let Some(major) = number(&rest[..digits]) else {
        return (0, 0, 0);
    };
    let (class, minor) = match &rest[digits..] {
        "" => return (3, major, 0),
        tail => match (tail.strip_prefix("beta"), tail.strip_prefix("alpha")) {
            (Some(minor), _) => (2, minor),
            (_, Some(minor)) => (1, minor),
            _ => return (0, 0, 0),
        },
    };
    match number(minor) {
        Some(minor) => (class, major, minor),
        None => (0, 0, 0),
    }
}

/// Upstream's `discovery.StorageVersionHash`: the first 8 bytes of the
/// SHA-256 of `<group>/<storage version>/<kind>`, base64 (standard
/// alphabet): what a client compares to notice a resource's storage
/// version changed.
pub fn storage_version_hash(group: &str, storage_version: &str, kind: &str) -> String {
    use base64::Engine;
    use sha2::Digest;
    let digest = sha2::Sha256::digest(format!("{group}/{storage_version}/{kind}"));
    base64::engine::general_purpose::STANDARD.encode(&digest[..8])
}

fn group_json(registry: &Registry, group: &str) -> Value {
    let versions: Vec<Value> = versions_by_priority(registry, group)
        .iter()
        .map(|v| json!({"groupVersion": format!("{group}/{v}"), "version": v}))
        .collect();
    json!({
        "name": group,
        "versions": versions,
        "preferredVersion": versions.first().cloned().unwrap_or(Value::Null),
    })
}

/// `/apis`: every named group.
pub fn api_group_list(registry: &Registry) -> Value {
    let groups: Vec<Value> = registry
        .groups()
        .into_iter()
        .filter(|g| !g.is_empty())
        .map(|g| group_json(registry, g))
        .collect();
    json!({"kind": "APIGroupList", "apiVersion": "v1", "groups": groups})
}

/// `/apis/<group>`, or `None` when the group is not served.
pub fn api_group(registry: &Registry, group: &str) -> Option<Value> {
    if group.is_empty() || !registry.groups().contains(&group) {
        return None;
    }
    let mut g = group_json(registry, group);
    let obj = g.as_object_mut()?;
    obj.insert("kind".into(), json!("APIGroup"));
    obj.insert("apiVersion".into(), json!("v1"));
    Some(g)
}

/// The resources served in `group`/`version`, sorted by resource name as
/// upstream's `APIInstaller.Install` registers them (`sort.Strings(paths)`),
/// which is the order of its discovery documents.
fn served_in<'a>(registry: &'a Registry, group: &str, version: &str) -> Vec<&'a Entry> {
    let mut entries: Vec<&Entry> = registry
        .entries()
        .iter()
        .filter(|e| e.info.group == group && e.info.version == version)
        .collect();
    entries.sort_by_key(|e| e.info.plural);
    entries
}

/// `/api/v1` or `/apis/<group>/<version>`, or `None` when not served:
/// each resource, then its `status`, `scale` and `subresources` (with
/// their body's kind and `create`), in name order.
pub fn api_resource_list(
    registry: &Registry,
    subresources: &Subresources,
    group: &str,
    version: &str,
) -> Option<Value> {
    let entries = served_in(registry, group, version);
    if entries.is_empty() {
        return None;
    }
    let mut resources = Vec::new();
    for e in entries {
        let i = &e.info;
        let mut r = json!({
            "name": i.plural, "singularName": i.singular, "namespaced": i.namespaced, "kind": i.kind, "verbs": i.verbs,
        });
        if !i.short_names.is_empty() {
            r["shortNames"] = json!(i.short_names);
        }
        if !i.categories.is_empty() {
            r["categories"] = json!(i.categories);
        }
        // Only stored resources have a storage version (upstream's
        // `StorageVersionProvider`).
        if i.strategy.answer_create.is_none() {
            r["storageVersionHash"] = json!(storage_version_hash(
                e.kind.storage_group(),
                e.kind.storage_version(),
                i.kind
            ));
        }
        resources.push(r);
        if i.status_subresource {
            resources.push(json!({
                "name": format!("{}/status", i.plural), "singularName": "", "namespaced": i.namespaced, "kind": i.kind, "verbs": SUBRESOURCE_VERBS,
            }));
        }
        if i.scale_subresource.is_some() {
            resources.push(json!({
                "name": format!("{}/scale", i.plural), "singularName": "", "namespaced": i.namespaced,
                "group": "autoscaling", "version": "v1", "kind": "Scale", "verbs": SUBRESOURCE_VERBS,
            }));
        }
        for s in subresources.of(i) {
            let (kind_group, kind_version, kind) = s.kind();
            let mut r = json!({
                "name": format!("{}/{}", i.plural, s.name()), "singularName": "", "namespaced": i.namespaced,
                "kind": kind, "verbs": ["create"],
            });
            // Upstream's installer names the kind's group and version only
            // where they are not the list's (`pods/eviction`'s policy/v1,
            // not `pods/binding`'s v1).
            if (kind_group, kind_version) != (group, version) {
                r["group"] = json!(kind_group);
                r["version"] = json!(kind_version);
            }
            resources.push(r);
        }
    }
    // Built-in kinds: subresources after their resource, in name order,
    // as upstream's installer sorts its paths. Custom resources keep the
    // apiextensions order (the resource, `status`, `scale`).
    if is_builtin_group(group) {
        resources.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
    }
    let group_version = if group.is_empty() {
        version.to_string()
    } else {
        format!("{group}/{version}")
    };
    // The core group's list is served without `apiVersion`, as upstream's
    // `/api/v1` handler strips it (`stripVersionNegotiatedSerializer`).
    Some(if group.is_empty() {
        json!({"kind": "APIResourceList", "groupVersion": group_version, "resources": resources})
    } else {
        json!({"kind": "APIResourceList", "apiVersion": "v1", "groupVersion": group_version, "resources": resources})
    })
}

/// The aggregated discovery document of `/api` (core: true) or `/apis`.
pub fn aggregated(
    registry: &Registry,
    served_subresources: &Subresources,
    core: bool,
    version: &str,
) -> Value {
    let mut items = Vec::new();
    for group in registry
        .groups()
        .into_iter()
        .filter(|g| g.is_empty() == core)
    {
        let mut versions = Vec::new();
        for v in versions_by_priority(registry, group) {
            let resources: Vec<Value> = served_in(registry, group, v)
                .into_iter()
                .map(|e| {
                    let i = &e.info;
                    let kind = json!({"group": group, "version": v, "kind": i.kind});
                    let mut subresources = Vec::new();
                    if i.status_subresource {
                        subresources.push(json!({"subresource": "status", "responseKind": kind, "verbs": SUBRESOURCE_VERBS}));
                    }
                    if i.scale_subresource.is_some() {
                        subresources.push(json!({
                            "subresource": "scale",
                            "responseKind": {"group": "autoscaling", "version": "v1", "kind": "Scale"},
                            "verbs": SUBRESOURCE_VERBS,
                        }));
                    }
                    for s in served_subresources.of(i) {
                        let (group, version, kind) = s.kind();
                        subresources.push(json!({
                            "subresource": s.name(),
                            "responseKind": {"group": group, "version": version, "kind": kind},
                            "verbs": ["create"],
                        }));
                    }
                    if is_builtin_group(group) {
                        subresources.sort_by(|a, b| {
                            a["subresource"].as_str().cmp(&b["subresource"].as_str())
                        });
                    }
                    let mut r = json!({
                        "resource": i.plural,
                        "responseKind": kind,
                        "scope": if i.namespaced { "Namespaced" } else { "Cluster" },
                        "singularResource": i.singular,
                        "verbs": i.verbs,
                    });
                    if !i.short_names.is_empty() {
                        r["shortNames"] = json!(i.short_names);
                    }
                    if !i.categories.is_empty() {
                        r["categories"] = json!(i.categories);
                    }
                    if !subresources.is_empty() {
                        r["subresources"] = Value::Array(subresources);
                    }
                    r
                })
                .collect();
            versions.push(json!({"version": v, "resources": resources, "freshness": "Current"}));
        }
        items.push(
            json!({"metadata": {"name": group, "creationTimestamp": null}, "versions": versions}),
        );
    }
    json!({
        "kind": "APIGroupDiscoveryList",
        "apiVersion": format!("apidiscovery.k8s.io/{version}"),
        "metadata": {},
        "items": items,
    })
}

/// The Kubernetes release this server implements (`/version`), against
/// which versions' lifecycles are read.
pub const RELEASE: runtime::registry::Release = (1, 36);

/// Leaves out of `registry` the versions removed in `release`
/// (`+k8s:prerelease-lifecycle-gen:removed`), as kube-apiserver does not
/// install them.
pub(crate) fn leave_out_removed(registry: &mut Registry, release: runtime::registry::Release) {
    registry.retain(|e| !e.kind.lifecycle().is_some_and(|l| l.is_removed_in(release)));
}

/// Upstream's deprecation warning for requests to `entry`'s version in
/// `release`, if it is deprecated then.
pub(crate) fn deprecation_warning(
    entry: &Entry,
    release: runtime::registry::Release,
) -> Option<String> {
    let info = &entry.info;
    entry
        .kind
        .lifecycle()?
        .warning(info.api_version, info.kind, release)
}

/// `/version`: the Kubernetes version this server implements, as
/// `version.Info` writes it since 1.33: the emulated version is the
/// binary's own, and the minimum compatibility version the release
/// before it (component-base's `effectiveVersion.Info`).
pub fn version() -> Value {
    json!({
        "major": RELEASE.0.to_string(),
        "minor": RELEASE.1.to_string(),
        "emulationMajor": RELEASE.0.to_string(),
        "emulationMinor": RELEASE.1.to_string(),
        "minCompatibilityMajor": RELEASE.0.to_string(),
        "minCompatibilityMinor": RELEASE.1.saturating_sub(1).to_string(),
        "gitVersion": format!("v{}.{}.0", RELEASE.0, RELEASE.1),
        "gitCommit": "",
        "gitTreeState": "clean",
        "buildDate": "",
        "goVersion": "",
        "compiler": "rustc",
        "platform": format!("{}/{}", std::env::consts::OS, go_arch()),
    })
}

fn go_arch() -> &'static str {
    match std::env::consts::ARCH {
        "x86_64" => "amd64",
        "aarch64" => "arm64",
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Upstream's `StorageVersionHash("apps", "v1", "Deployment")`, as
    /// kube-apiserver's discovery reports it for deployments.
    #[test]
    fn storage_version_hash_is_upstreams() {
        assert_eq!(
            storage_version_hash("apps", "v1", "Deployment"),
            "8aSe+NMegvE="
        );
        assert_eq!(storage_version_hash("", "v1", "ConfigMap"), "qFsyl6wFWjQ=");
    }

    /// example.dev/v1beta1 Widget (introduced 1.31, deprecated 1.34, so
    /// removed 1.37 by default) warns from 1.34 and is gone in 1.37.
    #[test]
    fn a_deprecated_version_warns_then_is_removed() {
        let registry = apis::registry();
        let beta = registry
            .find("example.dev", "v1beta1", "widgets")
            .expect("served");
        assert_eq!(deprecation_warning(beta, (1, 33)), None);
        assert_eq!(
            deprecation_warning(beta, (1, 36)).as_deref(),
            Some(
                "example.dev/v1beta1 Widget is deprecated in v1.34+, unavailable in v1.37+; use example.dev/v1 Widget"
            )
        );
        let v1 = registry
            .find("example.dev", "v1", "widgets")
            .expect("served");
        assert_eq!(deprecation_warning(v1, (1, 36)), None);

        let mut served = registry.clone();
        leave_out_removed(&mut served, RELEASE);
        assert_eq!(served.entries().len(), registry.entries().len());
        leave_out_removed(&mut served, (1, 37));
        assert!(served.find("example.dev", "v1beta1", "widgets").is_none());
        assert!(served.find("example.dev", "v1", "widgets").is_some());
        assert_eq!(served.versions("example.dev"), ["v1"]);
    }

    /// `version.CompareKubeAwareVersionStrings`' order.
    #[test]
    fn versions_sort_as_upstreams_priority() {
        let mut versions = vec![
            "v1alpha1",
            "foo",
            "v2beta1",
            "v1",
            "v1beta2",
            "v11alpha2",
            "v1beta1",
            "v2",
            "bar",
        ];
        versions.sort_by(|a, b| by_priority(a, b));
        assert_eq!(
            versions,
            [
                "v2",
                "v1",
                "v2beta1",
                "v1beta2",
                "v1beta1",
                "v11alpha2",
                "v1alpha1",
                "bar",
                "foo"
            ]
        );
    }
}
