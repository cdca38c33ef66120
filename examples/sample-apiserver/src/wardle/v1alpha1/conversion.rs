// Hand-written conversions of v1alpha1 (upstream's
// `pkg/apis/wardle/v1alpha1/conversion.go`): v1alpha1 names one reference
// and its type, the hub keeps a field per reference type. The generated
// conversions (zz_generated.conversion.rs) call these for FlunderSpec.

use crate::wardle;

use super::FlunderSpec;

/// `Convert_v1alpha1_FlunderSpec_To_wardle_FlunderSpec`: the reference goes
/// to the hub field of its type (a defaulted reference type is
/// `Flunder`, see `FlunderSpec`'s defaulting); an unknown type keeps no
/// reference, as upstream's.
pub fn convert_flunder_spec_to_hub(input: FlunderSpec) -> wardle::FlunderSpec {
    let mut out = wardle::FlunderSpec::default();
    match input.reference_type.as_deref() {
        Some("Flunder") => {
            out.reference_type = "Flunder".into();
            out.flunder_reference = input.reference;
        }
        Some("Fischer") => {
            out.reference_type = "Fischer".into();
            out.fischer_reference = input.reference;
        }
        _ => {}
    }
    out
}

/// `Convert_wardle_FlunderSpec_To_v1alpha1_FlunderSpec`: the reference of
/// the hub's type, and the type.
pub fn convert_flunder_spec_from_hub(input: wardle::FlunderSpec) -> FlunderSpec {
    let reference = match input.reference_type.as_str() {
        "Flunder" => input.flunder_reference,
        "Fischer" => input.fischer_reference,
        _ => String::new(),
    };
    FlunderSpec {
        reference,
        reference_type: (!input.reference_type.is_empty()).then_some(input.reference_type),
    }
}
