//! Admission plugins on the test server: a mutating plugin's change is in
//! the created object, a validating plugin sees that change after the
//! kind's defaults, updates and deletes are judged with the stored object
//! (a refusal answered with upstream's status and message), and dry runs
//! are flagged to the plugins. (Upstream's BanFlunder, a plugin reading
//! other objects, is `examples/sample-apiserver`'s.)

use std::sync::{Arc, Mutex};

use kube::api::{Api, ApiResource, DeleteParams, DynamicObject, GroupVersionKind, PostParams};
use runtime::registry::Object;
use runtime::resource::ResourceInfo;
use serde_json::json;
use server::admission::{
    Admission, AdmissionPlugin, Attributes, MutatingAdmission, Operation, Rejection,
    ValidatingAdmission,
};
use testserver::TestServer;

/// What a plugin saw of one call.
#[derive(Debug, Clone, PartialEq)]
struct Seen {
    operation: &'static str,
    name: String,
    namespace: Option<String>,
    dry_run: bool,
    user: String,
    labels: Vec<String>,
    old: bool,
}

type Log = Arc<Mutex<Vec<Seen>>>;

fn seen(
    attributes: &Attributes<'_>,
    object: Option<&dyn Object>,
    old: Option<&dyn Object>,
) -> Seen {
    Seen {
        operation: attributes.operation.as_str(),
        name: attributes.name.to_string(),
        namespace: attributes.namespace.map(str::to_string),
        dry_run: attributes.dry_run,
        user: attributes.user.name.clone(),
        labels: object.map_or_else(Vec::new, |o| o.metadata().labels.keys().cloned().collect()),
        old: old.is_some(),
    }
}

/// Labels every Widget it admits `admitted=yes`.
struct Labeller(Log);

impl AdmissionPlugin for Labeller {
    fn name(&self) -> &str {
        "Labeller"
    }
    fn handles(&self, operation: Operation, resource: &ResourceInfo) -> bool {
        resource.kind == "Widget" && operation != Operation::Delete
    }
}

impl MutatingAdmission for Labeller {
    fn admit(
        &self,
        attributes: &Attributes<'_>,
        object: Option<&mut dyn Object>,
        old: Option<&dyn Object>,
    ) -> Result<(), Rejection> {
        let object = object.expect("a create or update has an object");
        self.0
            .lock()
            .unwrap()
            .push(seen(attributes, Some(&*object), old));
        object
            .metadata_mut()
            .labels
            .insert("admitted".into(), "yes".into());
        Ok(())
    }
}

/// Records what it validates; refuses deleting a ConfigMap labelled
/// `protected`.
struct Judge(Log);

impl AdmissionPlugin for Judge {
    fn name(&self) -> &str {
        "Judge"
    }
    fn handles(&self, _operation: Operation, _resource: &ResourceInfo) -> bool {
        true
    }
}

impl ValidatingAdmission for Judge {
    fn validate(
        &self,
        attributes: &Attributes<'_>,
        object: Option<&dyn Object>,
        old: Option<&dyn Object>,
    ) -> Result<(), Rejection> {
        self.0.lock().unwrap().push(seen(attributes, object, old));
        let protected = old.is_some_and(|o| o.metadata().labels.contains_key("protected"));
        if attributes.operation == Operation::Delete && protected {
            return Err(Rejection::Forbidden("it is protected".into()));
        }
        Ok(())
    }
}

fn api(client: &kube::Client, group: &str, kind: &str, plural: &str) -> Api<DynamicObject> {
    let resource =
        ApiResource::from_gvk_with_plural(&GroupVersionKind::gvk(group, "v1", kind), plural);
    Api::namespaced_with(client.clone(), "default", &resource)
}

fn object(api_version: &str, kind: &str, body: serde_json::Value) -> DynamicObject {
    let mut value = body;
    value["apiVersion"] = json!(api_version);
    value["kind"] = json!(kind);
    serde_json::from_value(value).expect("an object")
}

