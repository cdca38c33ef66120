//! What a served kind is: the [`Resource`] trait that `#[derive(Resource)]`
//! implements from a type's markers, and the [`ResourceInfo`] it carries.
//!
//! Source: the fields of a discovery `APIResource` and of a CRD's
//! `names`, `scope`, `subresources` and `additionalPrinterColumns`.

use serde::Serialize;
use serde::de::DeserializeOwned;

/// A printer column, as a CRD's `additionalPrinterColumns` entry; it becomes
/// a `Table` column (`kubectl get`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrinterColumn {
    /// Column header: `Replicas`.
    pub name: &'static str,
    /// OpenAPI type: `integer`, `number`, `string`, `boolean` or `date`.
    pub type_: &'static str,
    /// OpenAPI format, or empty.
    pub format: &'static str,
    /// Column description.
    pub description: &'static str,
    /// Simple JSON path into the object: `.spec.replicas`.
    pub json_path: &'static str,
    /// 0 is always shown; higher only with `-o wide`.
    pub priority: i32,
}

impl PrinterColumn {
    /// A computed `string` column for a [`Printer`] (no JSON path), as
    /// upstream's printers declare theirs.
    pub const fn string(name: &'static str, priority: i32, description: &'static str) -> Self {
        PrinterColumn {
            name,
            type_: "string",
            format: "",
            description,
            json_path: "",
            priority,
        }
    }

    /// The Name column (`format: name`), for a [`Printer`] that declares
    /// it itself ([`Printer::NAME_COLUMN`] false): where it is not first
    /// (Event's, wide) or its cell is not the bare name (StorageClass's
    /// ` (default)`).
    pub const fn name(priority: i32) -> Self {
        PrinterColumn {
            format: "name",
            ..PrinterColumn::string("Name", priority, crate::printers::NAME_DESCRIPTION)
        }
    }

    /// The `-o wide` Containers column of a kind with a pod template,
    /// which `layoutContainerCells` fills with the containers' names.
    pub const TEMPLATE_CONTAINERS: PrinterColumn =
        PrinterColumn::string("Containers", 1, "Names of each container in the template.");

    /// The `-o wide` Images column beside [`Self::TEMPLATE_CONTAINERS`]:
    /// the containers' images.
    pub const TEMPLATE_IMAGES: PrinterColumn = PrinterColumn::string(
        "Images",
        1,
        "Images referenced by each container in the template.",
    );

    /// A computed `integer` column for a [`Printer`] (upstream's counts:
    /// a ReplicaSet's `Desired`, `Current`, `Ready`).
    pub const fn integer(name: &'static str, priority: i32, description: &'static str) -> Self {
        PrinterColumn {
            type_: "integer",
            ..PrinterColumn::string(name, priority, description)
        }
    }
}

/// The `/scale` subresource: where replicas and the selector live.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScaleSubresource {
    /// JSON path of the desired replicas: `.spec.replicas`.
    pub spec_replicas_path: &'static str,
    /// JSON path of the observed replicas: `.status.replicas`.
    pub status_replicas_path: &'static str,
    /// JSON path of the serialized label selector, or empty.
    pub label_selector_path: &'static str,
}

/// Every verb of a resource, in the order discovery lists them: the verbs
/// of a kind without `+genclient:onlyVerbs`.
pub const RESOURCE_VERBS: &[&str] = &[
    "create",
    "delete",
    "deletecollection",
    "get",
    "list",
    "patch",
    "update",
    "watch",
];

