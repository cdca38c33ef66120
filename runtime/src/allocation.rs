//! Addresses and ports a kind's objects take from ranges the server shares
//! among all of them: a Service's cluster IPs (`--service-cluster-ip-range`)
//! and node ports (`--service-node-port-range`). A kind that holds them says
//! so in its registry strategy (`Strategy::allocated`, `Strategy::allocate`
//! in the `resource` module); the server keeps the ranges and answers an
//! object's requests through [`Allocator`].
//!
//! Source: kube-apiserver's service allocators
//! (`pkg/registry/core/service/ipallocator` and `portallocator`), which
//! the service storage calls in its `beginCreate` and `beginUpdate`
//! (`pkg/registry/core/service/storage/alloc.go`).

use std::net::IpAddr;

/// The IP family of `ip` as the API names it (`IPv4` or `IPv6`, core/v1
/// `IPFamily`).
pub fn ip_family(ip: IpAddr) -> &'static str {
    match ip {
        IpAddr::V4(_) => "IPv4",
        IpAddr::V6(_) => "IPv6",
    }
}

/// One address or port an object holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Allocation {
    /// A cluster IP from the service CIDR.
    ClusterIp(IpAddr),
    /// A port from the node port range.
    NodePort(i32),
}

/// Why an address or port could not be taken: upstream's allocator errors,
/// whose `Display` is their text (`ipallocator.ErrAllocated`,
/// `ErrNotInRange`, `ErrFull`; `portallocator`'s the same).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AllocationError {
    /// The requested one is held by another object: `provided IP is
    /// already allocated` / `provided port is already allocated`.
    Allocated {
        /// What was asked for: `IP` or `port`.
        what: &'static str,
    },
    /// The requested one is outside the range, the valid range given as
    /// upstream prints it (`10.0.0.0/24`, `30000-32767`). Its text is the
    /// port allocator's; for an address, upstream's allocator of service
    /// CIDRs answers `the provided network does not match the current
    /// range` instead, which the Service strategy reports.
    NotInRange {
        /// What was asked for: `IP` or `port`.
        what: &'static str,
        /// The valid range.
        valid: String,
    },
    /// Nothing is left to give: `range is full`.
    Full,
}

impl std::fmt::Display for AllocationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AllocationError::Allocated { what } => {
                write!(f, "provided {what} is already allocated")
            }
            AllocationError::NotInRange { what, valid } => write!(
                f,
                "provided {what} is not in the valid range. The range of valid {what}s is {valid}"
            ),
            AllocationError::Full => f.write_str("range is full"),
        }
    }
}

/// The server's ranges as one object's write sees them: what every other
/// stored object holds is taken, as is what concurrent writes have taken
/// and not yet stored. What an object takes here stays its own until its
/// write ends; released when the write fails.
pub trait Allocator {
    /// The service CIDR's IP family: `IPv4` or `IPv6`.
    fn ip_family(&self) -> &'static str;

    /// `requested` if it is in the service CIDR and free, else a free
    /// address picked at random (upstream's dynamic allocation, which
    /// prefers the range's upper band).
    ///
    /// Errors: [`AllocationError`].
    fn cluster_ip(&mut self, requested: Option<IpAddr>) -> Result<IpAddr, AllocationError>;

    /// `requested` if it is in the node port range and free, else a free
    /// port picked at random.
    ///
    /// Errors: [`AllocationError`].
    fn node_port(&mut self, requested: Option<i32>) -> Result<i32, AllocationError>;
}
