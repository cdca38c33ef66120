//! The server's shared ranges (`--service-cluster-ip-range`,
//! `--service-node-port-range`) and the writes that take from them: a
//! write of a kind whose strategy allocates ([`Strategy::ALLOCATES`],
//! upstream's service storage `beginCreate`/`beginUpdate`) gets an
//! [`Allocator`] that sees as taken what the other stored objects of its
//! kind hold ([`Strategy::allocated`]) and what writes in flight have taken
//! and not stored yet. What the write takes is held for it until its
//! [`Reservation`] drops, after the store write: by then it is stored, or
//! the write failed and it is free again.
//!
//! What is held is read from the store on each allocating write (a list of
//! the kind's objects), not kept in a bitmap beside it, so a delete, a
//! namespace's cleanup or an etcd another server writes to frees an
//! address without a repair loop (upstream's `RepairIPs`).
//!
//! Source: `pkg/registry/core/service/ipallocator` and `portallocator`
//! (random dynamic allocation preferring the range's upper band,
//! `calculateRangeOffset`), `pkg/kubeapiserver/options` (the default
//! ranges).
//!
//! [`Strategy::ALLOCATES`]: runtime::resource::Strategy::ALLOCATES
//! [`Strategy::allocated`]: runtime::resource::Strategy::allocated

use std::collections::{BTreeSet, HashMap};
use std::net::IpAddr;
use std::ops::RangeInclusive;
use std::sync::{Arc, Mutex};

use ipnet::IpNet;
use rand::Rng;
use runtime::allocation::{Allocation, AllocationError, Allocator};

/// kube-apiserver's default `--service-cluster-ip-range`
/// (`DefaultServiceIPCIDR`): `10.0.0.0/24`.
pub const DEFAULT_SERVICE_CLUSTER_IP_RANGE: &str = "10.0.0.0/24";

/// kube-apiserver's default `--service-node-port-range`
/// (`DefaultServiceNodePortRange`): 30000 to 32767.
pub const DEFAULT_SERVICE_NODE_PORT_RANGE: RangeInclusive<i32> = 30000..=32767;

/// The ranges and what writes in flight hold of them.
#[derive(Debug)]
pub(crate) struct Ranges {
    cluster_ips: IpNet,
    node_ports: RangeInclusive<i32>,
    /// Per write in flight (by reservation number), what it has taken.
    pending: Mutex<Pending>,
}

#[derive(Debug, Default)]
struct Pending {
    next: u64,
    held: HashMap<u64, Vec<Allocation>>,
}

impl Ranges {
    /// The ranges `cluster_ips` and `node_ports`.
    pub(crate) fn new(cluster_ips: IpNet, node_ports: RangeInclusive<i32>) -> Arc<Ranges> {
        Arc::new(Ranges {
            cluster_ips: cluster_ips.trunc(),
            node_ports,
            pending: Mutex::new(Pending::default()),
        })
    }

    /// The service CIDR's address at `index` (1 is the first after the
    /// network address: the `kubernetes` service's).
    pub(crate) fn indexed_ip(&self, index: u128) -> Option<IpAddr> {
        offset_ip(self.cluster_ips.network(), index)
    }

    /// Runs `take` with an [`Allocator`] over the ranges, `stored` being
    /// what the other stored objects hold (read by the caller while this
    /// call holds the ranges' lock, so that a write that stores and then
    /// drops its reservation is seen in one of the two). What `take` takes
    /// is held until the returned [`Reservation`] drops.
    ///
    /// Errors: `stored` fails (its error is returned), or `take` fails.
    pub(crate) fn allocate<E>(
        self: &Arc<Self>,
        stored: impl FnOnce() -> Result<Vec<Allocation>, E>,
        take: impl FnOnce(&mut dyn Allocator) -> Result<(), E>,
    ) -> Result<Reservation, E> {
        let mut pending = self.pending.lock().unwrap_or_else(|e| e.into_inner());
        let mut taken: BTreeSet<Allocation> = stored()?.into_iter().collect();
        taken.extend(pending.held.values().flatten().copied());
        let mut txn = Txn {
            ranges: self,
            taken,
            took: Vec::new(),
        };
        take(&mut txn)?;
        let id = pending.next;
        pending.next += 1;
        if !txn.took.is_empty() {
            pending.held.insert(id, txn.took);
        }
        Ok(Reservation {
            ranges: self.clone(),
            id,
        })
    }
}

/// What one write has taken, held for it until this drops.
#[derive(Debug)]
pub(crate) struct Reservation {
    ranges: Arc<Ranges>,
    id: u64,
}

impl Drop for Reservation {
    fn drop(&mut self) {
        let mut pending = self
            .ranges
            .pending
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        pending.held.remove(&self.id);
    }
}

