//! kube-rs against our server, with our generated types: `kube::Api` over
//! `runtime::kube::Kube<K>` (create, get, list, merge patch, server-side
//! apply, delete, errors), kube-rs's `watcher`, and reflectors (list-watch
//! and streaming lists) converging to the server's state under concurrent
//! writes.

use std::collections::BTreeMap;
use std::time::Duration;

use apis::apps::v1::{Deployment, DeploymentSpec};
use apis::core::v1::{ConfigMap, Container, PodSpec, PodTemplateSpec};
use apis::example::v1::{Gadget, Widget, WidgetSpec};
use futures::StreamExt;
use kube::api::{Api, DeleteParams, ListParams, Patch, PatchParams, PostParams};
use kube::runtime::{WatchStreamExt, reflector, watcher};
use kube::{Client, ResourceExt};
use runtime::kube::Kube;
use runtime::meta::v1::{LabelSelector, ObjectMeta};
use tests::TestServer;

mod access;

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

fn client(server: &TestServer) -> Client {
    let config = kube::Config::new(server.url().parse().expect("server url"));
    Client::try_from(config).expect("kube client")
}

fn meta(name: &str) -> kube::core::ObjectMeta {
    kube::core::ObjectMeta {
        name: Some(name.into()),
        ..Default::default()
    }
}

fn deployment(name: &str, image: &str) -> Kube<Deployment> {
    let labels = BTreeMap::from([("app".to_string(), name.to_string())]);
    let mut d = Kube::<Deployment>::new(meta(name));
    d.spec = DeploymentSpec {
        replicas: Some(2),
        selector: LabelSelector {
            match_labels: labels.clone(),
            ..Default::default()
        },
        template: PodTemplateSpec {
            metadata: ObjectMeta {
                labels,
                ..Default::default()
            },
            spec: PodSpec {
                containers: vec![Container {
                    name: "app".into(),
                    image: image.into(),
                    ..Default::default()
                }],
                ..Default::default()
            },
        },
        ..Default::default()
    };
    d
}

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/../../shared/fixtures/kubernetes-api/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn the_wrapper_reads_and_writes_the_kinds_json() {
    let text = fixture("apps.v1.Deployment.json");
    let upstream: serde_json::Value = serde_json::from_str(&text).unwrap();
    let wrapped: Kube<Deployment> = serde_json::from_str(&text).unwrap();
    assert_eq!(wrapped.metadata.name.as_deref(), Some("nameValue"));
    assert_eq!(
        wrapped.metadata.labels.as_ref().unwrap()["labelsKey"],
        "labelsValue"
    );
    assert_eq!(
        wrapped.metadata.resource_version.as_deref(),
        Some("resourceVersionValue")
    );
    assert_eq!(wrapped.spec.replicas, Some(1));
    // The inner object carries no metadata while wrapped.
    assert_eq!((*wrapped).metadata, ObjectMeta::default());
    // Same JSON out as in, field for field.
    assert_eq!(serde_json::to_value(&wrapped).unwrap(), upstream);

    // Moving in and out of the wrapper keeps the typed object whole.
    let typed: Deployment = serde_json::from_str(&text).unwrap();
    let back = Kube::from_object(typed.clone()).unwrap();
    assert_eq!(back, wrapped);
    assert_eq!(back.into_object().unwrap(), typed);
}

#[test]
fn setting_the_inner_metadata_is_an_error_not_a_silent_choice() {
    let mut d = deployment("web", "nginx");
    (*d).metadata.name = Some("other".into());
    let err = serde_json::to_string(&d).unwrap_err().to_string();
    assert!(
        err.contains("Kube<Deployment>: the inner object's metadata is set")
            && err.contains("set metadata through Kube::metadata"),
        "{err}"
    );
}

