"""The Python `kubernetes` client (the generated OpenAPI client, its watch
helper and its dynamic client) against the server, as a program using it
against kube-apiserver would: typed reads and writes, patches of each kind,
server-side apply, list pagination and label selectors, watches, the
subresources (scale, status, binding, eviction), access reviews, errors as
`ApiException`s carrying upstream's Status, and the dynamic client's
discovery of a custom group.

Run by `tests/tests/python_client.rs`, which starts a server and passes the
kubeconfig it writes in `KUBECONFIG`; by hand, against a server's
kubeconfig or its URL:

    KUBECONFIG=target/apiserver/kubeconfig python3 -m unittest -v test_client
    K8S_SERVER=http://127.0.0.1:6443 python3 -m unittest -v test_client
"""

import datetime
import json
import os
import unittest
import uuid

from kubernetes import client, config, dynamic, utils, watch
from kubernetes.client.rest import ApiException

SERVER = os.environ.get("K8S_SERVER", "http://127.0.0.1:6443")


def api_client():
    """A client of the server: through its kubeconfig when `KUBECONFIG`
    names one (as programs load it), else straight to `K8S_SERVER`."""
    if os.environ.get("KUBECONFIG"):
        return config.new_client_from_config(config_file=os.environ["KUBECONFIG"])
    configuration = client.Configuration(host=SERVER)
    return client.ApiClient(configuration)


def meta(name, **kwargs):
    return client.V1ObjectMeta(name=name, **kwargs)


def status_of(error):
    """The Status object an ApiException carries."""
    return json.loads(error.body)


class Namespaced(unittest.TestCase):
    """Each test gets an API client and a namespace of its own."""

    def setUp(self):
        self.api = api_client()
        self.core = client.CoreV1Api(self.api)
        self.ns = "py-" + uuid.uuid4().hex[:8]
        self.core.create_namespace(client.V1Namespace(metadata=meta(self.ns)))

    def tearDown(self):
        self.api.close()


class Discovery(unittest.TestCase):
    def test_version_groups_and_resources(self):
        api = api_client()
        self.assertEqual(client.VersionApi(api).get_code().git_version, "v1.36.0")
        self.assertEqual(client.CoreApi(api).get_api_versions().versions, ["v1"])
        groups = {g.name: g for g in client.ApisApi(api).get_api_versions().groups}
        self.assertEqual(groups["apps"].preferred_version.group_version, "apps/v1")
        self.assertIn("example.dev", groups)
        apps = client.AppsApi(api).get_api_group()
        self.assertEqual([v.version for v in apps.versions], ["v1"])
        resources = {r.name: r for r in client.CoreV1Api(api).get_api_resources().resources}
        self.assertEqual(resources["pods"].short_names, ["po"])
        self.assertEqual(resources["pods/binding"].verbs, ["create"])
        self.assertEqual(resources["pods/eviction"].group, "policy")
        self.assertEqual(resources["bindings"].kind, "Binding")


