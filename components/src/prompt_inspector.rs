//! The prompt inspector: the request a provider gets, read-only and copyable — each message
//! with its estimated tokens, the lorebook entries that fired and why (and those left out),
//! the dictionaries' replacements, the summary standing in for older messages, the tools, and
//! the exact body. Everything in it is shown as text.

use crate::context_meter::short_tokens;
use crate::i18n::{explain, t, tf, with_words};
use crate::side_sheet::SideSheet;
use leptos::prelude::*;
use skein_engine::chat::Inspection;
use skein_engine::Role;

/// What the inspector shows: what it is about, and the inspection (or why there is none).
#[derive(Debug, Clone, PartialEq)]
pub struct InspectorView {
    /// "The next request" or "The request of this answer".
    pub about: String,
    /// `None` while it is being built.
    pub inspection: Option<Result<Inspection, String>>,
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::System => "system",
        Role::User => "user",
        Role::Assistant => "assistant",
    }
}

#[component]
pub fn PromptInspector(
    open: RwSignal<bool>,
    #[prop(into)] view: Signal<Option<InspectorView>>,
) -> impl IntoView {
    let copied = RwSignal::new(false);
    view! {
        <SideSheet open=open.into() title=t("inspector-label") id="prompt-inspector" class="prompt-inspector"
            close_label=t("inspector-close") close_testid="prompt-inspector-close"
            on_close=move |()| open.set(false)>
            {move || view.get().map(|shown| {
                let about = view! { <p class="hint" data-testid="inspector-about">{shown.about.clone()}</p> };
                let body = match shown.inspection {
                    None => view! { <p class="hint">{t("inspector-building")}</p> }.into_any(),
                    Some(Err(err)) => view! { <p class="error" role="alert" data-testid="inspector-error">{err}</p> }.into_any(),
                    Some(Ok(inspection)) => inspection_view(inspection, copied).into_any(),
                };
                view! { {about} {body} }
            })}
        </SideSheet>
    }
}

fn inspection_view(inspection: Inspection, copied: RwSignal<bool>) -> impl IntoView {
    let Inspection {
        model,
        url,
        messages,
        tools,
        lore,
        dictionaries,
        summary,
        body,
        total_tokens,
        notices,
    } = inspection;
    let copy_body = body.clone();
    view! {
        <p data-testid="inspector-totals">
            {tf("inspector-totals", &[
                ("model", (&model).into()),
                ("tokens", short_tokens(total_tokens).into()),
                ("messages", messages.len().into()),
                ("tools", tools.len().into()),
            ])}
        </p>
        <p class="hint inspector-url">{format!("POST {url}")}</p>
        {notices.into_iter().map(|n| view! { <p class="error" role="status">{explain(&n)}</p> }).collect_view()}
        <section aria-labelledby="inspector-lore">
            <h3 id="inspector-lore">{t("inspector-world-books")}</h3>
            {lore.is_empty().then(|| view! { <p class="hint" data-testid="inspector-no-lore">{t("inspector-no-entry")}</p> })}
            <ul class="inspector-list" data-testid="inspector-lore">
                {lore.into_iter().map(|entry| {
                    let (book, why) = with_words(|words, rules| {
                        (entry.book_words(words).to_owned(), entry.why_words(words, rules))
                    });
                    let fired = entry.fired();
                    view! {
                        <li data-testid="inspector-lore-entry" class:left-out=!fired>
                            <strong>{entry.entry}</strong>
                            <span class="hint">{format!(" ({book})")}</span>
                            <div data-testid="inspector-lore-why">{why}</div>
                            {fired.then(|| view! { <span class="hint">{tf("inspector-tokens", &[("tokens", entry.tokens.into())])}</span> })}
                        </li>
                    }
                }).collect_view()}
            </ul>
        </section>
        {(!dictionaries.is_empty()).then(|| view! {
            <section aria-labelledby="inspector-dictionaries">
                <h3 id="inspector-dictionaries">{t("inspector-dictionaries")}</h3>
                <ul class="inspector-list" data-testid="inspector-dictionaries">
                    {dictionaries.into_iter().map(|(name, replaced, skipped)| view! {
                        <li>{tf("inspector-dictionary-line", &[("name", name.into()), ("replaced", replaced.into()), ("skipped", skipped.into())])}</li>
                    }).collect_view()}
                </ul>
            </section>
        })}
        {summary.map(|s| view! {
            <p data-testid="inspector-summary">{if s.pending {
                tf("inspector-summary-pending", &[("messages", s.covered_messages.into())])
            } else {
                tf("inspector-summary", &[("tokens", s.tokens.into()), ("messages", s.covered_messages.into())])
            }}</p>
        })}
        <section aria-labelledby="inspector-messages">
            <h3 id="inspector-messages">{t("inspector-messages")}</h3>
            <ol class="inspector-messages" data-testid="inspector-messages">
                {messages.into_iter().map(|m| view! {
                    <li data-testid="inspector-message" data-role=role_name(m.role)>
                        <div class="inspector-message-head">
                            <span class="tag">{role_name(m.role)}</span>
                            <span class="hint">{tf("inspector-tokens", &[("tokens", m.tokens.into())])}</span>
                            {m.extras.into_iter().map(|e| {
                                let e = with_words(|words, rules| e.words(words, rules));
                                view! { <span class="hint">{e}</span> }
                            }).collect_view()}
                        </div>
                        <pre tabindex="0">{m.text}</pre>
                    </li>
                }).collect_view()}
            </ol>
        </section>
        {(!tools.is_empty()).then(|| view! {
            <section aria-labelledby="inspector-tools">
                <h3 id="inspector-tools">{t("inspector-tools")}</h3>
                <ul class="inspector-list">
                    {tools.into_iter().map(|(name, tokens)| view! { <li>{tf("inspector-tool-line", &[("name", name.into()), ("tokens", tokens.into())])}</li> }).collect_view()}
                </ul>
            </section>
        })}
        <details class="inspector-body">
            <summary data-testid="inspector-body-toggle">{t("inspector-body")}</summary>
            <pre data-testid="inspector-body" tabindex="0">{body}</pre>
        </details>
        <div class="form-actions">
            <button type="button" data-testid="inspector-copy"
                on:click=move |_| {
                    if crate::fields::copy_text(&copy_body) {
                        copied.set(true);
                    }
                }>{move || if copied.get() { t("copied") } else { t("inspector-copy-body") }}</button>
        </div>
    }
}
