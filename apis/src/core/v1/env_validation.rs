// A container's environment as upstream's `ValidateEnv` and
// `ValidateEnvFrom` check it (`pkg/apis/core/validation/validation.go`):
// variable names, and where a value comes from (`valueFrom`: one pod field,
// resource, ConfigMap key or Secret key; `envFrom`: one ConfigMap or
// Secret), with upstream's messages.

use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::meta::Quantity;
use runtime::validate::names;

use super::{
    EnvFromSource, EnvVar, EnvVarSource, LocalObjectReference, ObjectFieldSelector,
    ResourceFieldSelector,
};

/// `validEnvDownwardAPIFieldPathExpressions`, sorted as `NotSupported`
/// lists them (`sets.List`).
const ENV_FIELD_PATHS: [&str; 9] = [
    "metadata.name",
    "metadata.namespace",
    "metadata.uid",
    "spec.nodeName",
    "spec.serviceAccountName",
    "status.hostIP",
    "status.hostIPs",
    "status.podIP",
    "status.podIPs",
];

/// `validContainerResourceFieldPathExpressions`, sorted.
const CONTAINER_RESOURCE_FIELDS: [&str; 6] = [
    "limits.cpu",
    "limits.ephemeral-storage",
    "limits.memory",
    "requests.cpu",
    "requests.ephemeral-storage",
    "requests.memory",
];

/// The quantities a memory, ephemeral storage or huge page divisor may be.
const BYTE_DIVISORS: [&str; 13] = [
    "1", "1k", "1M", "1G", "1T", "1P", "1E", "1Ki", "1Mi", "1Gi", "1Ti", "1Pi", "1Ei",
];

/// `IsRelaxedEnvVarName` (RelaxedEnvironmentVariableValidation, GA): a
/// variable name, or an `envFrom` prefix, of printable ASCII other than `=`.
fn relaxed_env_var_name_errors(name: &str, path: &Path, errs: &mut ErrorList) {
    if name.is_empty() {
        errs.push(Error::invalid(
            path,
            BadValue::Str(String::new()),
            "environment variable name must be non-empty",
        ));
    } else if name
        .bytes()
        // Printable ASCII is 0x20..=0x7e; every byte of a non-ASCII
        // character is 0x80 or above.
        .any(|b| !(0x20..=0x7e).contains(&b) || b == b'=')
    {
        errs.push(Error::invalid(
            path,
            BadValue::Str(name.to_string()),
            "a valid environment variable name must consist only of printable ASCII characters other than '='",
        ));
    }
}

/// `ValidateEnv`: each variable has a name, and a `valueFrom` naming one
/// source and no `value` beside it.
pub(super) fn env_errors(env: &[EnvVar], path: &Path, errs: &mut ErrorList) {
    for (i, var) in env.iter().enumerate() {
        let item = path.index(i);
        let name = item.child("name");
        if var.name.is_empty() {
            errs.push(Error::required(&name, ""));
        }
        relaxed_env_var_name_errors(&var.name, &name, errs);
        if let Some(source) = &var.value_from {
            value_from_errors(var, source, &item.child("valueFrom"), errs);
        }
    }
}

/// `validateEnvVarValueFrom`.
fn value_from_errors(var: &EnvVar, source: &EnvVarSource, path: &Path, errs: &mut ErrorList) {
    let mut sources = 0;
    if let Some(field_ref) = &source.field_ref {
        sources += 1;
        object_field_selector_errors(field_ref, &path.child("fieldRef"), errs);
    }
    if let Some(resource_ref) = &source.resource_field_ref {
        sources += 1;
        resource_field_selector_errors(resource_ref, &path.child("resourceFieldRef"), errs);
    }
    if let Some(key_ref) = &source.config_map_key_ref {
        sources += 1;
        key_selector_errors(
            &key_ref.local_object_reference.name,
            &key_ref.key,
            &path.child("configMapKeyRef"),
            errs,
        );
    }
    if let Some(key_ref) = &source.secret_key_ref {
        sources += 1;
        key_selector_errors(
            &key_ref.local_object_reference.name,
            &key_ref.key,
            &path.child("secretKeyRef"),
            errs,
        );
    }
    if source.file_key_ref.is_some() {
        sources += 1;
    }
    let detail = if sources == 0 {
        "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`"
    } else if !var.value.is_empty() {
        "may not be specified when `value` is not empty"
    } else if sources > 1 {
        "may not have more than one field specified at a time"
    } else {
        return;
    };
    errs.push(Error::invalid(path, BadValue::Str(String::new()), detail));
}

