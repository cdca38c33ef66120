//! Versions' lifecycles: when a version of a kind appeared, is
//! deprecated and is removed, and the warning upstream sends for a
//! deprecated one.

/// A Kubernetes release, `(major, minor)`: `(1, 36)` for v1.36.
pub type Release = (u32, u32);

/// When a version of a kind appeared, is deprecated and is removed, and
/// what replaces it: upstream's prerelease-lifecycle-gen methods
/// (`APILifecycleIntroduced`, `APILifecycleDeprecated`,
/// `APILifecycleRemoved`, `APILifecycleReplacement`), generated from the
/// `+k8s:prerelease-lifecycle-gen:*` markers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Lifecycle {
    /// The release the version appeared in.
    pub introduced: Option<Release>,
    /// The release from which the version is deprecated.
    pub deprecated: Option<Release>,
    /// The release from which the version is no longer served.
    pub removed: Option<Release>,
    /// The kind that replaces it: `(group, version, kind)`.
    pub replacement: Option<(&'static str, &'static str, &'static str)>,
}

impl Lifecycle {
    /// Whether the version is deprecated in `release`.
    pub fn is_deprecated_in(&self, release: Release) -> bool {
        self.deprecated.is_some_and(|d| d <= release)
    }

    /// Whether the version is no longer served in `release`.
    pub fn is_removed_in(&self, release: Release) -> bool {
        self.removed.is_some_and(|r| r <= release)
    }

    /// The warning every response for a deprecated version carries in
    /// `release`, for the version's `api_version` and `kind`, worded as
    /// upstream's `deprecation.WarningMessage`: `example.dev/v1beta1
    /// Widget is deprecated in v1.34+, unavailable in v1.37+; use
    /// example.dev/v1 Widget`; `None` when not deprecated.
    pub fn warning(&self, api_version: &str, kind: &str, release: Release) -> Option<String> {
        if !self.is_deprecated_in(release) {
            return None;
        }
        let (major, minor) = self.deprecated?;
        let mut message = format!("{api_version} {kind} is deprecated in v{major}.{minor}+");
        if let Some((major, minor)) = self.removed {
            message.push_str(&format!(", unavailable in v{major}.{minor}+"));
        }
        if let Some((group, version, kind)) = self.replacement {
            let group_version = if group.is_empty() {
                version.to_string()
            } else {
                format!("{group}/{version}")
            };
            message.push_str(&format!("; use {group_version} {kind}"));
        }
        Some(message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Upstream's `deprecation.WarningMessage` wording, from the release
    /// the version is deprecated in; removed versions are told apart.
    #[test]
    fn lifecycle_warns_from_the_deprecation_release_on() {
        let lifecycle = Lifecycle {
            introduced: Some((1, 20)),
            deprecated: Some((1, 23)),
            removed: Some((1, 26)),
            replacement: Some(("", "v1", "Status")),
        };
        assert_eq!(lifecycle.warning("v1", "Status", (1, 22)), None);
        assert_eq!(
            lifecycle.warning("v1", "Status", (1, 23)).as_deref(),
            Some("v1 Status is deprecated in v1.23+, unavailable in v1.26+; use v1 Status")
        );
        assert!(!lifecycle.is_removed_in((1, 25)));
        assert!(lifecycle.is_removed_in((1, 26)));
        let without_removal = Lifecycle {
            removed: None,
            replacement: None,
            ..lifecycle
        };
        assert_eq!(
            without_removal.warning("v1", "Status", (1, 36)).as_deref(),
            Some("v1 Status is deprecated in v1.23+")
        );
    }
}
