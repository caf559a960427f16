//! The message template box: the template language's syntax beside it, and a mistake shown
//! where the user types — its line and column, the line with a mark under the place, and a
//! button that puts the cursor there. The engine parses (`prompt::MessageTemplate`).

use crate::i18n::{t, tf};
use leptos::prelude::*;
use skein_engine::prompt::{locate, MessageTemplate, VARIABLES};
use wasm_bindgen::JsCast;

/// The template's mistake, placed.
#[derive(Debug, Clone, PartialEq)]
struct Problem {
    message: String,
    line: usize,
    column: usize,
    line_text: String,
    /// Spaces and a `^` under the place.
    mark: String,
    /// The character it is at.
    at: usize,
}

fn problem(source: &str) -> Option<Problem> {
    let err = MessageTemplate::parse(source).err()?;
    let place = locate(source, err.at());
    Some(Problem {
        message: crate::i18n::explain(&err),
        line: place.line,
        column: place.column,
        line_text: place.line_text,
        mark: format!("{}^", " ".repeat(place.column.saturating_sub(1))),
        at: err.at(),
    })
}

#[component]
pub fn TemplateField(value: RwSignal<String>) -> impl IntoView {
    let problem = Memo::new(move |_| value.with(|v| problem(v)));
    let area = NodeRef::<leptos::html::Textarea>::new();
    let go_there = move |_| {
        let (Some(area), Some(Problem { at, .. })) = (area.get(), problem.get_untracked()) else {
            return;
        };
        // The browser counts UTF-16 units.
        let units: u32 =
            value.with_untracked(|v| v.chars().take(at).map(|c| c.len_utf16() as u32).sum());
        let element: &web_sys::HtmlTextAreaElement = area.unchecked_ref();
        let _ = element.focus();
        let _ = element.set_selection_range(units, units);
    };
    view! {
        <label class="field">
            <span>{t("template-label")}</span>
            <textarea data-testid="assistant-template" rows="3" spellcheck="false" node_ref=area
                placeholder="[{{ time }}] {{ message }}"
                aria-invalid=move || problem.with(Option::is_some).to_string()
                aria-describedby="template-problem"
                prop:value=move || value.get()
                on:input=move |ev| value.set(event_target_value(&ev))></textarea>
        </label>
        <div id="template-problem" aria-live="polite">
            {move || problem.get().map(|p| view! {
                <div class="template-problem" data-testid="template-problem">
                    <p class="error">{tf("template-problem", &[("line", p.line.into()), ("column", p.column.into()), ("problem", (&p.message).into())])}</p>
                    <pre data-testid="template-problem-place">{p.line_text}"\n"{p.mark}</pre>
                    <button type="button" data-testid="template-go-to-problem" on:click=go_there>{t("template-put-cursor")}</button>
                </div>
            })}
        </div>
        <details class="template-help">
            <summary>{t("template-syntax")}</summary>
            <ul>
                <li><code>"{{ name }}"</code>" "{t("template-inserts")}" "{VARIABLES.join(", ")}"."</li>
                <li><code>"{% if name %} … {% endif %}"</code>" "{t("template-if")}" "<code>"{% else %}"</code>" "{t("template-else")}</li>
                <li>{t("template-rest")}</li>
            </ul>
        </details>
    }
}