class ConfigMaps(Namespaced):
    def test_create_read_replace_patch_delete(self):
        created = self.core.create_namespaced_config_map(
            self.ns,
            client.V1ConfigMap(metadata=meta("settings", labels={"app": "web"}), data={"a": "1"}),
        )
        self.assertTrue(created.metadata.uid)
        self.assertEqual(created.metadata.managed_fields[0].manager, "OpenAPI-Generator")
        self.assertIsNotNone(created.metadata.creation_timestamp.tzinfo)

        created.data["b"] = "2"
        replaced = self.core.replace_namespaced_config_map("settings", self.ns, created)
        self.assertEqual(replaced.data, {"a": "1", "b": "2"})
        self.assertNotEqual(replaced.metadata.resource_version, created.metadata.resource_version)

        # A stale resourceVersion is a conflict.
        with self.assertRaises(ApiException) as stale:
            self.core.replace_namespaced_config_map("settings", self.ns, created)
        self.assertEqual(stale.exception.status, 409)
        self.assertEqual(status_of(stale.exception)["reason"], "Conflict")

        # A dict body is a strategic merge patch; a list, a JSON patch.
        patched = self.core.patch_namespaced_config_map(
            "settings", self.ns, {"metadata": {"labels": {"tier": "db"}}, "data": {"a": None}}
        )
        self.assertEqual(patched.metadata.labels, {"app": "web", "tier": "db"})
        self.assertEqual(patched.data, {"b": "2"})
        patched = self.core.patch_namespaced_config_map(
            "settings", self.ns, [{"op": "add", "path": "/data/c", "value": "3"}]
        )
        self.assertEqual(patched.data, {"b": "2", "c": "3"})

        deleted = self.core.delete_namespaced_config_map("settings", self.ns)
        self.assertEqual(deleted.status, "Success")
        self.assertEqual(deleted.details.uid, created.metadata.uid)
        with self.assertRaises(ApiException) as gone:
            self.core.read_namespaced_config_map("settings", self.ns)
        self.assertEqual(gone.exception.status, 404)
        self.assertEqual(status_of(gone.exception)["message"], 'configmaps "settings" not found')

    def test_errors_carry_upstreams_status(self):
        body = client.V1ConfigMap(metadata=meta("twice"))
        self.core.create_namespaced_config_map(self.ns, body)
        with self.assertRaises(ApiException) as twice:
            self.core.create_namespaced_config_map(self.ns, body)
        status = status_of(twice.exception)
        self.assertEqual((twice.exception.status, status["reason"]), (409, "AlreadyExists"))
        self.assertEqual(status["details"], {"name": "twice", "kind": "configmaps"})

        with self.assertRaises(ApiException) as invalid:
            self.core.create_namespaced_config_map(
                self.ns, client.V1ConfigMap(metadata=meta("Not_Valid"))
            )
        status = status_of(invalid.exception)
        self.assertEqual((invalid.exception.status, status["reason"]), (422, "Invalid"))
        self.assertEqual(status["details"]["causes"][0]["field"], "metadata.name")

        # A dict body reaches the server as written: Strict refuses what
        # the kind does not have.
        with self.assertRaises(ApiException) as strict:
            self.core.create_namespaced_config_map(
                self.ns,
                {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "x"}, "spec": {}},
                field_validation="Strict",
            )
        self.assertEqual(strict.exception.status, 400)
        self.assertIn('unknown field "spec"', status_of(strict.exception)["message"])

    def test_lists_select_and_page(self):
        for i in range(5):
            labels = {"app": "web" if i % 2 == 0 else "db"}
            self.core.create_namespaced_config_map(
                self.ns, client.V1ConfigMap(metadata=meta(f"cm-{i}", labels=labels))
            )
        web = self.core.list_namespaced_config_map(self.ns, label_selector="app=web")
        self.assertEqual([c.metadata.name for c in web.items], ["cm-0", "cm-2", "cm-4"])

        names, token = [], None
        while True:
            page = self.core.list_namespaced_config_map(self.ns, limit=2, _continue=token)
            names += [c.metadata.name for c in page.items]
            token = page.metadata._continue
            if not token:
                break
        self.assertEqual(names, [f"cm-{i}" for i in range(5)])

        self.core.delete_collection_namespaced_config_map(self.ns, label_selector="app=db")
        left = self.core.list_namespaced_config_map(self.ns)
        self.assertEqual([c.metadata.name for c in left.items], ["cm-0", "cm-2", "cm-4"])

    def test_server_side_apply_owns_fields_and_conflicts(self):
        manifest = {
            "apiVersion": "v1",
            "kind": "ConfigMap",
            "metadata": {"name": "applied"},
            "data": {"owner": "first"},
        }
        applied = self.core.patch_namespaced_config_map(
            "applied", self.ns, manifest, field_manager="first",
            _content_type="application/apply-patch+yaml",
        )
        self.assertEqual(applied.metadata.managed_fields[0].operation, "Apply")
        manifest["data"]["owner"] = "second"
        with self.assertRaises(ApiException) as conflict:
            self.core.patch_namespaced_config_map(
                "applied", self.ns, manifest, field_manager="second",
                _content_type="application/apply-patch+yaml",
            )
        status = status_of(conflict.exception)
        self.assertEqual((conflict.exception.status, status["reason"]), (409, "Conflict"))
        self.assertEqual(
            status["details"]["causes"],
            [{"reason": "FieldManagerConflict", "message": 'conflict with "first"',
              "field": ".data.owner"}],
        )
        forced = self.core.patch_namespaced_config_map(
            "applied", self.ns, manifest, field_manager="second", force=True,
            _content_type="application/apply-patch+yaml",
        )
        self.assertEqual(forced.data, {"owner": "second"})
        self.assertEqual(
            sorted(m.manager for m in forced.metadata.managed_fields), ["second"]
        )