/// The identity and serving metadata of one kind in one group/version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResourceInfo {
    /// API group; empty for the core group.
    pub group: &'static str,
    /// Version: `v1`.
    pub version: &'static str,
    /// `apiVersion`: `v1` for the core group, else `group/version`.
    pub api_version: &'static str,
    /// Kind: `Widget`.
    pub kind: &'static str,
    /// Resource (plural, lower case): `widgets`.
    pub plural: &'static str,
    /// Singular: `widget`.
    pub singular: &'static str,
    /// Whether objects live in a namespace.
    pub namespaced: bool,
    /// Short names for kubectl: `wd`.
    pub short_names: &'static [&'static str],
    /// Categories: `all`.
    pub categories: &'static [&'static str],
    /// Whether `/status` is served.
    pub status_subresource: bool,
    /// The `/scale` subresource, when served.
    pub scale_subresource: Option<ScaleSubresource>,
    /// Extra printer columns (after Name, before Age).
    pub printer_columns: &'static [PrinterColumn],
    /// Field selectors served beyond `metadata.name` and `metadata.namespace`
    /// (`involvedObject.name` on Event).
    pub selectable_fields: &'static [&'static str],
    /// Whether `metadata.generation` is kept: 1 on create, bumped by changes
    /// outside metadata and status.
    pub generation: bool,
    /// Whether a change of `metadata.annotations` also bumps
    /// `metadata.generation` (upstream's Deployment strategy).
    pub annotations_bump_generation: bool,
    /// Whether an update of a missing object creates it (201), as
    /// upstream strategies returning true from `AllowCreateOnUpdate()` do
    /// (Lease, Event); otherwise such an update is 404.
    pub allow_create_on_update: bool,
    /// Whether an update (PUT) without `metadata.resourceVersion` replaces
    /// what is stored, as upstream strategies returning true from
    /// `AllowUnconditionalUpdate()` do; false (Lease, the admission
    /// webhook configurations) makes it a 422. Custom resources always
    /// require the resourceVersion, whatever this says.
    pub allow_unconditional_update: bool,
    /// Whether a delete that removes the object answers with it rather
    /// than a `Status` (upstream's `ReturnDeletedObject`: Pod, Namespace).
    pub return_deleted_object: bool,
    /// The verbs the resource is served with, in discovery's order
    /// ([`RESOURCE_VERBS`], or those `+genclient:onlyVerbs` names).
    pub verbs: &'static [&'static str],
    /// The rule `metadata.name` (and `generateName`) must follow.
    pub name_format: NameFormat,
    /// Hand-written Table columns (`+printer:hook`); when set they replace
    /// [`printer_columns`](Self::printer_columns).
    pub printer: Option<TablePrinter>,
    /// The kind's registry strategy (`+resource:strategy`), or the generic
    /// store's behaviour ([`KindStrategy::DEFAULT`]).
    pub strategy: KindStrategy,
}

