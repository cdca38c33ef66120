// Hand-written conversions of v1beta1: the hub's reference type is a
// string, empty when unset; v1beta1's is optional.

use crate::wardle;

use super::FlunderSpec;

/// `Convert_v1beta1_FlunderSpec_To_wardle_FlunderSpec`.
pub fn convert_flunder_spec_to_hub(input: FlunderSpec) -> wardle::FlunderSpec {
    wardle::FlunderSpec {
        flunder_reference: input.flunder_reference,
        fischer_reference: input.fischer_reference,
        reference_type: input.reference_type.unwrap_or_default(),
    }
}

/// `Convert_wardle_FlunderSpec_To_v1beta1_FlunderSpec`.
pub fn convert_flunder_spec_from_hub(input: wardle::FlunderSpec) -> FlunderSpec {
    FlunderSpec {
        flunder_reference: input.flunder_reference,
        fischer_reference: input.fischer_reference,
        reference_type: (!input.reference_type.is_empty()).then_some(input.reference_type),
    }
}