class Watches(Namespaced):
    def test_watch_streams_typed_events_in_order(self):
        listed = self.core.list_namespaced_config_map(self.ns)
        self.core.create_namespaced_config_map(self.ns, client.V1ConfigMap(metadata=meta("w")))
        self.core.patch_namespaced_config_map("w", self.ns, {"data": {"k": "v"}})
        self.core.delete_namespaced_config_map("w", self.ns)
        seen = []
        w = watch.Watch()
        for event in w.stream(
            self.core.list_namespaced_config_map, self.ns,
            resource_version=listed.metadata.resource_version, timeout_seconds=5,
        ):
            self.assertIsInstance(event["object"], client.V1ConfigMap)
            seen.append((event["type"], event["object"].data))
            if event["type"] == "DELETED":
                w.stop()
        self.assertEqual(seen, [("ADDED", None), ("MODIFIED", {"k": "v"}), ("DELETED", {"k": "v"})])

    def test_a_watch_from_a_malformed_version_is_refused(self):
        with self.assertRaises(ApiException) as bad:
            for _ in watch.Watch().stream(
                self.core.list_namespaced_config_map, self.ns,
                resource_version="not-a-number", timeout_seconds=1,
            ):
                pass
        self.assertEqual(bad.exception.status, 400)


class Workloads(Namespaced):
    def pod(self, name, **spec):
        container = client.V1Container(name="app", image="nginx")
        return client.V1Pod(metadata=meta(name), spec=client.V1PodSpec(containers=[container], **spec))

    def test_deployment_scale_and_status(self):
        apps = client.AppsV1Api(self.api)
        labels = {"app": "web"}
        template = client.V1PodTemplateSpec(
            metadata=meta(None, labels=labels),
            spec=client.V1PodSpec(containers=[client.V1Container(name="app", image="nginx")]),
        )
        created = apps.create_namespaced_deployment(
            self.ns,
            client.V1Deployment(
                metadata=meta("web"),
                spec=client.V1DeploymentSpec(
                    selector=client.V1LabelSelector(match_labels=labels), template=template
                ),
            ),
        )
        # Upstream's defaults reach the typed model.
        self.assertEqual(created.spec.replicas, 1)
        self.assertEqual(created.spec.strategy.type, "RollingUpdate")
        self.assertEqual(created.spec.template.spec.containers[0].image_pull_policy, "Always")

        scale = apps.patch_namespaced_deployment_scale("web", self.ns, {"spec": {"replicas": 3}})
        self.assertEqual(scale.spec.replicas, 3)
        self.assertEqual(apps.read_namespaced_deployment_scale("web", self.ns).spec.replicas, 3)

        current = apps.read_namespaced_deployment("web", self.ns)
        current.status = client.V1DeploymentStatus(replicas=3, ready_replicas=2, observed_generation=2)
        written = apps.replace_namespaced_deployment_status("web", self.ns, current)
        self.assertEqual(written.status.ready_replicas, 2)
        self.assertEqual(written.metadata.generation, 2)

    def test_binding_puts_a_pod_on_its_node(self):
        self.core.create_namespaced_pod(self.ns, self.pod("scheduled"))
        target = client.V1ObjectReference(api_version="v1", kind="Node", name="node-1")
        body = client.V1Binding(metadata=meta("scheduled"), target=target)
        # The server answers a binding with a Status, which the client's
        # V1Binding model cannot hold (kubernetes-client/python#547): read
        # it raw, as users against kube-apiserver do.
        answer = self.core.create_namespaced_pod_binding(
            "scheduled", self.ns, body, _preload_content=False
        )
        self.assertEqual(answer.status, 201)
        self.assertEqual(json.loads(answer.data)["status"], "Success")
        pod = self.core.read_namespaced_pod("scheduled", self.ns)
        self.assertEqual(pod.spec.node_name, "node-1")
        scheduled = [c for c in pod.status.conditions if c.type == "PodScheduled"]
        self.assertEqual(scheduled[0].status, "True")

        self.core.create_namespaced_pod(self.ns, self.pod("legacy"))
        body = client.V1Binding(metadata=meta("legacy"), target=target)
        answer = self.core.create_namespaced_binding(self.ns, body, _preload_content=False)
        self.assertEqual(answer.status, 201)
        self.assertEqual(self.core.read_namespaced_pod("legacy", self.ns).spec.node_name, "node-1")

        with self.assertRaises(ApiException) as again:
            self.core.create_namespaced_pod_binding(
                "scheduled", self.ns, client.V1Binding(metadata=meta("scheduled"), target=target)
            )
        self.assertEqual(again.exception.status, 409)

    def test_eviction_deletes_a_pod_no_budget_guards(self):
        self.core.create_namespaced_pod(self.ns, self.pod("evicted", node_name="node-1"))
        self.core.create_namespaced_pod_eviction(
            "evicted", self.ns,
            client.V1Eviction(
                metadata=meta("evicted", namespace=self.ns),
                delete_options=client.V1DeleteOptions(grace_period_seconds=0),
            ),
        )
        with self.assertRaises(ApiException) as gone:
            self.core.read_namespaced_pod("evicted", self.ns)
        self.assertEqual(gone.exception.status, 404)

    def test_events_through_both_groups(self):
        # The new API's events as the client writes them (its model wants
        # an eventTime, which a core Event without one lacks when read
        # through the new API, against kube-apiserver too).
        now = datetime.datetime.now(datetime.timezone.utc)
        regarding = client.V1ObjectReference(kind="Pod", name="p", namespace=self.ns, api_version="v1")
        client.EventsV1Api(self.api).create_namespaced_event(
            self.ns,
            client.EventsV1Event(
                metadata=meta("p.1"), regarding=regarding, reason="Started", note="started",
                type="Normal", action="Start", event_time=now,
                reporting_controller="example.com/py", reporting_instance="py-1",
            ),
        )
        events = self.core.list_namespaced_event(self.ns)
        self.assertEqual([(e.reason, e.message) for e in events.items], [("Started", "started")])
        self.assertEqual(events.items[0].involved_object.name, "p")
        self.assertEqual(events.items[0].event_time, now)


