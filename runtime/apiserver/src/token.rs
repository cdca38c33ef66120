//! Service account tokens, as kube-apiserver issues and checks them with
//! `--service-account-issuer=https://kubernetes.default.svc.cluster.local`
//! and a signing key (`pkg/serviceaccount`):
//!
//! - the `serviceaccounts/token` subresource
//!   (`pkg/registry/core/serviceaccount/storage/token.go`): `POST
//!   /api/v1/namespaces/<namespace>/serviceaccounts/<name>/token` with an
//!   `authentication.k8s.io/v1` TokenRequest answers it (201) with a
//!   signed JWT in `status.token`, as `kubectl create token` and
//!   client-go's `CreateToken` ask for one;
//! - the token authenticator ([`TokenIssuer`] as a
//!   `runtime::auth::TokenAuthenticator`) that the TokenReview of
//!   `authentication.k8s.io` asks: the signature, issuer, audiences and
//!   times of the token, then the service account (and the object the
//!   token is bound to) still existing with the uid the token names.
//!
//! The tokens are ES256 JWTs (kube-apiserver signs with whatever key it is
//! given: RS256 for RSA, ES256 for a P-256 key), with upstream's header
//! (`alg`, and the `kid` of the public key: the SHA-256 of its DER
//! SubjectPublicKeyInfo, base64url) and claims (`aud`, `exp`, `iat`,
//! `iss`, `jti`, the private `kubernetes.io` claim, `nbf`, `sub`). The
//! `apiserver` binary keeps its key in the data directory
//! (`service-account.key`, PKCS#8), so tokens outlive a restart.
//!
//! The key is published as upstream's service account issuer discovery
//! publishes it (`/.well-known/openid-configuration`, `/openid/v1/jwks`,
//! served by the `server` crate from `TokenAuthenticator::issuer_keys`),
//! so that a verifier outside the server can check the tokens.
//!
//! Not here: the requests of this server are not authenticated by these
//! tokens (it serves plain HTTP as one user);
//! `--service-account-max-token-expiration` (no maximum, as upstream's
//! default); audit annotations.

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use apis::authentication::v1::{TokenRequest, TokenRequestStatus};
use apis::core::v1::{Node, Pod, Secret, ServiceAccount};
use base64::Engine;
use ring::rand::SystemRandom;
use ring::signature::{self, EcdsaKeyPair, KeyPair};
use runtime::auth::{ObjectReader, TokenAuthentication, TokenAuthenticator, UserInfo};
use runtime::meta::{CauseType, StatusReason, Time};
use runtime::registry::Object;
use serde_json::{Map, Value, json};
use server::status::{ApiError, Cause};
use server::subresource::{Body, CreateSubresource, Created, SubresourceRequest};

/// The issuer kind and kubeadm give kube-apiserver, which is also its only
/// API audience when `--api-audiences` is not set.
pub const DEFAULT_ISSUER: &str = "https://kubernetes.default.svc.cluster.local";

/// The lifetime of a token whose request names none (`SetDefaults_TokenRequestSpec`).
const DEFAULT_EXPIRATION_SECONDS: i64 = 60 * 60;

/// `MinTokenAgeSec`: the shortest lifetime a request may ask for.
const MIN_EXPIRATION_SECONDS: i64 = 10 * 60;

/// The longest lifetime a request may ask for.
const MAX_EXPIRATION_SECONDS: i64 = 1 << 32;

/// `WarnOnlyBoundTokenExpirationSeconds`: the lifetime kubelets ask for a
/// pod's token, which the server extends (`--service-account-extend-token-expiration`).
const WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS: i64 = 60 * 60 + 7;

/// `ExpirationExtensionSeconds`: a year, the lifetime of such a token.
const EXPIRATION_EXTENSION_SECONDS: i64 = 24 * 365 * 60 * 60;

/// go-jose's `DefaultLeeway`: the clock skew a token's times are granted.
const LEEWAY_SECONDS: i64 = 60;