/// Per-kind behaviour of the generic store that upstream writes in a kind's
/// registry strategy (`pkg/registry/<group>/<kind>/strategy.go`, through
/// the interfaces of `k8s.io/apiserver/pkg/registry/rest`), implemented by
/// hand on the kind's Rust type and named with `+resource:strategy`. Every
/// item defaults to the generic store's behaviour.
pub trait Strategy: DeserializeOwned + Serialize + 'static {
    /// Whether deletes are graceful (the strategy implements
    /// `RESTGracefulDeleteStrategy`, as Pod's does): the object first gets
    /// a `deletionTimestamp` and `deletionGracePeriodSeconds`.
    const GRACEFUL_DELETE: bool = false;

    /// Whether deletes set the garbage collector's finalizers (`orphan`,
    /// `foregroundDeletion`) from `propagationPolicy` and
    /// `orphanDependents` (`GarbageCollectionDeleteStrategy`; upstream's
    /// namespaces answer `Unsupported`).
    const GARBAGE_COLLECTED: bool = true;

    /// Whether this kind's objects are the namespaces other objects live
    /// in: the server then runs the namespace lifecycle on it (upstream's
    /// `NamespaceLifecycle` admission and namespace controller): objects are
    /// not created in a missing or terminating namespace, `default`,
    /// `kube-system` and `kube-public` exist and cannot be deleted, and a
    /// deleted namespace first terminates, emptied of its objects.
    const NAMESPACE_LIFECYCLE: bool = false;

    /// Whether a create through the main resource keeps the `status` the
    /// request sets, for a kind with a status subresource (whose creates
    /// otherwise start from an empty status). Upstream's node strategy:
    /// `PrepareForCreate` leaves a Node's status as its kubelet registers
    /// it. The field manager still does not track that status (it is one
    /// of the strategy's reset fields).
    const STATUS_ON_CREATE: bool = false;

    /// Whether [`Strategy::prepare_for_create`] does something; the generic
    /// server does not call it otherwise.
    const PREPARE_FOR_CREATE: bool = false;

    /// `PrepareForCreate` (with `Canonicalize`): the kind's changes to an
    /// object about to be created, after the server has set its metadata
    /// (name, uid, creationTimestamp) and dropped the status of a kind with
    /// a status subresource, before the namespace check and storage.
    fn prepare_for_create(&mut self) {}

    /// Whether [`Strategy::prepare_for_update`] does something; the generic
    /// server does not call it otherwise.
    const PREPARE_FOR_UPDATE: bool = false;

    /// `PrepareForUpdate` (with `Canonicalize`): the kind's changes to an
    /// object about to replace `old` through the main resource, after the
    /// server has kept `old`'s server-set metadata (and its status, for a
    /// kind with a status subresource), before the generation bump and
    /// validation.
    fn prepare_for_update(&mut self, _old: &Self) {}

    /// Whether [`Strategy::prepare_for_status_update`] does something; the
    /// generic server does not call it otherwise.
    const PREPARE_FOR_STATUS_UPDATE: bool = false;

    /// The status strategy's `PrepareForUpdate`, for what it resets beyond
    /// what the server resets for every built-in kind on a write to
    /// `/status` (all but `metadata` and `status` kept from `old`): the
    /// metadata the status may not change either (upstream's Deployment
    /// status strategy keeps the labels, the Pod's the owner references).
    fn prepare_for_status_update(&mut self, _old: &Self) {}

    /// Whether [`Strategy::warnings_on_create`] and
    /// [`Strategy::warnings_on_update`] can say something; the generic
    /// server does not call them otherwise.
    const WARNINGS: bool = false;

    /// `WarningsOnCreate`: warnings about a valid object about to be
    /// created, sent as `Warning: 299 - "<text>"` headers (kubectl prints
    /// `Warning: <text>`).
    fn warnings_on_create(&self) -> Vec<String> {
        Vec::new()
    }

    /// `WarningsOnUpdate`: warnings about a valid object about to replace
    /// `old`.
    fn warnings_on_update(&self, _old: &Self) -> Vec<String> {
        Vec::new()
    }

    /// `CheckGracefulDelete`: the grace period, in seconds, a delete of
    /// `self` gives, `requested` being the client's
    /// `DeleteOptions.gracePeriodSeconds`. Called only when
    /// [`Strategy::GRACEFUL_DELETE`].
    fn graceful_delete_period(&self, requested: Option<i64>) -> i64 {
        requested.unwrap_or(0)
    }

    /// Whether [`Strategy::prepare_for_deletion`] does something; the
    /// generic server does not call it otherwise.
    const PREPARE_FOR_DELETION: bool = false;

    /// The kind's changes to an object whose deletion starts and that
    /// stays for now (held by finalizers or a grace period), after the
    /// server has set its `deletionTimestamp`: upstream's namespace storage
    /// sets `status.phase` to `Terminating` in its `Delete`.
    fn prepare_for_deletion(&mut self) {}

    /// For a [`Strategy::NAMESPACE_LIFECYCLE`] kind: the namespace
    /// controller's last change to a namespace it has emptied that other
    /// finalizers still hold (its `finalizeNamespace`, through `/finalize`):
    /// the namespace's own finalizers (`spec.finalizers`) go.
    fn finalize_namespace(&mut self) {}

    /// For a [`Strategy::NAMESPACE_LIFECYCLE`] kind: whether the namespace's
    /// own finalizers (`spec.finalizers`) still hold it once its deletion
    /// has started, so that an update leaving it no `metadata.finalizers`
    /// does not remove it (upstream's `ShouldDeleteNamespaceDuringUpdate`).
    fn namespace_finalizers_pending(&self) -> bool {
        false
    }

    /// Whether objects of this kind hold addresses or ports from the
    /// server's shared ranges ([`crate::allocation`]): the server then calls
    /// [`Strategy::allocate`] on every create and update and reads
    /// [`Strategy::allocated`] of the stored objects.
    const ALLOCATES: bool = false;

    /// What this stored object holds of the server's ranges.
    fn allocated(&self) -> Vec<crate::allocation::Allocation> {
        Vec::new()
    }

    /// Upstream's `BeginCreate`/`BeginUpdate` allocation: takes from
    /// `allocator` what the object about to be written (replacing `old`,
    /// on update) needs and records it on the object, before
    /// `PrepareForCreate`/`PrepareForUpdate` and validation. An object
    /// keeps what `old` held without asking again.
    ///
    /// Errors: the causes of a 422 (an address asked for that is taken or
    /// outside the range), or an [`AllocationFailure::Internal`] when a
    /// range is full (upstream: 500).
    fn allocate(
        &mut self,
        _old: Option<&Self>,
        _allocator: &mut dyn crate::allocation::Allocator,
    ) -> Result<(), AllocationFailure> {
        Ok(())
    }

    /// Whether [`Strategy::delete_refusal`] can refuse a delete; the
    /// server does not call it otherwise.
    const DELETE_REFUSAL: bool = false;

    /// Why a delete of the object named `name` is refused (a 403
    /// `Forbidden` with this reason, before the object is read), or `None`:
    /// upstream's REST storages that override `Delete` to keep some
    /// objects (PriorityClass's system classes: `this is a system priority
    /// class and cannot be deleted`).
    fn delete_refusal(_name: &str) -> Option<&'static str> {
        None
    }

    /// Whether [`Strategy::bootstrap_objects`] gives objects; the server
    /// does not call it otherwise.
    const BOOTSTRAP: bool = false;

    /// The objects of this kind kube-apiserver's bootstrap controllers
    /// create at start when they are missing (`pkg/controlplane/controller`:
    /// `systemnamespaces` creates `default`, `kube-system`, `kube-public`
    /// and `kube-node-lease`; `kubernetesservice` the `kubernetes`
    /// Service; the RBAC bootstrap the `cluster-admin` role and binding),
    /// given what the server knows of itself. The server gives
    /// each the system metadata of a create and the kind's
    /// [`Strategy::prepare_for_create`], records the field manager
    /// `kube-apiserver`, and stores it; an object already stored stays as
    /// it is. Objects of namespace kinds are created first.
    fn bootstrap_objects(_server: &Bootstrap) -> Vec<Self> {
        Vec::new()
    }

    /// Whether objects of this kind are never stored: a create is
    /// answered with the object [`Strategy::answer_create`] makes of it
    /// (201), nothing is kept, and the kind is served with no other verb
    /// (`+genclient:onlyVerbs=create`). Upstream's REST storages that are
    /// only a `rest.Creater`: the access reviews of `authorization.k8s.io`
    /// and the reviews of `authentication.k8s.io`.
    const UNSTORED: bool = false;

    /// For an [`Strategy::UNSTORED`] kind: the answer to a create of
    /// `self`, made in place after the object passed validation and
    /// admission (upstream's `Create` of the kind's REST storage: an
    /// access review's status from the server's authorizer). The server
    /// sets nothing on the object: no name, uid, timestamps or managed
    /// fields.
    ///
    /// Errors: the request cannot be answered, a 400 `BadRequest` with
    /// this message (`no namespace on request`).
    fn answer_create(&mut self, _request: &crate::auth::RequestContext<'_>) -> Result<(), String> {
        Ok(())
    }
}

