//! A kube-rs controller of the example group's Widget, written against
//! the generated Rust types (through `runtime::kube::Kube`): every Widget
//! gets a ConfigMap of the same name in its namespace, owned by it and
//! holding its settings, and a status (`phase: Running`, `replicas` as
//! asked). Run it against a cluster with `cargo run -p widget-controller`
//! (the current kubeconfig); its tests run it on the in-process test
//! server (`testserver`), as controller authors run theirs on envtest.
#![deny(missing_docs)]

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use apis::core::v1::ConfigMap;
use apis::example::v1::Widget;
use futures::StreamExt;
use kube::api::{Api, Patch, PatchParams};
use kube::runtime::controller::{Action, Controller};
use kube::runtime::watcher;
use kube::{Client, Resource, ResourceExt};
use runtime::kube::Kube;

/// The field manager of the controller's writes.
pub const MANAGER: &str = "widget-controller";

/// Why a reconcile failed (it is retried a second later).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The API server refused or failed a request.
    #[error("request failed: {0}")]
    Kube(#[from] kube::Error),
    /// A Widget without a namespace (Widgets are namespaced).
    #[error("the widget has no namespace")]
    NoNamespace,
    /// A Widget without the name or uid an owner reference needs.
    #[error("the widget has no name or uid")]
    NoIdentity,
}

/// What every reconcile shares.
pub struct Context {
    /// The client of the API server.
    pub client: Client,
}

/// The ConfigMap `widget` should have: its name and namespace, owned by
/// the widget (a controller reference, so that it goes with it), with the
/// widget's `color`, `replicas` and `settings` as data.
///
/// Errors: the widget has no namespace, name or uid.
pub fn desired_config_map(widget: &Kube<Widget>) -> Result<Kube<ConfigMap>, Error> {
    let namespace = widget.namespace().ok_or(Error::NoNamespace)?;
    let owner = widget.controller_owner_ref(&()).ok_or(Error::NoIdentity)?;
    let mut config_map = Kube::<ConfigMap>::new(Default::default());
    config_map.metadata.name = Some(widget.name_any());
    config_map.metadata.namespace = Some(namespace);
    config_map.metadata.owner_references = Some(vec![owner]);
    let mut data = BTreeMap::new();
    if let Some(spec) = &widget.spec {
        if let Some(color) = spec.color {
            data.insert("color".to_string(), format!("{color:?}"));
        }
        data.insert(
            "replicas".to_string(),
            spec.replicas.unwrap_or(1).to_string(),
        );
        data.extend(spec.settings.clone());
    }
    config_map.data = data;
    Ok(config_map)
}

/// Brings one Widget's world to what it asks: its ConfigMap applied
/// (server-side apply, as [`MANAGER`]) and its status written through
/// `/status` when it differs. Requeued every five minutes.
///
/// Errors: see [`Error`].
pub async fn reconcile(widget: Arc<Kube<Widget>>, ctx: Arc<Context>) -> Result<Action, Error> {
    let namespace = widget.namespace().ok_or(Error::NoNamespace)?;
    let name = widget.name_any();
    let config_maps: Api<Kube<ConfigMap>> = Api::namespaced(ctx.client.clone(), &namespace);
    let apply = PatchParams::apply(MANAGER).force();
    config_maps
        .patch(&name, &apply, &Patch::Apply(&desired_config_map(&widget)?))
        .await?;
    let replicas = widget.spec.as_ref().and_then(|s| s.replicas).unwrap_or(1);
    let status = widget.status.as_ref();
    if status.and_then(|s| s.phase.as_deref()) != Some("Running")
        || status.and_then(|s| s.replicas) != Some(replicas)
    {
        let widgets: Api<Kube<Widget>> = Api::namespaced(ctx.client.clone(), &namespace);
        let patch = serde_json::json!({"status": {"phase": "Running", "replicas": replicas}});
        widgets
            .patch_status(&name, &PatchParams::default(), &Patch::Merge(&patch))
            .await?;
    }
    Ok(Action::requeue(Duration::from_secs(300)))
}

/// A failed reconcile is retried a second later.
pub fn error_policy(_widget: Arc<Kube<Widget>>, _error: &Error, _ctx: Arc<Context>) -> Action {
    Action::requeue(Duration::from_secs(1))
}

/// Runs the controller until its watches end: Widgets in every namespace,
/// and the ConfigMaps they own (a changed or deleted one is put back).
pub async fn run(client: Client) {
    let widgets = Api::<Kube<Widget>>::all(client.clone());
    let config_maps = Api::<Kube<ConfigMap>>::all(client.clone());
    Controller::new(widgets, watcher::Config::default())
        .owns(config_maps, watcher::Config::default())
        .run(reconcile, error_policy, Arc::new(Context { client }))
        .for_each(|_| futures::future::ready(()))
        .await;
}
