//! Calls of admission webhooks over HTTPS: one POST of an `AdmissionReview`
//! per call, as upstream's webhook client (`k8s.io/apiserver/pkg/util/webhook`)
//! makes them, with the webhook's `caBundle` as the only roots it trusts
//! and its timeout (`?timeout=10s` on the URL, as client-go's REST client
//! writes it).
//!
//! Admission runs inside a write, which is synchronous code on a tokio
//! worker or on the blocking pool. The calls run on a runtime of their
//! own, on a thread started at the first call (so that the validating
//! webhooks of a write are called at once); the write waits for their
//! answers ([`server::blocking::Started::wait`]: inside `block_in_place` on a
//! multi-threaded runtime's worker, so the worker's other tasks move
//! elsewhere meanwhile). A server embedded in a current-thread runtime
//! stops serving while a write waits for a webhook, so a webhook served
//! on that same runtime, or one that calls back into the server, is
//! answered only when the call times out: serve webhooks from another
//! thread (as `tests::webhook` does). Clients, with their connection
//! pools, are kept per CA bundle.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use reqwest::Certificate;

/// The most clients (distinct CA bundles) kept; past it the cache starts
/// over.
const MAX_CLIENTS: usize = 64;

/// The most bytes read of a webhook's answer (upstream's REST client reads
/// any size; an answer this large is no review).
const MAX_RESPONSE_BYTES: usize = 3 * 1024 * 1024;

/// Why a call failed: the reason of upstream's `ErrCallingWebhook`, to be
/// prefixed with `failed calling webhook "<name>": `.
pub(crate) struct CallError(pub String);

/// The runtime the calls run on: a thread of its own, started once.
fn runtime() -> Result<&'static tokio::runtime::Handle, CallError> {
    static RUNTIME: OnceLock<Result<tokio::runtime::Handle, String>> = OnceLock::new();
    RUNTIME
        .get_or_init(|| {
            let (sender, receiver) = std::sync::mpsc::channel();
            std::thread::Builder::new()
                .name("admission-webhooks".into())
                .spawn(move || {
                    let runtime = tokio::runtime::Builder::new_multi_thread()
                        .worker_threads(1)
                        .thread_name("admission-webhooks")
                        .enable_all()
                        .build();
                    match runtime {
                        Ok(runtime) => {
                            let _ = sender.send(Ok(runtime.handle().clone()));
                            runtime.block_on(std::future::pending::<()>());
                        }
                        Err(e) => {
                            let _ = sender.send(Err(e.to_string()));
                        }
                    }
                })
                .map_err(|e| e.to_string())?;
            receiver.recv().map_err(|e| e.to_string())?
        })
        .as_ref()
        .map_err(|e| CallError(format!("failed to start the webhook client: {e}")))
}

/// A client trusting `ca_bundle` (PEM certificates), from the cache.
fn client(ca_bundle: &[u8]) -> Result<reqwest::Client, CallError> {
    static CLIENTS: OnceLock<Mutex<HashMap<Vec<u8>, reqwest::Client>>> = OnceLock::new();
    let clients = CLIENTS.get_or_init(Default::default);
    let mut clients = clients.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(client) = clients.get(ca_bundle) {
        return Ok(client.clone());
    }
    let mut builder = reqwest::Client::builder()
        .use_rustls_tls()
        .tls_built_in_root_certs(false)
        .no_proxy();
    if !ca_bundle.is_empty() {
        let certificates = Certificate::from_pem_bundle(ca_bundle).map_err(|e| {
            CallError(format!(
                "could not get REST client: unable to load root certificates: {e}"
            ))
        })?;
        for certificate in certificates {
            builder = builder.add_root_certificate(certificate);
        }
    }
    let client = builder
        .build()
        .map_err(|e| CallError(format!("could not get REST client: {e}")))?;
    if clients.len() >= MAX_CLIENTS {
        clients.clear();
    }
    clients.insert(ca_bundle.to_vec(), client.clone());
    Ok(client)
}

