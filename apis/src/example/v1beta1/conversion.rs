// Hand-written conversions of v1beta1 (as upstream's
// `pkg/apis/<group>/<version>/conversion.go`): the pairs whose fields
// differ from the hub's. The generated conversions
// (zz_generated.conversion.rs) call these for Widget and WidgetSpec and
// convert the rest field by field.

use crate::example;

use super::{Widget, WidgetSpec};

/// The annotation a v1beta1 Widget keeps the hub's `spec.release` in
/// (v1beta1 has no such field), so that an object read and written back
/// at v1beta1 keeps the release a v1 client set.
pub const RELEASE_ANNOTATION: &str = "example.dev/release";

/// `Convert_v1beta1_Widget_To_example_Widget`: the spec and status convert
/// through their own conversions; the release comes back from the
/// annotation, which the hub's metadata does not keep.
pub fn convert_widget_to_hub(input: Widget) -> example::Widget {
    let Widget {
        mut metadata,
        spec,
        status,
    } = input;
    let mut spec: Option<example::WidgetSpec> = spec.map(Into::into);
    if let Some(release) = metadata.annotations.remove(RELEASE_ANNOTATION) {
        spec.get_or_insert_with(Default::default).release = Some(release);
    }
    example::Widget {
        metadata,
        spec,
        status: status.map(Into::into),
    }
}

/// `Convert_example_Widget_To_v1beta1_Widget`: the hub's release goes to
/// the annotation.
pub fn convert_widget_from_hub(input: example::Widget) -> Widget {
    let example::Widget {
        mut metadata,
        mut spec,
        status,
    } = input;
    if let Some(release) = spec.as_mut().and_then(|s| s.release.take()) {
        metadata
            .annotations
            .insert(RELEASE_ANNOTATION.to_string(), release);
    }
    Widget {
        metadata,
        spec: spec.map(Into::into),
        status: status.map(Into::into),
    }
}

/// `Convert_v1beta1_WidgetSpec_To_example_WidgetSpec`: `size` is the hub's
/// `replicas`; the color string is the hub's color (validation admits only
/// `Red`, `Green` and `Blue`, so no valid object loses it); the release is
/// not here (see [`convert_widget_to_hub`]).
pub fn convert_widget_spec_to_hub(input: WidgetSpec) -> example::WidgetSpec {
    example::WidgetSpec {
        replicas: input.size,
        display_name: input.display_name,
        color: input.color.as_deref().and_then(|c| match c {
            "Red" => Some(example::Color::Red),
            "Green" => Some(example::Color::Green),
            "Blue" => Some(example::Color::Blue),
            _ => None,
        }),
        ports: input.ports.into_iter().map(Into::into).collect(),
        tags: input.tags,
        settings: input.settings,
        termination_grace_period_seconds: input.termination_grace_period_seconds,
        release: None,
        max_unavailable: input.max_unavailable,
        template: input.template,
    }
}

/// `Convert_example_WidgetSpec_To_v1beta1_WidgetSpec`: the inverse of
/// [`convert_widget_spec_to_hub`]; the release is left to
/// [`convert_widget_from_hub`].
pub fn convert_widget_spec_from_hub(input: example::WidgetSpec) -> WidgetSpec {
    WidgetSpec {
        size: input.replicas,
        display_name: input.display_name,
        color: input.color.map(|c| {
            match c {
                example::Color::Red => "Red",
                example::Color::Green => "Green",
                example::Color::Blue => "Blue",
            }
            .to_string()
        }),
        ports: input.ports.into_iter().map(Into::into).collect(),
        tags: input.tags,
        settings: input.settings,
        termination_grace_period_seconds: input.termination_grace_period_seconds,
        max_unavailable: input.max_unavailable,
        template: input.template,
    }
}
