//! What the assistant remembers: every memory, editable and deletable by the user.

use crate::i18n::{t, tf};
use leptos::prelude::*;
use skein_engine::knowledge::memories::{Memory, MemoryScope};

/// What the user did to a memory.
#[derive(Debug, Clone)]
pub enum MemoryAction {
    /// The memory with its new text.
    Edit(Memory),
    Delete(String),
}

#[component]
pub fn MemoryPanel(
    #[prop(into)] memories: Signal<Vec<Memory>>,
    /// Assistant ID → name, to say whose a memory is.
    #[prop(into)]
    assistant_name: Callback<String, String>,
    #[prop(into)] on_action: Callback<MemoryAction>,
) -> impl IntoView {
    view! {
        <section class="settings memories" data-testid="memories" aria-label=t("memory-heading")>
            <h4>{t("memory-heading")}</h4>
            <p class="hint">{t("memory-intro")}</p>
            {move || memories.with(Vec::is_empty).then(|| view! {
                <p class="hint" data-testid="no-memories">{t("memory-none")}</p>
            })}
            <For
                each=move || memories.get()
                key=|memory| (memory.id.clone(), memory.text.clone())
                children=move |memory| {
                    let text = RwSignal::new(memory.text.clone());
                    let whose = match &memory.scope {
                        MemoryScope::Global => t("memory-every-assistant").to_owned(),
                        MemoryScope::Assistant(id) => assistant_name.run(id.clone()),
                    };
                    let id = memory.id.clone();
                    let save = {
                        let memory = memory.clone();
                        move |_| {
                            let edited = text.get_untracked().trim().to_owned();
                            if !edited.is_empty() && edited != memory.text {
                                on_action.run(MemoryAction::Edit(Memory { text: edited, ..memory.clone() }));
                            }
                        }
                    };
                    view! {
                        <div class="memory" data-testid="memory">
                            <textarea data-testid="memory-text" rows="2" aria-label=t("memory-label")
                                prop:value=move || text.get()
                                on:input=move |ev| text.set(event_target_value(&ev))></textarea>
                            <span class="hint">{tf("memory-known-to", &[("whose", (&whose).into())])}</span>
                            <button type="button" data-testid="memory-save" on:click=save>{t("memory-save")}</button>
                            <button type="button" data-testid="memory-delete"
                                aria-label=t("memory-forget-label")
                                on:click=move |_| on_action.run(MemoryAction::Delete(id.clone()))>{t("memory-forget")}</button>
                        </div>
                    }
                }
            />
        </section>
    }
}
