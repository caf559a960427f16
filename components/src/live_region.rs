//! [`LiveRegion`]: what the page says to a screen reader without moving its focus.
//!
//! Two regions, both visually hidden: a polite one for a streaming answer (whole sentences or
//! finished blocks, decided by the engine's [`Announcer`](skein_engine::render::announce)), and
//! an assertive one for what needs the user now (a tool call waiting for approval). Each
//! announcement is a new paragraph in its region, which screen readers read as an addition;
//! only the last few are kept in the page.

use crate::i18n::tf;
use leptos::prelude::*;

/// How many announcements each region keeps in the page.
const KEPT: usize = 3;

#[derive(Debug, Clone, Copy)]
pub struct LiveRegion {
    polite: RwSignal<Vec<(u64, String)>>,
    assertive: RwSignal<Vec<(u64, String)>>,
    next: StoredValue<u64>,
}

impl Default for LiveRegion {
    fn default() -> Self {
        Self {
            polite: RwSignal::new(Vec::new()),
            assertive: RwSignal::new(Vec::new()),
            next: StoredValue::new(0),
        }
    }
}

impl LiveRegion {
    /// Read when the reader is idle (streamed text).
    pub fn say(&self, text: String) {
        self.add(self.polite, text);
    }

    /// Read at once (something waits for the user).
    pub fn alert(&self, text: String) {
        self.add(self.assertive, text);
    }

    fn add(&self, region: RwSignal<Vec<(u64, String)>>, text: String) {
        if text.trim().is_empty() {
            return;
        }
        let id = self.next.get_value();
        self.next.set_value(id + 1);
        region.update(|list| {
            list.push((id, text));
            let extra = list.len().saturating_sub(KEPT);
            list.drain(..extra);
        });
    }
}

#[component]
pub fn LiveRegions(region: LiveRegion) -> impl IntoView {
    let said = |list: RwSignal<Vec<(u64, String)>>| {
        view! {
            <For each=move || list.get() key=|(id, _)| *id
                children=|(_, text)| view! { <p>{text}</p> } />
        }
    };
    view! {
        <div class="visually-hidden" aria-live="polite" data-testid="live-polite">
            {said(region.polite)}
        </div>
        <div class="visually-hidden" aria-live="assertive" data-testid="live-assertive">
            {said(region.assertive)}
        </div>
    }
}

/// What the engine's announcer gave, as one sentence to read out.
pub fn spoken_text(pieces: &[skein_engine::render::announce::Spoken]) -> String {
    use skein_engine::render::announce::Spoken;
    let said: Vec<String> = pieces
        .iter()
        .map(|piece| match piece {
            Spoken::Words(words) => words.clone(),
            Spoken::Code {
                text, whole: true, ..
            } => tf("spoken-code", &[("text", text.into())]),
            Spoken::Code { lines, text, .. } => tf(
                "spoken-code-long",
                &[("lines", (*lines).into()), ("first", text.into())],
            ),
        })
        .collect();
    said.join(" ")
}
