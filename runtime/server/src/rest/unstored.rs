//! Creates of kinds that are never stored ([`Strategy::UNSTORED`]): the
//! access reviews of `authorization.k8s.io` and the self and token
//! reviews of `authentication.k8s.io`, whose REST storages upstream are
//! only a `rest.Creater`. The object is decoded, admitted and validated
//! as any create's, then the kind's strategy answers it from who asks,
//! the server's authorizer and token authenticator, and reads of its
//! objects (`runtime::auth::ObjectReader`); nothing is kept, and the
//! server sets no metadata.
//!
//! [`Strategy::UNSTORED`]: runtime::resource::Strategy::UNSTORED

use axum::http::StatusCode;
use runtime::auth::RequestContext;
use runtime::registry::Object;
use runtime::resource::AnswerCreate;

use super::write::check_namespace;
use super::{Answer, Ctx};
use crate::admission::Operation;
use crate::status::ApiError;

impl Ctx<'_> {
    /// Answers a create of a decoded `obj` with what `answer` makes of it
    /// (201), `warnings` being the decoder's.
    ///
    /// Errors: 400 for an object in another namespace than the path's or a
    /// request the kind cannot answer (the strategy's message); 422 when
    /// the object is invalid (upstream's reviews name no object: `""`);
    /// admission's refusals.
    pub(super) fn answer_unstored(
        &self,
        mut obj: Box<dyn Object>,
        warnings: Vec<String>,
        answer: AnswerCreate,
    ) -> Result<Answer, ApiError> {
        let ri = self.ri();
        let namespace = self.info.namespace.clone();
        check_namespace(ri, namespace.as_deref(), obj.metadata())?;
        obj.metadata_mut().namespace.clone_from(&namespace);
        let dry_run = self.query.dry_run(self.verb)?;
        let name = obj.metadata().name.clone().unwrap_or_default();
        let request = self.admission_request(Operation::Create, &name, dry_run);
        let mut warnings = warnings;
        warnings.extend(self.server.admit(&request, Some(obj.as_mut()), None)?);
        let causes = self.type_validation(obj.as_ref(), None);
        if !causes.is_empty() {
            return Err(ApiError::invalid(ri, &name, causes));
        }
        warnings.extend(
            self.server
                .validate_admission(&request, Some(obj.as_ref()), None)?,
        );
        let context = RequestContext {
            user: &self.server.user,
            namespace: namespace.as_deref(),
            authorizer: &self.server.authorizer,
            token_authenticator: self.server.token_authenticator.as_deref(),
            objects: &Objects(self.server),
        };
        answer(obj.as_any_mut(), &context).map_err(ApiError::bad_request)?;
        Ok(Answer::object(StatusCode::CREATED, obj).with_warnings(warnings))
    }
}

/// The server's stored objects, as an authenticator reads them.
struct Objects<'a>(&'a crate::ApiServer);

impl runtime::auth::ObjectReader for Objects<'_> {
    fn get(
        &self,
        resource: (&str, &str, &str),
        namespace: Option<&str>,
        name: &str,
    ) -> Result<Option<Box<dyn std::any::Any>>, String> {
        crate::store::get_by_resource(self.0, resource, namespace, name)
            .map(|found| found.map(|object| object as Box<dyn std::any::Any>))
            .map_err(|e| e.message.clone())
    }
}
