//! Derive entry points over `codegen`.
//!
//! Each derive parses its item through `codegen::parse` (the same code that
//! `cargo xtask generate` runs over whole packages), checks it with
//! `codegen::check`, and emits per-type code that calls into `runtime`.
//! Marker errors become compile errors at the marker's doc comment.
#![deny(missing_docs)]

use proc_macro::TokenStream;
use proc_macro2::Span;
use quote::quote;

/// Implements `runtime::resource::Resource` for an API object type.
///
/// The group comes from the package's `//! +groupName=...` marker and the
/// version from the package directory (`src/<group>/<version>/`); kind,
/// plural, singular, scope, short names, categories, subresources and
/// printer columns come from the type's markers (`+genclient:nonNamespaced`,
/// `+kubebuilder:resource:...`, `+kubebuilder:subresource:status|scale`,
/// `+kubebuilder:printcolumn:...`).
///
/// ```ignore
/// /// +kubebuilder:resource:shortName=wd,categories=all
/// #[derive(Serialize, Deserialize, Resource)]
/// pub struct Widget { pub metadata: ObjectMeta, pub spec: Option<WidgetSpec> }
/// ```
#[proc_macro_derive(Resource)]
pub fn derive_resource(input: TokenStream) -> TokenStream {
    let file = proc_macro::Span::call_site().local_file();
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    match resource(&input, file) {
        Ok(tokens) => tokens.into(),
        Err(err) => err.to_compile_error().into(),
    }
}