/// `validateObjectFieldSelector` with the environment's field paths: an
/// `apiVersion` of `v1` (defaulted), a field path
/// `ConvertDownwardAPIFieldLabel` knows, a qualified key in a label or
/// annotation subscript.
fn object_field_selector_errors(selector: &ObjectFieldSelector, path: &Path, errs: &mut ErrorList) {
    if selector.api_version.is_empty() {
        errs.push(Error::required(&path.child("apiVersion"), ""));
        return;
    }
    if selector.field_path.is_empty() {
        errs.push(Error::required(&path.child("fieldPath"), ""));
        return;
    }
    let field_path = selector.field_path.as_str();
    let subscripted = split_subscripted_path(field_path);
    // ConvertDownwardAPIFieldLabel
    let converted = if selector.api_version != "v1" {
        Err(format!("unsupported pod version: {}", selector.api_version))
    } else if let Some((base, _)) = subscripted {
        match base {
            "metadata.annotations" | "metadata.labels" => Ok(field_path),
            _ => Err(format!(
                "field label does not support subscript: {field_path}"
            )),
        }
    } else {
        match field_path {
            "spec.host" => Ok("spec.nodeName"),
            "metadata.annotations"
            | "metadata.labels"
            | "metadata.name"
            | "metadata.namespace"
            | "metadata.uid"
            | "spec.nodeName"
            | "spec.restartPolicy"
            | "spec.serviceAccountName"
            | "spec.schedulerName"
            | "status.phase"
            | "status.hostIP"
            | "status.hostIPs"
            | "status.podIP"
            | "status.podIPs" => Ok(field_path),
            _ => Err(format!("field label not supported: {field_path}")),
        }
    };
    let converted = match converted {
        Ok(converted) => converted,
        Err(e) => {
            errs.push(Error::invalid(
                &path.child("fieldPath"),
                BadValue::Str(field_path.to_string()),
                &format!("error converting fieldPath: {e}"),
            ));
            return;
        }
    };
    match subscripted {
        // ValidateQualifiedName, at the selector's path; upstream checks an
        // annotation key lower-cased.
        Some((base, key)) => {
            let key = if base == "metadata.annotations" {
                key.to_lowercase()
            } else {
                key.to_string()
            };
            errs.extend(Error::invalid_each(path, &key, names::qualified_name(&key)));
        }
        None if !ENV_FIELD_PATHS.contains(&converted) => errs.push(Error::not_supported(
            &path.child("fieldPath"),
            BadValue::Str(converted.to_string()),
            &ENV_FIELD_PATHS,
        )),
        None => {}
    }
}

/// `fieldpath.SplitMaybeSubscriptedPath`: `metadata.labels['key']` as
/// (`metadata.labels`, `key`).
fn split_subscripted_path(field_path: &str) -> Option<(&str, &str)> {
    let inner = field_path.strip_suffix("']")?;
    let (base, key) = inner.split_once("['")?;
    (!base.is_empty()).then_some((base, key))
}

/// `validateContainerResourceFieldSelector` for a variable: a resource
/// the container's limits or requests name (huge pages by prefix), and a
/// divisor the resource allows.
fn resource_field_selector_errors(
    selector: &ResourceFieldSelector,
    path: &Path,
    errs: &mut ErrorList,
) {
    let resource = selector.resource.as_str();
    if resource.is_empty() {
        errs.push(Error::required(&path.child("resource"), ""));
    } else if !CONTAINER_RESOURCE_FIELDS.contains(&resource)
        && !resource.starts_with("requests.hugepages-")
        && !resource.starts_with("limits.hugepages-")
    {
        errs.push(Error::not_supported(
            &path.child("resource"),
            BadValue::Str(resource.to_string()),
            &CONTAINER_RESOURCE_FIELDS,
        ));
    }
    divisor_errors(resource, &selector.divisor, path, errs);
}