/// The DER SubjectPublicKeyInfo of a P-256 key up to its point: SEQUENCE,
/// the algorithm (id-ecPublicKey, prime256v1), and the BIT STRING header.
const P256_SPKI_PREFIX: [u8; 26] = [
    0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a,
    0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00,
];

/// The signer and checker of service account tokens (see the module
/// docs): one P-256 key, the issuer, and the API audiences.
pub struct TokenIssuer {
    key: EcdsaKeyPair,
    kid: String,
    issuer: String,
    audiences: Vec<String>,
}

impl std::fmt::Debug for TokenIssuer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the private key.
        f.debug_struct("TokenIssuer")
            .field("issuer", &self.issuer)
            .field("kid", &self.kid)
            .finish()
    }
}

impl TokenIssuer {
    /// An issuer with a new key, kept in memory only.
    ///
    /// Errors: the system's random source fails.
    pub fn generate() -> Result<TokenIssuer, String> {
        TokenIssuer::from_pkcs8(&new_key()?)
    }

    /// The issuer of the key in the PKCS#8 file at `path`, made (readable
    /// by its owner only) when there is none, so that the tokens of one
    /// data directory outlive a restart.
    ///
    /// Errors: the file cannot be read or written, or holds no P-256 key.
    pub fn open(path: &Path) -> Result<TokenIssuer, String> {
        let pkcs8 = match std::fs::read(path) {
            Ok(pkcs8) => pkcs8,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let pkcs8 = new_key()?;
                write_private(path, &pkcs8)
                    .map_err(|e| format!("writing {}: {e}", path.display()))?;
                // Another process may have made one first: theirs stands.
                std::fs::read(path).map_err(|e| format!("reading {}: {e}", path.display()))?
            }
            Err(e) => return Err(format!("reading {}: {e}", path.display())),
        };
        TokenIssuer::from_pkcs8(&pkcs8).map_err(|e| format!("{}: {e}", path.display()))
    }

    fn from_pkcs8(pkcs8: &[u8]) -> Result<TokenIssuer, String> {
        let key = EcdsaKeyPair::from_pkcs8(
            &signature::ECDSA_P256_SHA256_FIXED_SIGNING,
            pkcs8,
            &SystemRandom::new(),
        )
        .map_err(|e| format!("not a P-256 private key in PKCS#8: {e}"))?;
        let mut spki = P256_SPKI_PREFIX.to_vec();
        spki.extend_from_slice(key.public_key().as_ref());
        let kid = base64url(ring::digest::digest(&ring::digest::SHA256, &spki).as_ref());
        Ok(TokenIssuer {
            key,
            kid,
            issuer: DEFAULT_ISSUER.to_owned(),
            audiences: vec![DEFAULT_ISSUER.to_owned()],
        })
    }

    /// The key's id, as token headers carry it.
    pub fn key_id(&self) -> &str {
        &self.kid
    }

    /// `header.claims.signature`, ES256.
    fn sign(&self, claims: &Value) -> Result<String, String> {
        let header = json!({"alg": "ES256", "kid": self.kid});
        let signed = format!(
            "{}.{}",
            base64url(header.to_string().as_bytes()),
            base64url(claims.to_string().as_bytes())
        );
        let signature = self
            .key
            .sign(&SystemRandom::new(), signed.as_bytes())
            .map_err(|e| format!("failed to generate token: {e}"))?;
        Ok(format!("{signed}.{}", base64url(signature.as_ref())))
    }

    /// The claims of a token this issuer signed; `None` for a token that
    /// is not one of its (another shape or issuer: upstream's
    /// authenticator does not handle it, which reads `invalid bearer
    /// token`).
    ///
    /// Errors: a token of this issuer naming another key, or whose
    /// signature does not verify (upstream's and go-jose's words).
    fn verified_claims(&self, token: &str) -> Option<Result<Map<String, Value>, String>> {
        let mut parts = token.split('.');
        let (Some(header), Some(payload), Some(signature), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return None;
        };
        if token.starts_with('{') {
            return None;
        }
        let decode = |part: &str| {
            base64::engine::general_purpose::URL_SAFE_NO_PAD
                .decode(part)
                .ok()
        };
        let claims: Map<String, Value> = serde_json::from_slice(&decode(payload)?).ok()?;
        if claims.get("iss").and_then(Value::as_str) != Some(self.issuer.as_str()) {
            return None;
        }
        // What go-jose cannot parse, or signed with an algorithm the
        // authenticator does not take, is no token it handles.
        let header: Map<String, Value> = serde_json::from_slice(&decode(header)?).ok()?;
        let signature = decode(signature)?;
        if header.get("alg").and_then(Value::as_str) != Some("ES256") {
            return None;
        }
        // The keys of the token's `kid` (every key, for a token naming
        // none).
        if header
            .get("kid")
            .and_then(Value::as_str)
            .is_some_and(|kid| !kid.is_empty() && kid != self.kid)
        {
            return Some(Err("invalid signature, no keys found".into()));
        }
        let verified = signature::UnparsedPublicKey::new(
            &signature::ECDSA_P256_SHA256_FIXED,
            self.key.public_key().as_ref(),
        )
        .verify(
            &token.as_bytes()[..header_and_payload_len(token)],
            &signature,
        )
        .is_ok();
        Some(if verified {
            Ok(claims)
        } else {
            Err("go-jose/go-jose: error in cryptographic primitive".into())
        })
    }
}

