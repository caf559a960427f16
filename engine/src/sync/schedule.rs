//! When sync rounds run, decided here; the app keeps only the timers and the network.
//!
//! The app tells the schedule what happened ([`SyncEvent`]: the page started, the minute's
//! timer fired, the connection came back, something changed here, the user asked) with what it knows
//! then ([`Conditions`]: whether sync is set up here, whether an answer is streaming), and does
//! what the [`SyncPlan`] says: start its timers, wake the schedule later, run a [`Round`]. The
//! rules:
//!
//! - where sync is on, a round runs when the page starts, every minute ([`EVERY_MS`]), and when
//!   the connection comes back; the timers start once a visit, at start or when sync is
//!   connected;
//! - a change here (an answer that ended, a conversation renamed or deleted) asks for a round
//!   [`AFTER_ANSWER_MS`] later; changes made before that round runs join it;
//! - the rounds no one asked for (automatic) do not run while an answer streams: a record
//!   pulled meanwhile could move the branch it streams into, and the round after the answer
//!   brings what waited. The first of a visit and every tenth ([`FULL_EVERY`]) are full (every
//!   message is read for the push), the others quick. Each one asked for while nothing
//!   streams counts, whether it then runs or not (busy, or paused or offline in the app);
//! - the user's rounds (Sync now, sync connected, the scope changed, another device's settings
//!   taken, sync resumed) are full, streaming or not;
//! - one round at a time: a round asked for while one runs is skipped (the one running takes
//!   what there is). A [`Round`] holds the schedule busy until it is dropped;
//! - a change of the stored setup (scope, pause, forget, settings taken) never runs during a
//!   round, which saves its state as it goes and would save over the change (a round ending
//!   after "Stop syncing" would turn sync back on): [`SyncSchedule::setup`] waits until the
//!   round ends (woken when it does) and holds the schedule busy while the change runs; sync
//!   being connected is skipped instead while a round runs ([`SyncSchedule::try_setup`]);
//! - the changes feed (one loop at a time, [`SyncSchedule::begin_feed`]) waits
//!   [`FEED_WAIT_MS`] for another device's writes; a change it saw asks for an automatic round
//!   ([`SyncEvent::ChangeSeen`]), and when that did not go through (or the wait failed) the
//!   feed pauses ([`SyncSchedule::feed_pause_ms`]): [`BUSY_PAUSE_MS`] when a round is running
//!   (it takes the change), [`RETRY_PAUSE_MS`] otherwise.
//!
//! The app's wiring, in outline:
//!
//! ```text
//! fn on(event) {
//!     let now = Conditions { sync_on: is_on(), streaming: service.is_streaming() };
//!     let plan = SCHEDULE.on(event, now);
//!     if plan.start_timers { every EVERY_MS: on(Minute); when online: on(Online) }
//!     if let Some(ms) = plan.wake_after_ms { after ms: on(Woken) }
//!     if let Some(round) = plan.round { spawn(run_round(round)) }  // drops `round` when done
//! }
//! ```
//!
//! Single-threaded like the rest of the engine: shared state and wakers, no locks.

use std::cell::RefCell;
use std::future::poll_fn;
use std::rc::Rc;
use std::task::{Poll, Waker};

/// How often a round runs while sync is on.
pub const EVERY_MS: f64 = 60_000.0;
/// How long after an answer ended its round runs.
pub const AFTER_ANSWER_MS: f64 = 3_000.0;
/// The first automatic round of a visit and every this many after it are full.
pub const FULL_EVERY: u32 = 10;
/// How long one wait on the changes feed lasts before it is asked again.
pub const FEED_WAIT_MS: u32 = 50_000;
/// The feed's pause when the round a change asked for was skipped because one was running.
pub const BUSY_PAUSE_MS: f64 = 1_000.0;
/// The feed's pause after a failed wait or round.
pub const RETRY_PAUSE_MS: f64 = 30_000.0;

/// What happened, as far as sync's timing goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SyncEvent {
    /// The page started.
    Started,
    /// The minute's timer fired.
    Minute,
    /// The connection came back.
    Online,
    /// Something changed in this page that other devices should get soon (an answer ended,
    /// a conversation was renamed or deleted).
    ChangedHere,
    /// The wake-up a plan asked for ([`SyncPlan::wake_after_ms`]) came.
    Woken,
    /// The changes feed saw another device's write.
    ChangeSeen,
    /// The user pressed Sync now.
    SyncNow,
    /// Sync was connected to a server (set up, or joined).
    Connected,
    /// The user changed what syncs.
    ScopeChanged,
    /// The user took another device's settings.
    TookOtherSettings,
    /// The user resumed sync after pausing it.
    Resumed,
}

/// What the app knows when something happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Conditions {
    /// Sync is set up here (the app's flag).
    pub sync_on: bool,
    /// An answer is streaming in this page.
    pub streaming: bool,
}

/// What the app does now.
#[derive(Debug, Default)]
#[must_use]
pub struct SyncPlan {
    /// Start the minute's timer and listen for the connection (once a visit).
    pub start_timers: bool,
    /// Tell the schedule [`SyncEvent::Woken`] after this many milliseconds.
    pub wake_after_ms: Option<f64>,
    /// Run this round now.
    pub round: Option<Round>,
}

/// A round to run; the schedule counts it as running until it is dropped.
#[derive(Debug)]
#[must_use]
pub struct Round {
    /// Every message is read for the push, not only what changed since the last round.
    pub full: bool,
    _busy: SyncBusy,
}

