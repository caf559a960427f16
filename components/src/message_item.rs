//! One message of the current branch.

use crate::attachments::{AttachedDocument, DocumentRef};
use crate::character_gallery::Avatar;
use crate::citations::{citations_of, CitationView, Citations};
use crate::i18n::{t, tf, with_words};
use crate::icons::{icon, Icon};
use crate::images::{ImageRef, MessageImage};
use crate::markdown_view::MarkdownText;
use crate::near_viewport::NearViewport;
use crate::regenerate_menu::{RegenerateChoices, RegenerateToggle};
use crate::tool_call_card::{ToolCallCard, ToolCallView};
use leptos::prelude::*;
use skein_engine::chat::answer_details::answer_details;
use skein_engine::chat::prompt_progress::prompt_progress;
use skein_engine::chat::ToolDecision;
use skein_engine::provider::model_list::ModelInfo;
use skein_engine::{Annotation, BranchEntry, MessageNode, MessagePart, MessageStatus, Role};

/// The view-model of one message: fixed identity plus per-message signals, so a streamed token
/// updates exactly one text node.
#[derive(Debug, Clone, Copy)]
pub struct MessageView {
    pub id: StoredValue<String>,
    pub role: Role,
    pub text: RwSignal<String>,
    /// The model's visible reasoning, shown folded above the answer.
    pub reasoning: RwSignal<String>,
    pub status: RwSignal<MessageStatus>,
    pub error: RwSignal<Option<String>>,
    /// This message's place among its alternatives: (0-based position, count).
    pub siblings: RwSignal<(usize, usize)>,
    /// Chips from the follow-up gate (promises to act later).
    pub chips: RwSignal<Vec<String>>,
    /// The anti-fabrication gate's note: what the reply claimed that no tool did (dismissable).
    pub correction: RwSignal<Option<String>>,
    pub images: RwSignal<Vec<ImageRef>>,
    /// Text documents attached to a question.
    pub documents: RwSignal<Vec<DocumentRef>>,
    /// The knowledge an answer cites.
    pub citations: RwSignal<Vec<CitationView>>,
    pub tool_calls: RwSignal<Vec<ToolCallView>>,
    /// How long the model reasoned, in seconds, once it finished.
    pub reasoning_seconds: RwSignal<Option<f64>>,
    /// How a finished answer was made (model, tokens, speed), as the provider reported it.
    pub details: RwSignal<Option<String>>,
    /// While the server reads the prompt (llama.cpp): tokens read and the prompt's total.
    pub prompt_progress: RwSignal<Option<(u64, u64)>>,
    /// How far each running tool call has got, by call ID, as its tool last said.
    pub tool_progress: RwSignal<std::collections::HashMap<String, String>>,
}

/// What the user can do to a message. Each callback gets the message's ID.
#[derive(Clone, Copy)]
pub struct MessageActions {
    pub regenerate: Callback<String>,
    pub continue_reply: Callback<String>,
    /// The ID and the new text; returns whether the edit was accepted.
    pub edit: Callback<(String, String), bool>,
    /// The ID and the direction (−1 previous, +1 next alternative).
    pub switch_branch: Callback<(String, isize)>,
    pub delete: Callback<String>,
    /// The message ID, the call ID and the user's decision on a pending tool call.
    pub decide: Callback<(String, String, ToolDecision)>,
    /// The answer's ID and the model to write its new version with.
    pub regenerate_with: Callback<(String, String)>,
    /// The provider's models, for that menu (`None` until listed), and how to list them.
    pub models: Signal<Option<Result<Vec<ModelInfo>, String>>>,
    pub list_models: Callback<()>,
    /// Opens the prompt inspector on the request of this answer.
    pub inspect: Callback<String>,
    /// Opens a message a citation points to: its conversation's and its own ID.
    pub open_message: Callback<(String, String)>,
    /// Dismisses the honesty gate's note on an answer.
    pub dismiss_correction: Callback<String>,
}

impl MessageView {
    pub fn new(node: &MessageNode) -> Self {
        Self {
            id: StoredValue::new(node.id.clone()),
            role: node.role,
            text: RwSignal::new(node.text()),
            reasoning: RwSignal::new(reasoning_of(node)),
            status: RwSignal::new(node.status),
            error: RwSignal::new(error_of(node)),
            siblings: RwSignal::new((0, 1)),
            chips: RwSignal::new(chips_of(node)),
            correction: RwSignal::new(correction_of(node)),
            images: RwSignal::new(images_of(node)),
            documents: RwSignal::new(documents_of(node)),
            citations: RwSignal::new(citations_of(node)),
            tool_calls: RwSignal::new(tool_calls_of(node)),
            reasoning_seconds: RwSignal::new(reasoning_seconds_of(node)),
            details: RwSignal::new(with_words(|w, r| answer_details(node, w, r))),
            prompt_progress: RwSignal::new(None),
            tool_progress: RwSignal::new(Default::default()),
        }
    }

