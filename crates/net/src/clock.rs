//! The clocks of an online game with a time limit: each side's time left, the side to move's running. Times are
//! milliseconds on the app's monotonic clock (`performance.now()`), passed in, so tests choose the time.
//!
//! Each side runs both clocks from the moves it sees. A move carries the mover's time left as the mover measured
//! it, which the receiver takes when it is plausible: never more than the mover had, and never more than the
//! receiver's own count plus [`TOLERANCE_MS`] (its count includes the messages' travel time, so an honest report
//! is at most that much higher). After each move both sides hold the same figure for the mover.

use game::Color;
use serde::{Deserialize, Serialize};

/// The time limits a host may choose, in minutes per side.
pub const LIMITS_MINUTES: [u64; 4] = [1, 3, 5, 10];
/// How much more time left a peer may report than this side counts for it: the network's round trip, with room.
/// It also bounds how near its flag a side must be for the other's time claim to be accepted.
pub const TOLERANCE_MS: u64 = 3_000;

/// Both sides' time in a game with a time limit. Saved and sent as the time left when it stopped (a hello
/// carries [`Clock::at`]); which side runs, and since when, is this page's own business and not saved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Reading", into = "Reading")]
pub struct Clock {
    limit_ms: u64,
    /// Black's and White's time left as of the last change of the running side.
    left_ms: [u64; 2],
    /// The side whose time runs and the moment it started.
    running: Option<(Color, u64)>,
}

/// The saved and sent form, checked when read.
#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Reading {
    limit_ms: u64,
    black_ms: u64,
    white_ms: u64,
}

impl TryFrom<Reading> for Clock {
    type Error = String;

    fn try_from(reading: Reading) -> Result<Clock, String> {
        if !LIMITS_MINUTES.iter().any(|&minutes| minutes * 60_000 == reading.limit_ms) {
            return Err(format!("a clock of {} ms a side, not one of the limits offered", reading.limit_ms));
        }
        if reading.black_ms.max(reading.white_ms) > reading.limit_ms {
            return Err("a clock with more time left than its limit".into());
        }
        Ok(Clock { limit_ms: reading.limit_ms, left_ms: [reading.black_ms, reading.white_ms], running: None })
    }
}

impl From<Clock> for Reading {
    fn from(clock: Clock) -> Reading {
        Reading { limit_ms: clock.limit_ms, black_ms: clock.left_ms[0], white_ms: clock.left_ms[1] }
    }
}

fn index(side: Color) -> usize {
    match side {
        Color::Black => 0,
        Color::White => 1,
    }
}

impl Clock {
    /// Each side's time at the start, in whole minutes.
    pub fn limit_minutes(&self) -> u64 {
        self.limit_ms / 60_000
    }

    /// Both sides with `minutes` each, stopped; `None` unless it is one of [`LIMITS_MINUTES`].
    pub fn with_minutes(minutes: u64) -> Option<Clock> {
        LIMITS_MINUTES.contains(&minutes).then_some(Clock {
            limit_ms: minutes * 60_000,
            left_ms: [minutes * 60_000; 2],
            running: None,
        })
    }

    pub fn minutes(&self) -> u64 {
        self.limit_ms / 60_000
    }

    /// `side`'s time left at `now`.
    pub fn left(&self, side: Color, now: u64) -> u64 {
        let stored = self.left_ms[index(side)];
        match self.running {
            Some((running, since)) if running == side => stored.saturating_sub(now.saturating_sub(since)),
            _ => stored,
        }
    }

