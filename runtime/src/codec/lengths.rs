//! The lengths of nested messages, measured once per encoding.
//!
//! A nested message is written as its length, then its fields. prost's
//! `message::encode` asks the nested message for its `encoded_len`, which
//! asks its own nested messages, so one encoding measures a message once
//! per level above it, and encoding an object takes time in proportion to
//! its size times its depth (a container's port in a Deployment is
//! measured six times). gogo's generated `Marshal` avoids this by writing
//! back to front (`MarshalToSizedBuffer`); protobuf-go keeps each
//! message's size. This module keeps the sizes, for one encoding at a time:
//! [`recorded`] measures the object once, recording the length of every
//! nested message it meets ([`nested_len`]), with its address and type, in
//! the order `encoded_len` meets them, which is the order `encode_raw`
//! writes them; writing ([`write_len`]) then takes each length from the
//! record instead of measuring again.
//!
//! A recorded length is taken only for the value it was recorded for (the
//! same address and type: the same value, which cannot change while it is
//! borrowed for the encoding); a nested message the record does not hold
//! next is measured as prost measures it. So the bytes are those of the
//! plain encoding whatever the two orders are; only the time depends on
//! their agreeing, which they do for the generated codecs and the meta
//! types' hand-written ones (a test encodes every fixture and counts the
//! lengths not found).

use std::any::TypeId;
use std::cell::RefCell;

/// What the thread's encoding is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// No recorded encoding: measure as prost does.
    Off,
    /// Measuring the object: record each nested message's length.
    Record,
    /// Writing the object: take the lengths recorded.
    Write,
}

struct Record {
    mode: Mode,
    /// Nested messages by address and type, with their lengths, in the
    /// order measured.
    lengths: Vec<(usize, TypeId, usize)>,
    /// The next length to write.
    next: usize,
    /// Nested messages written without a recorded length.
    missed: usize,
}

thread_local! {
    static RECORD: RefCell<Record> = const {
        RefCell::new(Record {
            mode: Mode::Off,
            lengths: Vec::new(),
            next: 0,
            missed: 0,
        })
    };
}

/// The record is emptied to this many entries' capacity after an
/// encoding, so one very large object does not hold its memory.
const KEPT_CAPACITY: usize = 4096;

fn identity<M: 'static>(value: &M) -> (usize, TypeId) {
    ((value as *const M).addr(), TypeId::of::<M>())
}

/// Measures `object` once, recording the lengths of its nested messages,
/// and calls `write` with its length: the nested messages `write` encodes
/// take their lengths from the record. Called again inside `write` (an
/// encoding within an encoding), it measures as prost does.
pub(crate) fn recorded<M: prost::Message, R>(object: &M, write: impl FnOnce(usize) -> R) -> R {
    let started = RECORD.with_borrow_mut(|r| {
        if r.mode != Mode::Off {
            return false;
        }
        r.mode = Mode::Record;
        r.lengths.clear();
        r.next = 0;
        r.missed = 0;
        true
    });
    if !started {
        return write(object.encoded_len());
    }
    // Off again however `write` ends.
    let _off = Off;
    let len = object.encoded_len();
    RECORD.with_borrow_mut(|r| r.mode = Mode::Write);
    write(len)
}

struct Off;

impl Drop for Off {
    fn drop(&mut self) {
        RECORD.with_borrow_mut(|r| {
            r.mode = Mode::Off;
            r.lengths.clear();
            r.lengths.shrink_to(KEPT_CAPACITY);
        });
    }
}

/// The length of nested message `value` as its parent measures it:
/// recorded while measuring, read from the record (without moving on)
/// while writing, measured otherwise.
pub(crate) fn nested_len<M: prost::Message + 'static>(value: &M) -> usize {
    let id = identity(value);
    let found = RECORD.with_borrow_mut(|r| match r.mode {
        Mode::Off => Err(None),
        Mode::Record => {
            r.lengths.push((id.0, id.1, 0));
            Err(Some(r.lengths.len() - 1))
        }
        Mode::Write => match r.lengths.get(r.next) {
            Some(&(address, type_id, len)) if (address, type_id) == id => Ok(len),
            _ => Err(None),
        },
    });
    match found {
        Ok(len) => len,
        Err(slot) => {
            let len = value.encoded_len();
            if let Some(slot) = slot {
                RECORD.with_borrow_mut(|r| r.lengths[slot].2 = len);
            }
            len
        }
    }
}

