//! Random values of API types for generated round-trip tests (feature
//! `arbitrary`): [`Arbitrary`] for the scalars, collections and
//! well-known types of the model; the conversion generator implements it
//! for a versioned package's own types, honouring each field's
//! `+kubebuilder:validation:Pattern` ([`Gen::matching`]), so that the
//! objects a test converts are ones the version's validation admits.
//!
//! Values are drawn from a seeded generator ([`Gen::new`]): a failing seed
//! reproduces.

use std::collections::BTreeMap;

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use crate::meta::{
    Condition, IntOrString, LabelSelector, ObjectMeta, Quantity, RawExtension, Time,
};

/// A seeded source of random values.
pub struct Gen {
    runner: TestRunner,
}

impl Gen {
    /// A generator whose values depend only on `seed`.
    pub fn new(seed: u64) -> Gen {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&seed.to_le_bytes());
        let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &bytes);
        Gen {
            runner: TestRunner::new_with_rng(Config::default(), rng),
        }
    }

    /// A value of `strategy`.
    ///
    /// # Panics
    ///
    /// When the strategy rejects every value it tries (a regular
    /// expression that matches nothing).
    pub fn sample<S: Strategy>(&mut self, strategy: S) -> S::Value {
        strategy
            .new_tree(&mut self.runner)
            .expect("the strategy gives a value")
            .current()
    }

    /// Whether to fill an optional or repeated part: about two times in
    /// three.
    pub fn fill(&mut self) -> bool {
        self.sample(0u8..3) > 0
    }

    /// A string matching the regular expression `pattern` (a field's
    /// `+kubebuilder:validation:Pattern`). A leading `^` and a trailing
    /// `$` are dropped: a string of the pattern's own language matches it
    /// anchored or not.
    ///
    /// # Panics
    ///
    /// When `pattern` is not a regular expression proptest can generate
    /// from (other anchors, look-around).
    pub fn matching(&mut self, pattern: &str) -> String {
        let pattern = pattern.strip_prefix('^').unwrap_or(pattern);
        let pattern = pattern.strip_suffix('$').unwrap_or(pattern);
        let strategy = proptest::string::string_regex(pattern)
            .unwrap_or_else(|e| panic!("pattern {pattern:?} does not generate: {e}"));
        self.sample(strategy)
    }

    /// `Some` of `value` about two times in three.
    pub fn option<T>(&mut self, value: impl FnOnce(&mut Gen) -> T) -> Option<T> {
        self.fill().then(|| value(self))
    }

    /// Zero to three items.
    pub fn list<T>(&mut self, mut item: impl FnMut(&mut Gen) -> T) -> Vec<T> {
        let len = self.sample(0usize..4);
        (0..len).map(|_| item(self)).collect()
    }

    /// Zero to three entries with random keys.
    pub fn map<T>(&mut self, mut value: impl FnMut(&mut Gen) -> T) -> BTreeMap<String, T> {
        let len = self.sample(0usize..4);
        (0..len).map(|_| (self.word(), value(self))).collect()
    }

    /// A short lower-case word, a valid DNS label (`k8s-short-name`):
    /// `[a-z]([a-z0-9-]{0,10}[a-z0-9])?`.
    pub fn word(&mut self) -> String {
        self.matching("[a-z]([a-z0-9-]{0,10}[a-z0-9])?")
    }
}

/// A type the generated round-trip tests draw random values of.
pub trait Arbitrary: Sized {
    /// A random value.
    fn arbitrary(g: &mut Gen) -> Self;
}

macro_rules! sampled {
    ($($t:ty),*) => {
        $(impl Arbitrary for $t {
            fn arbitrary(g: &mut Gen) -> Self {
                g.sample(proptest::arbitrary::any::<$t>())
            }
        })*
    };
}

sampled!(bool, i8, i16, i32, i64, u8, u16, u32, u64);

impl Arbitrary for f64 {
    /// A finite number (NaN is not equal to itself).
    fn arbitrary(g: &mut Gen) -> Self {
        g.sample(-1.0e6..1.0e6)
    }
}

impl Arbitrary for String {
    /// Empty (the zero value, which API objects hold often) one time in
    /// three, else 1 to 16 printable ASCII characters.
    fn arbitrary(g: &mut Gen) -> Self {
        if g.fill() {
            g.matching("[ -~]{1,16}")
        } else {
            String::new()
        }
    }
}

impl<T: Arbitrary> Arbitrary for Option<T> {
    fn arbitrary(g: &mut Gen) -> Self {
        g.option(T::arbitrary)
    }
}