    /// A view of a branch node, with its sibling position for ‹ 2/3 ›.
    pub fn from_entry(entry: &BranchEntry) -> Self {
        let view = Self::new(&entry.node);
        view.siblings
            .set((entry.sibling_position, entry.sibling_count));
        view
    }

    /// Brings the view in line with a branch entry: its record and its ‹ n/m › position.
    pub fn update_from_entry(&self, entry: &BranchEntry) {
        self.update_from(&entry.node);
        let siblings = (entry.sibling_position, entry.sibling_count);
        if self.siblings.get_untracked() != siblings {
            self.siblings.set(siblings);
        }
    }

    /// Brings the signals in line with a stored record (only those that changed notify).
    pub fn update_from(&self, node: &MessageNode) {
        let text = node.text();
        if self.text.with_untracked(|t| *t != text) {
            self.text.set(text);
        }
        let reasoning = reasoning_of(node);
        if self.reasoning.with_untracked(|r| *r != reasoning) {
            self.reasoning.set(reasoning);
        }
        if self.status.get_untracked() != node.status {
            self.status.set(node.status);
            if node.status != MessageStatus::Streaming {
                self.prompt_progress.set(None);
            }
        }
        let error = error_of(node);
        if self.error.with_untracked(|e| *e != error) {
            self.error.set(error);
        }
        let chips = chips_of(node);
        if self.chips.with_untracked(|c| *c != chips) {
            self.chips.set(chips);
        }
        let correction = correction_of(node);
        if self.correction.with_untracked(|c| *c != correction) {
            self.correction.set(correction);
        }
        let images = images_of(node);
        if self.images.with_untracked(|i| *i != images) {
            self.images.set(images);
        }
        let documents = documents_of(node);
        if self.documents.with_untracked(|d| *d != documents) {
            self.documents.set(documents);
        }
        let citations = citations_of(node);
        if self.citations.with_untracked(|c| *c != citations) {
            self.citations.set(citations);
        }
        let calls = tool_calls_of(node);
        if self.tool_calls.with_untracked(|c| *c != calls) {
            self.tool_calls.set(calls);
        }
        let seconds = reasoning_seconds_of(node);
        if self.reasoning_seconds.get_untracked() != seconds {
            self.reasoning_seconds.set(seconds);
        }
        let details = with_words(|w, r| answer_details(node, w, r));
        if self.details.with_untracked(|d| *d != details) {
            self.details.set(details);
        }
    }
}

/// The time from the first reasoning to the end of the last, when both are known.
fn reasoning_seconds_of(node: &MessageNode) -> Option<f64> {
    let spans: Vec<(f64, f64)> = node
        .parts
        .iter()
        .filter_map(|p| match p {
            MessagePart::Reasoning {
                started_at_ms: Some(start),
                finished_at_ms: Some(end),
                ..
            } => Some((*start, *end)),
            _ => None,
        })
        .collect();
    let start = spans.iter().map(|s| s.0).reduce(f64::min)?;
    let end = spans.iter().map(|s| s.1).reduce(f64::max)?;
    (end >= start).then(|| (end - start) / 1000.0)
}

fn tool_calls_of(node: &MessageNode) -> Vec<ToolCallView> {
    node.parts
        .iter()
        .filter_map(|p| match p {
            MessagePart::ToolCall(call) => Some(ToolCallView::of(call)),
            _ => None,
        })
        .collect()
}

fn documents_of(node: &MessageNode) -> Vec<DocumentRef> {
    node.parts
        .iter()
        .filter_map(|p| match p {
            MessagePart::Document { name, text, .. } => Some(DocumentRef {
                name: name.clone(),
                text: text.clone(),
            }),
            _ => None,
        })
        .collect()
}

fn images_of(node: &MessageNode) -> Vec<ImageRef> {
    node.parts
        .iter()
        .filter_map(|p| match p {
            MessagePart::Image { blob_id, name, .. } => Some(ImageRef {
                blob_id: blob_id.clone(),
                alt: name.clone(),
            }),
            _ => None,
        })
        .collect()
}