class Manifests(Namespaced):
    """`utils.create_from_yaml`, which creates each document through the
    typed API of its kind; each is read back into its typed model, whose
    required fields the client checks."""

    MANIFESTS = [
        {"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "web"}},
        {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "web"},
         "stringData": {"password": "hunter2"}},
        {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "web"},
         "spec": {"selector": {"app": "web"}, "ports": [{"port": 80, "targetPort": 8080}]}},
        {"apiVersion": "apps/v1", "kind": "StatefulSet", "metadata": {"name": "db"},
         "spec": {"serviceName": "db", "selector": {"matchLabels": {"app": "db"}},
                  "template": {"metadata": {"labels": {"app": "db"}},
                               "spec": {"containers": [{"name": "db", "image": "postgres"}]}}}},
        {"apiVersion": "batch/v1", "kind": "CronJob", "metadata": {"name": "nightly"},
         "spec": {"schedule": "0 3 * * *", "jobTemplate": {"spec": {"template": {"spec": {
             "restartPolicy": "OnFailure", "containers": [{"name": "c", "image": "busybox"}]}}}}}},
        {"apiVersion": "autoscaling/v2", "kind": "HorizontalPodAutoscaler", "metadata": {"name": "db"},
         "spec": {"scaleTargetRef": {"apiVersion": "apps/v1", "kind": "StatefulSet", "name": "db"},
                  "maxReplicas": 5}},
        {"apiVersion": "policy/v1", "kind": "PodDisruptionBudget", "metadata": {"name": "db"},
         "spec": {"minAvailable": 1, "selector": {"matchLabels": {"app": "db"}}}},
        {"apiVersion": "networking.k8s.io/v1", "kind": "Ingress", "metadata": {"name": "web"},
         "spec": {"defaultBackend": {"service": {"name": "web", "port": {"number": 80}}}}},
        {"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "Role", "metadata": {"name": "reader"},
         "rules": [{"apiGroups": [""], "resources": ["pods"], "verbs": ["get", "list"]}]},
        {"apiVersion": "coordination.k8s.io/v1", "kind": "Lease", "metadata": {"name": "leader"},
         "spec": {"holderIdentity": "py-1", "leaseDurationSeconds": 15}},
    ]

    def test_create_from_yaml_and_read_back(self):
        created = utils.create_from_yaml(self.api, yaml_objects=self.MANIFESTS, namespace=self.ns)
        self.assertEqual(len(created), len(self.MANIFESTS))
        secret = self.core.read_namespaced_secret("web", self.ns)
        self.assertEqual(secret.data, {"password": "aHVudGVyMg=="})
        service = self.core.read_namespaced_service("web", self.ns)
        self.assertEqual(service.spec.type, "ClusterIP")
        self.assertTrue(service.spec.cluster_ip)
        self.assertEqual(service.spec.ports[0].protocol, "TCP")
        db = client.AppsV1Api(self.api).read_namespaced_stateful_set("db", self.ns)
        self.assertEqual(db.spec.pod_management_policy, "OrderedReady")
        nightly = client.BatchV1Api(self.api).read_namespaced_cron_job("nightly", self.ns)
        self.assertEqual(nightly.spec.concurrency_policy, "Allow")
        hpa = client.AutoscalingV2Api(self.api).read_namespaced_horizontal_pod_autoscaler("db", self.ns)
        self.assertEqual(hpa.spec.min_replicas, 1)
        self.assertEqual(hpa.spec.metrics[0].resource.target.average_utilization, 80)
        hpa_v1 = client.AutoscalingV1Api(self.api).read_namespaced_horizontal_pod_autoscaler("db", self.ns)
        self.assertEqual(hpa_v1.spec.target_cpu_utilization_percentage, 80)
        budget = client.PolicyV1Api(self.api).read_namespaced_pod_disruption_budget("db", self.ns)
        self.assertEqual(budget.spec.min_available, 1)
        ingress = client.NetworkingV1Api(self.api).read_namespaced_ingress("web", self.ns)
        self.assertEqual(ingress.spec.default_backend.service.port.number, 80)
        role = client.RbacAuthorizationV1Api(self.api).read_namespaced_role("reader", self.ns)
        self.assertEqual(role.rules[0].verbs, ["get", "list"])
        lease = client.CoordinationV1Api(self.api).read_namespaced_lease("leader", self.ns)
        self.assertEqual(lease.spec.holder_identity, "py-1")

    def test_every_kind_lists_into_its_model(self):
        utils.create_from_yaml(self.api, yaml_objects=self.MANIFESTS, namespace=self.ns)
        lists = [
            (self.core, ["list_namespace", "list_node", "list_pod_for_all_namespaces",
                         "list_service_for_all_namespaces", "list_endpoints_for_all_namespaces",
                         "list_config_map_for_all_namespaces", "list_secret_for_all_namespaces",
                         "list_service_account_for_all_namespaces"]),
            (client.AppsV1Api(self.api), ["list_deployment_for_all_namespaces",
                                          "list_stateful_set_for_all_namespaces",
                                          "list_controller_revision_for_all_namespaces"]),
            (client.BatchV1Api(self.api), ["list_cron_job_for_all_namespaces"]),
            (client.AutoscalingV2Api(self.api), ["list_horizontal_pod_autoscaler_for_all_namespaces"]),
            (client.PolicyV1Api(self.api), ["list_pod_disruption_budget_for_all_namespaces"]),
            (client.NetworkingV1Api(self.api), ["list_ingress_for_all_namespaces"]),
            (client.RbacAuthorizationV1Api(self.api), ["list_cluster_role",
                                                       "list_cluster_role_binding",
                                                       "list_role_for_all_namespaces"]),
            (client.SchedulingV1Api(self.api), ["list_priority_class"]),
            (client.CoordinationV1Api(self.api), ["list_lease_for_all_namespaces"]),
        ]
        for api, names in lists:
            for name in names:
                with self.subTest(name):
                    self.assertIsInstance(getattr(api, name)().items, list)
        classes = client.SchedulingV1Api(self.api).list_priority_class().items
        self.assertIn("system-node-critical", [c.metadata.name for c in classes])