/// `validateContainerResourceDivisor`: an unset (zero) divisor is fine;
/// otherwise cpu takes `1m` or `1`, and the byte resources a power of ten
/// or of two. Upstream reports the resource's name as the value.
fn divisor_errors(resource: &str, divisor: &Quantity, path: &Path, errs: &mut ErrorList) {
    if divisor.is_zero() {
        return;
    }
    let text = divisor.as_str();
    let bytes = BYTE_DIVISORS.contains(&text);
    let detail = match resource {
        "limits.cpu" | "requests.cpu" if !matches!(text, "1m" | "1") => {
            Some("only divisor's values 1m and 1 are supported with the cpu resource")
        }
        "limits.memory" | "requests.memory" if !bytes => Some(
            "only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the memory resource",
        ),
        "limits.ephemeral-storage" | "requests.ephemeral-storage" if !bytes => Some(
            "only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the local ephemeral storage resource",
        ),
        _ => None,
    };
    let huge_pages = (resource.starts_with("requests.hugepages-")
        || resource.starts_with("limits.hugepages-"))
        && !bytes;
    let huge_pages_detail = huge_pages.then_some(
        "only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the hugepages resource",
    );
    for detail in detail.into_iter().chain(huge_pages_detail) {
        errs.push(Error::invalid(
            &path.child("divisor"),
            BadValue::Str(resource.to_string()),
            detail,
        ));
    }
}

/// `validateConfigMapKeySelector` and `validateSecretKeySelector`: the
/// object's name is a DNS subdomain (an empty one too is invalid), and the
/// key a ConfigMap key.
fn key_selector_errors(name: &str, key: &str, path: &Path, errs: &mut ErrorList) {
    errs.extend(Error::invalid_each(
        &path.child("name"),
        name,
        names::dns1123_subdomain(name),
    ));
    let key_path = path.child("key");
    if key.is_empty() {
        errs.push(Error::required(&key_path, ""));
    } else {
        errs.extend(Error::invalid_each(
            &key_path,
            key,
            names::config_map_key(key),
        ));
    }
}

/// `ValidateEnvFrom`: a valid prefix, and exactly one ConfigMap or Secret,
/// named. The count's errors are reported at `envFrom` itself, as upstream
/// reports them.
pub(super) fn env_from_errors(env_from: &[EnvFromSource], path: &Path, errs: &mut ErrorList) {
    for (i, source) in env_from.iter().enumerate() {
        let item = path.index(i);
        if !source.prefix.is_empty() {
            relaxed_env_var_name_errors(&source.prefix, &item.child("prefix"), errs);
        }
        let mut sources = 0;
        let named = [
            (
                source
                    .config_map_ref
                    .as_ref()
                    .map(|r| &r.local_object_reference),
                "configMapRef",
            ),
            (
                source
                    .secret_ref
                    .as_ref()
                    .map(|r| &r.local_object_reference),
                "secretRef",
            ),
        ];
        for (reference, field) in named {
            let Some(LocalObjectReference { name }) = reference else {
                continue;
            };
            sources += 1;
            let at = item.child(field);
            let name_path = at.child("name");
            if name.is_empty() {
                errs.push(Error::required(&name_path, ""));
            } else {
                errs.extend(Error::invalid_each(
                    &name_path,
                    name,
                    names::dns1123_subdomain(name),
                ));
            }
        }
        let detail = match sources {
            0 => "must specify one of: `configMapRef` or `secretRef`",
            1 => continue,
            _ => "may not have more than one field specified at a time",
        };
        errs.push(Error::invalid(path, BadValue::Str(String::new()), detail));
    }
}

#[cfg(test)]
mod tests {
    use super::relaxed_env_var_name_errors;
    use runtime::field::Path;

    /// The byte test finds what upstream's rune test finds
    /// (`!unicode.IsPrint(r) || r > unicode.MaxASCII || r == '='`, read
    /// as: not printable ASCII, or `=`), for every character up to U+FFFF
    /// alone and between two valid ones.
    #[test]
    fn names_are_checked_as_by_characters() {
        let path = Path::new("name");
        for c in (0..=0xffff_u32).filter_map(char::from_u32) {
            let rejected = !c.is_ascii() || c.is_ascii_control() || c == '=';
            for name in [c.to_string(), format!("A{c}B")] {
                let mut errs = Vec::new();
                relaxed_env_var_name_errors(&name, &path, &mut errs);
                assert_eq!(errs.len(), usize::from(rejected), "{name:?}");
            }
        }
    }
}