/// One write's view of the ranges.
struct Txn<'a> {
    ranges: &'a Ranges,
    taken: BTreeSet<Allocation>,
    took: Vec<Allocation>,
}

impl Txn<'_> {
    fn take(&mut self, allocation: Allocation) {
        self.taken.insert(allocation);
        self.took.push(allocation);
    }
}

impl Allocator for Txn<'_> {
    fn ip_family(&self) -> &'static str {
        runtime::allocation::ip_family(self.ranges.cluster_ips.network())
    }

    fn cluster_ip(&mut self, requested: Option<IpAddr>) -> Result<IpAddr, AllocationError> {
        let net = self.ranges.cluster_ips;
        // Upstream's bitmap leaves out the network address and, for IPv4,
        // the broadcast address.
        let size = range_size(&net);
        if let Some(ip) = requested {
            let index = index_of(&net, ip);
            if !index.is_some_and(|i| (1..=size).contains(&i)) {
                return Err(AllocationError::NotInRange {
                    what: "IP",
                    valid: net.to_string(),
                });
            }
            if self.taken.contains(&Allocation::ClusterIp(ip)) {
                return Err(AllocationError::Allocated { what: "IP" });
            }
            self.take(Allocation::ClusterIp(ip));
            return Ok(ip);
        }
        let index = pick(size, band_offset(size, 16, 256, 16), |i| {
            offset_ip(net.network(), i)
                .is_some_and(|ip| !self.taken.contains(&Allocation::ClusterIp(ip)))
        })
        .ok_or(AllocationError::Full)?;
        let ip = offset_ip(net.network(), index).ok_or(AllocationError::Full)?;
        self.take(Allocation::ClusterIp(ip));
        Ok(ip)
    }

    fn node_port(&mut self, requested: Option<i32>) -> Result<i32, AllocationError> {
        let range = self.ranges.node_ports.clone();
        if let Some(port) = requested {
            if !range.contains(&port) {
                return Err(AllocationError::NotInRange {
                    what: "port",
                    valid: format!("{}-{}", range.start(), range.end()),
                });
            }
            if self.taken.contains(&Allocation::NodePort(port)) {
                return Err(AllocationError::Allocated { what: "port" });
            }
            self.take(Allocation::NodePort(port));
            return Ok(port);
        }
        let size = u128::try_from(range.end() - range.start() + 1).unwrap_or(0);
        let base = *range.start();
        let to_port = |i: u128| i32::try_from(i).ok().map(|i| base + i - 1);
        let index = pick(size, band_offset(size, 16, 128, 32), |i| {
            to_port(i).is_some_and(|p| !self.taken.contains(&Allocation::NodePort(p)))
        })
        .ok_or(AllocationError::Full)?;
        let port = to_port(index).ok_or(AllocationError::Full)?;
        self.take(Allocation::NodePort(port));
        Ok(port)
    }
}

/// The addresses upstream's bitmap gives out of `net`, numbered from 1:
/// all but the network address and, for IPv4, the broadcast address
/// (capped, as upstream caps an IPv6 range, at 2^16 for this allocator's
/// scans).
fn range_size(net: &IpNet) -> u128 {
    let bits = u32::from(net.max_prefix_len() - net.prefix_len());
    let total = 1u128.checked_shl(bits).unwrap_or(u128::MAX);
    let usable = match net {
        IpNet::V4(_) => total.saturating_sub(2),
        IpNet::V6(_) => total.saturating_sub(1),
    };
    usable.min(1 << 16)
}

/// `ip`'s offset from `net`'s network address, when `ip` is in `net`.
fn index_of(net: &IpNet, ip: IpAddr) -> Option<u128> {
    if !net.contains(&ip) {
        return None;
    }
    match (net.network(), ip) {
        (IpAddr::V4(base), IpAddr::V4(ip)) => Some(u128::from(u32::from(ip) - u32::from(base))),
        (IpAddr::V6(base), IpAddr::V6(ip)) => Some(u128::from(ip) - u128::from(base)),
        _ => None,
    }
}

/// The address `index` after `base`.
fn offset_ip(base: IpAddr, index: u128) -> Option<IpAddr> {
    match base {
        IpAddr::V4(base) => {
            let index = u32::try_from(index).ok()?;
            u32::from(base)
                .checked_add(index)
                .map(|ip| IpAddr::V4(ip.into()))
        }
        IpAddr::V6(base) => u128::from(base)
            .checked_add(index)
            .map(|ip| IpAddr::V6(ip.into())),
    }
}

