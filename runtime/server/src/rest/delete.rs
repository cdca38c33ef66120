//! Delete and deletecollection: options from the body or the query,
//! preconditions, graceful deletion and finalizers.

use axum::http::StatusCode;
use serde_json::Value;

use super::decode::without_position;
use super::scale::scale_info;
use super::{Answer, Ctx};
use crate::admission::Operation;
use crate::deletion::DeleteOptions;
use crate::object::meta_str;
use crate::request::{Query, RequestInfo, Verb};
use crate::status::{ApiError, Cause};
use crate::store::storage_error;
use runtime::meta::{CauseType, ObjectMeta, StatusReason, Time};
use runtime::registry::Object;
use runtime::resource::ResourceInfo;

impl Ctx<'_> {
    /// The generic store's Delete: preconditions, then graceful deletion
    /// (pods), the garbage collector's finalizers per `propagationPolicy`,
    /// and finalizers holding the object with its `deletionTimestamp` set;
    /// otherwise the object goes now. The answer is the object while it
    /// stays; once removed, the object for kinds that return it, else a
    /// Success Status carrying `details.uid`.
    pub(super) fn delete(
        &self,
        bytes: &[u8],
        content_type: Option<&str>,
    ) -> Result<Answer, ApiError> {
        let mut warnings = Vec::new();
        let answer = self.delete_admitted(bytes, content_type, &mut warnings)?;
        Ok(answer.with_warnings(warnings))
    }

    /// [`Ctx::delete`], noting admission's warnings in `warnings`.
    fn delete_admitted(
        &self,
        bytes: &[u8],
        content_type: Option<&str>,
        warnings: &mut Vec<String>,
    ) -> Result<Answer, ApiError> {
        use crate::deletion::{self, Grace};
        let ri = self.ri();
        let name = self.name().to_string();
        if let Some(reason) = ri
            .strategy
            .delete_refusal
            .and_then(|refusal| refusal(&name))
        {
            return Err(ApiError::forbidden(ri, &name, reason));
        }
        let options = delete_options(bytes, content_type, self.query)?;
        let (kv, mut obj) = self.current_object()?;
        check_preconditions(ri, &name, options.preconditions.as_ref(), obj.metadata())?;
        self.server.check_deletable(ri, &name)?;
        let dry_run = self.query.dry_run(self.verb)? || options.dry_run();
        let request = self.admission_request(Operation::Delete, &name, dry_run);
        warnings.extend(self.server.admit(&request, None, Some(obj.as_ref()))?);
        warnings.extend(
            self.server
                .validate_admission(&request, None, Some(obj.as_ref()))?,
        );
        let deleted_answer = |obj: Box<dyn Object>| {
            if ri.return_deleted_object {
                Answer::object(StatusCode::OK, obj)
            } else {
                Answer::ok(crate::status::success_status(
                    ri,
                    &name,
                    obj.metadata().uid.as_deref(),
                ))
            }
        };
        let now = Time::now().0;
        let stored = obj.clone_object();
        let grace =
            deletion::before_delete(ri, obj.as_mut(), &options, now).map_err(ApiError::internal)?;
        if grace == Grace::Pending {
            // Not deleted (its grace period runs on): the delete handler's
            // 202 for a client that asked for cascading deletion.
            let mut answer = deleted_answer(obj);
            if options.orphan_dependents == Some(false) {
                answer.status = StatusCode::ACCEPTED;
            }
            return Ok(answer);
        }
        let gc_finalizers = deletion::gc_finalizers(ri, stored.metadata(), &options);
        let held_before = !stored.metadata().finalizers.is_empty();
        let graceful_kind = self.server.needs_graceful_deletion(ri);
        let mut stays = graceful_kind;
        if grace != Grace::None || held_before || gc_finalizers.is_some() {
            if let Some(finalizers) = gc_finalizers {
                obj.metadata_mut().finalizers = finalizers;
            }
            let pending_finalizers = !obj.metadata().finalizers.is_empty();
            if grace == Grace::None && pending_finalizers {
                deletion::mark_as_deleting(obj.metadata_mut(), now);
            }
            stays = stays || pending_finalizers || matches!(grace, Grace::Period(p) if p > 0);
        }
        if graceful_kind {
            // The namespace storage's `Delete`: the deletion timestamp
            // only, no grace period (whatever finalizers hold it).
            deletion::mark_as_deleting(obj.metadata_mut(), now);
            obj.metadata_mut().deletion_grace_period_seconds =
                stored.metadata().deletion_grace_period_seconds;
        }
        if stays && let Some(prepare) = ri.strategy.prepare_for_deletion {
            prepare(obj.as_any_mut());
        }
        if stays {
            let status = if options.orphan_dependents == Some(false) {
                StatusCode::ACCEPTED
            } else {
                StatusCode::OK
            };
            if dry_run || obj.equals(stored.as_ref()) {
                return Ok(Answer::object(status, obj));
            }
            let (written, _) =
                self.store_object(&kv.key, &name, obj.as_mut(), Some(kv.mod_revision))?;
            obj.metadata_mut().resource_version = Some(written.mod_revision.to_string());
            self.server.after_deletion_requested(ri, &name);
            return Ok(Answer::object(status, obj));
        }
        if dry_run {
            return Ok(deleted_answer(obj));
        }
        // A graceful kind deleted with no grace period is first marked (a
        // MODIFIED event with its deletionTimestamp), then removed, as the
        // generic store's updateForGracefulDeletionAndFinalizers does.
        let mut revision = kv.mod_revision;
        if matches!(grace, Grace::Period(_)) && !obj.equals(stored.as_ref()) {
            revision = self
                .store_object(&kv.key, &name, obj.as_mut(), Some(kv.mod_revision))?
                .0
                .mod_revision;
            obj.metadata_mut().resource_version = Some(revision.to_string());
        }
        self.store()
            .delete(&kv.key, Some(revision))
            .map_err(|e| storage_error(e, ri, &name))?;
        self.server.note_delete(self.entry, &kv.key, revision);
        Ok(deleted_answer(obj))
    }

    pub(super) fn delete_collection(
        &self,
        bytes: &[u8],
        content_type: Option<&str>,
    ) -> Result<Answer, ApiError> {
        // Options are checked once, before anything is listed or deleted.
        delete_options(bytes, content_type, self.query)?;
        let listed = self.list()?;
        let mut body = listed.body.into_tree();
        let items = body
            .get("items")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let mut deleted = Vec::new();
        let mut warnings = Vec::new();
        for item in items {
            let Some(name) = meta_str(&item, "name").map(str::to_string) else {
                continue;
            };
            let info = RequestInfo {
                namespace: meta_str(&item, "namespace").map(str::to_string),
                name: Some(name),
                ..self.info.clone()
            };
            let ctx = Ctx {
                server: self.server,
                verb: Verb::Delete,
                entry: self.entry,
                info: &info,
                query: self.query,
                manager: self.manager.clone(),
                unsupported: Default::default(),
            };
            match ctx.delete(bytes, content_type) {
                Ok(answer) => {
                    warnings.extend(answer.warnings);
                    deleted.push(item);
                }
                Err(e) if e.code == 404 => {}
                Err(e) => return Err(e),
            }
        }
        body["items"] = Value::Array(deleted);
        Ok(Answer::ok(body).with_warnings(warnings))
    }
}

