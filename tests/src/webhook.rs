//! An admission webhook served over HTTPS on a loopback port, as the tests
//! of the server's webhook admission plugins need one: a certificate made
//! at start for `127.0.0.1` and `localhost` (its PEM is the CA bundle a
//! webhook configuration names), every `AdmissionReview` received kept in
//! order, and each answered by a function of the request's path and the
//! review (calls answered at once: the function may wait).

use std::sync::{Arc, Mutex};

use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper_util::rt::TokioIo;
use serde_json::{Value, json};
use tokio_rustls::rustls;

/// How the webhook answers: from the request's path and the review sent.
pub type Answer = dyn Fn(&str, &Value) -> Value + Send + Sync;

/// See the module docs. Stops when dropped.
pub struct WebhookServer {
    /// `https://127.0.0.1:<port>`; a configuration's URL adds a path.
    pub base_url: String,
    /// The PEM certificate the server presents, which signs itself.
    pub ca_pem: String,
    reviews: Arc<Mutex<Vec<(String, Value)>>>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl WebhookServer {
    /// Starts the server on its own thread and runtime, so that a test
    /// whose own runtime waits for a write (and its webhook calls) does
    /// not stall it.
    ///
    /// Panics: when no certificate can be made or no port bound (a test
    /// harness failure).
    pub fn start(answer: impl Fn(&str, &Value) -> Value + Send + Sync + 'static) -> WebhookServer {
        let certified = rcgen::generate_simple_self_signed(vec![
            "127.0.0.1".to_string(),
            "localhost".to_string(),
        ])
        .expect("a self-signed certificate");
        let ca_pem = certified.cert.pem();
        let key =
            rustls::pki_types::PrivateKeyDer::Pkcs8(certified.key_pair.serialize_der().into());
        let config = rustls::ServerConfig::builder_with_provider(Arc::new(
            rustls::crypto::ring::default_provider(),
        ))
        .with_safe_default_protocol_versions()
        .expect("TLS versions")
        .with_no_client_auth()
        .with_single_cert(vec![certified.cert.der().clone()], key)
        .expect("a TLS server configuration");
        let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        listener.set_nonblocking(true).expect("nonblocking");
        let base_url = format!(
            "https://127.0.0.1:{}",
            listener.local_addr().expect("address").port()
        );
        let reviews = Arc::new(Mutex::new(Vec::new()));
        let answer: Arc<Answer> = Arc::new(answer);
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let kept = reviews.clone();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime");
            runtime.block_on(async move {
                let listener =
                    tokio::net::TcpListener::from_std(listener).expect("a tokio listener");
                let accept = async {
                    loop {
                        let Ok((tcp, _)) = listener.accept().await else {
                            continue;
                        };
                        let (acceptor, answer, kept) =
                            (acceptor.clone(), answer.clone(), kept.clone());
                        tokio::spawn(async move {
                            let Ok(tls) = acceptor.accept(tcp).await else {
                                return;
                            };
                            let service = hyper::service::service_fn(move |request| {
                                let (answer, kept) = (answer.clone(), kept.clone());
                                async move { respond(request, answer, &kept).await }
                            });
                            let _ = hyper::server::conn::http1::Builder::new()
                                .serve_connection(TokioIo::new(tls), service)
                                .await;
                        });
                    }
                };
                tokio::select! {
                    _ = accept => {}
                    _ = stopped => {}
                }
            });
        });
        WebhookServer {
            base_url,
            ca_pem,
            reviews,
            stop: Some(stop),
        }
    }

    /// The CA bundle as a configuration's `caBundle` carries it (base64).
    pub fn ca_bundle(&self) -> String {
        use base64::Engine;
        base64::engine::general_purpose::STANDARD.encode(&self.ca_pem)
    }

    /// The reviews received so far: the request's path (with its query)
    /// and the review, in order.
    pub fn reviews(&self) -> Vec<(String, Value)> {
        self.reviews
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

impl Drop for WebhookServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// Reads one review, keeps it, and answers as `answer` says (as JSON).
/// `answer` runs on the blocking pool, so that an answer that waits (for
/// a slow webhook, or for another call) does not hold the others.
async fn respond(
    request: hyper::Request<Incoming>,
    answer: Arc<Answer>,
    kept: &Mutex<Vec<(String, Value)>>,
) -> Result<hyper::Response<Full<Bytes>>, std::convert::Infallible> {
    let path = request
        .uri()
        .path_and_query()
        .map(|p| p.to_string())
        .unwrap_or_default();
    let body = match request.into_body().collect().await {
        Ok(body) => body.to_bytes(),
        Err(_) => Bytes::new(),
    };
    let review: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let (path, review, answered) = tokio::task::spawn_blocking(move || {
        let answered = answer(&path, &review);
        (path, review, answered)
    })
    .await
    .expect("the answer did not panic");
    kept.lock()
        .unwrap_or_else(|e| e.into_inner())
        .push((path, review));
    let mut response = hyper::Response::new(Full::new(Bytes::from(answered.to_string())));
    response.headers_mut().insert(
        hyper::header::CONTENT_TYPE,
        hyper::header::HeaderValue::from_static("application/json"),
    );
    Ok(response)
}

/// The answer to `review`: an AdmissionReview of its version whose
/// response is `response` with the review's uid.
pub fn answer(review: &Value, response: Value) -> Value {
    let mut response = response;
    response["uid"] = review["request"]["uid"].clone();
    json!({
        "apiVersion": review["apiVersion"],
        "kind": "AdmissionReview",
        "response": response,
    })
}

/// A JSON patch as a response's `patch` (base64) with its `patchType`.
pub fn patch(operations: Value) -> Value {
    use base64::Engine;
    json!({
        "allowed": true,
        "patchType": "JSONPatch",
        "patch": base64::engine::general_purpose::STANDARD.encode(operations.to_string()),
    })
}