/// [`Strategy::answer_create`] on an object of the kind's Rust type (as
/// `Any`); objects of another type are answered as they are.
pub type AnswerCreate =
    fn(&mut dyn std::any::Any, &crate::auth::RequestContext<'_>) -> Result<(), String>;

/// What a server tells [`Strategy::bootstrap_objects`] about itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bootstrap {
    /// The first address of the service CIDR
    /// (`--service-cluster-ip-range`), the `kubernetes` Service's; `None`
    /// when the range has none.
    pub first_service_ip: Option<std::net::IpAddr>,
    /// The port the server serves on (the `kubernetes` Service's target
    /// port).
    pub port: u16,
}

/// [`Strategy::bootstrap_objects`] of the kind's Rust type, as JSON
/// objects without `apiVersion` and `kind`, which the server reads back
/// through the kind's registry entry. Errors: an object does not encode
/// (serde's message).
pub type BootstrapObjects = fn(&Bootstrap) -> Result<Vec<serde_json::Value>, String>;

/// Why [`Strategy::allocate`] failed.
#[derive(Debug, Clone, PartialEq)]
pub enum AllocationFailure {
    /// The request asked for something it cannot have: a 422 with these
    /// causes.
    Invalid(crate::field::ErrorList),
    /// The server could not give what was needed (a full range): a 500
    /// with this message.
    Internal(String),
}

/// [`Strategy::allocated`] on a stored object of the kind's Rust type (as
/// `Any`); nothing for an object of another type.
pub type Allocated = fn(&dyn std::any::Any) -> Vec<crate::allocation::Allocation>;

/// [`Strategy::allocate`] on an object of the kind's Rust type and the
/// object it replaces (as `Any`); objects of another type take nothing.
pub type Allocate = fn(
    &mut dyn std::any::Any,
    Option<&dyn std::any::Any>,
    &mut dyn crate::allocation::Allocator,
) -> Result<(), AllocationFailure>;

/// A kind's allocation hooks ([`Strategy::ALLOCATES`]).
#[derive(Debug, Clone, Copy)]
pub struct KindAllocation {
    /// [`Strategy::allocated`].
    pub allocated: Allocated,
    /// [`Strategy::allocate`].
    pub allocate: Allocate,
}

/// [`Strategy::graceful_delete_period`] on an object of the kind's Rust
/// type (as `Any`) and the requested period; `None` for an object of
/// another type.
pub type GracefulDeletePeriod = fn(&dyn std::any::Any, Option<i64>) -> Option<i64>;

/// [`Strategy::prepare_for_deletion`] on an object of the kind's Rust type
/// (as `Any`); an object of another type is left as it is.
pub type PrepareForDeletion = fn(&mut dyn std::any::Any);

/// [`Strategy::finalize_namespace`] on an object of the kind's Rust type
/// (as `Any`); an object of another type is left as it is.
pub type FinalizeNamespace = fn(&mut dyn std::any::Any);