/// Starts POSTing `body` (an `AdmissionReview`'s JSON) to `url`, to be
/// answered within `timeout`; several calls started one after another
/// run at once.
///
/// Errors: no client can be made for `ca_bundle`.
pub(crate) fn start(
    url: &str,
    ca_bundle: &[u8],
    timeout: Duration,
    body: Vec<u8>,
) -> Result<Pending, CallError> {
    let client = client(ca_bundle)?;
    let url = format!("{url}?timeout={}s", timeout.as_secs());
    let call = {
        let url = url.clone();
        async move {
            let mut response = client
                .post(&url)
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, */*")
                .body(body)
                .send()
                .await?;
            let status = response.status();
            let mut bytes = Vec::new();
            while let Some(chunk) = response.chunk().await? {
                if bytes.len() + chunk.len() > MAX_RESPONSE_BYTES {
                    return Ok((status, None));
                }
                bytes.extend_from_slice(&chunk);
            }
            Ok::<_, reqwest::Error>((status, Some(bytes)))
        }
    };
    Ok(Pending {
        answer: server::blocking::start(runtime()?, timeout, call),
        url,
    })
}

/// What the answer of a call [`start`]ed is read from.
type Answer = Result<(reqwest::StatusCode, Option<Vec<u8>>), reqwest::Error>;

/// A call in flight.
pub(crate) struct Pending {
    answer: server::blocking::Started<Answer>,
    /// The URL posted to, with its `?timeout=`.
    url: String,
}

impl Pending {
    /// Waits for the answer's bytes.
    ///
    /// Errors: as upstream words them after `failed to call webhook: `:
    /// the POST's own failure (`Post "<url>": context deadline
    /// exceeded`), or an answer that is not a success or is too large.
    pub(crate) fn wait(self) -> Result<Vec<u8>, CallError> {
        let url = self.url;
        let failed = |reason: String| CallError(format!("failed to call webhook: {reason}"));
        let answer = self
            .answer
            .wait()
            .ok_or_else(|| failed(format!("Post {url:?}: context deadline exceeded")))?;
        let (status, bytes) =
            answer.map_err(|e| failed(format!("Post {url:?}: {}", describe(&e))))?;
        let Some(bytes) = bytes else {
            return Err(failed(format!(
                "the response is larger than {MAX_RESPONSE_BYTES} bytes"
            )));
        };
        if !status.is_success() {
            // client-go's `Result.Error`: an error answer that is a
            // failed Status says its own message.
            if let Some(message) = failed_status_message(&bytes) {
                return Err(failed(message));
            }
            let text = String::from_utf8_lossy(&bytes);
            return Err(failed(if text.trim().is_empty() {
                format!(
                    "the server responded with the status code {} but did not return more information",
                    status.as_u16()
                )
            } else {
                format!(
                    "an error on the server ({:?}) has prevented the request from succeeding",
                    text.trim()
                )
            }));
        }
        Ok(bytes)
    }
}

/// The message of a `Status` whose `status` is `Failure`, as an error
/// answer's body may be (client-go decodes it as `v1` when it names no
/// version); `None` for any other body.
fn failed_status_message(body: &[u8]) -> Option<String> {
    let status: serde_json::Value = serde_json::from_slice(body).ok()?;
    let api_version = status.get("apiVersion").and_then(|v| v.as_str());
    (status.get("kind")?.as_str()? == "Status"
        && matches!(api_version, None | Some("v1"))
        && status.get("status")?.as_str()? == "Failure")
        .then(|| {
            let message = status.get("message").and_then(|m| m.as_str());
            message.unwrap_or_default().to_owned()
        })
}

/// A reqwest error as Go's HTTP client would say it: `context deadline
/// exceeded` for a timeout, else the innermost cause (`Connection refused
/// (os error 111)`, a certificate the bundle does not sign).
fn describe(error: &reqwest::Error) -> String {
    if error.is_timeout() {
        return "context deadline exceeded".into();
    }
    let mut innermost: &dyn std::error::Error = error;
    while let Some(source) = innermost.source() {
        innermost = source;
    }
    innermost.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only a failed `v1` Status (its version may be left out) is read
    /// for its message.
    #[test]
    fn error_answers_that_are_failed_statuses_say_their_message() {
        let message = |body: &str| failed_status_message(body.as_bytes());
        assert_eq!(
            message(
                r#"{"kind":"Status","apiVersion":"v1","status":"Failure","message":"webhook is down","code":503}"#
            ),
            Some("webhook is down".to_owned())
        );
        assert_eq!(
            message(r#"{"kind":"Status","status":"Failure"}"#),
            Some(String::new())
        );
        for other in [
            r#"{"kind":"Status","apiVersion":"v1","status":"Success","message":"fine"}"#,
            r#"{"kind":"Status","apiVersion":"v2","status":"Failure","message":"x"}"#,
            r#"{"kind":"ConfigMap","apiVersion":"v1"}"#,
            "upstream connect error",
        ] {
            assert_eq!(message(other), None, "{other}");
        }
    }
}
