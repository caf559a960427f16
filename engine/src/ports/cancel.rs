//! Cooperative cancellation shared between the engine and the transport.
//!
//! The engine checks [`CancelToken::is_cancelled`] between stream chunks; a transport registers
//! an [`on_cancel`](CancelToken::on_cancel) hook (the platform aborts its `fetch` there) so a read
//! that is waiting for the network ends at once instead of at the next chunk.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

type Hook = Box<dyn FnOnce()>;

#[derive(Clone, Default)]
pub struct CancelToken(Rc<Inner>);

#[derive(Default)]
struct Inner {
    cancelled: Cell<bool>,
    hooks: RefCell<Vec<Hook>>,
}

impl std::fmt::Debug for CancelToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CancelToken")
            .field("cancelled", &self.is_cancelled())
            .finish()
    }
}

impl CancelToken {
    pub fn new() -> Self {
        Self::default()
    }

    /// Cancels once; later calls do nothing. Hooks run in registration order.
    pub fn cancel(&self) {
        if self.0.cancelled.replace(true) {
            return;
        }
        // Take the hooks out first: a hook may register another hook or query the token.
        let hooks = std::mem::take(&mut *self.0.hooks.borrow_mut());
        for hook in hooks {
            hook();
        }
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.cancelled.get()
    }

    /// Resolves when the token is cancelled (at once if it already is).
    pub fn cancelled(&self) -> impl std::future::Future<Output = ()> + '_ {
        let registered = Cell::new(false);
        std::future::poll_fn(move |cx| {
            if self.is_cancelled() {
                return std::task::Poll::Ready(());
            }
            if !registered.replace(true) {
                let waker = cx.waker().clone();
                self.on_cancel(move || waker.wake());
            }
            std::task::Poll::Pending
        })
    }

    /// Runs `hook` when the token is cancelled, or now if it already is.
    pub fn on_cancel(&self, hook: impl FnOnce() + 'static) {
        if self.is_cancelled() {
            hook();
        } else {
            self.0.hooks.borrow_mut().push(Box::new(hook));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hooks_run_once_and_late_hooks_run_immediately() {
        let token = CancelToken::new();
        let count = Rc::new(Cell::new(0));
        let c = count.clone();
        token.on_cancel(move || c.set(c.get() + 1));
        assert!(!token.is_cancelled());
        token.cancel();
        token.cancel();
        assert_eq!(count.get(), 1);
        let c = count.clone();
        token.clone().on_cancel(move || c.set(c.get() + 10));
        assert_eq!(count.get(), 11);
        assert!(token.is_cancelled());
    }
}