/// Held while a round or a change of the setup runs; dropping it lets the next one in and
/// wakes whoever waits for it.
#[derive(Debug)]
#[must_use]
pub struct SyncBusy {
    state: Rc<RefCell<State>>,
}

/// Held while the changes feed is waited on; dropping it lets another loop start.
#[derive(Debug)]
#[must_use]
pub struct SyncFeed {
    state: Rc<RefCell<State>>,
}

#[derive(Debug, Default)]
struct State {
    timers_started: bool,
    /// A wake-up after an answer is set: later answers join its round.
    wake_pending: bool,
    /// How many automatic rounds were asked for this visit.
    automatic: u32,
    /// A round or a setup change runs.
    busy: bool,
    /// Woken when it ends.
    waiting: Vec<Waker>,
    /// The changes feed is being waited on.
    feed: bool,
}

/// When sync rounds run (see the module's rules). A clone shares the schedule.
#[derive(Debug, Default, Clone)]
pub struct SyncSchedule {
    state: Rc<RefCell<State>>,
}

impl SyncSchedule {
    /// What to do about `event`.
    pub fn on(&self, event: SyncEvent, now: Conditions) -> SyncPlan {
        let mut plan = SyncPlan::default();
        match event {
            SyncEvent::Started | SyncEvent::Minute | SyncEvent::Online if !now.sync_on => {}
            SyncEvent::Started => {
                plan.start_timers = self.start_timers();
                plan.round = self.automatic(now);
            }
            SyncEvent::Minute | SyncEvent::Online | SyncEvent::ChangeSeen => {
                plan.round = self.automatic(now);
            }
            SyncEvent::ChangedHere => {
                let mut state = self.state.borrow_mut();
                if now.sync_on && !state.wake_pending {
                    state.wake_pending = true;
                    plan.wake_after_ms = Some(AFTER_ANSWER_MS);
                }
            }
            SyncEvent::Woken => {
                self.state.borrow_mut().wake_pending = false;
                plan.round = self.automatic(now);
            }
            SyncEvent::Connected => {
                plan.start_timers = self.start_timers();
                plan.round = self.round(true);
            }
            SyncEvent::SyncNow
            | SyncEvent::ScopeChanged
            | SyncEvent::TookOtherSettings
            | SyncEvent::Resumed => plan.round = self.round(true),
        }
        plan
    }

    /// Whether a round or a setup change is running.
    pub fn is_busy(&self) -> bool {
        self.state.borrow().busy
    }

    /// Waits until no round or setup change runs, then holds the schedule busy (rounds are
    /// skipped) while the change runs, until the guard is dropped.
    pub async fn setup(&self) -> SyncBusy {
        poll_fn(|cx| match self.try_setup() {
            Some(busy) => Poll::Ready(busy),
            None => {
                let mut state = self.state.borrow_mut();
                if !state.waiting.iter().any(|w| w.will_wake(cx.waker())) {
                    state.waiting.push(cx.waker().clone());
                }
                Poll::Pending
            }
        })
        .await
    }

    /// Holds the schedule busy now, or `None` when a round or setup change runs (connecting
    /// is then skipped).
    pub fn try_setup(&self) -> Option<SyncBusy> {
        let mut state = self.state.borrow_mut();
        if state.busy {
            return None;
        }
        state.busy = true;
        Some(SyncBusy {
            state: self.state.clone(),
        })
    }

    /// Starts the changes feed's loop, or `None` when one is already waiting.
    pub fn begin_feed(&self) -> Option<SyncFeed> {
        let mut state = self.state.borrow_mut();
        if std::mem::replace(&mut state.feed, true) {
            return None;
        }
        Some(SyncFeed {
            state: self.state.clone(),
        })
    }

    /// How long the changes feed pauses before it is asked again: not at all after a wait
    /// that `went_through` (nothing changed, or the round a change asked for ran); else a
    /// moment while a round runs (it takes the change), longer after a failure.
    pub fn feed_pause_ms(&self, went_through: bool) -> Option<f64> {
        match (went_through, self.is_busy()) {
            (true, _) => None,
            (false, true) => Some(BUSY_PAUSE_MS),
            (false, false) => Some(RETRY_PAUSE_MS),
        }
    }

    /// Whether the timers start now (the first time a visit).
    fn start_timers(&self) -> bool {
        !std::mem::replace(&mut self.state.borrow_mut().timers_started, true)
    }

    /// An automatic round: none while an answer streams; counted; the first and every
    /// [`FULL_EVERY`]th full.
    fn automatic(&self, now: Conditions) -> Option<Round> {
        if now.streaming {
            return None;
        }
        let asked = {
            let mut state = self.state.borrow_mut();
            let asked = state.automatic;
            state.automatic = state.automatic.wrapping_add(1);
            asked
        };
        self.round(asked.is_multiple_of(FULL_EVERY))
    }

    /// A round, unless one (or a setup change) runs.
    fn round(&self, full: bool) -> Option<Round> {
        Some(Round {
            full,
            _busy: self.try_setup()?,
        })
    }
}

impl Drop for SyncBusy {
    fn drop(&mut self) {
        let waiting = {
            let mut state = self.state.borrow_mut();
            state.busy = false;
            std::mem::take(&mut state.waiting)
        };
        waiting.into_iter().for_each(Waker::wake);
    }
}

impl Drop for SyncFeed {
    fn drop(&mut self) {
        self.state.borrow_mut().feed = false;
    }
}

#[cfg(test)]
#[path = "schedule_tests.rs"]
mod tests;