/// [`Strategy::namespace_finalizers_pending`] of an object of the kind's
/// Rust type (as `Any`); false for an object of another type.
pub type NamespaceFinalizersPending = fn(&dyn std::any::Any) -> bool;

/// [`Strategy::prepare_for_create`] on an object of the kind's Rust type
/// (a `registry::Object` as `Any`); an object of another type is left as
/// it is.
pub type PrepareForCreate = fn(&mut dyn std::any::Any);

/// [`Strategy::prepare_for_update`] on an object of the kind's Rust type
/// and the object it replaces (as `Any`); objects of another type are left
/// as they are.
pub type PrepareForUpdate = fn(&mut dyn std::any::Any, &dyn std::any::Any);

/// [`Strategy::warnings_on_create`] (no old object) or
/// [`Strategy::warnings_on_update`] on an object of the kind's Rust type
/// (as `Any`); none for objects of another type.
pub type Warnings = fn(&dyn std::any::Any, Option<&dyn std::any::Any>) -> Vec<String>;

/// A kind's [`Strategy`] as the generic server calls it, on typed objects
/// (as `Any`) or stored ones (JSON values); the derive stores it in
/// [`ResourceInfo::strategy`].
#[derive(Debug, Clone, Copy)]
pub struct KindStrategy {
    /// For kinds that prepare objects for create: the change, on the
    /// typed object.
    pub prepare_for_create: Option<PrepareForCreate>,
    /// For kinds that prepare objects for update: the change, on the typed
    /// object, given the one it replaces.
    pub prepare_for_update: Option<PrepareForUpdate>,
    /// For kinds whose status strategy resets metadata: the change, on the
    /// typed object, given the one it replaces.
    pub prepare_for_status_update: Option<PrepareForUpdate>,
    /// For kinds with warnings: the warnings about a write.
    pub warnings: Option<Warnings>,
    /// [`Strategy::NAMESPACE_LIFECYCLE`].
    pub namespace_lifecycle: bool,
    /// [`Strategy::STATUS_ON_CREATE`].
    pub status_on_create: bool,
    /// For namespace kinds ([`Strategy::NAMESPACE_LIFECYCLE`]): the namespace
    /// controller's finalization, on the typed object.
    pub finalize_namespace: Option<FinalizeNamespace>,
    /// For namespace kinds ([`Strategy::NAMESPACE_LIFECYCLE`]): whether
    /// their own finalizers still hold a terminating namespace.
    pub namespace_finalizers_pending: Option<NamespaceFinalizersPending>,
    /// For kinds with graceful deletion: the grace period (seconds) for an
    /// object and the requested period. Errors: the object does not decode
    /// into the kind's type (the message of serde).
    pub graceful_delete_period: Option<GracefulDeletePeriod>,
    /// [`Strategy::GARBAGE_COLLECTED`].
    pub garbage_collected: bool,
    /// For kinds that change an object whose deletion starts: the change,
    /// on the typed object.
    pub prepare_for_deletion: Option<PrepareForDeletion>,
    /// For kinds whose objects hold addresses or ports from the server's
    /// ranges: how to read and take them.
    pub allocation: Option<KindAllocation>,
    /// For kinds with objects the server creates at start: those objects.
    pub bootstrap_objects: Option<BootstrapObjects>,
    /// For kinds never stored ([`Strategy::UNSTORED`]): the answer to a
    /// create.
    pub answer_create: Option<AnswerCreate>,
    /// For kinds that keep some objects from deletion:
    /// [`Strategy::delete_refusal`].
    pub delete_refusal: Option<DeleteRefusal>,
}

/// [`Strategy::delete_refusal`] of a kind.
pub type DeleteRefusal = fn(&str) -> Option<&'static str>;

impl KindStrategy {
    /// The generic store's behaviour: deletes are immediate, and the garbage
    /// collector's finalizers apply.
    pub const DEFAULT: KindStrategy = KindStrategy {
        prepare_for_create: None,
        prepare_for_update: None,
        prepare_for_status_update: None,
        warnings: None,
        namespace_lifecycle: false,
        status_on_create: false,
        finalize_namespace: None,
        namespace_finalizers_pending: None,
        graceful_delete_period: None,
        garbage_collected: true,
        prepare_for_deletion: None,
        allocation: None,
        bootstrap_objects: None,
        answer_create: None,
        delete_refusal: None,
    };

