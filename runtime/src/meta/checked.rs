//! The `FieldsV1` texts this process has checked recently, so that a text
//! seen again is copied instead of parsed again.
//!
//! A `FieldsV1` is kept as a `serde_json` `RawValue`, which can only be
//! made from text by parsing it (`RawValue::from_string`; the unchecked
//! constructor is `unsafe`). The same texts come back all the time: every
//! read of a stored object decodes the managed fields written by the last
//! write, and objects of one shape (a controller's, a template's) have one
//! field set. Whether a text is JSON depends on the text alone, so a text
//! byte for byte equal to one that parsed needs no second parse.
//!
//! Texts are filed by length, a few per length, and compared whole: a
//! lookup costs a comparison of the text (and a copy on a hit), not a
//! parse. Short texts are not kept: parsing them costs about as much.
//! Memory is bounded by a byte budget; an insert past it starts over
//! empty, as the read cache does.

use std::collections::BTreeMap;
use std::sync::Mutex;

use serde_json::value::RawValue;

/// Texts shorter than this are parsed every time.
pub(super) const MIN_LEN: usize = 256;

/// How many texts of one length are kept; a new one replaces the oldest.
const WAYS: usize = 4;

/// The process's memo: at most 8 MiB of text.
static CHECKED: Mutex<Checked> = Mutex::new(Checked::new(8 << 20));

/// The checked text equal to `text`, copied; `None` when it is not kept.
pub(super) fn lookup(text: &[u8]) -> Option<Box<RawValue>> {
    if text.len() < MIN_LEN {
        return None;
    }
    CHECKED.lock().ok()?.get(text)
}

/// Keeps `raw`, a text that parsed, for [`lookup`] (short ones aside).
pub(super) fn remember(raw: &RawValue) {
    if raw.get().len() < MIN_LEN {
        return;
    }
    if let Ok(mut checked) = CHECKED.lock() {
        checked.insert(raw);
    }
}

/// Checked texts by length, each length's oldest first.
struct Checked {
    budget: usize,
    bytes: usize,
    by_len: BTreeMap<usize, Vec<Box<RawValue>>>,
}

impl Checked {
    const fn new(budget: usize) -> Checked {
        Checked {
            budget,
            bytes: 0,
            by_len: BTreeMap::new(),
        }
    }

    fn get(&self, text: &[u8]) -> Option<Box<RawValue>> {
        self.by_len
            .get(&text.len())?
            .iter()
            .find(|raw| raw.get().as_bytes() == text)
            .cloned()
    }

    fn insert(&mut self, raw: &RawValue) {
        let len = raw.get().len();
        if len > self.budget {
            return;
        }
        if self.bytes + len > self.budget {
            self.by_len.clear();
            self.bytes = 0;
        }
        let same_len = self.by_len.entry(len).or_default();
        if same_len.iter().any(|kept| kept.get() == raw.get()) {
            return;
        }
        if same_len.len() == WAYS {
            same_len.remove(0);
            self.bytes -= len;
        }
        same_len.push(raw.to_owned());
        self.bytes += len;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A FieldsV1 object of `len` bytes whose one field is named by
    /// `letter` repeated.
    fn text(letter: char, len: usize) -> String {
        let name: String = std::iter::repeat_n(letter, len - 9).collect();
        let text = format!(r#"{{"f:{name}":{{}}}}"#);
        assert_eq!(text.len(), len);
        text
    }

    fn raw(text: &str) -> Box<RawValue> {
        RawValue::from_string(text.to_string()).unwrap()
    }

    #[test]
    fn a_kept_text_is_found_and_one_of_its_length_that_differs_is_not() {
        let mut checked = Checked::new(1 << 20);
        let a = text('a', 300);
        checked.insert(&raw(&a));
        assert_eq!(checked.get(a.as_bytes()).unwrap().get(), a);
        // Same length, other bytes; and a prefix.
        assert!(checked.get(text('b', 300).as_bytes()).is_none());
        assert!(checked.get(&a.as_bytes()[..299]).is_none());
    }

    #[test]
    fn a_length_keeps_its_newest_texts_and_the_budget_bounds_the_bytes() {
        let mut checked = Checked::new(1 << 20);
        let texts: Vec<String> = "abcde".chars().map(|c| text(c, 300)).collect();
        for t in &texts {
            checked.insert(&raw(t));
        }
        // Inserting one already kept changes nothing.
        checked.insert(&raw(&texts[4]));
        assert!(
            checked.get(texts[0].as_bytes()).is_none(),
            "the oldest went"
        );
        for t in &texts[1..] {
            assert!(checked.get(t.as_bytes()).is_some());
        }
        assert_eq!(checked.bytes, 4 * 300);

        let mut small = Checked::new(1000);
        small.insert(&raw(&text('a', 400)));
        small.insert(&raw(&text('b', 500)));
        assert_eq!(small.bytes, 900);
        // Past the budget: starts over with the new text only.
        small.insert(&raw(&text('c', 300)));
        assert_eq!(small.bytes, 300);
        assert!(small.get(text('a', 400).as_bytes()).is_none());
        assert!(small.get(text('c', 300).as_bytes()).is_some());
        // A text larger than the whole budget is not kept.
        small.insert(&raw(&text('d', 1001)));
        assert!(small.get(text('d', 1001).as_bytes()).is_none());
    }

    #[test]
    fn the_process_memo_keeps_long_texts_only() {
        let long = text('x', MIN_LEN + 37);
        remember(&raw(&long));
        assert_eq!(lookup(long.as_bytes()).unwrap().get(), long);
        let short = text('y', MIN_LEN - 1);
        remember(&raw(&short));
        assert!(lookup(short.as_bytes()).is_none());
    }
}