/// The options of a delete, as upstream's `DeleteResource` handler reads
/// them: the body when there is one (it must be a `DeleteOptions`), else
/// the query parameters (`gracePeriodSeconds`, `orphanDependents`,
/// `propagationPolicy`, `dryRun`); then `ValidateDeleteOptions`. A negative
/// grace period becomes 1, as `BeforeDelete` makes it.
///
/// Errors: 415 for a body neither JSON, YAML nor protobuf (by its
/// Content-Type); 400 for a body of another kind, a value of the wrong type, or a
/// `gracePeriodSeconds` query parameter that is not an int64 (Go's
/// `strconv.ParseInt` message); 422 against `DeleteOptions.meta.k8s.io`
/// for an unsupported `propagationPolicy` or `dryRun`, or for both
/// `orphanDependents` and `propagationPolicy`.
fn delete_options(
    bytes: &[u8],
    content_type: Option<&str>,
    query: &Query,
) -> Result<DeleteOptions, ApiError> {
    let from_json = |json: &[u8]| -> Result<DeleteOptions, ApiError> {
        serde_json::from_slice(json).map_err(|e| {
            ApiError::bad_request(format!(
                "error decoding DeleteOptions: {}",
                without_position(&e.to_string())
            ))
        })
    };
    let options = if bytes.iter().all(u8::is_ascii_whitespace) {
        delete_options_from_query(query)?
    } else {
        // The body as its Content-Type says (upstream's
        // `NegotiateInputSerializer`); 415 for another type.
        match crate::negotiate::body_format(content_type)? {
            crate::negotiate::BodyFormat::Json => from_json(bytes)?,
            crate::negotiate::BodyFormat::Yaml => {
                from_json(&runtime::codec::yaml::yaml_to_json(bytes).map_err(|e| {
                    ApiError::bad_request(format!("error decoding DeleteOptions: {e}"))
                })?)?
            }
            crate::negotiate::BodyFormat::Protobuf => delete_options_from_protobuf(bytes)?,
        }
    };
    if let Some(kind) = options.kind.as_deref().filter(|k| !k.is_empty())
        && kind != "DeleteOptions"
    {
        // The handler decodes with the meta internal scheme, where only
        // the option kinds are registered.
        return Err(ApiError::bad_request(format!(
            "no kind {} is registered for version {} in scheme \"k8s.io/apimachinery/pkg/apis/meta/internalversion/scheme/register.go\"",
            runtime::field::quote(kind),
            runtime::field::quote(options.api_version.as_deref().unwrap_or(""))
        )));
    }
    let mut causes = Vec::new();
    if let (Some(_), Some(policy)) = (options.orphan_dependents, &options.propagation_policy) {
        causes.push(Cause {
            reason: Some(CauseType::FieldValueInvalid),
            message: format!(
                "Invalid value: {}: orphanDependents and deletionPropagation cannot be both set",
                runtime::field::quote(policy)
            ),
            field: "propagationPolicy".into(),
        });
    }
    if let Some(policy) = &options.propagation_policy
        && !matches!(policy.as_str(), "Orphan" | "Background" | "Foreground")
    {
        causes.push(Cause {
            reason: Some(CauseType::FieldValueNotSupported),
            message: format!(
                "Unsupported value: {}: supported values: \"Foreground\", \"Background\", \"Orphan\", \"nil\"",
                runtime::field::quote(policy)
            ),
            field: "propagationPolicy".into(),
        });
    }
    if let Some(dry_run) = &options.dry_run
        && dry_run.iter().any(|d| d != "All")
    {
        let list: Vec<String> = dry_run.iter().map(|d| runtime::field::quote(d)).collect();
        causes.push(Cause {
            reason: Some(CauseType::FieldValueNotSupported),
            message: format!(
                "Unsupported value: [{}]: supported values: \"All\"",
                list.join(",")
            ),
            field: "dryRun".into(),
        });
    }
    if !causes.is_empty() {
        return Err(ApiError::invalid(&delete_options_info(), "", causes));
    }
    Ok(DeleteOptions {
        grace_period_seconds: options
            .grace_period_seconds
            .map(|g| if g < 0 { 1 } else { g }),
        ..options
    })
}

