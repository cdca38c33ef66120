//! `pkg/registry/authentication/selfsubjectreview/rest.go`: a self review
//! is answered from who sends it and never stored.

use runtime::auth::RequestContext;
use runtime::resource::Strategy;

use super::{ExtraValue, SelfSubjectReview, SelfSubjectReviewStatus, UserInfo};

impl Strategy for SelfSubjectReview {
    const UNSTORED: bool = true;

    /// The request's user, as the authenticator gave it.
    fn answer_create(&mut self, request: &RequestContext<'_>) -> Result<(), String> {
        let user = request.user;
        self.status = SelfSubjectReviewStatus {
            user_info: UserInfo {
                username: user.name.clone(),
                uid: user.uid.clone(),
                groups: user.groups.clone(),
                extra: user
                    .extra
                    .iter()
                    .map(|(k, v)| (k.clone(), ExtraValue(v.clone())))
                    .collect(),
            },
        };
        Ok(())
    }
}