/// The length of `header.payload` in a compact JWT.
fn header_and_payload_len(token: &str) -> usize {
    token.rfind('.').unwrap_or(token.len())
}

/// A new P-256 key, PKCS#8.
fn new_key() -> Result<Vec<u8>, String> {
    EcdsaKeyPair::generate_pkcs8(
        &signature::ECDSA_P256_SHA256_FIXED_SIGNING,
        &SystemRandom::new(),
    )
    .map(|document| document.as_ref().to_vec())
    .map_err(|e| format!("generating a service account key: {e}"))
}

/// Makes the file `path`, which only its owner can read, hold `bytes`
/// whole or not at all: written beside it, synced, then moved into place
/// unless a file is there already (a crash leaves no half-written key
/// that would stop every later start).
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(format!(".{}.tmp", std::process::id()));
    let temporary = std::path::PathBuf::from(temporary);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let written = options.open(&temporary).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    // A hard link fails when `path` exists: the first key made stays.
    let placed = written.and_then(|()| match std::fs::hard_link(&temporary, path) {
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        // A file system without hard links: the key is moved in.
        Err(_) => std::fs::rename(&temporary, path),
        linked => linked,
    });
    let _ = std::fs::remove_file(&temporary);
    placed?;
    if let Some(directory) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::File::open(directory)?.sync_all()?;
    }
    Ok(())
}

fn base64url(bytes: &[u8]) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// Seconds since the Unix epoch.
fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// A time as `metav1.Time` writes it, from seconds since the epoch.
fn time_at(seconds: i64) -> Option<Time> {
    chrono::DateTime::from_timestamp(seconds, 0).map(Time)
}

/// `serviceaccount.MakeUsername`.
fn username(namespace: &str, name: &str) -> String {
    format!("system:serviceaccount:{namespace}:{name}")
}

/// Go's `%q` of a list of strings: `["a" "b"]`.
fn go_quoted_list(list: &[String]) -> String {
    let quoted: Vec<String> = list.iter().map(|s| format!("{s:?}")).collect();
    format!("[{}]", quoted.join(" "))
}

/// A claim's `{"name": .., "uid": ..}`.
fn claim_ref(name: &str, uid: &str) -> Value {
    let mut reference = Map::new();
    if !name.is_empty() {
        reference.insert("name".into(), json!(name));
    }
    if !uid.is_empty() {
        reference.insert("uid".into(), json!(uid));
    }
    Value::Object(reference)
}

/// The stored object `name` of `resource` as its Rust type.
fn read<T: 'static>(
    objects: &dyn ObjectReader,
    resource: (&str, &str, &str),
    namespace: Option<&str>,
    name: &str,
) -> Result<Option<T>, String> {
    Ok(objects
        .get(resource, namespace, name)?
        .and_then(|o| o.downcast::<T>().ok())
        .map(|o| *o))
}