    /// `T`'s strategy.
    pub const fn of<T: Strategy>() -> KindStrategy {
        KindStrategy {
            prepare_for_create: if T::PREPARE_FOR_CREATE {
                Some(prepare_for_create::<T>)
            } else {
                None
            },
            prepare_for_update: if T::PREPARE_FOR_UPDATE {
                Some(prepare_for_update::<T>)
            } else {
                None
            },
            prepare_for_status_update: if T::PREPARE_FOR_STATUS_UPDATE {
                Some(prepare_for_status_update::<T>)
            } else {
                None
            },
            warnings: if T::WARNINGS {
                Some(warnings::<T>)
            } else {
                None
            },
            namespace_lifecycle: T::NAMESPACE_LIFECYCLE,
            status_on_create: T::STATUS_ON_CREATE,
            finalize_namespace: if T::NAMESPACE_LIFECYCLE {
                Some(finalize_namespace::<T>)
            } else {
                None
            },
            namespace_finalizers_pending: if T::NAMESPACE_LIFECYCLE {
                Some(namespace_finalizers_pending::<T>)
            } else {
                None
            },
            graceful_delete_period: if T::GRACEFUL_DELETE {
                Some(graceful_delete_period::<T>)
            } else {
                None
            },
            garbage_collected: T::GARBAGE_COLLECTED,
            prepare_for_deletion: if T::PREPARE_FOR_DELETION {
                Some(prepare_for_deletion::<T>)
            } else {
                None
            },
            allocation: if T::ALLOCATES {
                Some(KindAllocation {
                    allocated: allocated::<T>,
                    allocate: allocate::<T>,
                })
            } else {
                None
            },
            bootstrap_objects: if T::BOOTSTRAP {
                Some(bootstrap_objects::<T>)
            } else {
                None
            },
            answer_create: if T::UNSTORED {
                Some(answer_create::<T>)
            } else {
                None
            },
            delete_refusal: if T::DELETE_REFUSAL {
                Some(T::delete_refusal)
            } else {
                None
            },
        }
    }
}

impl PartialEq for KindStrategy {
    fn eq(&self, other: &Self) -> bool {
        self.garbage_collected == other.garbage_collected
            && self.namespace_lifecycle == other.namespace_lifecycle
            && self.status_on_create == other.status_on_create
            && match (self.prepare_for_create, other.prepare_for_create) {
                (Some(a), Some(b)) => std::ptr::fn_addr_eq(a, b),
                (a, b) => a.is_none() && b.is_none(),
            }
            && match (self.graceful_delete_period, other.graceful_delete_period) {
                (Some(a), Some(b)) => std::ptr::fn_addr_eq(a, b),
                (a, b) => a.is_none() && b.is_none(),
            }
            && match (self.prepare_for_update, other.prepare_for_update) {
                (Some(a), Some(b)) => std::ptr::fn_addr_eq(a, b),
                (a, b) => a.is_none() && b.is_none(),
            }
            && match (
                self.prepare_for_status_update,
                other.prepare_for_status_update,
            ) {
                (Some(a), Some(b)) => std::ptr::fn_addr_eq(a, b),
                (a, b) => a.is_none() && b.is_none(),
            }
            && match (self.warnings, other.warnings) {
                (Some(a), Some(b)) => std::ptr::fn_addr_eq(a, b),
                (a, b) => a.is_none() && b.is_none(),
            }
            && match (self.prepare_for_deletion, other.prepare_for_deletion) {
                (Some(a), Some(b)) => std::ptr::fn_addr_eq(a, b),
                (a, b) => a.is_none() && b.is_none(),
            }
            && match (self.finalize_namespace, other.finalize_namespace) {
                (Some(a), Some(b)) => std::ptr::fn_addr_eq(a, b),
                (a, b) => a.is_none() && b.is_none(),
            }
            && match (
                self.namespace_finalizers_pending,
                other.namespace_finalizers_pending,
            ) {
                (Some(a), Some(b)) => std::ptr::fn_addr_eq(a, b),
                (a, b) => a.is_none() && b.is_none(),
            }
            && match (self.allocation, other.allocation) {
                (Some(a), Some(b)) => {
                    std::ptr::fn_addr_eq(a.allocated, b.allocated)
                        && std::ptr::fn_addr_eq(a.allocate, b.allocate)
                }
                (a, b) => a.is_none() && b.is_none(),
            }
            && match (self.bootstrap_objects, other.bootstrap_objects) {
                (Some(a), Some(b)) => std::ptr::fn_addr_eq(a, b),
                (a, b) => a.is_none() && b.is_none(),
            }
            && match (self.answer_create, other.answer_create) {
                (Some(a), Some(b)) => std::ptr::fn_addr_eq(a, b),
                (a, b) => a.is_none() && b.is_none(),
            }
            && match (self.delete_refusal, other.delete_refusal) {
                (Some(a), Some(b)) => std::ptr::fn_addr_eq(a, b),
                (a, b) => a.is_none() && b.is_none(),
            }
    }
}

impl Eq for KindStrategy {}