/// Upstream's `calculateRangeOffset`: the size of the lower band kept for
/// addresses or ports asked for by value (`size / step`, at least `min`
/// and at most `max`); none when the range is smaller than `min`.
fn band_offset(size: u128, min: u128, max: u128, step: u128) -> u128 {
    if size < min {
        return 0;
    }
    (size / step).clamp(min, max)
}

/// A free index among `1..=size`, picked at random in the upper band
/// (`offset+1..=size`) first and then in the lower one, as upstream's
/// `randomScanStrategyWithOffset` scans from a random start in each.
fn pick(size: u128, offset: u128, free: impl Fn(u128) -> bool) -> Option<u128> {
    let mut rng = rand::rng();
    let mut scan = |first: u128, last: u128| -> Option<u128> {
        if first > last {
            return None;
        }
        let len = last - first + 1;
        let start = rng.random_range(0..len);
        (0..len)
            .map(|i| first + (start + i) % len)
            .find(|&i| free(i))
    };
    scan(offset + 1, size).or_else(|| scan(1, offset.min(size)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranges(cidr: &str, ports: RangeInclusive<i32>) -> Arc<Ranges> {
        Ranges::new(cidr.parse().unwrap(), ports)
    }

    fn take(
        ranges: &Arc<Ranges>,
        stored: Vec<Allocation>,
        f: impl FnOnce(&mut dyn Allocator) -> Result<(), AllocationError>,
    ) -> Result<Reservation, AllocationError> {
        ranges.allocate(|| Ok(stored), f)
    }

    #[test]
    fn dynamic_addresses_come_from_the_upper_band_then_the_lower() {
        let r = ranges("10.0.0.0/24", 30000..=32767);
        // 254 usable addresses, the lower 16 kept for requests.
        let mut got = Vec::new();
        let _held = take(&r, vec![], |a| {
            for _ in 0..254 {
                got.push(a.cluster_ip(None)?);
            }
            Ok(())
        })
        .unwrap();
        let upper: BTreeSet<IpAddr> = got[..238].iter().copied().collect();
        assert_eq!(upper.len(), 238);
        assert!(upper.iter().all(|ip| {
            let last = match ip {
                IpAddr::V4(v4) => v4.octets()[3],
                IpAddr::V6(_) => 0,
            };
            (17..=254).contains(&last)
        }));
        let all: BTreeSet<IpAddr> = got.iter().copied().collect();
        assert_eq!(all.len(), 254);
        assert!(!all.contains(&"10.0.0.0".parse::<IpAddr>().unwrap()));
        assert!(!all.contains(&"10.0.0.255".parse::<IpAddr>().unwrap()));
        let full = take(&r, vec![], |a| a.cluster_ip(None).map(drop));
        assert_eq!(full.unwrap_err().to_string(), "range is full");
    }

    #[test]
    fn requests_are_checked_against_the_range_and_what_is_held() {
        let r = ranges("10.0.0.0/24", 30000..=32767);
        let ip: IpAddr = "10.0.0.10".parse().unwrap();
        let stored = vec![Allocation::ClusterIp(ip), Allocation::NodePort(30080)];
        let err = take(&r, stored.clone(), |a| a.cluster_ip(Some(ip)).map(drop)).unwrap_err();
        assert_eq!(err.to_string(), "provided IP is already allocated");
        let outside: IpAddr = "10.0.1.1".parse().unwrap();
        let err = take(&r, vec![], |a| a.cluster_ip(Some(outside)).map(drop)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "provided IP is not in the valid range. The range of valid IPs is 10.0.0.0/24"
        );
        let err = take(&r, stored.clone(), |a| a.node_port(Some(30080)).map(drop)).unwrap_err();
        assert_eq!(err.to_string(), "provided port is already allocated");
        let err = take(&r, vec![], |a| a.node_port(Some(80)).map(drop)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "provided port is not in the valid range. The range of valid ports is 30000-32767"
        );
    }

    #[test]
    fn a_reservation_holds_until_it_drops() {
        let r = ranges("10.0.0.0/24", 30000..=30001);
        let held = take(&r, vec![], |a| {
            a.node_port(Some(30000))?;
            a.cluster_ip(Some("10.0.0.5".parse().unwrap())).map(drop)
        })
        .unwrap();
        let err = take(&r, vec![], |a| a.node_port(Some(30000)).map(drop)).unwrap_err();
        assert_eq!(err, AllocationError::Allocated { what: "port" });
        let mut port = 0;
        let _other = take(&r, vec![], |a| {
            port = a.node_port(None)?;
            Ok(())
        })
        .unwrap();
        assert_eq!(port, 30001);
        drop(held);
        assert!(take(&r, vec![], |a| a.node_port(Some(30000)).map(drop)).is_ok());
    }
}