const SERVICE_ACCOUNTS: (&str, &str, &str) = ("", "v1", "serviceaccounts");
const SECRETS: (&str, &str, &str) = ("", "v1", "secrets");
const NODES: (&str, &str, &str) = ("", "v1", "nodes");

impl TokenAuthenticator for TokenIssuer {
    fn api_audiences(&self) -> &[String] {
        &self.audiences
    }

    /// The key as go-jose writes a P-256 JSON Web Key (`use`, `kty`,
    /// `kid`, `crv`, `alg`, `x`, `y`).
    fn issuer_keys(&self) -> Option<(&str, Value)> {
        // The public key is the uncompressed point: 0x04, x, y.
        let point = self.key.public_key().as_ref();
        let (x, y) = point.get(1..)?.split_at(32);
        let key = json!({
            "use": "sig", "kty": "EC", "kid": self.kid, "crv": "P-256", "alg": "ES256",
            "x": base64url(x), "y": base64url(y),
        });
        Some((&self.issuer, json!({"keys": [key]})))
    }

    /// `jwtTokenAuthenticator.AuthenticateToken` and the service account
    /// validator's `Validate`, in upstream's order and words.
    fn authenticate(
        &self,
        token: &str,
        audiences: &[String],
        objects: &dyn ObjectReader,
    ) -> TokenAuthentication {
        match self.check(token, audiences, objects) {
            Ok((user, audiences)) => TokenAuthentication {
                user: Some(user),
                audiences,
                error: None,
            },
            Err(error) => TokenAuthentication {
                user: None,
                audiences: Vec::new(),
                error: Some(error),
            },
        }
    }
}

impl TokenIssuer {
    /// The user a token authenticates, and the audiences asked for that
    /// it is meant for.
    fn check(
        &self,
        token: &str,
        requested: &[String],
        objects: &dyn ObjectReader,
    ) -> Result<(UserInfo, Vec<String>), String> {
        let claims = self
            .verified_claims(token)
            .ok_or_else(|| "invalid bearer token".to_owned())??;
        let strings = |value: Option<&Value>| -> Vec<String> {
            match value {
                Some(Value::String(one)) => vec![one.clone()],
                Some(Value::Array(many)) => many
                    .iter()
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect(),
                _ => Vec::new(),
            }
        };
        let mut token_audiences = strings(claims.get("aud"));
        if token_audiences.is_empty() {
            // A legacy token: meant for the server's own audiences.
            token_audiences = self.audiences.clone();
        }
        let audiences: Vec<String> = token_audiences
            .iter()
            .filter(|a| requested.contains(a))
            .cloned()
            .collect();
        if audiences.is_empty() {
            return Err(format!(
                "token audiences {} is invalid for the target audiences {}",
                go_quoted_list(&token_audiences),
                go_quoted_list(requested)
            ));
        }
        let now = unix_now();
        let time = |claim: &str| claims.get(claim).and_then(Value::as_i64);
        // go-jose's `ValidateWithLeeway` order.
        if time("nbf").is_some_and(|nbf| now.saturating_add(LEEWAY_SECONDS) < nbf) {
            return Err("service account token is not valid yet".into());
        }
        if time("exp").is_some_and(|exp| now > exp.saturating_add(LEEWAY_SECONDS)) {
            return Err("service account token has expired".into());
        }
        if time("iat").is_some_and(|iat| now.saturating_add(LEEWAY_SECONDS) < iat) {
            return Err("service account token is issued in the future".into());
        }
        let private = claims.get("kubernetes.io").cloned().unwrap_or_default();
        let field =
            |object: &str, key: &str| private[object][key].as_str().unwrap_or_default().to_owned();
        let namespace = private["namespace"].as_str().unwrap_or_default().to_owned();
        let (name, uid) = (
            field("serviceaccount", "name"),
            field("serviceaccount", "uid"),
        );
        let account: ServiceAccount = read(objects, SERVICE_ACCOUNTS, Some(&namespace), &name)?
            .ok_or_else(|| format!("serviceaccounts {name:?} not found"))?;
        let account_uid = account.metadata.uid.clone().unwrap_or_default();
        if account_uid != uid {
            return Err(format!(
                "service account UID ({account_uid}) does not match claim ({uid})"
            ));
        }
        if deleted_before_leeway(&account.metadata, now) {
            return Err(format!(
                "service account {namespace}/{name} has been deleted"
            ));
        }
        let mut extra = std::collections::BTreeMap::new();
        let namespace_of = Some(namespace.as_str());
        if private.get("secret").is_some() {
            still_bound::<Secret>(objects, SECRETS, namespace_of, "secret", &field, now)?;
        }
        let pod = private.get("pod").is_some();
        let node = private.get("node").is_some();
        if pod {
            still_bound::<Pod>(objects, crate::PODS, namespace_of, "pod", &field, now)?;
            extra.insert(
                "authentication.kubernetes.io/pod-name",
                field("pod", "name"),
            );
            extra.insert("authentication.kubernetes.io/pod-uid", field("pod", "uid"));
        } else if node {
            still_bound::<Node>(objects, NODES, None, "node", &field, now)?;
        }
        if pod || node {
            // A pod's node is copied from the claim, not looked up.
            extra.insert(
                "authentication.kubernetes.io/node-name",
                field("node", "name"),
            );
            extra.insert(
                "authentication.kubernetes.io/node-uid",
                field("node", "uid"),
            );
        }
        if let Some(jti) = claims.get("jti").and_then(Value::as_str) {
            extra.insert(
                "authentication.kubernetes.io/credential-id",
                format!("JTI={jti}"),
            );
        }
        let user = UserInfo {
            name: username(&namespace, &name),
            uid: account_uid,
            groups: vec![
                "system:serviceaccounts".into(),
                format!("system:serviceaccounts:{namespace}"),
                // Added by the authenticator chain to every user it
                // authenticates.
                "system:authenticated".into(),
            ],
            extra: extra
                .into_iter()
                .filter(|(_, value)| !value.is_empty())
                .map(|(key, value)| (key.to_owned(), vec![value]))
                .collect(),
        };
        Ok((user, audiences))
    }
}