fn namespace_finalizers_pending<T: Strategy>(object: &dyn std::any::Any) -> bool {
    object
        .downcast_ref::<T>()
        .is_some_and(Strategy::namespace_finalizers_pending)
}

fn finalize_namespace<T: Strategy>(object: &mut dyn std::any::Any) {
    if let Some(typed) = object.downcast_mut::<T>() {
        typed.finalize_namespace();
    }
}

fn allocated<T: Strategy>(object: &dyn std::any::Any) -> Vec<crate::allocation::Allocation> {
    object
        .downcast_ref::<T>()
        .map(Strategy::allocated)
        .unwrap_or_default()
}

fn allocate<T: Strategy>(
    object: &mut dyn std::any::Any,
    old: Option<&dyn std::any::Any>,
    allocator: &mut dyn crate::allocation::Allocator,
) -> Result<(), AllocationFailure> {
    match object.downcast_mut::<T>() {
        Some(typed) => typed.allocate(old.and_then(|o| o.downcast_ref::<T>()), allocator),
        None => Ok(()),
    }
}

fn answer_create<T: Strategy>(
    object: &mut dyn std::any::Any,
    request: &crate::auth::RequestContext<'_>,
) -> Result<(), String> {
    match object.downcast_mut::<T>() {
        Some(typed) => typed.answer_create(request),
        None => Ok(()),
    }
}

fn bootstrap_objects<T: Strategy>(server: &Bootstrap) -> Result<Vec<serde_json::Value>, String> {
    T::bootstrap_objects(server)
        .iter()
        .map(|o| serde_json::to_value(o).map_err(|e| e.to_string()))
        .collect()
}

fn prepare_for_create<T: Strategy>(object: &mut dyn std::any::Any) {
    if let Some(typed) = object.downcast_mut::<T>() {
        typed.prepare_for_create();
    }
}

fn prepare_for_update<T: Strategy>(object: &mut dyn std::any::Any, old: &dyn std::any::Any) {
    if let (Some(typed), Some(old)) = (object.downcast_mut::<T>(), old.downcast_ref::<T>()) {
        typed.prepare_for_update(old);
    }
}

fn prepare_for_status_update<T: Strategy>(object: &mut dyn std::any::Any, old: &dyn std::any::Any) {
    if let (Some(typed), Some(old)) = (object.downcast_mut::<T>(), old.downcast_ref::<T>()) {
        typed.prepare_for_status_update(old);
    }
}

fn warnings<T: Strategy>(
    object: &dyn std::any::Any,
    old: Option<&dyn std::any::Any>,
) -> Vec<String> {
    match (
        object.downcast_ref::<T>(),
        old.map(|o| o.downcast_ref::<T>()),
    ) {
        (Some(typed), None) => typed.warnings_on_create(),
        (Some(typed), Some(Some(old))) => typed.warnings_on_update(old),
        _ => Vec::new(),
    }
}

fn graceful_delete_period<T: Strategy>(
    object: &dyn std::any::Any,
    requested: Option<i64>,
) -> Option<i64> {
    let typed = object.downcast_ref::<T>()?;
    Some(typed.graceful_delete_period(requested))
}

fn prepare_for_deletion<T: Strategy>(object: &mut dyn std::any::Any) {
    if let Some(typed) = object.downcast_mut::<T>() {
        typed.prepare_for_deletion();
    }
}

/// A kind's hand-written Table columns: what [`Printer`] gives, as the
/// derive stores it in [`ResourceInfo::printer`].
#[derive(Debug, Clone, Copy)]
pub struct TablePrinter {
    /// The columns after Name (or all of them, without
    /// [`name_column`](Self::name_column)), each with its `priority` (1 is
    /// `-o wide`).
    pub columns: &'static [PrinterColumn],
    /// Whether the Table leads with the Name column, as most kinds' do.
    pub name_column: bool,
    /// One cell per column for an object of the kind (the Rust value
    /// behind `&dyn Any`; none for another type), with ages taken
    /// relative to the given time.
    pub cells: fn(&dyn std::any::Any, chrono::DateTime<chrono::Utc>) -> Vec<serde_json::Value>,
}

impl TablePrinter {
    /// `T`'s printer.
    pub const fn of<T: Printer + 'static>() -> TablePrinter {
        TablePrinter {
            columns: T::COLUMNS,
            name_column: T::NAME_COLUMN,
            cells: printer_cells::<T>,
        }
    }
}

fn printer_cells<T: Printer + 'static>(
    object: &dyn std::any::Any,
    now: chrono::DateTime<chrono::Utc>,
) -> Vec<serde_json::Value> {
    object
        .downcast_ref::<T>()
        .map(|typed| typed.cells(now))
        .unwrap_or_default()
}