class Access(unittest.TestCase):
    def test_self_subject_access_review(self):
        review = client.AuthorizationV1Api(api_client()).create_self_subject_access_review(
            client.V1SelfSubjectAccessReview(
                spec=client.V1SelfSubjectAccessReviewSpec(
                    resource_attributes=client.V1ResourceAttributes(verb="create", resource="pods")
                )
            )
        )
        self.assertTrue(review.status.allowed)


class Tokens(Namespaced):
    """A service account's token (`create_namespaced_service_account_token`),
    which a TokenReview authenticates as the service account."""

    def test_token_request_and_review(self):
        self.core.create_namespaced_service_account(
            self.ns, client.V1ServiceAccount(metadata=meta("robot"))
        )
        issued = self.core.create_namespaced_service_account_token(
            "robot",
            self.ns,
            client.AuthenticationV1TokenRequest(
                spec=client.V1TokenRequestSpec(audiences=["vault"], expiration_seconds=600)
            ),
        )
        self.assertEqual(issued.spec.audiences, ["vault"])
        self.assertEqual(issued.spec.expiration_seconds, 600)
        self.assertEqual(len(issued.status.token.split(".")), 3)
        review = client.AuthenticationV1Api(self.api).create_token_review(
            client.V1TokenReview(
                spec=client.V1TokenReviewSpec(token=issued.status.token, audiences=["vault"])
            )
        )
        self.assertTrue(review.status.authenticated)
        self.assertEqual(review.status.user.username, f"system:serviceaccount:{self.ns}:robot")
        self.assertEqual(review.status.audiences, ["vault"])


