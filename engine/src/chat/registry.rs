//! One generation per conversation (seed 000 §1 step 2 and §9): starting a generation cancels
//! the conversation's running one and waits until it has ended (its partial answer saved), so
//! two never write the same conversation. Generations of different conversations run side by
//! side, whichever conversation is on screen.
//!
//! Single-threaded by design (the browser runs the engine on one thread): no locks, only a
//! shared table and wakers.

use crate::ports::cancel::CancelToken;
use std::cell::RefCell;
use std::collections::HashMap;
use std::future::poll_fn;
use std::rc::Rc;
use std::task::{Poll, Waker};

#[derive(Default)]
struct Running {
    /// A number per generation, so an old guard never removes a newer entry.
    serial: u64,
    cancel: CancelToken,
    /// Woken when this generation ends.
    waiting: Vec<Waker>,
}

#[derive(Default)]
struct Table {
    next_serial: u64,
    running: HashMap<String, Running>,
}

/// The running generation of each conversation.
#[derive(Default, Clone)]
pub struct GenerationRegistry {
    table: Rc<RefCell<Table>>,
}

/// Held while a generation runs; dropping it ends the generation's registration and wakes
/// whoever waits for it.
pub struct GenerationGuard {
    table: Rc<RefCell<Table>>,
    conversation_id: String,
    serial: u64,
}

impl GenerationRegistry {
    /// Registers a generation of `conversation_id` that stops when `cancel` fires. A generation
    /// already running there is cancelled first, and this waits until it has ended.
    pub async fn begin(&self, conversation_id: &str, cancel: &CancelToken) -> GenerationGuard {
        loop {
            let previous = self
                .table
                .borrow()
                .running
                .get(conversation_id)
                .map(|r| (r.serial, r.cancel.clone()));
            let Some((serial, previous_cancel)) = previous else {
                break;
            };
            previous_cancel.cancel();
            poll_fn(|cx| {
                let mut table = self.table.borrow_mut();
                match table.running.get_mut(conversation_id) {
                    Some(running) if running.serial == serial => {
                        running.waiting.push(cx.waker().clone());
                        Poll::Pending
                    }
                    _ => Poll::Ready(()),
                }
            })
            .await;
        }
        let mut table = self.table.borrow_mut();
        table.next_serial += 1;
        let serial = table.next_serial;
        table.running.insert(
            conversation_id.to_owned(),
            Running {
                serial,
                cancel: cancel.clone(),
                waiting: Vec::new(),
            },
        );
        GenerationGuard {
            table: self.table.clone(),
            conversation_id: conversation_id.to_owned(),
            serial,
        }
    }

    /// Whether a generation of `conversation_id` is running.
    pub fn is_running(&self, conversation_id: &str) -> bool {
        self.table.borrow().running.contains_key(conversation_id)
    }

    /// Stops the running generation of `conversation_id`, if any. Returns whether there was one.
    pub fn stop(&self, conversation_id: &str) -> bool {
        let cancel = self
            .table
            .borrow()
            .running
            .get(conversation_id)
            .map(|r| r.cancel.clone());
        cancel.map(|c| c.cancel()).is_some()
    }

    /// The conversations generating now.
    #[cfg(test)]
    pub fn running(&self) -> Vec<String> {
        self.table.borrow().running.keys().cloned().collect()
    }
}

impl Drop for GenerationGuard {
    fn drop(&mut self) {
        let mut table = self.table.borrow_mut();
        let ours = table
            .running
            .get(&self.conversation_id)
            .is_some_and(|r| r.serial == self.serial);
        if ours {
            if let Some(running) = table.running.remove(&self.conversation_id) {
                drop(table);
                running.waiting.into_iter().for_each(Waker::wake);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_executor::block_on;
    use futures_util::future::join;
    use std::cell::Cell;

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

    #[test]
    fn a_second_generation_cancels_the_first_and_starts_after_it_ended() {
        let registry = GenerationRegistry::default();
        let order = RefCell::new(Vec::new());
        let first_cancel = CancelToken::new();
        let first = async {
            let _guard = registry.begin("c1", &first_cancel).await;
            order.borrow_mut().push("first started");
            while !first_cancel.is_cancelled() {
                yield_now().await;
            }
            order.borrow_mut().push("first saw the cancel and ended");
        };
        let second = async {
            yield_now().await;
            let _guard = registry.begin("c1", &CancelToken::new()).await;
            order.borrow_mut().push("second started");
        };
        block_on(join(first, second));
        assert_eq!(
            order.into_inner(),
            [
                "first started",
                "first saw the cancel and ended",
                "second started"
            ]
        );
        assert!(!registry.is_running("c1"));
    }

    #[test]
    fn different_conversations_run_side_by_side() {
        let registry = GenerationRegistry::default();
        let both_running = Cell::new(false);
        let run = |id: &'static str| {
            let registry = &registry;
            let both_running = &both_running;
            async move {
                let cancel = CancelToken::new();
                let _guard = registry.begin(id, &cancel).await;
                for _ in 0..3 {
                    yield_now().await;
                    if registry.running().len() == 2 {
                        both_running.set(true);
                    }
                }
                assert!(!cancel.is_cancelled(), "{id} was cancelled by the other");
            }
        };
        block_on(join(run("a"), run("b")));
        assert!(both_running.get());
    }

    #[test]
    fn stop_cancels_only_that_conversation() {
        let registry = GenerationRegistry::default();
        let (a, b) = (CancelToken::new(), CancelToken::new());
        let guard_a = block_on(registry.begin("a", &a));
        let _guard_b = block_on(registry.begin("b", &b));
        assert!(registry.stop("a"));
        assert!(a.is_cancelled() && !b.is_cancelled());
        drop(guard_a);
        assert!(!registry.stop("a"));
        assert!(registry.is_running("b"));
    }
}