impl PartialEq for TablePrinter {
    fn eq(&self, other: &Self) -> bool {
        self.columns == other.columns
            && self.name_column == other.name_column
            && std::ptr::fn_addr_eq(self.cells, other.cells)
    }
}

impl Eq for TablePrinter {}

/// Hand-written Table printing for a kind marked `+printer:hook`: the
/// columns and cells kube-apiserver's `pkg/printers/internalversion`
/// printer gives the built-in kind (kube-apiserver prints every column,
/// the `-o wide` ones included, and kubectl hides priority 1 unless asked).
pub trait Printer {
    /// The columns after Name, in order (all of them when
    /// [`NAME_COLUMN`](Self::NAME_COLUMN) is false).
    const COLUMNS: &'static [PrinterColumn];
    /// Whether the Table leads with the Name column. Upstream's printers
    /// declare Name themselves; all but Event's put it first, and Event's
    /// puts it last, among its `-o wide` columns.
    const NAME_COLUMN: bool = true;
    /// One cell per [`COLUMNS`](Self::COLUMNS) entry for the object, read
    /// from its Rust fields as upstream's printer reads the Go struct, with
    /// ages relative to `now`. Cells are JSON strings or integers, as
    /// upstream's row cells are Go strings and int64s.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<serde_json::Value>;
}

/// The rule for an object's name: the `ValidateNameFunc` its kind passes to
/// upstream's `ValidateObjectMeta` (`+resource:nameFormat`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum NameFormat {
    /// `NameIsDNSSubdomain`: at most 253 characters of DNS-1123 labels
    /// joined by dots. Most kinds.
    #[default]
    Dns1123Subdomain,
    /// `NameIsDNSLabel`: one DNS-1123 label of at most 63 characters
    /// (Namespace).
    Dns1123Label,
    /// `NameIsDNS1035Label`: a DNS-1035 label, starting with a letter
    /// (Service).
    Dns1035Label,
    /// `ValidatePathSegmentName`: anything but `.` and `..`, without `/`
    /// or `%`.
    PathSegment,
}

impl ResourceInfo {
    /// `widgets.example.dev`, or `configmaps` for the core group: the form
    /// Kubernetes puts in error messages.
    pub fn group_resource(&self) -> String {
        if self.group.is_empty() {
            self.plural.to_string()
        } else {
            format!("{}.{}", self.plural, self.group)
        }
    }

    /// `Widget.example.dev`, or `ConfigMap` for the core group: the form in
    /// `Invalid` messages.
    pub fn group_kind(&self) -> String {
        if self.group.is_empty() {
            self.kind.to_string()
        } else {
            format!("{}.{}", self.kind, self.group)
        }
    }
}

/// A Rust type served as a Kubernetes resource. Implemented by
/// `#[derive(macros::Resource)]` from the type's package (`+groupName`, the
/// version directory) and markers (`+genclient:nonNamespaced`,
/// `+kubebuilder:resource`, `+kubebuilder:subresource:*`,
/// `+kubebuilder:printcolumn`).
pub trait Resource: Serialize + DeserializeOwned + Send + Sync + 'static {
    /// Identity and serving metadata.
    const INFO: ResourceInfo;
    /// [`INFO.namespaced`](ResourceInfo::namespaced) as a type, for APIs
    /// that pick methods by scope (kube-rs's `Api::namespaced` accepts only
    /// namespaced kinds): [`NamespaceResourceScope`] or
    /// [`ClusterResourceScope`].
    type Scope: ResourceScope;

    /// The object's `metadata` (the `ObjectMeta` field every kind has).
    fn metadata(&self) -> &crate::meta::ObjectMeta;

    /// The object's `metadata`, to change.
    fn metadata_mut(&mut self) -> &mut crate::meta::ObjectMeta;

    /// Exchanges the `status` fields of `self` and `other`; nothing for a
    /// kind without one. The generic store keeps or replaces the status
    /// with it (writes to the main resource and to `/status`).
    fn swap_status(&mut self, other: &mut Self);

    /// Sets the `status` of `self` to a copy of `other`'s; nothing for a
    /// kind without one.
    fn clone_status_from(&mut self, other: &Self);
}

/// The scope of a kind at the type level (a marker; the value is
/// [`ResourceInfo::namespaced`]): the two implementors mirror k8s-openapi's
/// marker types of the same names.
pub trait ResourceScope: Send + Sync + 'static {}

/// Objects live in a namespace (`/namespaces/{ns}/{plural}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NamespaceResourceScope {}

/// Objects are cluster-wide (`/{plural}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClusterResourceScope {}

impl ResourceScope for NamespaceResourceScope {}

impl ResourceScope for ClusterResourceScope {}