/// Whether an object was deleted more than the leeway ago (one deleted
/// since still counts).
fn deleted_before_leeway(meta: &runtime::meta::ObjectMeta, now: i64) -> bool {
    meta.deletion_timestamp
        .as_ref()
        .is_some_and(|t| t.0.timestamp() < now - LEEWAY_SECONDS)
}

/// The validator's check of a token's `secret`, `pod` or `node` claim
/// (`claim`, its name and uid read by `field`): the object of `resource`
/// still exists with that uid, and is not deleted.
///
/// Errors: upstream's words.
fn still_bound<T: runtime::resource::Resource + 'static>(
    objects: &dyn ObjectReader,
    resource: (&str, &str, &str),
    namespace: Option<&str>,
    claim: &str,
    field: &dyn Fn(&str, &str) -> String,
    now: i64,
) -> Result<(), String> {
    let invalidated = || "service account token has been invalidated".to_owned();
    let (name, uid) = (field(claim, "name"), field(claim, "uid"));
    let object: T = read(objects, resource, namespace, &name)
        .ok()
        .flatten()
        .ok_or_else(invalidated)?;
    let stored = object.metadata().uid.clone().unwrap_or_default();
    if stored != uid {
        return Err(format!(
            "{claim} UID ({stored}) does not match service account {claim} ref claim ({uid})"
        ));
    }
    if deleted_before_leeway(object.metadata(), now) {
        return Err(invalidated());
    }
    Ok(())
}

/// The `serviceaccounts/token` subresource; see the module documentation.
pub struct ServiceAccountToken(pub std::sync::Arc<TokenIssuer>);

impl CreateSubresource for ServiceAccountToken {
    fn resource(&self) -> (&'static str, &'static str) {
        ("", "serviceaccounts")
    }