class Quotas(Namespaced):
    """A ResourceQuota (`create_namespaced_resource_quota`), its status set
    as the quota controller sets it (`patch_namespaced_resource_quota_status`),
    then enforced: a create past the limit is an ApiException carrying
    upstream's 403."""

    def test_quota_is_enforced_once_its_status_is_set(self):
        created = self.core.create_namespaced_resource_quota(
            self.ns,
            client.V1ResourceQuota(
                metadata=meta("counts"),
                spec=client.V1ResourceQuotaSpec(hard={"count/secrets": "1"}),
            ),
        )
        self.assertEqual(created.spec.hard, {"count/secrets": "1"})
        self.assertIsNone(created.status.used)
        self.core.patch_namespaced_resource_quota_status(
            "counts",
            self.ns,
            {"status": {"hard": {"count/secrets": "1"}, "used": {"count/secrets": "0"}}},
        )
        self.core.create_namespaced_secret(self.ns, client.V1Secret(metadata=meta("one")))
        quota = self.core.read_namespaced_resource_quota("counts", self.ns)
        self.assertEqual(quota.status.used, {"count/secrets": "1"})
        with self.assertRaises(ApiException) as refused:
            self.core.create_namespaced_secret(self.ns, client.V1Secret(metadata=meta("two")))
        self.assertEqual(refused.exception.status, 403)
        self.assertEqual(
            status_of(refused.exception)["message"],
            'secrets "two" is forbidden: exceeded quota: counts, requested: count/secrets=1, '
            "used: count/secrets=1, limited: count/secrets=1",
        )