#[test]
fn kube_api_create_get_list_patch_apply_delete() {
    let server = TestServer::start();
    rt().block_on(async {
        let client = client(&server);
        let deployments: Api<Kube<Deployment>> = Api::namespaced(client.clone(), "default");

        // create: the server fills identity, defaults and the generation.
        let created = deployments
            .create(&PostParams::default(), &deployment("web", "nginx"))
            .await
            .expect("create");
        assert!(created.uid().is_some());
        assert_eq!(created.metadata.generation, Some(1));
        assert_eq!(created.spec.revision_history_limit, Some(10));
        assert_eq!(
            created.spec.template.spec.containers[0]
                .termination_message_path
                .as_str(),
            "/dev/termination-log"
        );

        // get and list (with a label selector).
        let got = deployments.get("web").await.expect("get");
        assert_eq!(got.resource_version(), created.resource_version());
        deployments
            .create(&PostParams::default(), &{
                let mut d = deployment("api", "httpd");
                d.labels_mut().insert("tier".into(), "backend".into());
                d
            })
            .await
            .expect("create api");
        let all = deployments
            .list(&ListParams::default())
            .await
            .expect("list");
        let names: Vec<_> = all.items.iter().map(|d| d.name_any()).collect();
        assert_eq!(names, ["api", "web"]);
        assert!(all.metadata.resource_version.is_some());
        let backend = deployments
            .list(&ListParams::default().labels("tier=backend"))
            .await
            .expect("list by label");
        assert_eq!(backend.items.len(), 1);
        assert_eq!(backend.items[0].name_any(), "api");

        // merge patch.
        let patched = deployments
            .patch(
                "web",
                &PatchParams::default(),
                &Patch::Merge(serde_json::json!({"spec": {"replicas": 3}})),
            )
            .await
            .expect("merge patch");
        assert_eq!(patched.spec.replicas, Some(3));
        assert_eq!(patched.metadata.generation, Some(2));

        // server-side apply: a typed apply configuration (forced, as the
        // create and the merge patch own replicas and the image), then a
        // conflict for another manager, then a forced takeover.
        let mut intent = deployment("web", "nginx:1.27");
        intent.spec.replicas = Some(4);
        let applied = deployments
            .patch(
                "web",
                &PatchParams::apply("kube-rs-test").force(),
                &Patch::Apply(&intent),
            )
            .await
            .expect("apply");
        assert_eq!(applied.spec.replicas, Some(4));
        assert_eq!(applied.spec.template.spec.containers[0].image, "nginx:1.27");
        let managers: Vec<_> = applied
            .managed_fields()
            .iter()
            .map(|m| (m.manager.clone().unwrap(), m.operation.clone().unwrap()))
            .collect();
        assert!(
            managers.contains(&("kube-rs-test".into(), "Apply".into())),
            "{managers:?}"
        );
        intent.spec.replicas = Some(6);
        let conflict = deployments
            .patch("web", &PatchParams::apply("other"), &Patch::Apply(&intent))
            .await
            .expect_err("apply conflict");
        match conflict {
            kube::Error::Api(status) => {
                assert_eq!(status.code, 409);
                assert_eq!(status.reason, "Conflict");
                assert_eq!(
                    status.message,
                    r#"Apply failed with 1 conflict: conflict with "kube-rs-test": .spec.replicas"#
                );
            }
            other => panic!("expected a 409 Status, got {other:?}"),
        }
        let forced = deployments
            .patch(
                "web",
                &PatchParams::apply("other").force(),
                &Patch::Apply(&intent),
            )
            .await
            .expect("forced apply");
        assert_eq!(forced.spec.replicas, Some(6));

        // errors arrive as kube-rs's Status.
        match deployments.get("missing").await {
            Err(kube::Error::Api(status)) => {
                assert_eq!(status.code, 404);
                assert_eq!(status.reason, "NotFound");
                assert_eq!(status.message, r#"deployments.apps "missing" not found"#);
            }
            other => panic!("expected a 404 Status, got {other:?}"),
        }

        // delete.
        deployments
            .delete("api", &DeleteParams::default())
            .await
            .expect("delete");
        let left = deployments.list(&ListParams::default()).await.unwrap();
        assert_eq!(left.items.len(), 1);

        // Our own kinds, namespaced and cluster-scoped.
        let widgets: Api<Kube<Widget>> = Api::namespaced(client.clone(), "default");
        let mut widget = Kube::<Widget>::new(meta("w1"));
        widget.spec = Some(WidgetSpec {
            replicas: Some(2),
            ..Default::default()
        });
        let widget = widgets
            .create(&PostParams::default(), &widget)
            .await
            .expect("create widget");
        assert_eq!(widget.spec.as_ref().unwrap().replicas, Some(2));
        let gadgets: Api<Kube<Gadget>> = Api::all(client);
        gadgets
            .create(&PostParams::default(), &Kube::new(meta("g1")))
            .await
            .expect("create gadget");
        let listed = gadgets.list(&ListParams::default()).await.unwrap();
        assert_eq!(listed.items.len(), 1);
        assert_eq!(listed.items[0].namespace(), None);
    });
}

#[test]
fn watcher_and_reflectors_converge_under_concurrent_writes() {
    const WRITERS: usize = 4;
    const OBJECTS: usize = 6;
    const ROUNDS: usize = 5;
    let server = TestServer::start();
    rt().block_on(async {
        let client = client(&server);
        let config_maps: Api<Kube<ConfigMap>> = Api::namespaced(client.clone(), "default");
        // Some state before the reflectors start: they must list it.
        for i in 0..3 {
            config_maps
                .create(
                    &PostParams::default(),
                    &Kube::new(meta(&format!("seed-{i}"))),
                )
                .await
                .unwrap();
        }

        let (list_watch, writer) = reflector::store::<Kube<ConfigMap>>();
        let list_watch_task = tokio::spawn(
            reflector(
                writer,
                watcher(config_maps.clone(), watcher::Config::default()),
            )
            .applied_objects()
            .for_each(|_| async {}),
        );
        let (streaming, writer) = reflector::store::<Kube<ConfigMap>>();
        let streaming_task = tokio::spawn(
            reflector(
                writer,
                watcher(
                    config_maps.clone(),
                    watcher::Config::default().streaming_lists(),
                ),
            )
            .applied_objects()
            .for_each(|_| async {}),
        );
        // A raw watcher: every change reaches it as an event, in order.
        let (events_tx, mut events) = tokio::sync::mpsc::unbounded_channel();
        let events_task = tokio::spawn({
            let api = config_maps.clone();
            async move {
                let mut stream = watcher(api, watcher::Config::default()).boxed();
                while let Some(event) = stream.next().await {
                    if events_tx.send(event.expect("watch event")).is_err() {
                        break;
                    }
                }
            }
        });
        list_watch.wait_until_ready().await.unwrap();
        streaming.wait_until_ready().await.unwrap();
        assert_eq!(list_watch.state().len(), 3);
        assert_eq!(streaming.state().len(), 3);

        // The raw watcher's events replayed into a map, checking that each
        // object's versions only move forward and counting every write.
        #[derive(Default)]
        struct Replay {
            state: BTreeMap<String, String>,
            applies: BTreeMap<String, usize>,
            deletes: usize,
        }
        impl Replay {
            fn record(&mut self, event: watcher::Event<Kube<ConfigMap>>) {
                match event {
                    watcher::Event::Init | watcher::Event::InitDone => {}
                    watcher::Event::InitApply(cm) | watcher::Event::Apply(cm) => {
                        let (name, rv) = (cm.name_any(), cm.resource_version().unwrap());
                        if let Some(old) = self.state.get(&name) {
                            let (old, new): (u64, u64) =
                                (old.parse().unwrap(), rv.parse().unwrap());
                            assert!(new > old, "{name}: {new} after {old}");
                        }
                        *self.applies.entry(name.clone()).or_default() += 1;
                        self.state.insert(name, rv);
                    }
                    watcher::Event::Delete(cm) => {
                        self.deletes += 1;
                        self.state.remove(&cm.name_any());
                    }
                }
            }
        }
        let mut replay = Replay::default();
        // The raw watcher's list is done before the writers start, so that
        // it sees every write as an event.
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        loop {
            let event = tokio::time::timeout_at(deadline, events.recv())
                .await
                .expect("the raw watcher did not finish its list within 30 s")
                .expect("watcher ended");
            let done = matches!(event, watcher::Event::InitDone);
            replay.record(event);
            if done {
                break;
            }
        }

        // Concurrent writers: create, update several times, delete some.
        let mut writers = Vec::new();
        for w in 0..WRITERS {
            let api = config_maps.clone();
            writers.push(tokio::spawn(async move {
                for o in 0..OBJECTS {
                    let name = format!("w{w}-o{o}");
                    api.create(&PostParams::default(), &Kube::new(meta(&name)))
                        .await
                        .unwrap();
                }
                for round in 0..ROUNDS {
                    for o in 0..OBJECTS {
                        let name = format!("w{w}-o{o}");
                        api.patch(
                            &name,
                            &PatchParams::default(),
                            &Patch::Merge(
                                serde_json::json!({"data": {"round": round.to_string()}}),
                            ),
                        )
                        .await
                        .unwrap();
                    }
                }
                for o in (0..OBJECTS).step_by(2) {
                    api.delete(&format!("w{w}-o{o}"), &DeleteParams::default())
                        .await
                        .unwrap();
                }
            }));
        }
        for w in writers {
            w.await.unwrap();
        }

        // Both stores converge to a fresh list: same names, same versions.
        let fresh = config_maps.list(&ListParams::default()).await.unwrap();
        let want: BTreeMap<String, String> = fresh
            .items
            .iter()
            .map(|c| (c.name_any(), c.resource_version().unwrap()))
            .collect();
        assert_eq!(want.len(), 3 + WRITERS * (OBJECTS / 2));
        for (label, store) in [("list-watch", &list_watch), ("streaming", &streaming)] {
            let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
            loop {
                let have: BTreeMap<String, String> = store
                    .state()
                    .iter()
                    .map(|c| (c.name_any(), c.resource_version().unwrap()))
                    .collect();
                if have == want {
                    break;
                }
                assert!(
                    tokio::time::Instant::now() < deadline,
                    "{label} reflector did not converge:\nhave {have:?}\nwant {want:?}"
                );
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            for cm in store
                .state()
                .iter()
                .filter(|c| c.name_any().starts_with('w'))
            {
                assert_eq!(
                    cm.data.get("round").map(String::as_str),
                    Some((ROUNDS - 1).to_string().as_str()),
                    "{label}: {}",
                    cm.name_any()
                );
            }
        }

        // The raw watcher: its events until its map matches; every write
        // arrived once.
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        while replay.state != want {
            let event = tokio::time::timeout_at(deadline, events.recv())
                .await
                .unwrap_or_else(|_| panic!("raw watcher did not converge: {:?}", replay.state))
                .expect("watcher ended");
            replay.record(event);
        }
        assert_eq!(replay.deletes, WRITERS * OBJECTS.div_ceil(2));
        for (name, count) in &replay.applies {
            let want = if name.starts_with("seed-") {
                1
            } else {
                1 + ROUNDS
            };
            assert_eq!(*count, want, "{name}");
        }
        events_task.abort();
        list_watch_task.abort();
        streaming_task.abort();
    });
}

/// kube-rs with k8s-openapi's own autoscaling types (as a controller
/// built on them uses): an autoscaler created at v2 with a memory metric
/// reads at v1 with its CPU target and upstream's annotations, and at v2
/// whole; our generated v1 type reads it too.
#[test]
fn kube_rs_reads_one_autoscaler_at_v1_and_v2() {
    use k8s_openapi::api::autoscaling::{v1 as up1, v2 as up2};
    let server = TestServer::start();
    rt().block_on(async {
        let client = client(&server);
        let v2: Api<up2::HorizontalPodAutoscaler> = Api::namespaced(client.clone(), "default");
        let v1: Api<up1::HorizontalPodAutoscaler> = Api::namespaced(client.clone(), "default");
        let target = |average_utilization: Option<i32>,
                      average_value: Option<
            k8s_openapi::apimachinery::pkg::api::resource::Quantity,
        >| up2::MetricTarget {
            type_: if average_value.is_some() {
                "AverageValue"
            } else {
                "Utilization"
            }
            .into(),
            average_utilization,
            average_value,
            value: None,
        };
        let resource = |name: &str, target| up2::MetricSpec {
            type_: "Resource".into(),
            resource: Some(up2::ResourceMetricSource {
                name: name.into(),
                target,
            }),
            ..Default::default()
        };
        let hpa = up2::HorizontalPodAutoscaler {
            metadata: meta("web"),
            spec: up2::HorizontalPodAutoscalerSpec {
                scale_target_ref: up2::CrossVersionObjectReference {
                    api_version: Some("apps/v1".into()),
                    kind: "Deployment".into(),
                    name: "web".into(),
                },
                min_replicas: Some(2),
                max_replicas: 6,
                metrics: Some(vec![
                    resource("cpu", target(Some(70), None)),
                    resource(
                        "memory",
                        target(
                            None,
                            Some(k8s_openapi::apimachinery::pkg::api::resource::Quantity(
                                "1Gi".into(),
                            )),
                        ),
                    ),
                ]),
                behavior: None,
            },
            status: None,
        };
        let created = v2
            .create(&PostParams::default(), &hpa)
            .await
            .expect("create");
        assert_eq!(created.spec.metrics, hpa.spec.metrics);

        let old = v1.get("web").await.expect("get at v1");
        let spec = &old.spec;
        assert_eq!(spec.target_cpu_utilization_percentage, Some(70));
        assert_eq!((spec.min_replicas, spec.max_replicas), (Some(2), 6));
        assert_eq!(
            old.annotations()["autoscaling.alpha.kubernetes.io/metrics"],
            r#"[{"type":"Resource","resource":{"name":"memory","targetAverageValue":"1Gi"}}]"#
        );
        assert_eq!(old.uid(), created.uid());
        assert_eq!(old.resource_version(), created.resource_version());

        // Our own generated v1 type reads the same object.
        let ours: Api<Kube<apis::autoscaling::v1::HorizontalPodAutoscaler>> =
            Api::namespaced(client, "default");
        let same = ours.get("web").await.expect("get with our type");
        assert_eq!(same.spec.target_cpu_utilization_percentage, Some(70));
    });
}

/// kube-rs with k8s-openapi's StatefulSet and PersistentVolumeClaim types,
/// as a database operator writes them: the set with a claim template is
/// created and read back with its defaults (the template typed, with its
/// `Pending` phase), scaled through `/scale`, and its claim created as the
/// StatefulSet controller would.
#[test]
fn kube_rs_writes_stateful_sets_and_claims() {
    use k8s_openapi::api::apps::v1 as apps;
    use k8s_openapi::api::core::v1 as core;
    use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
    use k8s_openapi::apimachinery::pkg::apis::meta::v1 as metav1;
    let server = TestServer::start();
    rt().block_on(async {
        let client = client(&server);
        let labels: BTreeMap<String, String> = [("app".to_string(), "db".to_string())].into();
        let claim_spec = core::PersistentVolumeClaimSpec {
            access_modes: Some(vec!["ReadWriteOnce".into()]),
            resources: Some(core::VolumeResourceRequirements {
                requests: Some([("storage".to_string(), Quantity("1Gi".into()))].into()),
                ..Default::default()
            }),
            ..Default::default()
        };
        let set = apps::StatefulSet {
            metadata: meta("db"),
            spec: Some(apps::StatefulSetSpec {
                service_name: Some("db".into()),
                selector: metav1::LabelSelector {
                    match_labels: Some(labels.clone()),
                    ..Default::default()
                },
                template: core::PodTemplateSpec {
                    metadata: Some(metav1::ObjectMeta {
                        labels: Some(labels.clone()),
                        ..Default::default()
                    }),
                    spec: Some(core::PodSpec {
                        containers: vec![core::Container {
                            name: "postgres".into(),
                            image: Some("postgres:16".into()),
                            volume_mounts: Some(vec![core::VolumeMount {
                                name: "data".into(),
                                mount_path: "/data".into(),
                                ..Default::default()
                            }]),
                            ..Default::default()
                        }],
                        ..Default::default()
                    }),
                },
                volume_claim_templates: Some(vec![core::PersistentVolumeClaim {
                    metadata: meta("data"),
                    spec: Some(claim_spec.clone()),
                    ..Default::default()
                }]),
                ..Default::default()
            }),
            ..Default::default()
        };
        let sets: Api<apps::StatefulSet> = Api::namespaced(client.clone(), "default");
        let created = sets
            .create(&PostParams::default(), &set)
            .await
            .expect("create statefulset");
        let spec = created.spec.expect("spec");
        assert_eq!(spec.replicas, Some(1));
        assert_eq!(spec.pod_management_policy.as_deref(), Some("OrderedReady"));
        let template = &spec.volume_claim_templates.expect("templates")[0];
        assert_eq!(
            template.status.as_ref().and_then(|s| s.phase.as_deref()),
            Some("Pending")
        );
        assert_eq!(
            template
                .spec
                .as_ref()
                .and_then(|s| s.volume_mode.as_deref()),
            Some("Filesystem")
        );

        let scale = sets
            .patch_scale(
                "db",
                &PatchParams::default(),
                &Patch::Merge(serde_json::json!({"spec": {"replicas": 3}})),
            )
            .await
            .expect("scale");
        assert_eq!(scale.spec.and_then(|s| s.replicas), Some(3));
        let read = sets.get("db").await.expect("get statefulset");
        assert_eq!(read.spec.and_then(|s| s.replicas), Some(3));

        let claims: Api<core::PersistentVolumeClaim> = Api::namespaced(client, "default");
        let claim = core::PersistentVolumeClaim {
            metadata: meta("data-db-0"),
            spec: Some(claim_spec),
            ..Default::default()
        };
        let created = claims
            .create(&PostParams::default(), &claim)
            .await
            .expect("create claim");
        assert_eq!(
            created.status.and_then(|s| s.phase).as_deref(),
            Some("Pending")
        );
        let listed = claims
            .list(&ListParams::default())
            .await
            .expect("list claims");
        assert_eq!(listed.items.len(), 1);
    });
}

/// kube-rs with k8s-openapi's networking types, as an ingress controller
/// uses them: an Ingress is created, its load balancer written through
/// `/status` (a merge patch, as controllers send it) and read back; a
/// NetworkPolicy comes back with upstream's defaults.
#[test]
fn kube_rs_writes_ingress_status_and_network_policies() {
    use k8s_openapi::api::networking::v1 as networking;
    use k8s_openapi::apimachinery::pkg::apis::meta::v1 as metav1;
    let server = TestServer::start();
    rt().block_on(async {
        let client = client(&server);
        let ingress = networking::Ingress {
            metadata: meta("web"),
            spec: Some(networking::IngressSpec {
                ingress_class_name: Some("nginx".into()),
                default_backend: Some(networking::IngressBackend {
                    service: Some(networking::IngressServiceBackend {
                        name: "web".into(),
                        port: Some(networking::ServiceBackendPort {
                            number: Some(80),
                            ..Default::default()
                        }),
                    }),
                    ..Default::default()
                }),
                ..Default::default()
            }),
            ..Default::default()
        };
        let ingresses: Api<networking::Ingress> = Api::namespaced(client.clone(), "default");
        let created = ingresses
            .create(&PostParams::default(), &ingress)
            .await
            .expect("create ingress");
        assert_eq!(created.metadata.generation, Some(1));
        let patched = ingresses
            .patch_status(
                "web",
                &PatchParams::default(),
                &Patch::Merge(serde_json::json!({"status": {"loadBalancer": {"ingress": [{"ip": "192.0.2.10"}]}}})),
            )
            .await
            .expect("patch status");
        let points = patched
            .status
            .and_then(|s| s.load_balancer)
            .and_then(|lb| lb.ingress)
            .expect("load balancer");
        assert_eq!(points[0].ip.as_deref(), Some("192.0.2.10"));
        let read = ingresses.get("web").await.expect("get ingress");
        assert_eq!(read.metadata.generation, Some(1), "a status write keeps the generation");

        let policies: Api<networking::NetworkPolicy> = Api::namespaced(client, "default");
        let policy = networking::NetworkPolicy {
            metadata: meta("db"),
            spec: Some(networking::NetworkPolicySpec {
                pod_selector: Some(metav1::LabelSelector::default()),
                egress: Some(vec![networking::NetworkPolicyEgressRule {
                    ports: Some(vec![networking::NetworkPolicyPort {
                        port: Some(k8s_openapi::apimachinery::pkg::util::intstr::IntOrString::Int(53)),
                        ..Default::default()
                    }]),
                    ..Default::default()
                }]),
                ..Default::default()
            }),
        };
        let created = policies
            .create(&PostParams::default(), &policy)
            .await
            .expect("create network policy");
        let spec = created.spec.expect("spec");
        assert_eq!(
            spec.policy_types,
            Some(vec!["Ingress".to_string(), "Egress".to_string()])
        );
        let egress = spec.egress.expect("egress");
        let ports = egress[0].ports.as_ref().expect("ports");
        assert_eq!(ports[0].protocol.as_deref(), Some("TCP"));
    });
}

/// kube-rs's event `Recorder`, as a controller reports what it did: it
/// creates an `events.k8s.io/v1` Event, and on a repeat merge-patches the
/// Event's series. The Events are stored as core v1 Events, so clients of
/// either group read them (`kubectl get events`, client-go's old
/// recorder), and the new API's field selectors find them.
#[test]
fn kube_rs_recorder_publishes_events_read_through_both_groups() {
    use k8s_openapi::api::core::v1 as core;
    use k8s_openapi::api::events::v1 as events;
    use kube::runtime::events::{Event, EventType, Recorder, Reporter};
    let server = TestServer::start();
    rt().block_on(async {
        let client = client(&server);
        let reporter = Reporter {
            controller: "web-controller".into(),
            instance: Some("web-controller-0".into()),
        };
        let recorder = Recorder::new(client.clone(), reporter);
        let regarding = core::ObjectReference {
            api_version: Some("apps/v1".into()),
            kind: Some("Deployment".into()),
            name: Some("web".into()),
            namespace: Some("default".into()),
            uid: Some("0c3b6c4e-0000-4000-8000-000000000001".into()),
            ..Default::default()
        };
        let scaled = Event {
            type_: EventType::Normal,
            reason: "Scaled".into(),
            note: Some("scaled to 3 replicas".into()),
            action: "Scale".into(),
            secondary: None,
        };
        recorder.publish(&scaled, &regarding).await.expect("create");
        recorder.publish(&scaled, &regarding).await.expect("series");

        let new_api: Api<events::Event> = Api::namespaced(client.clone(), "default");
        let listed = new_api
            .list(
                &ListParams::default()
                    .fields("regarding.name=web,reportingController=web-controller"),
            )
            .await
            .expect("list by the new API's fields");
        let [event] = &listed.items[..] else {
            panic!("{:?}", listed.items);
        };
        assert_eq!(event.series.as_ref().map(|s| s.count), Some(2));
        assert_eq!(event.note.as_deref(), Some("scaled to 3 replicas"));
        assert!(event.event_time.is_some());

        let old_api: Api<core::Event> = Api::namespaced(client.clone(), "default");
        let core_event = old_api
            .get(&event.name_any())
            .await
            .expect("read as core v1");
        assert_eq!(core_event.message.as_deref(), Some("scaled to 3 replicas"));
        assert_eq!(
            core_event.reporting_component.as_deref(),
            Some("web-controller")
        );
        assert_eq!(
            core_event.reporting_instance.as_deref(),
            Some("web-controller-0")
        );
        assert_eq!(core_event.involved_object.name.as_deref(), Some("web"));
        assert_eq!(core_event.series.as_ref().and_then(|s| s.count), Some(2));
        assert_eq!(core_event.metadata.uid, event.metadata.uid);

        // A core v1 Event, as client-go's old recorder writes it, is read
        // through the new API; the core API's field names are not its.
        let old_style = core::Event {
            metadata: meta("web.started"),
            involved_object: regarding.clone(),
            reason: Some("Started".into()),
            message: Some("rollout started".into()),
            source: Some(core::EventSource {
                component: Some("deployment-controller".into()),
                host: None,
            }),
            count: Some(1),
            type_: Some("Normal".into()),
            ..Default::default()
        };
        old_api
            .create(&PostParams::default(), &old_style)
            .await
            .expect("create as core v1");
        let read = new_api
            .get("web.started")
            .await
            .expect("read as events.k8s.io/v1");
        assert_eq!(read.note.as_deref(), Some("rollout started"));
        assert_eq!(read.deprecated_count, Some(1));
        assert_eq!(
            read.deprecated_source.and_then(|s| s.component).as_deref(),
            Some("deployment-controller")
        );
        let refused = new_api
            .list(&ListParams::default().fields("involvedObject.name=web"))
            .await
            .expect_err("a core field label");
        let kube::Error::Api(status) = refused else {
            panic!("{refused:?}");
        };
        assert_eq!(status.code, 400);
        assert_eq!(
            status.message,
            "field label not supported: involvedObject.name"
        );
    });
}

/// A scheduler written with kube-rs binds a pending pod as kube-scheduler
/// does: a watch sees the pod arrive on its node with `PodScheduled`, and
/// a second binding is the 409 a scheduler treats as "already bound".
#[test]
fn kube_rs_binds_a_pod_as_a_scheduler_does() {
    use k8s_openapi::api::core::v1 as core;
    use k8s_openapi::apimachinery::pkg::apis::meta::v1::Status;
    let server = TestServer::start();
    rt().block_on(async {
        let client = client(&server);
        let pods: Api<core::Pod> = Api::namespaced(client, "default");
        let pod = core::Pod {
            metadata: meta("pending"),
            spec: Some(core::PodSpec {
                containers: vec![core::Container {
                    name: "c".into(),
                    image: Some("nginx".into()),
                    ..Default::default()
                }],
                ..Default::default()
            }),
            ..Default::default()
        };
        pods.create(&PostParams::default(), &pod).await.unwrap();
        let mut changes = watcher(pods.clone(), watcher::Config::default())
            .applied_objects()
            .boxed();
        assert_eq!(
            changes
                .next()
                .await
                .unwrap()
                .unwrap()
                .spec
                .unwrap()
                .node_name,
            None
        );
        let binding = core::Binding {
            metadata: meta("pending"),
            target: core::ObjectReference {
                kind: Some("Node".into()),
                name: Some("node-1".into()),
                ..Default::default()
            },
        };
        let status: Status = pods
            .create_subresource("binding", "pending", &PostParams::default(), &binding)
            .await
            .unwrap();
        assert_eq!(status.status.as_deref(), Some("Success"));
        let bound = tokio::time::timeout(Duration::from_secs(10), changes.next())
            .await
            .expect("the binding is watched")
            .unwrap()
            .unwrap();
        assert_eq!(bound.spec.unwrap().node_name.as_deref(), Some("node-1"));
        let scheduled = bound.status.unwrap().conditions.unwrap();
        assert_eq!(
            (scheduled[0].type_.as_str(), scheduled[0].status.as_str()),
            ("PodScheduled", "True")
        );
        let again = pods
            .create_subresource::<_, Status>("binding", "pending", &PostParams::default(), &binding)
            .await
            .unwrap_err();
        match again {
            kube::Error::Api(status) => assert_eq!(status.code, 409, "{status:?}"),
            other => panic!("expected a 409, got {other:?}"),
        }
    });
}
