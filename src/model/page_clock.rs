//! The page's monotonic clock: the time base of the moves' stamps, the online clocks and the search slices. Its
//! one read of the browser (`performance.now()`) is the model's only one.

use leptos::prelude::*;

/// Milliseconds on the page's monotonic clock, with their fraction: what search slices are timed by.
pub fn precise_now_ms() -> f64 {
    window().performance().map(|p| p.now()).unwrap_or_default()
}

/// Whole milliseconds on the same clock: the time base of the moves' stamps and the online clocks.
pub fn now_ms() -> u64 {
    precise_now_ms() as u64
}