class CustomObjects(Namespaced):
    """`CustomObjectsApi`, which programs use for kinds the typed client
    does not know: the example group's Widgets, with `/scale` and
    `/status`."""

    def test_custom_objects_with_scale_and_status(self):
        objects = client.CustomObjectsApi(self.api)
        widget = {
            "apiVersion": "example.dev/v1",
            "kind": "Widget",
            "metadata": {"name": "w1"},
            "spec": {"color": "Red", "replicas": 1},
        }
        args = ("example.dev", "v1", self.ns, "widgets")
        created = objects.create_namespaced_custom_object(*args, widget)
        self.assertEqual(created["metadata"]["generation"], 1)
        patched = objects.patch_namespaced_custom_object(*args, "w1", {"spec": {"replicas": 2}})
        self.assertEqual(patched["spec"], {"color": "Red", "replicas": 2})
        scale = objects.patch_namespaced_custom_object_scale(*args, "w1", {"spec": {"replicas": 4}})
        self.assertEqual((scale["kind"], scale["spec"]), ("Scale", {"replicas": 4}))
        status = objects.patch_namespaced_custom_object_status(*args, "w1", {"status": {"replicas": 3}})
        self.assertEqual(status["status"]["replicas"], 3)
        self.assertEqual(status["spec"]["replicas"], 4)
        listed = objects.list_cluster_custom_object("example.dev", "v1", "widgets")
        self.assertIn("w1", [w["metadata"]["name"] for w in listed["items"]])
        with self.assertRaises(ApiException) as invalid:
            objects.patch_namespaced_custom_object(*args, "w1", {"spec": {"color": "Purple"}})
        self.assertEqual(invalid.exception.status, 422)
        objects.delete_namespaced_custom_object(
            *args, "w1", body=client.V1DeleteOptions(propagation_policy="Background")
        )
        self.assertEqual(objects.list_namespaced_custom_object(*args)["items"], [])


class Dynamic(Namespaced):
    def test_dynamic_client_serves_a_custom_group(self):
        dyn = dynamic.DynamicClient(self.api)
        widgets = dyn.resources.get(api_version="example.dev/v1", kind="Widget")
        self.assertTrue(widgets.namespaced)
        self.assertEqual(sorted(widgets.subresources), ["scale", "status"])
        body = {
            "apiVersion": "example.dev/v1",
            "kind": "Widget",
            "metadata": {"name": "w1"},
            "spec": {"color": "Red", "replicas": 1},
        }
        created = widgets.create(body=body, namespace=self.ns)
        self.assertEqual(created.spec.color, "Red")
        patched = widgets.patch(
            name="w1", namespace=self.ns, body={"spec": {"color": "Blue"}},
            content_type="application/merge-patch+json",
        )
        self.assertEqual(patched.spec.color, "Blue")
        applied = dyn.server_side_apply(
            widgets, body={**body, "spec": {"color": "Green", "replicas": 1}},
            namespace=self.ns, field_manager="py", force_conflicts=True,
        )
        self.assertEqual(applied.spec.color, "Green")
        listed = widgets.get(namespace=self.ns)
        self.assertEqual([w.metadata.name for w in listed.items], ["w1"])
        widgets.delete(name="w1", namespace=self.ns)
        self.assertEqual(widgets.get(namespace=self.ns).items, [])

    def test_dynamic_client_finds_built_in_kinds(self):
        dyn = dynamic.DynamicClient(self.api)
        config_maps = dyn.resources.get(api_version="v1", kind="ConfigMap")
        config_maps.create(body={"metadata": {"name": "d"}, "data": {"k": "v"}}, namespace=self.ns)
        self.assertEqual(config_maps.get(name="d", namespace=self.ns).data.k, "v")
        deployments = dyn.resources.get(api_version="apps/v1", kind="Deployment")
        self.assertEqual(sorted(deployments.subresources), ["scale", "status"])


if __name__ == "__main__":
    unittest.main()
