//! Each rule of sync's schedule, as the app meets it.

use super::*;
use futures_executor::block_on;
use futures_util::future::join;
use std::cell::RefCell;
use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Wake};

const ON: Conditions = Conditions {
    sync_on: true,
    streaming: false,
};
const OFF: Conditions = Conditions {
    sync_on: false,
    streaming: false,
};
const STREAMING: Conditions = Conditions {
    sync_on: true,
    streaming: true,
};

/// Whether `event` gave a round, and whether it was full; the round ends at once.
fn round_of(schedule: &SyncSchedule, event: SyncEvent, now: Conditions) -> Option<bool> {
    schedule.on(event, now).round.map(|round| round.full)
}

/// Yields once to the executor, so joined futures interleave.
async fn yield_now() {
    let mut yielded = false;
    poll_fn(|cx| {
        if yielded {
            Poll::Ready(())
        } else {
            yielded = true;
            cx.waker().wake_by_ref();
            Poll::Pending
        }
    })
    .await;
}

/// Counts the times it was woken.
#[derive(Default)]
struct Wakes(AtomicUsize);

impl Wake for Wakes {
    fn wake(self: Arc<Self>) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

#[test]
fn a_round_runs_at_start_only_where_sync_is_on_and_the_timers_start_once_a_visit() {
    let schedule = SyncSchedule::default();
    let off = schedule.on(SyncEvent::Started, OFF);
    assert!(!off.start_timers && off.round.is_none() && off.wake_after_ms.is_none());

    let started = schedule.on(SyncEvent::Started, ON);
    assert!(started.start_timers);
    assert_eq!(started.round.map(|r| r.full), Some(true));

    let connected = schedule.on(SyncEvent::Connected, ON);
    assert!(!connected.start_timers, "already started this visit");
    assert!(connected.round.is_some());
}

#[test]
fn connecting_starts_the_timers_when_the_page_started_without_sync() {
    let schedule = SyncSchedule::default();
    assert!(!schedule.on(SyncEvent::Started, OFF).start_timers);
    let connected = schedule.on(SyncEvent::Connected, OFF);
    assert!(connected.start_timers);
    assert_eq!(connected.round.map(|r| r.full), Some(true));
}

#[test]
fn while_sync_is_on_the_minute_and_the_connection_coming_back_each_run_a_round() {
    let schedule = SyncSchedule::default();
    assert!(round_of(&schedule, SyncEvent::Minute, ON).is_some());
    assert!(round_of(&schedule, SyncEvent::Online, ON).is_some());
    assert_eq!(round_of(&schedule, SyncEvent::Minute, OFF), None);
    assert_eq!(round_of(&schedule, SyncEvent::Online, OFF), None);
    assert_eq!(EVERY_MS, 60_000.0);
}

#[test]
fn an_answer_that_ended_asks_for_a_round_three_seconds_later_and_answers_ending_meanwhile_join_it()
{
    let schedule = SyncSchedule::default();
    let plan = schedule.on(SyncEvent::ChangedHere, ON);
    assert_eq!(plan.wake_after_ms, Some(3_000.0));
    assert!(plan.round.is_none(), "not now");
    let joined = schedule.on(SyncEvent::ChangedHere, ON);
    assert_eq!(joined.wake_after_ms, None, "joins the round asked for");
    assert!(round_of(&schedule, SyncEvent::Woken, ON).is_some());
    // The next answer asks for a round of its own.
    assert_eq!(
        schedule.on(SyncEvent::ChangedHere, ON).wake_after_ms,
        Some(AFTER_ANSWER_MS)
    );
}

#[test]
fn an_answer_ending_where_sync_is_off_asks_for_nothing() {
    let schedule = SyncSchedule::default();
    assert_eq!(schedule.on(SyncEvent::ChangedHere, OFF).wake_after_ms, None);
}

#[test]
fn no_automatic_round_runs_while_an_answer_streams_but_the_users_do() {
    let schedule = SyncSchedule::default();
    for event in [
        SyncEvent::Started,
        SyncEvent::Minute,
        SyncEvent::Online,
        SyncEvent::Woken,
        SyncEvent::ChangeSeen,
    ] {
        assert_eq!(round_of(&schedule, event, STREAMING), None, "{event:?}");
    }
    for event in [
        SyncEvent::SyncNow,
        SyncEvent::Connected,
        SyncEvent::ScopeChanged,
        SyncEvent::TookOtherSettings,
        SyncEvent::Resumed,
    ] {
        assert_eq!(
            round_of(&schedule, event, STREAMING),
            Some(true),
            "{event:?}"
        );
    }
}

#[test]
fn one_round_runs_at_a_time_and_a_round_asked_for_meanwhile_is_skipped() {
    let schedule = SyncSchedule::default();
    let running = schedule.on(SyncEvent::Minute, ON).round.unwrap();
    assert!(schedule.is_busy());
    assert_eq!(round_of(&schedule, SyncEvent::Minute, ON), None);
    assert_eq!(round_of(&schedule, SyncEvent::SyncNow, ON), None);
    drop(running);
    assert!(!schedule.is_busy());
    assert!(round_of(&schedule, SyncEvent::SyncNow, ON).is_some());
}

#[test]
fn the_first_automatic_round_of_a_visit_and_every_tenth_are_full_the_others_quick() {
    let schedule = SyncSchedule::default();
    let full: Vec<usize> = (0..25)
        .filter(|_| round_of(&schedule, SyncEvent::Minute, ON) == Some(true))
        .collect();
    assert_eq!(full, [0, 10, 20]);
    let next_visit = SyncSchedule::default();
    assert_eq!(round_of(&next_visit, SyncEvent::Online, ON), Some(true));
}

#[test]
fn the_users_rounds_are_full_and_leave_the_automatic_count_alone() {
    let schedule = SyncSchedule::default();
    for event in [
        SyncEvent::SyncNow,
        SyncEvent::ScopeChanged,
        SyncEvent::TookOtherSettings,
        SyncEvent::Resumed,
        SyncEvent::Connected,
    ] {
        assert_eq!(round_of(&schedule, event, OFF), Some(true), "{event:?}");
    }
    assert_eq!(
        round_of(&schedule, SyncEvent::Minute, ON),
        Some(true),
        "still the first automatic round"
    );
    assert_eq!(round_of(&schedule, SyncEvent::Minute, ON), Some(false));
}

#[test]
fn an_automatic_round_held_for_an_answer_does_not_count_and_one_skipped_as_busy_does() {
    let schedule = SyncSchedule::default();
    assert_eq!(round_of(&schedule, SyncEvent::Minute, STREAMING), None);
    let user = schedule.on(SyncEvent::SyncNow, ON).round.unwrap();
    // The first automatic round is asked for while the user's runs: skipped, but counted.
    assert_eq!(round_of(&schedule, SyncEvent::Minute, ON), None);
    drop(user);
    assert_eq!(round_of(&schedule, SyncEvent::Minute, ON), Some(false));
}

#[test]
fn a_change_the_feed_saw_asks_for_an_automatic_round() {
    let schedule = SyncSchedule::default();
    assert_eq!(round_of(&schedule, SyncEvent::ChangeSeen, ON), Some(true));
    assert_eq!(round_of(&schedule, SyncEvent::ChangeSeen, ON), Some(false));
}

#[test]
fn the_changes_feed_runs_one_loop_at_a_time() {
    let schedule = SyncSchedule::default();
    let feed = schedule.begin_feed().unwrap();
    assert!(schedule.begin_feed().is_none());
    drop(feed);
    assert!(schedule.begin_feed().is_some());
}

#[test]
fn a_feed_whose_change_did_not_go_through_pauses_a_second_while_a_round_runs_else_thirty() {
    let schedule = SyncSchedule::default();
    assert_eq!(schedule.feed_pause_ms(true), None);
    assert_eq!(schedule.feed_pause_ms(false), Some(30_000.0));
    let running = schedule.on(SyncEvent::SyncNow, ON).round.unwrap();
    // The change asked for a round while this one ran: skipped, the feed asks again soon.
    let change = schedule.on(SyncEvent::ChangeSeen, ON);
    assert!(change.round.is_none());
    assert_eq!(schedule.feed_pause_ms(false), Some(1_000.0));
    assert_eq!(schedule.feed_pause_ms(true), None);
    drop(running);
    assert_eq!(schedule.feed_pause_ms(false), Some(RETRY_PAUSE_MS));
}

#[test]
fn connecting_is_skipped_while_a_round_runs() {
    let schedule = SyncSchedule::default();
    let running = schedule.on(SyncEvent::Minute, ON).round.unwrap();
    assert!(schedule.try_setup().is_none());
    drop(running);
    let connecting = schedule.try_setup().unwrap();
    assert_eq!(
        round_of(&schedule, SyncEvent::Minute, ON),
        None,
        "no round while connecting"
    );
    drop(connecting);
    assert!(!schedule.is_busy());
}

#[test]
fn a_setup_change_waits_for_the_running_round_and_is_woken_when_it_ends() {
    let schedule = SyncSchedule::default();
    let running = schedule.on(SyncEvent::Minute, ON).round.unwrap();
    let wakes = Arc::new(Wakes::default());
    let waker = std::task::Waker::from(wakes.clone());
    let mut cx = Context::from_waker(&waker);
    let mut setup = Box::pin(schedule.setup());
    assert!(setup.as_mut().poll(&mut cx).is_pending());
    assert!(setup.as_mut().poll(&mut cx).is_pending(), "polled again");
    assert_eq!(wakes.0.load(Ordering::SeqCst), 0, "nothing polls meanwhile");
    drop(running);
    assert_eq!(
        wakes.0.load(Ordering::SeqCst),
        1,
        "woken once, as the round ended"
    );
    let Poll::Ready(change) = setup.as_mut().poll(&mut cx) else {
        panic!("the change did not start after the round");
    };
    assert_eq!(
        round_of(&schedule, SyncEvent::SyncNow, ON),
        None,
        "no round while the setup changes"
    );
    drop(change);
    assert!(round_of(&schedule, SyncEvent::SyncNow, ON).is_some());
}

#[test]
fn setup_changes_run_one_after_another_and_after_the_round() {
    let schedule = SyncSchedule::default();
    let order = RefCell::new(Vec::new());
    let round = async {
        let running = schedule.on(SyncEvent::SyncNow, ON).round.unwrap();
        order.borrow_mut().push("round started");
        for _ in 0..3 {
            yield_now().await;
        }
        order.borrow_mut().push("round ended");
        drop(running);
    };
    let changes = async {
        yield_now().await;
        let change = |name: &'static str| {
            let (schedule, order) = (&schedule, &order);
            async move {
                let busy = schedule.setup().await;
                order.borrow_mut().push(name);
                yield_now().await;
                order.borrow_mut().push("change ended");
                drop(busy);
            }
        };
        join(change("pause"), change("scope")).await;
    };
    block_on(join(round, changes));
    assert_eq!(
        order.into_inner(),
        [
            "round started",
            "round ended",
            "pause",
            "change ended",
            "scope",
            "change ended"
        ]
    );
    assert!(!schedule.is_busy());
}
