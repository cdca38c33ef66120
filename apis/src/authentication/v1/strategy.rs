//! `pkg/registry/authentication/selfsubjectreview/rest.go` and
//! `tokenreview/storage.go`: a self review is answered from who sends it,
//! a token review by the server's token authenticator; neither is stored.

use runtime::auth::RequestContext;
use runtime::resource::Strategy;

use super::{
    ExtraValue, SelfSubjectReview, SelfSubjectReviewStatus, TokenReview, TokenReviewStatus,
    UserInfo,
};

impl Strategy for SelfSubjectReview {
    const UNSTORED: bool = true;

    /// The request's user, as the authenticator gave it.
    fn answer_create(&mut self, request: &RequestContext<'_>) -> Result<(), String> {
        let user = request.user;
        self.status = SelfSubjectReviewStatus {
            user_info: user_info(user),
        };
        Ok(())
    }
}

impl Strategy for TokenReview {
    const UNSTORED: bool = true;

    /// The token authenticated for the review's audiences (the server's
    /// own when it names none): whether it is, who it names, and for
    /// which of the audiences; or why not, in `status.error`. A server
    /// without a token authenticator answers the review as it came.
    ///
    /// Errors: a review without a token (400, upstream's words).
    fn answer_create(&mut self, request: &RequestContext<'_>) -> Result<(), String> {
        if self.spec.token.is_empty() {
            return Err("token is required for TokenReview in authentication".into());
        }
        let Some(authenticator) = request.token_authenticator else {
            return Ok(());
        };
        let audiences = if self.spec.audiences.is_empty() {
            authenticator.api_audiences()
        } else {
            &self.spec.audiences
        };
        let answer = authenticator.authenticate(&self.spec.token, audiences, request.objects);
        self.status = TokenReviewStatus {
            authenticated: answer.user.is_some(),
            user: answer.user.as_ref().map(user_info).unwrap_or_default(),
            audiences: answer
                .user
                .as_ref()
                .map(|_| answer.audiences.clone())
                .unwrap_or_default(),
            error: answer.error.unwrap_or_default(),
        };
        Ok(())
    }
}

/// A user as a review writes it.
fn user_info(user: &runtime::auth::UserInfo) -> UserInfo {
    UserInfo {
        username: user.name.clone(),
        uid: user.uid.clone(),
        groups: user.groups.clone(),
        extra: user
            .extra
            .iter()
            .map(|(k, v)| (k.clone(), ExtraValue(v.clone())))
            .collect(),
    }
}