    fn name(&self) -> &'static str {
        "token"
    }

    fn kind(&self) -> (&'static str, &'static str, &'static str) {
        ("authentication.k8s.io", "v1", "TokenRequest")
    }

    /// `TokenREST.Create`, in upstream's order and words.
    fn create(
        &self,
        request: &SubresourceRequest<'_>,
        body: Body<'_>,
    ) -> Result<Created, ApiError> {
        let mut token_request: TokenRequest =
            crate::decode_body(body, request.content_type, "TokenRequest")?;
        request.check_namespace(&token_request.metadata)?;
        let namespace = request.namespace.unwrap_or_default();
        let name = request.name;
        let invalid = |field: &str, value: &str, message: &str| {
            ApiError::invalid_kind(
                "authentication.k8s.io",
                "TokenRequest",
                name,
                vec![Cause {
                    reason: Some(CauseType::FieldValueInvalid),
                    message: format!("Invalid value: {value:?}: {message}"),
                    field: field.into(),
                }],
            )
        };
        let meta = &mut token_request.metadata;
        if let Some(asked) = meta.name.as_deref().filter(|n| !n.is_empty() && *n != name) {
            return Err(invalid(
                "metadata.name",
                asked,
                "must match the service account name if specified",
            ));
        }
        let account: ServiceAccount = request
            .get(SERVICE_ACCOUNTS, Some(namespace), name)?
            .as_any()
            .downcast_ref::<ServiceAccount>()
            .cloned()
            .ok_or_else(|| ApiError::internal("a service account of another type"))?;
        let spec = &mut token_request.spec;
        if spec.audiences.is_empty() {
            spec.audiences.clone_from(&self.0.audiences);
        }
        let meta = &mut token_request.metadata;
        meta.name = Some(name.to_owned());
        meta.namespace = Some(namespace.to_owned());
        let now = unix_now();
        meta.creation_timestamp = time_at(now);
        token_request.status = TokenRequestStatus::default();
        let spec = &mut token_request.spec;
        let expiration = *spec
            .expiration_seconds
            .get_or_insert(DEFAULT_EXPIRATION_SECONDS);
        let mut causes = Vec::new();
        for (bad, message) in [
            (
                expiration < MIN_EXPIRATION_SECONDS,
                "may not specify a duration less than 10 minutes",
            ),
            (
                expiration > MAX_EXPIRATION_SECONDS,
                "may not specify a duration larger than 2^32 seconds",
            ),
        ] {
            if bad {
                causes.push(Cause {
                    reason: Some(CauseType::FieldValueInvalid),
                    message: format!("Invalid value: {expiration}: {message}"),
                    field: "spec.expirationSeconds".into(),
                });
            }
        }
        if !causes.is_empty() {
            return Err(ApiError::invalid_kind(
                "authentication.k8s.io",
                "TokenRequest",
                "",
                causes,
            ));
        }
        let bound = bound_object(request, namespace, name, spec.bound_object_ref.as_ref())?;
        // A pod's token asked for with kubelets' lifetime, for the
        // server's own audiences, is valid for a year, and says when it
        // should have been renewed (`warnafter`).
        let extend = matches!(bound, Bound::Pod { .. })
            && expiration == WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS
            && spec.audiences.iter().all(|a| self.0.audiences.contains(a));
        let (lifetime, warn_after) = if extend {
            (EXPIRATION_EXTENSION_SECONDS, Some(now + expiration))
        } else {
            (expiration, None)
        };
        let account_uid = account.metadata.uid.clone().unwrap_or_default();
        let mut private = Map::new();
        private.insert("namespace".into(), json!(namespace));
        match &bound {
            Bound::None => {}
            Bound::Pod { pod, node } => {
                if let Some((node_name, node_uid)) = node {
                    private.insert("node".into(), claim_ref(node_name, node_uid));
                }
                private.insert("pod".into(), pod.clone());
            }
            Bound::Secret(secret) => {
                private.insert("secret".into(), secret.clone());
            }
            Bound::Node(node) => {
                private.insert("node".into(), node.clone());
            }
        }
        private.insert("serviceaccount".into(), claim_ref(name, &account_uid));
        if let Some(warn_after) = warn_after {
            private.insert("warnafter".into(), json!(warn_after));
        }
        // Upstream's claims come out in key order.
        let claims = json!({
            "aud": spec.audiences,
            "exp": now + lifetime,
            "iat": now,
            "iss": self.0.issuer,
            "jti": uuid::Uuid::new_v4().to_string(),
            "kubernetes.io": private,
            "nbf": now,
            "sub": username(namespace, name),
        });
        let token = self.0.sign(&claims).map_err(ApiError::internal)?;
        token_request.status = TokenRequestStatus {
            token,
            expiration_timestamp: time_at(now + expiration),
        };
        let mut answer = json!({
            "kind": "TokenRequest",
            "apiVersion": "authentication.k8s.io/v1",
        });
        let fields =
            serde_json::to_value(&token_request).map_err(|e| ApiError::internal(e.to_string()))?;
        if let (Some(answer), Value::Object(fields)) = (answer.as_object_mut(), fields) {
            answer.extend(fields);
        }
        Ok(Created::Object(answer))
    }
}

