//! The request bodies the benchmarks send.
//!
//! The ConfigMap is of a realistic size and shape (about 1 KiB of JSON):
//! the recommended `app.kubernetes.io` labels, an annotation, a properties
//! file and a few flags, as an application's configuration holds.

/// A properties file, JSON-escaped (newlines as `\n`).
const PROPERTIES: &str = "server.port=8080\\nserver.shutdown=graceful\\nserver.compression.enabled=true\\n\
spring.datasource.url=jdbc:postgresql://db.bench.svc.cluster.local:5432/orders\\n\
spring.datasource.username=orders\\nspring.datasource.hikari.maximum-pool-size=20\\n\
spring.jpa.open-in-view=false\\nmanagement.endpoints.web.exposure.include=health,info,prometheus\\n\
logging.level.root=INFO\\nlogging.level.com.example.orders=DEBUG\\n\
cache.ttl.seconds=300\\ncache.max-entries=10000\\nfeature.checkout.v2=true\\n\
feature.recommendations=false\\nretry.max-attempts=5\\nretry.backoff.ms=250\\n";

/// A ConfigMap named `name` in `namespace`; `revision` goes into its data
/// so that successive updates are real changes.
pub fn configmap(namespace: &str, name: &str, revision: u64) -> String {
    format!(
        concat!(
            r#"{{"apiVersion":"v1","kind":"ConfigMap","metadata":{{"name":"{name}","namespace":"{namespace}","#,
            r#""labels":{{"app.kubernetes.io/name":"orders","app.kubernetes.io/instance":"orders-bench","#,
            r#""app.kubernetes.io/component":"config","app.kubernetes.io/part-of":"shop"}},"#,
            r#""annotations":{{"bench.example.com/description":"Configuration of the orders service, as a benchmark object."}}}},"#,
            r#""data":{{"application.properties":"{properties}","log.level":"info","#,
            r#""feature.flags":"checkout-v2=true,recommendations=false,dark-mode=true","revision":"{revision}"}}}}"#
        ),
        name = name,
        namespace = namespace,
        properties = PROPERTIES,
        revision = revision,
    )
}

/// A ConfigMap as [`configmap`] with an extra `payload` value of
/// `payload_bytes` characters, for large-object benchmarks.
pub fn configmap_with_payload(
    namespace: &str,
    name: &str,
    revision: u64,
    payload_bytes: usize,
) -> String {
    let base = configmap(namespace, name, revision);
    if payload_bytes == 0 {
        return base;
    }
    // Insert the payload as the last data key.
    let cut = base.len() - 2;
    format!(
        "{},\"payload\":\"{}\"}}}}",
        &base[..cut],
        "p".repeat(payload_bytes)
    )
}

/// A Deployment named `name` in `namespace`, of a realistic shape (about
/// 1.5 KiB of JSON): the recommended labels, a selector its template
/// matches, one container with ports, environment, resources and probes.
/// `revision` goes into an annotation of the template.
pub fn deployment(namespace: &str, name: &str, revision: u64) -> String {
    format!(
        concat!(
            r#"{{"apiVersion":"apps/v1","kind":"Deployment","metadata":{{"name":"{name}","namespace":"{namespace}","#,
            r#""labels":{{"app.kubernetes.io/name":"orders","app.kubernetes.io/instance":"{name}","#,
            r#""app.kubernetes.io/component":"api","app.kubernetes.io/part-of":"shop"}}}},"#,
            r#""spec":{{"replicas":3,"selector":{{"matchLabels":{{"app.kubernetes.io/instance":"{name}"}}}},"#,
            r#""template":{{"metadata":{{"labels":{{"app.kubernetes.io/name":"orders","app.kubernetes.io/instance":"{name}"}},"#,
            r#""annotations":{{"bench.example.com/revision":"{revision}"}}}},"#,
            r#""spec":{{"serviceAccountName":"orders","containers":[{{"name":"orders","#,
            r#""image":"registry.example.com/shop/orders:1.42.0","#,
            r#""args":["--config=/etc/orders/application.properties","--port=8080"],"#,
            r#""ports":[{{"name":"http","containerPort":8080}},{{"name":"metrics","containerPort":9090}}],"#,
            r#""env":[{{"name":"JAVA_OPTS","value":"-Xms256m -Xmx512m"}},{{"name":"LOG_LEVEL","value":"info"}}],"#,
            r#""resources":{{"requests":{{"cpu":"250m","memory":"384Mi"}},"limits":{{"cpu":"1","memory":"512Mi"}}}},"#,
            r#""readinessProbe":{{"httpGet":{{"path":"/health/ready","port":"http"}},"periodSeconds":5}},"#,
            r#""livenessProbe":{{"httpGet":{{"path":"/health/live","port":"http"}},"initialDelaySeconds":30}},"#,
            r#""volumeMounts":[{{"name":"config","mountPath":"/etc/orders"}}]}}],"#,
            r#""volumes":[{{"name":"config","configMap":{{"name":"orders-config"}}}}]}}}}}}}}"#
        ),
        name = name,
        namespace = namespace,
        revision = revision,
    )
}

/// A Namespace named `name`.
pub fn namespace(name: &str) -> String {
    format!(r#"{{"apiVersion":"v1","kind":"Namespace","metadata":{{"name":"{name}"}}}}"#)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_are_json_of_the_named_objects() {
        let d: serde_json::Value = serde_json::from_str(&deployment("ns", "web", 4)).unwrap();
        assert_eq!(d["metadata"]["name"], "web");
        assert_eq!(
            d["spec"]["template"]["metadata"]["annotations"]["bench.example.com/revision"],
            "4"
        );
        let cm: serde_json::Value = serde_json::from_str(&configmap("ns", "cm-1", 7)).unwrap();
        assert_eq!(cm["metadata"]["name"], "cm-1");
        assert_eq!(cm["metadata"]["namespace"], "ns");
        assert_eq!(cm["data"]["revision"], "7");
        assert!(
            cm["data"]["application.properties"]
                .as_str()
                .unwrap()
                .contains("\nlogging.level.root=INFO\n")
        );
        let big: serde_json::Value =
            serde_json::from_str(&configmap_with_payload("ns", "cm-1", 7, 100)).unwrap();
        assert_eq!(big["data"]["payload"].as_str().unwrap().len(), 100);
        assert_eq!(big["data"]["revision"], "7");
        let ns: serde_json::Value = serde_json::from_str(&namespace("bench")).unwrap();
        assert_eq!(ns["metadata"]["name"], "bench");
    }
}
