//! The controller on the in-process test server, as controller authors
//! test theirs on envtest: a Widget gets its ConfigMap and status, a spec
//! change reaches the ConfigMap, and a deleted ConfigMap is put back.

use std::time::{Duration, Instant};

use apis::core::v1::ConfigMap;
use apis::example::v1::{Color, Widget, WidgetSpec};
use kube::api::{Api, DeleteParams, Patch, PatchParams, PostParams};
use runtime::kube::Kube;
use testserver::TestServer;

/// Polls `check` every 50 ms for up to 10 s.
async fn eventually<T>(what: &str, mut check: impl AsyncFnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(found) = check().await {
            return found;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_widget_gets_its_config_map_and_status() {
    let server = TestServer::start(apis::registry()).expect("test server");
    let client = server.client().expect("client");
    let controller = tokio::spawn(widget_controller::run(client.clone()));

    let widgets: Api<Kube<Widget>> = Api::namespaced(client.clone(), "default");
    let config_maps: Api<Kube<ConfigMap>> = Api::namespaced(client.clone(), "default");
    let mut widget = Kube::<Widget>::new(Default::default());
    widget.metadata.name = Some("w1".into());
    widget.spec = Some(WidgetSpec {
        replicas: Some(3),
        color: Some(Color::Blue),
        settings: [("mode".to_string(), "fast".to_string())].into(),
        ..Default::default()
    });
    let created = widgets
        .create(&PostParams::default(), &widget)
        .await
        .expect("widget created");

    let config_map = eventually("the widget's ConfigMap", async || {
        config_maps.get_opt("w1").await.expect("get")
    })
    .await;
    assert_eq!(
        config_map.data,
        [
            ("color".to_string(), "Blue".to_string()),
            ("mode".to_string(), "fast".to_string()),
            ("replicas".to_string(), "3".to_string()),
        ]
        .into()
    );
    let owners = config_map
        .metadata
        .owner_references
        .clone()
        .unwrap_or_default();
    assert_eq!(owners.len(), 1);
    assert_eq!(
        owners[0].uid,
        created.metadata.uid.clone().unwrap_or_default()
    );
    assert_eq!(owners[0].controller, Some(true));
    let managers: Vec<String> = (config_map.metadata.managed_fields.iter().flatten())
        .filter_map(|m| m.manager.clone())
        .collect();
    assert_eq!(managers, [widget_controller::MANAGER]);

    eventually("the widget's status", async || {
        let widget = widgets.get("w1").await.expect("get");
        let status = widget.status.clone()?;
        (status.phase.as_deref() == Some("Running") && status.replicas == Some(3)).then_some(())
    })
    .await;

    // A spec change reaches the ConfigMap.
    let patch = serde_json::json!({"spec": {"replicas": 5}});
    widgets
        .patch("w1", &PatchParams::default(), &Patch::Merge(&patch))
        .await
        .expect("widget patched");
    eventually("the ConfigMap to follow the spec", async || {
        let config_map = config_maps.get("w1").await.expect("get");
        (config_map.data.get("replicas").map(String::as_str) == Some("5")).then_some(())
    })
    .await;

    // A deleted ConfigMap is put back (the controller owns ConfigMaps).
    config_maps
        .delete("w1", &DeleteParams::default())
        .await
        .expect("deleted");
    eventually("the ConfigMap to come back", async || {
        config_maps
            .get_opt("w1")
            .await
            .expect("get")
            .and_then(|cm| (cm.metadata.uid != config_map.metadata.uid).then_some(()))
    })
    .await;

    controller.abort();
}
