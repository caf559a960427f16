//! What follows a change one feature makes: the one place where features meet. A feature says
//! what changed (`ready.changed(Changed::…)`); this tells the other tabs, schedules sync and
//! reads again what shows it. Features never call each other for this.

use crate::runtime::Changed;
use crate::runtime::Ready;
use leptos::task::spawn_local;
use skein_engine::sync::SyncEvent;

/// Follows `change` (the runtime's `on_changed`).
pub fn follow(ready: Ready, change: Changed) {
    match change {
        Changed::Conversation(id) => ready.runtime.announce(&id),
        Changed::Stored(id) => {
            ready.runtime.announce(&id);
            crate::sync::on(ready, SyncEvent::ChangedHere);
        }
        Changed::Answered => {
            // The assistant may have written files, or promised to follow up.
            crate::panels::workspace::refresh(ready);
            crate::panels::follow_ups::refresh(ready);
            // The new messages go to the other devices.
            crate::sync::on(ready, SyncEvent::ChangedHere);
        }
        Changed::Elsewhere(ids) => spawn_local(crate::chat::list::read_again(ready, ids)),
        Changed::Pulled(ids) => {
            for id in &ids {
                ready.runtime.announce(id);
            }
            spawn_local(crate::chat::list::read_again(ready, ids));
        }
        Changed::Knowledge => {
            // The other tabs' indexed bases lack the new vectors: they read them again.
            ready.runtime.announce_knowledge();
            crate::library::knowledge::refresh(ready);
        }
        Changed::Settings => {
            // The embedding page's provider wins over the saved one (as at start-up).
            if crate::page::embedded::provider().is_none() {
                crate::settings::actions::reload_provider(ready);
            }
            crate::library::personas::load(ready);
            crate::library::world_books::load(ready);
            crate::library::dictionaries::load(ready);
            crate::settings::tools::load(ready);
        }
    }
}