    /// The side whose time runs.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(side, _)| side)
    }

    /// Runs `side`'s time from `now` (none: both stopped), charging the side that ran until now.
    pub fn run(&mut self, side: Option<Color>, now: u64) {
        if self.running() == side {
            return;
        }
        self.charge(now);
        self.running = side.map(|side| (side, now));
    }

    /// After a move: the next side's time runs if the clocks were running, else they stay stopped.
    pub fn pass_turn(&mut self, next: Option<Color>, now: u64) {
        if self.running.is_some() {
            self.run(next, now);
        }
    }

    fn charge(&mut self, now: u64) {
        if let Some((side, since)) = self.running {
            self.left_ms[index(side)] = self.left(side, now);
            self.running = Some((side, now.max(since)));
        }
    }

    /// The clocks as they read at `now`, stopped: what a hello sends.
    pub fn at(&self, now: u64) -> Clock {
        let mut reading = *self;
        reading.run(None, now);
        reading
    }

    /// The side whose time has run out, if it is running.
    pub fn fallen(&self, now: u64) -> Option<Color> {
        self.running().filter(|&side| self.left(side, now) == 0)
    }

    /// Why the peer's report of its time left after its move is not believed, if it is not.
    pub fn doubt(&self, mover: Color, reported_ms: u64, now: u64) -> Option<String> {
        let had = self.left_ms[index(mover)];
        let counted = self.left(mover, now);
        if reported_ms == 0 {
            Some("a move after their time ran out".into())
        } else if reported_ms > had {
            Some(format!("a move with {} left, more than the {} they had", mm_ss(reported_ms), mm_ss(had)))
        } else if reported_ms > counted + TOLERANCE_MS {
            Some(format!("a move with {} left where this side counts {}", mm_ss(reported_ms), mm_ss(counted)))
        } else {
            None
        }
    }

    /// Sets `side`'s time left at `now` (the peer's accepted report, or zero when its time ran out).
    pub fn set_left(&mut self, side: Color, left_ms: u64, now: u64) {
        self.charge(now);
        self.left_ms[index(side)] = left_ms.min(self.limit_ms);
    }

    /// On a reconnection: each side's time is the lower of the two counts, so both agree and nobody gains time.
    /// `None` when the limits differ.
    pub fn agree(&self, theirs: &Clock, now: u64) -> Option<Clock> {
        if theirs.limit_ms != self.limit_ms {
            return None;
        }
        let mut agreed = *self;
        agreed.charge(now);
        for side in [Color::Black, Color::White] {
            agreed.left_ms[index(side)] = self.left(side, now).min(theirs.left(side, now));
        }
        Some(agreed)
    }

    /// Full time for both sides, stopped (a rematch).
    pub fn reset(&mut self) {
        *self = Clock { left_ms: [self.limit_ms; 2], running: None, ..*self };
    }
}

/// The spoken warning a clock reaches between two readings: "1 minute" or "10 seconds" left.
pub fn crossed_warning(before_ms: u64, after_ms: u64) -> Option<&'static str> {
    [(10_000, "10 seconds"), (60_000, "1 minute")]
        .into_iter()
        .find(|&(at, _)| before_ms > at && after_ms <= at)
        .map(|(_, words)| words)
}