/// The Status of a refused request.
fn refusal<T: std::fmt::Debug>(result: Result<T, kube::Error>) -> kube::core::Status {
    match result {
        Err(kube::Error::Api(status)) => *status,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admission_plugins_run_in_upstreams_order() {
    let (mutated, validated): (Log, Log) = Default::default();
    let config = server::Config {
        admission: Admission::new()
            .with_mutating(Labeller(mutated.clone()))
            .with_validating(Judge(validated.clone())),
        ..Default::default()
    };
    let store = Arc::new(server::storage::MemoryStore::new());
    let server = TestServer::start_with(apis::registry(), store, config).expect("test server");
    let client = server.client().expect("client");
    let widgets = api(&client, "example.dev", "Widget", "widgets");
    let config_maps = api(&client, "", "ConfigMap", "configmaps");

    // The mutating plugin's label is in the created object; the validating
    // plugin saw it, after the kind's defaults.
    let created = widgets
        .create(
            &PostParams::default(),
            &object(
                "example.dev/v1",
                "Widget",
                json!({"metadata": {"name": "w1"}, "spec": {}}),
            ),
        )
        .await
        .expect("created");
    assert_eq!(created.metadata.labels.unwrap()["admitted"], "yes");
    assert_eq!(created.data["spec"]["replicas"], 1, "defaulted");
    let create = Seen {
        operation: "CREATE",
        name: "w1".into(),
        namespace: Some("default".into()),
        dry_run: false,
        user: "system:unsecured".into(),
        labels: vec![],
        old: false,
    };
    assert_eq!(*mutated.lock().unwrap(), std::slice::from_ref(&create));
    let validated_create = Seen {
        labels: vec!["admitted".into()],
        ..create.clone()
    };
    assert_eq!(validated.lock().unwrap().clone(), [validated_create]);

    // A generated name is not known to admission yet; a dry run is flagged
    // and stores nothing.
    let dry = PostParams {
        dry_run: true,
        ..Default::default()
    };
    let generated = object(
        "example.dev/v1",
        "Widget",
        json!({"metadata": {"generateName": "w-"}}),
    );
    let answered = widgets.create(&dry, &generated).await.expect("dry run");
    assert!(answered.metadata.name.unwrap().starts_with("w-"));
    let last = mutated.lock().unwrap().last().cloned().unwrap();
    assert_eq!((last.name.as_str(), last.dry_run), ("", true));
    assert_eq!(
        widgets.list(&Default::default()).await.unwrap().items.len(),
        1
    );

    // An update is admitted with the stored object.
    let patch = json!({"spec": {"replicas": 3}});
    widgets
        .patch("w1", &Default::default(), &kube::api::Patch::Merge(&patch))
        .await
        .expect("patched");
    let last = validated.lock().unwrap().last().cloned().unwrap();
    assert_eq!((last.operation, last.old), ("UPDATE", true));

    // A delete is judged with the stored object; the refusal is a 403.
    config_maps
        .create(
            &PostParams::default(),
            &object(
                "v1",
                "ConfigMap",
                json!({"metadata": {"name": "guarded", "labels": {"protected": "yes"}}}),
            ),
        )
        .await
        .expect("created");
    let status = refusal(
        config_maps
            .delete("guarded", &DeleteParams::default())
            .await,
    );
    assert_eq!((status.code, status.reason.as_str()), (403, "Forbidden"));
    assert_eq!(
        status.message,
        "configmaps \"guarded\" is forbidden: it is protected"
    );
    assert!(config_maps.get_opt("guarded").await.unwrap().is_some());
}

/// What [`Reinvoker`] saw on each run: its plugin's name, whether it was
/// the second run, and how many runs its kept value had counted.
type Runs = Arc<Mutex<Vec<(&'static str, bool, u32)>>>;

/// A mutating plugin that asks for the plugins to run again when it
/// admits a Widget labelled `again`, and counts its runs in the request's
/// reinvocation state.
struct Reinvoker(&'static str, Runs);

impl AdmissionPlugin for Reinvoker {
    fn name(&self) -> &str {
        self.0
    }
    fn handles(&self, operation: Operation, resource: &ResourceInfo) -> bool {
        resource.kind == "Widget" && operation == Operation::Create
    }
}

impl MutatingAdmission for Reinvoker {
    fn admit(
        &self,
        attributes: &Attributes<'_>,
        object: Option<&mut dyn Object>,
        _old: Option<&dyn Object>,
    ) -> Result<(), Rejection> {
        let reinvocation = attributes.reinvocation();
        let runs = reinvocation.with_value(self.0, |runs: &mut u32| {
            *runs += 1;
            *runs
        });
        let again = object.is_some_and(|o| o.metadata().labels.contains_key("again"));
        if self.0 == "asker" && again {
            reinvocation.set_should_reinvoke();
        }
        self.1
            .lock()
            .unwrap()
            .push((self.0, reinvocation.is_reinvoke(), runs));
        Ok(())
    }
}

/// Upstream's reinvoker: when a mutating plugin asks for it, every
/// mutating plugin runs once more, in order, told that it is the second
/// run, with what it kept from the first; once at most, and never when
/// nobody asks.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mutating_plugins_run_again_when_one_asks() {
    let runs = Runs::default();
    let config = server::Config {
        admission: Admission::new()
            .with_mutating(Reinvoker("asker", runs.clone()))
            .with_mutating(Reinvoker("other", runs.clone())),
        ..Default::default()
    };
    let store = Arc::new(server::storage::MemoryStore::new());
    let server = TestServer::start_with(apis::registry(), store, config).expect("test server");
    let widgets = api(
        &server.client().expect("client"),
        "example.dev",
        "Widget",
        "widgets",
    );
    let widget = |name: &str, labels: serde_json::Value| {
        object(
            "example.dev/v1",
            "Widget",
            json!({"metadata": {"name": name, "labels": labels}, "spec": {}}),
        )
    };

    widgets
        .create(
            &PostParams::default(),
            &widget("again", json!({"again": "yes"})),
        )
        .await
        .expect("created");
    assert_eq!(
        std::mem::take(&mut *runs.lock().unwrap()),
        [
            ("asker", false, 1),
            ("other", false, 1),
            ("asker", true, 2),
            ("other", true, 2)
        ]
    );

    widgets
        .create(&PostParams::default(), &widget("once", json!({})))
        .await
        .expect("created");
    assert_eq!(
        *runs.lock().unwrap(),
        [("asker", false, 1), ("other", false, 1)]
    );
}