/// The promises the follow-up gate found in a message, in words for the reader.
fn chips_of(node: &MessageNode) -> Vec<String> {
    node.annotations
        .iter()
        .filter_map(|a| match a {
            Annotation::FollowUpPromise { phrase } => Some(tf(
                "message-follow-up-promise",
                &[("phrase", phrase.into())],
            )),
            _ => None,
        })
        .collect()
}

/// The anti-fabrication gate's note on a message, in words for the reader.
fn correction_of(node: &MessageNode) -> Option<String> {
    node.annotations.iter().find_map(|a| match a {
        Annotation::HonestyCorrection {
            claimed,
            dismissed: false,
        } => Some(tf("message-corrected", &[("claimed", claimed.into())])),
        _ => None,
    })
}

fn reasoning_of(node: &MessageNode) -> String {
    node.parts
        .iter()
        .filter_map(|p| match p {
            MessagePart::Reasoning { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// Why the answer failed or stopped, in the interface's words when the record keeps the phrase
/// (older records keep only English).
pub fn error_of(node: &MessageNode) -> Option<String> {
    match &node.error_phrase {
        Some(phrase) => Some(with_words(|w, r| phrase.words(w, r))),
        None => node.error.clone(),
    }
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::System => "system",
        Role::User => "user",
        Role::Assistant => "assistant",
    }
}

/// Who answers in the chat on screen when it is a character: its name and picture (blob ID),
/// shown on its answers in place of the assistant mark. Provided by the app.
#[derive(Debug, Clone, Copy)]
pub struct Speaker {
    pub character: Signal<Option<(String, Option<String>)>>,
}

/// The mark beside a message's role: who wrote it, at a glance.
pub(crate) fn role_icon(role: Role) -> Option<Icon> {
    match role {
        Role::User => Some(Icon::Person),
        Role::Assistant => Some(Icon::Spark),
        Role::System => None,
    }
}

fn status_name(status: MessageStatus) -> &'static str {
    match status {
        MessageStatus::Streaming => "streaming",
        MessageStatus::Complete => "complete",
        MessageStatus::Incomplete => "incomplete",
        MessageStatus::Error => "error",
        MessageStatus::AwaitingApproval => "awaiting-approval",
    }
}

/// Whether the message is rendered in full: at once when `now` (or outside a chat view that
/// watches the viewport), else once it comes near the viewport.
fn rendered_when_near(article: NodeRef<leptos::html::Article>, now: bool) -> RwSignal<bool> {
    let watcher = use_context::<NearViewport>();
    let near = RwSignal::new(now || watcher.is_none());
    let Some(watcher) = watcher.filter(|_| !now) else {
        return near;
    };
    let key = StoredValue::new(None::<u32>);
    Effect::new(move || {
        if let Some(element) = article.get() {
            if key.get_value().is_none() && !near.get_untracked() {
                key.set_value(Some(watcher.watch(element.into(), near)));
            }
        }
    });
    on_cleanup(move || {
        if let Some(Some(key)) = key.try_get_value() {
            watcher.forget(key);
        }
    });
    near
}

#[component]
pub fn MessageItem(
    message: MessageView,
    actions: MessageActions,
    /// A reply is being generated in this conversation: actions that start one wait.
    #[prop(into)]
    busy: Signal<bool>,
    /// Render the answer's Markdown at once, even far from the viewport (the latest messages).
    #[prop(optional)]
    eager: bool,
) -> impl IntoView {
    let status = move || status_name(message.status.get());
    let note = move || match message.status.get() {
        MessageStatus::Incomplete => Some(
            message
                .error
                .get()
                .unwrap_or_else(|| t("message-stopped").to_owned()),
        ),
        MessageStatus::Error => message.error.get(),
        MessageStatus::AwaitingApproval => Some(t("message-paused").to_owned()),
        _ => None,
    };
    let id = move || message.id.get_value();
    let editing = RwSignal::new(false);
    let copied = RwSignal::new(false);
    // The list of models to regenerate with (answers only).
    let choosing = RwSignal::new(false);
    let choices_id = move || format!("regenerate-choices-{}", message.id.get_value());
    let edit_text = RwSignal::new(String::new());
    // The edit box takes focus when it opens; Cancel gives it back to the Edit button.
    let edit_box = NodeRef::<leptos::html::Textarea>::new();
    let edit_button = NodeRef::<leptos::html::Button>::new();
    let is_assistant = message.role == Role::Assistant;
    let article = NodeRef::<leptos::html::Article>::new();
    let near = rendered_when_near(article, eager || !is_assistant);
    let can_continue = move || {
        is_assistant
            && matches!(
                message.status.get(),
                MessageStatus::Incomplete | MessageStatus::Error
            )
            && !message.text.with(String::is_empty)
    };
    let branch_nav = move || {
        let (position, count) = message.siblings.get();
        (count > 1).then(|| {
            view! {
                <span class="branch-nav" data-testid="branch-nav">
                    <button type="button" aria-label=t("message-previous-version") data-testid="branch-prev"
                        disabled=move || busy.get() || position == 0
                        on:click=move |_| actions.switch_branch.run((id(), -1))>"‹"</button>
                    <span data-testid="branch-indicator">{format!("{}/{}", position + 1, count)}</span>
                    <button type="button" aria-label=t("message-next-version") data-testid="branch-next"
                        disabled=move || busy.get() || position + 1 == count
                        on:click=move |_| actions.switch_branch.run((id(), 1))>"›"</button>
                </span>
            }
        })
    };
    let save_edit = move || {
        let text = edit_text.get_untracked();
        if !text.trim().is_empty() && actions.edit.run((id(), text)) {
            editing.set(false);
            // Saving asks again: the keyboard goes back to the composer, as after a send (the
            // edited message is replaced by its new version).
            request_animation_frame(|| {
                let composer = document()
                    .query_selector("[data-testid=composer-input]")
                    .ok()
                    .flatten()
                    .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok());
                if let Some(composer) = composer {
                    let _ = composer.focus();
                }
            });
        }
    };
    let speaker = use_context::<Speaker>().filter(|_| message.role == Role::Assistant);
    view! {
        <article class="message" data-testid="message" data-role=role_name(message.role)
            data-message-id=id() tabindex="-1"
            node_ref=article
            data-status=status>
            <div class="message-role">
                {move || match speaker.and_then(|s| s.character.get()) {
                    Some((name, avatar)) => view! {
                        <Avatar blob=avatar name=name.clone() />
                        <span data-testid="message-speaker">{name}</span>
                    }.into_any(),
                    None => view! {
                        {role_icon(message.role).map(icon)}
                        <span>{t(message.role.message_id())}</span>
                    }.into_any(),
                }}
            </div>
            {move || {
                // Until the first word: how far the server has read the prompt.
                let (processed, total) = message.prompt_progress.get()?;
                let waiting = message.status.get() == MessageStatus::Streaming
                    && message.text.with(String::is_empty)
                    && message.reasoning.with(String::is_empty);
                waiting.then(|| {
                    let (share, words) = prompt_progress(processed, total);
                    view! {
                        <div class="prompt-progress" data-testid="prompt-progress" role="status">
                            {share.map(|share| view! { <progress max="1" value=share aria-hidden="true"></progress> })}
                            <span>{words}</span>
                        </div>
                    }
                })
            }}
            {move || message.reasoning.with(|r| !r.is_empty()).then(|| view! {
                <details class="reasoning" data-testid="reasoning">
                    <summary>{move || match message.reasoning_seconds.get() {
                        Some(seconds) => tf("message-reasoned-for", &[("seconds", ((seconds * 10.0).round() / 10.0).into())]),
                        None if message.status.get() == MessageStatus::Streaming => t("message-reasoning-live").to_owned(),
                        None => t("message-reasoning").to_owned(),
                    }}</summary>
                    <div class="reasoning-text" dir="auto">{move || message.reasoning.get()}</div>
                </details>
            })}
            <For
                each=move || message.tool_calls.get()
                key=|call| call.clone()
                children=move |call| view! {
                    <ToolCallCard
                        progress={
                            let call_id = call.id.clone();
                            Signal::derive(move || message.tool_progress.with(|p| p.get(&call_id).cloned()))
                        }
                        call busy
                        on_decide=move |(call_id, decision)| actions.decide.run((id(), call_id, decision)) />
                }
            />
            <Show
                when=move || editing.get()
                fallback=move || if is_assistant && !near.get() {
                    // Far from the viewport: the text alone until it comes near.
                    view! {
                        <div class="message-text plain" dir="auto" data-testid="message-content" data-pending="true">
                            {move || message.text.get()}
                        </div>
                    }.into_any()
                } else if is_assistant {
                    // Model output as Markdown, through the safe display model: never markup.
                    let text = Signal::derive(move || message.text.get());
                    let streaming = Signal::derive(move || message.status.get() == MessageStatus::Streaming);
                    view! {
                        <div class="message-text" dir="auto" data-testid="message-content">
                            <MarkdownText text streaming />
                        </div>
                    }.into_any()
                } else {
                    // What the user typed, exactly as typed.
                    view! {
                        <div class="message-text plain" dir="auto" data-testid="message-content">{move || message.text.get()}</div>
                    }.into_any()
                }
            >
                <div class="message-edit">
                    <textarea dir="auto" data-testid="edit-input" aria-label=t("message-edit-label") rows="3"
                        node_ref=edit_box
                        prop:value=move || edit_text.get()
                        on:input=move |ev| edit_text.set(event_target_value(&ev))></textarea>
                    <button type="button" data-testid="edit-save"
                        disabled=move || busy.get()
                        on:click=move |_| save_edit()>{t("message-save-send")}</button>
                    <button type="button" data-testid="edit-cancel"
                        on:click=move |_| {
                            editing.set(false);
                            if let Some(button) = edit_button.get_untracked() {
                                let _ = button.focus();
                            }
                        }>{t("cancel")}</button>
                </div>
            </Show>
            <For
                each=move || message.images.get()
                key=|image| image.blob_id.clone()
                children=|image| view! { <MessageImage image /> }
            />
            {move || message.documents.get().into_iter().map(|document| view! {
                <AttachedDocument document />
            }).collect_view()}
            <Citations citations=message.citations on_open_message=actions.open_message />
            {move || note().map(|note| view! {
                <div class="message-note" data-testid="message-note" role="status">{note}</div>
            })}
            {move || message.correction.get().map(|note| view! {
                <div class="honesty-note" data-testid="honesty-note" role="note">
                    <span>{note}</span>
                    <button type="button" class="link" data-testid="honesty-note-dismiss"
                        on:click=move |_| actions.dismiss_correction.run(id())>
                        {t("message-corrected-dismiss")}
                    </button>
                </div>
            })}
            <For
                each=move || message.chips.get()
                key=|chip| chip.clone()
                children=|chip| view! { <div class="chip" data-testid="chip">{chip}</div> }
            />
            <div class="message-actions">
                {branch_nav}
                {(!is_assistant).then(|| view! {
                    <button type="button" class="icon-button" data-testid="edit-button" node_ref=edit_button
                        aria-label=t("message-edit") title=t("message-edit") disabled=move || busy.get()
                        on:click=move |_| {
                            edit_text.set(message.text.get_untracked());
                            editing.set(true);
                            // Once the box is on the page.
                            request_animation_frame(move || {
                                if let Some(edit_box) = edit_box.get_untracked() {
                                    let _ = edit_box.focus();
                                }
                            });
                        }>{icon(Icon::Edit)}</button>
                })}
                {is_assistant.then(|| view! {
                    <button type="button" class="icon-button" data-testid="regenerate-button"
                        aria-label=t("message-regenerate") title=t("message-regenerate") disabled=move || busy.get()
                        on:click=move |_| actions.regenerate.run(id())>{icon(Icon::Regenerate)}</button>
                    <RegenerateToggle open=choosing controls=choices_id()
                        needs_models=Signal::derive(move || actions.models.with(Option::is_none))
                        on_open=actions.list_models disabled=busy />
                })}
                {move || can_continue().then(|| view! {
                    <button type="button" class="icon-button" data-testid="continue-button"
                        aria-label=t("message-continue") title=t("message-continue") disabled=move || busy.get()
                        on:click=move |_| actions.continue_reply.run(id())>{icon(Icon::Continue)}</button>
                })}
                <button type="button" class="icon-button" data-testid="copy-button"
                    aria-label=move || if copied.get() { t("copied") } else { t("message-copy-label") }
                    title=move || if copied.get() { t("copied") } else { t("copy") }
                    on:click=move |_| {
                        if crate::fields::copy_text(&message.text.get_untracked()) {
                            copied.set(true);
                        }
                    }>{move || icon(if copied.get() { Icon::Done } else { Icon::Copy })}</button>
                {is_assistant.then(|| view! {
                    <button type="button" class="icon-button" data-testid="inspect-button"
                        aria-label=t("message-inspect") title=t("message-inspect") aria-haspopup="dialog"
                        on:click=move |_| actions.inspect.run(id())>{icon(Icon::Inspect)}</button>
                })}
                <button type="button" class="icon-button" data-testid="delete-button"
                    aria-label=t("message-delete") title=t("message-delete") disabled=move || busy.get()
                    on:click=move |_| actions.delete.run(id())>{icon(Icon::Delete)}</button>
                {move || message.details.get().map(|details| view! {
                    <span class="message-details" data-testid="message-details">{details}</span>
                })}
            </div>
            {is_assistant.then(|| view! {
                <RegenerateChoices open=choosing id=choices_id() models=actions.models
                    on_pick=Callback::new(move |model| actions.regenerate_with.run((id(), model)))
                    disabled=busy />
            })}
        </article>
    }
}