/// The DeleteOptions of a protobuf body (`kubectl drain` sends one, as
/// client-go does with `application/vnd.kubernetes.protobuf`): the
/// Kubernetes envelope around a `metav1.DeleteOptions` message.
///
/// Errors: 400 for bytes that do not decode (the protobuf codec's
/// message); the kind is checked by the caller, as for JSON.
fn delete_options_from_protobuf(bytes: &[u8]) -> Result<DeleteOptions, ApiError> {
    let decoding = |e: runtime::codec::protobuf::ProtoError| {
        ApiError::bad_request(format!("error decoding DeleteOptions: {}", e.0))
    };
    let (api_version, kind, raw) = runtime::codec::protobuf::unwrap(bytes).map_err(decoding)?;
    let options: runtime::meta::v1::DeleteOptions =
        runtime::codec::wire::message_from_bytes(raw).map_err(decoding)?;
    let non_empty = |s: String| (!s.is_empty()).then_some(s);
    Ok(DeleteOptions {
        kind: non_empty(kind),
        api_version: non_empty(api_version),
        ..DeleteOptions::from(options)
    })
}

/// The DeleteOptions of a bodiless delete, from its query parameters as
/// upstream's parameter codec converts them: `orphanDependents` is false
/// only for `false` (any case) or `0`, true for anything else.
fn delete_options_from_query(query: &Query) -> Result<DeleteOptions, ApiError> {
    Ok(DeleteOptions {
        grace_period_seconds: query.int("gracePeriodSeconds")?,
        orphan_dependents: query.opt_flag("orphanDependents"),
        propagation_policy: query.get("propagationPolicy").map(str::to_string),
        dry_run: query.get("dryRun").map(|d| vec![d.to_string()]),
        ..DeleteOptions::default()
    })
}

fn check_preconditions(
    ri: &ResourceInfo,
    name: &str,
    preconditions: Option<&crate::deletion::Preconditions>,
    meta: &ObjectMeta,
) -> Result<(), ApiError> {
    let Some(preconditions) = preconditions else {
        return Ok(());
    };
    // rest.BeforeDelete names the kind, not the resource, in these conflicts.
    let conflict = |why: String| {
        let group_kind = if ri.group.is_empty() {
            ri.kind.to_string()
        } else {
            format!("{}.{}", ri.kind, ri.group)
        };
        let mut e = ApiError::new(
            409,
            StatusReason::Conflict,
            format!("Operation cannot be fulfilled on {group_kind} \"{name}\": {why}"),
        );
        e.name = Some(name.into());
        e.group = Some(ri.group.into());
        e.kind = Some(ri.kind.into());
        e
    };
    if let Some(uid) = &preconditions.uid {
        let actual = meta.uid.as_deref().unwrap_or("");
        if uid != actual {
            return Err(conflict(format!(
                "the UID in the precondition ({uid}) does not match the UID in record ({actual}). The object might have been deleted and then recreated"
            )));
        }
    }
    if let Some(rv) = &preconditions.resource_version {
        let actual = meta.resource_version.as_deref().unwrap_or("");
        if rv != actual {
            return Err(conflict(format!(
                "the ResourceVersion in the precondition ({rv}) does not match the ResourceVersion in record ({actual}). The object might have been modified"
            )));
        }
    }
    Ok(())
}

fn delete_options_info() -> ResourceInfo {
    ResourceInfo {
        kind: "DeleteOptions",
        plural: "deleteoptions",
        singular: "deleteoptions",
        group: "meta.k8s.io",
        ..scale_info()
    }
}