/// "4:05", "0:09", "10:00": minutes and seconds, rounded up so a clock shows 0:00 only once time is out.
pub fn mm_ss(ms: u64) -> String {
    let seconds = ms.div_ceil(1000);
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINUTE: u64 = 60_000;

    #[test]
    fn only_the_running_side_loses_time_and_a_stop_keeps_it() {
        let mut clock = Clock::with_minutes(5).unwrap();
        assert_eq!(Clock::with_minutes(7), None);
        clock.run(Some(Color::Black), 1_000);
        assert_eq!(
            (clock.left(Color::Black, 11_000), clock.left(Color::White, 11_000)),
            (5 * MINUTE - 10_000, 5 * MINUTE)
        );
        clock.run(Some(Color::Black), 11_000); // the same side: no restart, nothing lost
        clock.pass_turn(Some(Color::White), 21_000);
        assert_eq!(clock.left(Color::Black, 99_000), 5 * MINUTE - 20_000);
        clock.run(None, 26_000);
        assert_eq!(clock.left(Color::White, 500_000), 5 * MINUTE - 5_000, "stopped while the connection is lost");
        clock.pass_turn(Some(Color::Black), 600_000);
        assert_eq!(clock.running(), None, "a move while stopped does not start the clocks");
        clock.run(Some(Color::White), 600_000);
        assert_eq!(clock.fallen(600_000 + 5 * MINUTE - 5_001), None);
        assert_eq!(clock.fallen(600_000 + 5 * MINUTE - 5_000), Some(Color::White));
        assert_eq!(clock.left(Color::White, u64::MAX), 0, "never below zero");
    }

    #[test]
    fn a_report_is_believed_within_the_tolerance_and_never_above_what_the_mover_had() {
        let mut clock = Clock::with_minutes(1).unwrap();
        clock.run(Some(Color::White), 0);
        // White thought 10 s; the messages took 400 ms: it reports 50.4 s where this side counts 50 s.
        assert_eq!(clock.doubt(Color::White, 50_400, 10_000), None);
        assert_eq!(clock.doubt(Color::White, 20_000, 10_000), None, "a report of more time used is its own loss");
        assert!(clock.doubt(Color::White, 53_001, 10_000).unwrap().contains("0:54 left where this side counts 0:50"));
        assert!(clock.doubt(Color::White, MINUTE + 1, 0).unwrap().contains("more than the 1:00 they had"));
        assert!(clock.doubt(Color::White, 0, 10_000).unwrap().contains("after their time ran out"));
        clock.set_left(Color::White, 50_400, 10_000);
        assert_eq!(clock.left(Color::White, 10_000), 50_400);
    }

    #[test]
    fn a_reconnection_takes_the_lower_count_of_each_side() {
        let mut mine = Clock::with_minutes(3).unwrap();
        mine.run(Some(Color::Black), 0);
        mine.run(None, 30_000);
        let mut theirs = Clock::with_minutes(3).unwrap();
        theirs.set_left(Color::White, 100_000, 0);
        theirs.set_left(Color::Black, 160_000, 0);
        let agreed = mine.agree(&theirs.at(5), 40_000).unwrap();
        assert_eq!((agreed.left(Color::Black, 40_000), agreed.left(Color::White, 40_000)), (150_000, 100_000));
        assert_eq!(agreed, theirs.agree(&mine.at(40_000), 40_000).unwrap(), "both sides end with the same clocks");
        assert_eq!(mine.agree(&Clock::with_minutes(5).unwrap(), 0), None);
        let mut rematch = agreed;
        rematch.reset();
        assert_eq!(rematch, Clock::with_minutes(3).unwrap());
    }

    #[test]
    fn clocks_read_back_only_within_their_limits() {
        let mut clock = Clock::with_minutes(10).unwrap();
        clock.run(Some(Color::Black), 0);
        let text = serde_json::to_string(&clock.at(61_000)).unwrap();
        assert_eq!(text, r#"{"limit_ms":600000,"black_ms":539000,"white_ms":600000}"#);
        assert_eq!(serde_json::from_str::<Clock>(&text).unwrap(), clock.at(61_000));
        for bad in [
            r#"{"limit_ms":600001,"black_ms":1,"white_ms":1}"#,
            r#"{"limit_ms":60000,"black_ms":60001,"white_ms":1}"#,
            r#"{"limit_ms":60000,"black_ms":-1,"white_ms":1}"#,
            r#"{"limit_ms":60000,"black_ms":1}"#,
            r#"{"limit_ms":60000,"black_ms":1,"white_ms":1,"running":true}"#,
        ] {
            assert!(serde_json::from_str::<Clock>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn warnings_are_said_once_as_a_clock_passes_a_minute_and_ten_seconds() {
        assert_eq!(crossed_warning(60_200, 59_950), Some("1 minute"));
        assert_eq!(crossed_warning(59_950, 59_700), None);
        assert_eq!(crossed_warning(10_001, 10_000), Some("10 seconds"));
        assert_eq!(crossed_warning(300_000, 300_000), None);
        assert_eq!(crossed_warning(70_000, 5_000), Some("10 seconds"), "a jump past both says the nearer");
    }

    #[test]
    fn times_show_as_minutes_and_seconds_rounded_up() {
        assert_eq!(mm_ss(600_000), "10:00");
        assert_eq!(mm_ss(245_000), "4:05");
        assert_eq!(mm_ss(8_001), "0:09");
        assert_eq!(mm_ss(0), "0:00");
    }
}