fn resource(
    input: &syn::DeriveInput,
    file: Option<std::path::PathBuf>,
) -> syn::Result<proc_macro2::TokenStream> {
    let ident = &input.ident;
    let file = file.ok_or_else(|| {
        syn::Error::new(
            ident.span(),
            "cannot locate this type's source file to read its package",
        )
    })?;
    let (group, version) =
        codegen::parse::package_identity(&file).map_err(|e| syn::Error::new(ident.span(), e))?;
    let def = codegen::parse::parse_derive_input(input, &file).map_err(to_syn_error)?;
    let problems = codegen::check::check_type(&def);
    if !problems.is_empty() {
        return Err(to_syn_error(problems));
    }
    if !def.is_object() {
        return Err(syn::Error::new(
            ident.span(),
            "a resource needs a `metadata: ObjectMeta` field (Kubernetes objects carry ObjectMeta)",
        ));
    }
    let meta = codegen::resource::resource_meta(&def).map_err(to_syn_error)?;
    let api_version = if group.is_empty() {
        version.clone()
    } else {
        format!("{group}/{version}")
    };
    let kind = &meta.kind;
    let plural = &meta.plural;
    let singular = &meta.singular;
    let namespaced = meta.namespaced;
    let short_names = &meta.short_names;
    let categories = &meta.categories;
    let status = meta.status;
    let selectable_fields = &meta.selectable_fields;
    let generation = meta.generation;
    let annotations_bump_generation = meta.annotations_bump_generation;
    let allow_create_on_update = meta.allow_create_on_update;
    let allow_unconditional_update = meta.allow_unconditional_update;
    let return_deleted_object = meta.return_deleted_object;
    let verbs = if meta.verbs.len() == codegen::tags::genclient_only_verbs::VERBS.len() {
        quote! { ::runtime::resource::RESOURCE_VERBS }
    } else {
        let verbs = &meta.verbs;
        quote! { &[#(#verbs),*] }
    };
    let name_format = quote::format_ident!(
        "{}",
        match meta.name_format.as_str() {
            "dns1123-label" => "Dns1123Label",
            "dns1035-label" => "Dns1035Label",
            "path-segment" => "PathSegment",
            _ => "Dns1123Subdomain",
        }
    );
    let scale = match &meta.scale {
        Some(s) => {
            let (spec, status, selector) = (
                &s.spec_replicas_path,
                &s.status_replicas_path,
                &s.label_selector_path,
            );
            quote! { ::core::option::Option::Some(::runtime::resource::ScaleSubresource {
                spec_replicas_path: #spec, status_replicas_path: #status, label_selector_path: #selector,
            }) }
        }
        None => quote! { ::core::option::Option::None },
    };
    let columns = meta.printer_columns.iter().map(|c| {
        let (name, type_, format, description, json_path, priority) =
            (&c.name, &c.type_, &c.format, &c.description, &c.json_path, c.priority);
        quote! { ::runtime::resource::PrinterColumn {
            name: #name, type_: #type_, format: #format, description: #description, json_path: #json_path, priority: #priority,
        } }
    });
    let printer = if meta.printer_hook {
        quote! { ::core::option::Option::Some(::runtime::resource::TablePrinter::of::<#ident>()) }
    } else {
        quote! { ::core::option::Option::None }
    };
    let strategy = if meta.strategy {
        quote! { ::runtime::resource::KindStrategy::of::<#ident>() }
    } else {
        quote! { ::runtime::resource::KindStrategy::DEFAULT }
    };
    let scope = if namespaced {
        quote! { ::runtime::resource::NamespaceResourceScope }
    } else {
        quote! { ::runtime::resource::ClusterResourceScope }
    };
    let metadata = def
        .fields()
        .iter()
        .find(|f| f.json_name == "metadata")
        .filter(|f| f.ty == codegen::model::FieldType::WellKnown(codegen::model::WellKnown::ObjectMeta))
        .map(|f| quote::format_ident!("{}", f.rust_name))
        .ok_or_else(|| {
            syn::Error::new(
                ident.span(),
                "a resource's `metadata` is an `ObjectMeta`, not an `Option<ObjectMeta>` (upstream's kinds embed it by value)",
            )
        })?;
    let (swap_status, clone_status) = match def.fields().iter().find(|f| f.json_name == "status") {
        Some(f) => {
            let status = quote::format_ident!("{}", f.rust_name);
            (
                quote! { ::core::mem::swap(&mut self.#status, &mut other.#status); },
                quote! { self.#status.clone_from(&other.#status); },
            )
        }
        None => (quote! { let _ = other; }, quote! { let _ = other; }),
    };
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    Ok(quote! {
        impl #impl_generics ::runtime::resource::Resource for #ident #ty_generics #where_clause {
            const INFO: ::runtime::resource::ResourceInfo = ::runtime::resource::ResourceInfo {
                group: #group,
                version: #version,
                api_version: #api_version,
                kind: #kind,
                plural: #plural,
                singular: #singular,
                namespaced: #namespaced,
                short_names: &[#(#short_names),*],
                categories: &[#(#categories),*],
                status_subresource: #status,
                scale_subresource: #scale,
                printer_columns: &[#(#columns),*],
                selectable_fields: &[#(#selectable_fields),*],
                generation: #generation,
                annotations_bump_generation: #annotations_bump_generation,
                allow_create_on_update: #allow_create_on_update,
                allow_unconditional_update: #allow_unconditional_update,
                return_deleted_object: #return_deleted_object,
                verbs: #verbs,
                name_format: ::runtime::resource::NameFormat::#name_format,
                printer: #printer,
                strategy: #strategy,
            };
            type Scope = #scope;
            fn metadata(&self) -> &::runtime::meta::ObjectMeta {
                &self.#metadata
            }
            fn metadata_mut(&mut self) -> &mut ::runtime::meta::ObjectMeta {
                &mut self.#metadata
            }
            fn swap_status(&mut self, other: &mut Self) {
                #swap_status
            }
            fn clone_status_from(&mut self, other: &Self) {
                #clone_status
            }
        }
    })
}

/// Turns codegen diagnostics into one combined compile error, each at the
/// span of the marker or field at fault.
fn to_syn_error(diagnostics: Vec<codegen::Diagnostic>) -> syn::Error {
    let mut combined: Option<syn::Error> = None;
    for d in diagnostics {
        let mut message = d.message.clone();
        if !d.label.is_empty() {
            message.push_str(&format!(": {}", d.label));
        }
        if let Some(help) = &d.help {
            message.push_str(&format!("\n\nhelp: {help}"));
        }
        let span = if d.location.span.start().line == 0 {
            Span::call_site()
        } else {
            d.location.span
        };
        let err = syn::Error::new(span, message);
        match &mut combined {
            Some(c) => c.combine(err),
            None => combined = Some(err),
        }
    }
    combined.unwrap_or_else(|| syn::Error::new(Span::call_site(), "invalid resource"))
}