/// The length to write before nested message `value`: the next recorded
/// one when it is `value`'s (moving on), measured otherwise.
pub(crate) fn write_len<M: prost::Message + 'static>(value: &M) -> usize {
    let id = identity(value);
    let found = RECORD.with_borrow_mut(|r| {
        if r.mode != Mode::Write {
            return None;
        }
        match r.lengths.get(r.next) {
            Some(&(address, type_id, len)) if (address, type_id) == id => {
                r.next += 1;
                Some(len)
            }
            _ => {
                r.missed += 1;
                None
            }
        }
    });
    found.unwrap_or_else(|| value.encoded_len())
}

/// How many nested messages the thread's last recorded encoding wrote
/// without a recorded length (measuring them as prost does): 0 when the
/// codecs measure and write their fields in the same order.
pub(crate) fn last_missed() -> usize {
    RECORD.with_borrow(|r| r.missed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::wire as w;
    use prost::bytes::{Buf, BufMut};
    use prost::encoding::{DecodeContext, WireType};

    /// A message of `name` and nested `children`, measured in field order
    /// (or, with `measure_backwards`, children last to first: the lengths
    /// are then recorded in another order than written).
    #[derive(Debug, Default, Clone)]
    struct Node {
        name: String,
        children: Vec<Node>,
        measure_backwards: bool,
    }

    impl prost::Message for Node {
        fn encode_raw(&self, buf: &mut impl BufMut) {
            w::string(1, &self.name, buf);
            for child in &self.children {
                w::message(2, child, buf);
            }
        }
        fn merge_field(
            &mut self,
            tag: u32,
            wire_type: WireType,
            buf: &mut impl Buf,
            ctx: DecodeContext,
        ) -> Result<(), prost::DecodeError> {
            w::skip(tag, wire_type, buf, ctx)
        }
        fn encoded_len(&self) -> usize {
            let children: usize = if self.measure_backwards {
                self.children
                    .iter()
                    .rev()
                    .map(|c| w::message_len(2, c))
                    .sum()
            } else {
                self.children.iter().map(|c| w::message_len(2, c)).sum()
            };
            w::string_len(1, &self.name) + children
        }
        fn clear(&mut self) {
            *self = Node::default();
        }
    }

    /// A tree `depth` levels deep, `width` children per node, with names
    /// long enough that some lengths take two varint bytes.
    fn tree(depth: usize, width: usize, backwards: bool) -> Node {
        Node {
            name: format!("node-{depth}-{}", "x".repeat(40)),
            children: if depth == 0 {
                Vec::new()
            } else {
                (0..width)
                    .map(|_| tree(depth - 1, width, backwards))
                    .collect()
            },
            measure_backwards: backwards,
        }
    }

    /// What prost writes, measuring each nested message where it writes it.
    fn plain(node: &Node) -> Vec<u8> {
        prost::Message::encode_to_vec(node)
    }

    #[test]
    fn a_recorded_encoding_writes_prosts_bytes_measuring_each_message_once() {
        let node = tree(4, 3, false);
        let expected = plain(&node);
        assert!(expected.len() > 1000);
        assert_eq!(w::encode_message(&node), expected);
        assert_eq!(last_missed(), 0);
        // The record is per encoding: a second one finds its own.
        assert_eq!(
            w::encode_message(&tree(2, 2, false)),
            plain(&tree(2, 2, false))
        );
        assert_eq!(last_missed(), 0);
    }

    #[test]
    fn lengths_recorded_in_another_order_are_measured_again_with_the_same_bytes() {
        let node = tree(3, 3, true);
        assert_eq!(w::encode_message(&node), plain(&node));
        assert!(last_missed() > 0);
    }

    #[test]
    fn an_encoding_within_an_encoding_measures_as_prost_does() {
        let outer = tree(2, 2, false);
        let inner = tree(3, 2, false);
        let (bytes, inner_bytes) = recorded(&outer, |len| {
            let inner_bytes = w::encode_message(&inner);
            let mut out = Vec::with_capacity(len);
            prost::Message::encode_raw(&outer, &mut out);
            (out, inner_bytes)
        });
        assert_eq!(bytes, plain(&outer));
        assert_eq!(inner_bytes, plain(&inner));
        // Outside any encoding, messages are measured where written.
        assert_eq!(plain(&inner), prost::Message::encode_to_vec(&inner));
    }
}