/// The object a token is bound to, as its claim names it.
enum Bound {
    None,
    /// A pod, and the node it runs on (its uid when the node exists).
    Pod {
        pod: Value,
        node: Option<(String, String)>,
    },
    Secret(Value),
    Node(Value),
}

/// The object `reference` names, which must exist (and have its uid, when
/// the reference gives one).
///
/// Errors: upstream's, in its words: 404 for a missing object, 400 for a
/// pod of another service account or a kind that cannot be bound, 409
/// for another uid.
fn bound_object(
    request: &SubresourceRequest<'_>,
    namespace: &str,
    account: &str,
    reference: Option<&apis::authentication::v1::BoundObjectReference>,
) -> Result<Bound, ApiError> {
    let Some(reference) = reference else {
        return Ok(Bound::None);
    };
    let (group, version) = match reference.api_version.split_once('/') {
        Some((group, version)) => (group, version),
        None => ("", reference.api_version.as_str()),
    };
    let metadata_of = |object: &dyn Object| {
        let meta = object.metadata();
        (
            meta.name.clone().unwrap_or_default(),
            meta.uid.clone().unwrap_or_default(),
        )
    };
    let (bound, uid) = match (group, reference.kind.as_str()) {
        ("", "Pod") => {
            let pod = request.get(crate::PODS, Some(namespace), &reference.name)?;
            let pod = pod
                .as_any()
                .downcast_ref::<Pod>()
                .ok_or_else(|| ApiError::internal("a pod of another type"))?;
            let spec = &pod.spec;
            if spec.service_account_name != account {
                return Err(ApiError::bad_request(format!(
                    "cannot bind token for serviceaccount {account:?} to pod running with different serviceaccount name."
                )));
            }
            let (name, uid) = metadata_of(pod);
            // A node that is gone is named without its uid; one that
            // cannot be read fails the request.
            let node = match spec.node_name.as_str() {
                "" => None,
                node_name => {
                    let uid = match request.get(NODES, None, node_name) {
                        Ok(node) => node.metadata().uid.clone().unwrap_or_default(),
                        Err(e) if e.code == 404 => String::new(),
                        Err(e) => return Err(ApiError::internal(e.message.clone())),
                    };
                    Some((node_name.to_owned(), uid))
                }
            };
            (
                Bound::Pod {
                    pod: claim_ref(&name, &uid),
                    node,
                },
                uid,
            )
        }
        ("", "Secret") => {
            let secret = request.get(SECRETS, Some(namespace), &reference.name)?;
            let (name, uid) = metadata_of(secret.as_ref());
            (Bound::Secret(claim_ref(&name, &uid)), uid)
        }
        ("", "Node") => {
            let node = request.get(NODES, None, &reference.name)?;
            let (name, uid) = metadata_of(node.as_ref());
            (Bound::Node(claim_ref(&name, &uid)), uid)
        }
        (group, kind) => {
            return Err(ApiError::bad_request(format!(
                "cannot bind token to object of type {group}/{version}, Kind={kind}"
            )));
        }
    };
    if !reference.uid.is_empty() && reference.uid != uid {
        let mut conflict = ApiError::new(
            409,
            StatusReason::Conflict,
            format!(
                "Operation cannot be fulfilled on {} {:?}: the UID in the bound object reference ({}) does not match the UID in record. The object might have been deleted and then recreated",
                reference.kind, reference.name, reference.uid
            ),
        );
        conflict.name = Some(reference.name.clone());
        conflict.kind = Some(reference.kind.clone());
        return Err(conflict);
    }
    Ok(bound)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The objects of a review: one service account.
    struct Objects(ServiceAccount);

    impl ObjectReader for Objects {
        fn get(
            &self,
            resource: (&str, &str, &str),
            _namespace: Option<&str>,
            name: &str,
        ) -> Result<Option<Box<dyn std::any::Any>>, String> {
            let found =
                resource == SERVICE_ACCOUNTS && self.0.metadata.name.as_deref() == Some(name);
            Ok(found.then(|| Box::new(self.0.clone()) as Box<dyn std::any::Any>))
        }
    }

    /// A token of `issuer` for the service account `default/robot` (uid
    /// `u1`), expiring, valid and issued `exp`, `nbf` and `iat` seconds
    /// from now.
    fn token(issuer: &TokenIssuer, exp: i64, nbf: i64, iat: i64) -> String {
        let now = unix_now();
        issuer
            .sign(&json!({
                "aud": [DEFAULT_ISSUER],
                "exp": now + exp,
                "iat": now + iat,
                "iss": DEFAULT_ISSUER,
                "kubernetes.io": {"namespace": "default", "serviceaccount": {"name": "robot", "uid": "u1"}},
                "nbf": now + nbf,
                "sub": "system:serviceaccount:default:robot",
            }))
            .unwrap()
    }

    /// A token's times are checked with go-jose's minute of leeway, in
    /// upstream's order and words.
    #[test]
    fn a_tokens_times_are_checked_with_a_minute_of_leeway() {
        let issuer = TokenIssuer::generate().unwrap();
        let mut account = ServiceAccount::default();
        account.metadata.name = Some("robot".into());
        account.metadata.uid = Some("u1".into());
        let objects = Objects(account);
        let error = |token: String| {
            issuer
                .authenticate(&token, &issuer.audiences, &objects)
                .error
        };
        assert_eq!(error(token(&issuer, 600, 0, 0)), None);
        // Within the leeway: still valid.
        assert_eq!(error(token(&issuer, -30, -700, -700)), None);
        assert_eq!(error(token(&issuer, 600, 30, 30)), None);
        assert_eq!(
            error(token(&issuer, -90, -700, -700)).as_deref(),
            Some("service account token has expired")
        );
        assert_eq!(
            error(token(&issuer, 600, 90, 0)).as_deref(),
            Some("service account token is not valid yet")
        );
        assert_eq!(
            error(token(&issuer, 600, 0, 90)).as_deref(),
            Some("service account token is issued in the future")
        );
        // Another key's token of the same issuer does not verify.
        let other = TokenIssuer::generate().unwrap();
        assert_eq!(
            error(token(&other, 600, 0, 0)).as_deref(),
            Some("invalid signature, no keys found")
        );
    }

    /// The key is kept where it is asked to be, and read back: tokens of
    /// one data directory outlive a restart.
    #[test]
    fn the_key_outlives_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("service-account.key");
        let first = TokenIssuer::open(&path).unwrap();
        let again = TokenIssuer::open(&path).unwrap();
        assert_eq!(first.key_id(), again.key_id());
        assert_ne!(TokenIssuer::generate().unwrap().key_id(), first.key_id());
        std::fs::write(&path, b"not a key").unwrap();
        let error = TokenIssuer::open(&path).unwrap_err();
        assert!(error.contains("not a P-256 private key"), "{error}");
    }

    #[test]
    fn lists_are_quoted_as_go_quotes_them() {
        assert_eq!(
            go_quoted_list(&["a".into(), "b \"c\"".into()]),
            r#"["a" "b \"c\""]"#
        );
        assert_eq!(go_quoted_list(&[]), "[]");
    }
}
