//! v1alpha1 and the internal (hub) version convert both ways without
//! losing anything v1alpha1 can hold: the generated conversions for
//! Flunder and Fischer, and the hand-written ones for FlunderSpec (one
//! reference and its type in v1alpha1, a field per type in the hub and in
//! v1beta1).

use proptest::prelude::*;
use sample_apiserver::wardle::{self, v1alpha1};

fn flunder(reference: &str, reference_type: Option<&str>) -> v1alpha1::Flunder {
    let mut f = v1alpha1::Flunder::default();
    f.metadata.name = Some("f".into());
    f.metadata.labels.insert("app".into(), "web".into());
    f.spec.reference = reference.into();
    f.spec.reference_type = reference_type.map(str::to_string);
    f
}

#[test]
fn a_reference_goes_to_the_hub_field_of_its_type_and_back() {
    let to_flunder = wardle::Flunder::from(flunder("other", Some("Flunder")));
    assert_eq!(to_flunder.spec.flunder_reference, "other");
    assert_eq!(to_flunder.spec.fischer_reference, "");
    assert_eq!(to_flunder.spec.reference_type, "Flunder");
    assert_eq!(to_flunder.metadata.labels["app"], "web");
    let to_fischer = wardle::Flunder::from(flunder("strict", Some("Fischer")));
    assert_eq!(to_fischer.spec.fischer_reference, "strict");
    assert_eq!(to_fischer.spec.flunder_reference, "");
    for original in [
        flunder("other", Some("Flunder")),
        flunder("strict", Some("Fischer")),
        flunder("", None),
    ] {
        let back = v1alpha1::Flunder::from(wardle::Flunder::from(original.clone()));
        assert_eq!(back, original);
    }
}

/// A reference without a type is defaulted to a Flunder reference when
/// it is read, so the hub keeps it.
#[test]
fn a_reference_without_a_type_is_kept_through_defaulting() {
    let registry = sample_apiserver::registry();
    let entry = registry
        .find("wardle.example.com", "v1alpha1", "flunders")
        .expect("flunders served");
    let body = br#"{"apiVersion":"wardle.example.com/v1alpha1","kind":"Flunder","metadata":{"name":"f"},"spec":{"reference":"other"}}"#;
    let decoded = entry.kind.decode_defaulted(body).expect("decodes").object;
    let defaulted = decoded
        .as_any()
        .downcast_ref::<v1alpha1::Flunder>()
        .expect("a Flunder")
        .clone();
    assert_eq!(defaulted.spec.reference_type.as_deref(), Some("Flunder"));
    let hub = wardle::Flunder::from(defaulted);
    assert_eq!(hub.spec.flunder_reference, "other");
}

fn reference_type() -> impl Strategy<Value = Option<String>> {
    prop_oneof![
        Just(None),
        Just(Some("Flunder".to_string())),
        Just(Some("Fischer".to_string())),
    ]
}

proptest! {
    /// Every Fischer and every Flunder v1alpha1 can hold with a reference
    /// type (or no reference) comes back from the hub as it was.
    #[test]
    fn v1alpha1_round_trips_through_the_hub(
        name in "[a-z][a-z0-9-]{0,20}",
        disallowed in proptest::collection::vec("[a-z]{1,8}", 0..4),
        reference in "[a-z]{1,12}",
        reference_type in reference_type(),
    ) {
        let mut fischer = v1alpha1::Fischer::default();
        fischer.metadata.name = Some(name.clone());
        fischer.disallowed_flunders = disallowed;
        let back = v1alpha1::Fischer::from(wardle::Fischer::from(fischer.clone()));
        prop_assert_eq!(back, fischer);

        let reference = if reference_type.is_some() { reference } else { String::new() };
        let original = flunder(&reference, reference_type.as_deref());
        let back = v1alpha1::Flunder::from(wardle::Flunder::from(original.clone()));
        prop_assert_eq!(back, original);
    }
}

proptest! {
    /// Every v1beta1 Flunder whose reference type names the reference it
    /// has comes back from the hub as it was, and reads at v1alpha1 with
    /// that reference: v1beta1 (the storage version) and v1alpha1 hold the
    /// same flunders.
    #[test]
    fn v1beta1_round_trips_through_the_hub_and_reads_at_v1alpha1(
        reference in "[a-z]{1,12}",
        reference_type in reference_type(),
    ) {
        let mut original = sample_apiserver::wardle::v1beta1::Flunder::default();
        original.metadata.name = Some("f".into());
        match reference_type.as_deref() {
            Some("Flunder") => original.spec.flunder_reference = reference.clone(),
            Some("Fischer") => original.spec.fischer_reference = reference.clone(),
            _ => {}
        }
        original.spec.reference_type = reference_type.clone();
        let hub = wardle::Flunder::from(original.clone());
        let back = sample_apiserver::wardle::v1beta1::Flunder::from(hub.clone());
        prop_assert_eq!(&back, &original);
        let alpha = v1alpha1::Flunder::from(hub);
        let expected = if reference_type.is_some() { reference } else { String::new() };
        prop_assert_eq!(alpha.spec.reference, expected);
        prop_assert_eq!(alpha.spec.reference_type, reference_type);
    }
}