impl<T: Arbitrary> Arbitrary for Vec<T> {
    fn arbitrary(g: &mut Gen) -> Self {
        g.list(T::arbitrary)
    }
}

impl<T: Arbitrary> Arbitrary for BTreeMap<String, T> {
    fn arbitrary(g: &mut Gen) -> Self {
        g.map(T::arbitrary)
    }
}

impl<T: Arbitrary> Arbitrary for Box<T> {
    fn arbitrary(g: &mut Gen) -> Self {
        Box::new(T::arbitrary(g))
    }
}

impl Arbitrary for Time {
    /// A whole second between 1970 and 2096.
    fn arbitrary(g: &mut Gen) -> Self {
        let seconds = g.sample(0i64..4_000_000_000);
        Time(chrono::DateTime::from_timestamp(seconds, 0).unwrap_or_default())
    }
}

impl Arbitrary for Quantity {
    /// One of a few quantities in canonical form.
    fn arbitrary(g: &mut Gen) -> Self {
        let text = ["0", "1", "100m", "1500m", "1Gi", "512Mi", "2k", "1e3"][g.sample(0usize..8)];
        Quantity::parse(text).unwrap_or_default()
    }
}

impl Arbitrary for IntOrString {
    fn arbitrary(g: &mut Gen) -> Self {
        if g.fill() {
            IntOrString::Int(g.sample(0i32..1000))
        } else {
            IntOrString::String(format!("{}%", g.sample(0u8..101)))
        }
    }
}

impl Arbitrary for RawExtension {
    /// A small object with a `kind` and a number.
    fn arbitrary(g: &mut Gen) -> Self {
        let kind = g.word();
        let n = g.sample(proptest::arbitrary::any::<i32>());
        RawExtension(serde_json::json!({"kind": kind, "n": n}))
    }
}

impl Arbitrary for ObjectMeta {
    /// The fields clients set and the server fills: name, namespace, uid,
    /// generation, creation time, labels and annotations.
    fn arbitrary(g: &mut Gen) -> Self {
        ObjectMeta {
            name: Some(g.word()),
            namespace: g.option(Gen::word),
            uid: g.option(Gen::word),
            resource_version: g.option(|g| g.sample(1u32..100_000).to_string()),
            generation: g.option(|g| g.sample(1i64..100)),
            creation_timestamp: g.option(Time::arbitrary),
            labels: g.map(Gen::word),
            annotations: g.map(String::arbitrary),
            ..ObjectMeta::default()
        }
    }
}

impl Arbitrary for LabelSelector {
    fn arbitrary(g: &mut Gen) -> Self {
        LabelSelector {
            match_labels: g.map(Gen::word),
            ..LabelSelector::default()
        }
    }
}

impl Arbitrary for Condition {
    fn arbitrary(g: &mut Gen) -> Self {
        Condition {
            r#type: g.matching("[A-Z][a-zA-Z]{0,11}"),
            status: ["True", "False", "Unknown"][g.sample(0usize..3)].to_string(),
            observed_generation: g.option(|g| g.sample(1i64..100)),
            last_transition_time: Some(Time::arbitrary(g)),
            reason: g.matching("[A-Z][a-zA-Z]{0,11}"),
            message: String::arbitrary(g),
        }
    }
}

/// A named conversion of an object there and back (`("v1beta1", ...)`).
pub type RoundTrip<T> = (&'static str, fn(T) -> T);

/// The round-trip test the conversion generator writes for a kind `T`:
/// 256 random objects (seeds 0 to 255), defaulted as the server stores
/// them; those the kind's validation rejects are skipped; every other one
/// must come back equal from each of `paths` (a name for the message, and
/// the conversion there and back: through the hub, or on through another
/// version).
///
/// # Panics
///
/// When an object does not come back equal (the message names the seed
/// and the path), or fewer than 32 of the 256 are valid (the test would
/// prove little).
pub fn assert_round_trips<T>(paths: &[RoundTrip<T>])
where
    T: crate::registry::ServedKind + Arbitrary + std::fmt::Debug,
{
    let ctx = crate::validate::Context::create();
    let mut valid = 0;
    for seed in 0..256u64 {
        let mut object = T::arbitrary(&mut Gen::new(seed));
        object.set_defaults();
        if !crate::registry::ServedKind::validate(&object, None, &ctx).is_empty() {
            continue;
        }
        valid += 1;
        for (path, there_and_back) in paths {
            let back = there_and_back(object.clone());
            assert_eq!(back, object, "seed {seed}, through {path}");
        }
    }
    assert!(valid >= 32, "only {valid} of 256 random objects are valid");
}
