// A container's probes and lifecycle hooks as upstream's `validateProbe`,
// `validateLifecycle` and `validateHandler` check them
// (`pkg/apis/core/validation/validation.go`): one handler each, and what
// that handler needs (a command, a path and port, a port), with upstream's
// messages.

use runtime::field::{BadValue, Error, ErrorList, Path};

use super::validation::port_num_or_name_errors;
use super::{
    ExecAction, GRPCAction, HTTPGetAction, Lifecycle, LifecycleHandler, Probe, TCPSocketAction,
};

/// One handler of a probe or a hook, as upstream's `commonHandler` holds it.
enum Action<'a> {
    Exec(&'a ExecAction),
    HttpGet(&'a HTTPGetAction),
    TcpSocket(&'a TCPSocketAction),
    Grpc(&'a GRPCAction),
    /// A hook's pause; its length against the grace period is not checked
    /// here.
    Sleep,
}

/// `IsHTTPHeaderName`'s message.
const HTTP_HEADER_NAME_ERROR: &str = "a valid HTTP header must consist of alphanumeric characters or '-' (e.g. 'X-Header-Name', regex used for validation is '[-A-Za-z0-9]+')";

/// `validateHandler`: the first handler set is checked, each one after it is
/// `Forbidden`, and none is `Required`.
fn handler_errors(actions: [(&str, Option<Action>); 4], path: &Path, errs: &mut ErrorList) {
    let mut set = false;
    for (name, action) in actions {
        let Some(action) = action else {
            continue;
        };
        let at = path.child(name);
        if set {
            errs.push(Error::forbidden(
                &at,
                "may not specify more than 1 handler type",
            ));
            continue;
        }
        set = true;
        match action {
            // validateExecAction
            Action::Exec(exec) if exec.command.is_empty() => {
                errs.push(Error::required(&at.child("command"), ""));
            }
            Action::HttpGet(http) => http_get_errors(http, &at, errs),
            Action::TcpSocket(tcp) => port_num_or_name_errors(&tcp.port, &at.child("port"), errs),
            Action::Grpc(grpc) => port_num_or_name_errors(
                &runtime::meta::IntOrString::Int(grpc.port),
                &at.child("port"),
                errs,
            ),
            Action::Exec(_) | Action::Sleep => {}
        }
    }
    if !set {
        errs.push(Error::required(path, "must specify a handler type"));
    }
}

/// `validateHTTPGetAction`: a path (defaulted to `/`), a port, `HTTP` or
/// `HTTPS` (defaulted to `HTTP`), header names of `[-A-Za-z0-9]`.
fn http_get_errors(http: &HTTPGetAction, path: &Path, errs: &mut ErrorList) {
    if http.path.is_empty() {
        errs.push(Error::required(&path.child("path"), ""));
    }
    port_num_or_name_errors(&http.port, &path.child("port"), errs);
    if !matches!(http.scheme.as_str(), "HTTP" | "HTTPS") {
        errs.push(Error::not_supported(
            &path.child("scheme"),
            BadValue::Str(http.scheme.clone()),
            &["HTTP", "HTTPS"],
        ));
    }
    for header in &http.http_headers {
        let name = header.name.as_str();
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
            errs.push(Error::invalid(
                &path.child("httpHeaders"),
                BadValue::Str(name.to_string()),
                HTTP_HEADER_NAME_ERROR,
            ));
        }
    }
}

/// `validateLifecycle`: each hook set has one handler (exec, httpGet,
/// tcpSocket or sleep).
pub(super) fn lifecycle_errors(lifecycle: &Lifecycle, path: &Path, errs: &mut ErrorList) {
    for (name, hook) in [
        ("postStart", &lifecycle.post_start),
        ("preStop", &lifecycle.pre_stop),
    ] {
        if let Some(hook) = hook {
            hook_errors(hook, &path.child(name), errs);
        }
    }
}

fn hook_errors(hook: &LifecycleHandler, path: &Path, errs: &mut ErrorList) {
    let actions = [
        ("exec", hook.exec.as_ref().map(Action::Exec)),
        ("httpGet", hook.http_get.as_ref().map(Action::HttpGet)),
        ("tcpSocket", hook.tcp_socket.as_ref().map(Action::TcpSocket)),
        ("sleep", hook.sleep.as_ref().map(|_| Action::Sleep)),
    ];
    handler_errors(actions, path, errs);
}

/// `validateProbe` (and, for liveness and startup probes, their
/// `successThreshold` of 1): exactly one handler, and what it needs; no
/// negative durations or thresholds, a positive grace period.
pub(super) fn validate_probe(
    probe: Option<&Probe>,
    path: &Path,
    success_must_be_one: bool,
    errs: &mut ErrorList,
) {
    let Some(probe) = probe else {
        return;
    };
    let handler = &probe.handler;
    let actions = [
        ("exec", handler.exec.as_ref().map(Action::Exec)),
        ("httpGet", handler.http_get.as_ref().map(Action::HttpGet)),
        (
            "tcpSocket",
            handler.tcp_socket.as_ref().map(Action::TcpSocket),
        ),
        ("grpc", handler.grpc.as_ref().map(Action::Grpc)),
    ];
    handler_errors(actions, path, errs);
    for (name, value) in [
        ("initialDelaySeconds", probe.initial_delay_seconds),
        ("timeoutSeconds", probe.timeout_seconds),
        ("periodSeconds", probe.period_seconds),
        ("successThreshold", probe.success_threshold),
        ("failureThreshold", probe.failure_threshold),
    ] {
        if value < 0 {
            errs.push(Error::invalid(
                &path.child(name),
                BadValue::Int(value.into()),
                "must be greater than or equal to 0",
            ));
        }
    }
    if let Some(grace) = probe.termination_grace_period_seconds
        && grace <= 0
    {
        errs.push(Error::invalid(
            &path.child("terminationGracePeriodSeconds"),
            BadValue::Int(grace),
            "must be greater than 0",
        ));
    }
    if success_must_be_one && probe.success_threshold != 1 {
        errs.push(Error::invalid(
            &path.child("successThreshold"),
            BadValue::Int(probe.success_threshold.into()),
            "must be 1",
        ));
    }
}
