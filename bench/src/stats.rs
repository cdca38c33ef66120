//! Latency samples and their summary.

use std::time::Duration;

use serde::Serialize;

/// Percentiles of a set of latencies, in milliseconds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Latency {
    /// Number of samples.
    pub samples: usize,
    /// Median.
    pub p50_ms: f64,
    /// 99th percentile.
    pub p99_ms: f64,
    /// Arithmetic mean.
    pub mean_ms: f64,
    /// Largest sample.
    pub max_ms: f64,
}

/// The nearest-rank percentile `p` (0..=100) of sorted samples; zero when empty.
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

impl Latency {
    /// Summarizes `samples` (sorted in place).
    pub fn of(samples: &mut [Duration]) -> Latency {
        samples.sort_unstable();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let total: Duration = samples.iter().sum();
        Latency {
            samples: samples.len(),
            p50_ms: ms(percentile(samples, 50.0)),
            p99_ms: ms(percentile(samples, 99.0)),
            mean_ms: if samples.is_empty() {
                0.0
            } else {
                ms(total) / samples.len() as f64
            },
            max_ms: samples.last().copied().map(ms).unwrap_or(0.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_percentiles() {
        let mut samples: Vec<Duration> = (1..=100).rev().map(Duration::from_millis).collect();
        let l = Latency::of(&mut samples);
        assert_eq!(l.samples, 100);
        assert_eq!(l.p50_ms, 50.0);
        assert_eq!(l.p99_ms, 99.0);
        assert_eq!(l.max_ms, 100.0);
        assert_eq!(l.mean_ms, 50.5);
        assert_eq!(Latency::of(&mut []), Latency::default());
    }
}
