//! Unions: `+k8s:unionMember` (exactly one member set),
//! `+k8s:zeroOrOneOfMember` (at most one) and `+k8s:unionDiscriminator`
//! (the set member is the one the discriminator names), from upstream's
//! `validate/union.go` and `zeroorone.go`.
//!
//! Members are named by their JSON field names, listed in declaration
//! order. The `*_update` forms take the old object's membership: when an
//! update leaves it unchanged, nothing is re-validated (upstream's
//! ratcheting).

use crate::field::{Error, ErrorList, Path, quote};

/// `` `a`, `b`, `c` ``: the member list upstream's messages carry.
fn all_fields<'a>(names: impl Iterator<Item = &'a str>) -> String {
    names
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether an update leaves the membership as it was.
fn unchanged(members: &[(&str, bool)], old: Option<&[bool]>) -> bool {
    old.is_some_and(|old| {
        old.len() == members.len() && members.iter().zip(old).all(|((_, set), old)| set == old)
    })
}

/// `None` when exactly the right number of members is given, else the
/// `Internal error` upstream reports for a mismatch.
fn count_mismatch(path: &Path, members: usize, old: Option<usize>) -> Option<ErrorList> {
    match old {
        Some(old) if old != members => Some(vec![Error::internal(
            path,
            &format!(
                "number of extractors ({old}) does not match number of union members ({members})"
            ),
        )]),
        _ => None,
    }
}

fn one_of(
    path: &Path,
    members: &[(&str, bool)],
    old: Option<&[bool]>,
    empty_is_error: bool,
    multiple_detail: &str,
) -> ErrorList {
    if let Some(errs) = count_mismatch(path, members.len(), old.map(<[bool]>::len)) {
        return errs;
    }
    if unchanged(members, old) {
        return Vec::new();
    }
    let all = all_fields(members.iter().map(|(name, _)| *name));
    let set: Vec<&str> = members
        .iter()
        .filter(|(_, set)| *set)
        .map(|(name, _)| *name)
        .collect();
    match set.len() {
        0 if empty_is_error => vec![Error::invalid(
            path,
            "".into(),
            &format!("must specify one of: {all}"),
        )],
        0 | 1 => Vec::new(),
        _ => vec![Error::invalid(
            path,
            format!("{{{}}}", set.join(", ")).into(),
            &format!("{multiple_detail}: {all}"),
        )],
    }
}

/// Exactly one of `members` (`(json name, is set)`) is set, else, at the
/// struct's path, `` Invalid value: "": must specify one of: `a`, `b` ``
/// (none) or `` Invalid value: "{a, b}": must specify exactly one of: `a`, `b` ``
/// (several; the set members listed).
pub fn union(path: &Path, members: &[(&str, bool)]) -> ErrorList {
    union_update(path, members, None)
}

/// [`union`] on update: `old` holds whether each member was set in the old
/// object; an unchanged membership is not re-validated.
pub fn union_update(path: &Path, members: &[(&str, bool)], old: Option<&[bool]>) -> ErrorList {
    one_of(path, members, old, true, "must specify exactly one of")
}

/// At most one of `members` is set, else
/// `` Invalid value: "{a, b}": must specify at most one of: `a`, `b` ``.
pub fn zero_or_one_of(path: &Path, members: &[(&str, bool)]) -> ErrorList {
    zero_or_one_of_update(path, members, None)
}

/// [`zero_or_one_of`] on update, ratcheting as [`union_update`].
pub fn zero_or_one_of_update(
    path: &Path,
    members: &[(&str, bool)],
    old: Option<&[bool]>,
) -> ErrorList {
    one_of(path, members, old, false, "must specify at most one of")
}

/// A union with a discriminator: each member (`(json name, member name,
/// is set)`) must be set exactly when `discriminator` equals its member
/// name. A member set for another value is, at the member's path,
/// ``Invalid value: "": may only be specified when `<field>` is "<member>"``;
/// the named member unset is
/// ``Invalid value: "": must be specified when `<field>` is "<value>"``.
/// An unknown discriminator value is not an error here (the enum check
/// reports it).
pub fn discriminated_union(
    path: &Path,
    discriminator_field: &str,
    discriminator: &str,
    members: &[(&str, &str, bool)],
) -> ErrorList {
    discriminated_union_update(path, discriminator_field, discriminator, members, None)
}

/// [`discriminated_union`] on update: `old` holds the old discriminator and
/// whether each member was set; when neither changed, nothing is
/// re-validated.
pub fn discriminated_union_update(
    path: &Path,
    discriminator_field: &str,
    discriminator: &str,
    members: &[(&str, &str, bool)],
    old: Option<(&str, &[bool])>,
) -> ErrorList {
    if let Some(errs) = count_mismatch(path, members.len(), old.map(|(_, set)| set.len())) {
        return errs;
    }
    let unchanged = old.is_some_and(|(old_discriminator, old_set)| {
        old_discriminator == discriminator
            && members
                .iter()
                .zip(old_set)
                .all(|((_, _, set), old)| set == old)
    });
    if unchanged {
        return Vec::new();
    }
    let mut errs = Vec::new();
    for (json_name, member_name, set) in members {
        let discriminated = discriminator == *member_name;
        if *set && !discriminated {
            errs.push(Error::invalid(
                &path.child(json_name),
                "".into(),
                &format!(
                    "may only be specified when `{discriminator_field}` is {}",
                    quote(member_name)
                ),
            ));
        } else if !*set && discriminated {
            errs.push(Error::invalid(
                &path.child(json_name),
                "".into(),
                &format!(
                    "must be specified when `{discriminator_field}` is {}",
                    quote(discriminator)
                ),
            ));
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    //! Expected strings: upstream `validate/union_test.go`,
    //! `zeroorone.go`, and validation-gen's union output tests
    //! (``must specify one of: `unionField1`, `unionField2` ``).

    use super::*;

    fn rendered(errs: ErrorList) -> Vec<String> {
        errs.iter().map(ToString::to_string).collect()
    }

    fn spec() -> Path<'static> {
        Path::new("spec")
    }

    #[test]
    fn union_requires_exactly_one() {
        assert!(union(&spec(), &[("a", false), ("b", true), ("c", false)]).is_empty());
        assert_eq!(
            rendered(union(
                &spec(),
                &[("a", false), ("b", true), ("c", false), ("d", true)]
            )),
            ["spec: Invalid value: \"{b, d}\": must specify exactly one of: `a`, `b`, `c`, `d`"]
        );
        assert_eq!(
            rendered(union(
                &spec(),
                &[("unionField1", false), ("unionField2", false)]
            )),
            ["spec: Invalid value: \"\": must specify one of: `unionField1`, `unionField2`"]
        );
        // At the object's root the field is empty.
        assert_eq!(union(&Path::root(), &[("a", false)])[0].field, "");
    }

    #[test]
    fn union_ratchets_unchanged_membership() {
        let members = [("a", true), ("b", true)];
        assert!(union_update(&spec(), &members, Some(&[true, true])).is_empty());
        assert_eq!(
            union_update(&spec(), &members, Some(&[true, false])).len(),
            1
        );
        assert_eq!(
            rendered(union_update(&spec(), &members, Some(&[true]))),
            [
                "spec: Internal error: number of extractors (1) does not match number of union members (2)"
            ]
        );
    }

    #[test]
    fn zero_or_one_allows_none() {
        assert!(zero_or_one_of(&spec(), &[("field1", false), ("field2", false)]).is_empty());
        assert!(zero_or_one_of(&spec(), &[("field1", true), ("field2", false)]).is_empty());
        assert_eq!(
            rendered(zero_or_one_of(
                &spec(),
                &[("field1", true), ("field2", true)]
            )),
            [
                "spec: Invalid value: \"{field1, field2}\": must specify at most one of: `field1`, `field2`"
            ]
        );
        assert!(
            zero_or_one_of_update(&spec(), &[("a", true), ("b", true)], Some(&[true, true]))
                .is_empty()
        );
    }

    #[test]
    fn discriminated_union_matches_the_discriminator() {
        let members = |b: bool, c: bool| [("a", "A", false), ("b", "B", b), ("c", "C", c)];
        assert!(discriminated_union(&spec(), "type", "C", &members(false, true)).is_empty());
        assert_eq!(
            rendered(discriminated_union(
                &spec(),
                "type",
                "C",
                &members(true, false)
            )),
            [
                "spec.b: Invalid value: \"\": may only be specified when `type` is \"B\"",
                "spec.c: Invalid value: \"\": must be specified when `type` is \"C\"",
            ]
        );
        // An unknown discriminator only forbids set members.
        assert_eq!(
            rendered(discriminated_union(
                &spec(),
                "type",
                "Z",
                &members(false, true)
            )),
            ["spec.c: Invalid value: \"\": may only be specified when `type` is \"C\""]
        );
        // Unchanged discriminator and membership: not re-validated.
        assert!(
            discriminated_union_update(
                &spec(),
                "type",
                "C",
                &members(true, false),
                Some(("C", &[false, true, false]))
            )
            .is_empty()
        );
        assert_eq!(
            discriminated_union_update(
                &spec(),
                "type",
                "C",
                &members(true, false),
                Some(("B", &[false, true, false]))
            )
            .len(),
            2
        );
    }
}
