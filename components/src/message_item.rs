//! One message of the current branch.

use leptos::prelude::*;
use skein_engine::{MessageNode, MessagePart, MessageStatus, Role};

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
}

impl MessageView {
    pub fn new(node: &MessageNode) -> Self {
        Self {
            id: StoredValue::new(node.id.clone()),
            role: node.role,
            text: RwSignal::new(node.text()),
            reasoning: RwSignal::new(reasoning_of(node)),
            status: RwSignal::new(node.status),
            error: RwSignal::new(node.error.clone()),
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
        }
        if self.error.with_untracked(|e| *e != node.error) {
            self.error.set(node.error.clone());
        }
    }
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

fn role_name(role: Role) -> &'static str {
    match role {
        Role::System => "system",
        Role::User => "user",
        Role::Assistant => "assistant",
    }
}

fn status_name(status: MessageStatus) -> &'static str {
    match status {
        MessageStatus::Streaming => "streaming",
        MessageStatus::Complete => "complete",
        MessageStatus::Incomplete => "incomplete",
        MessageStatus::Error => "error",
    }
}

#[component]
pub fn MessageItem(message: MessageView) -> impl IntoView {
    let status = move || status_name(message.status.get());
    let note = move || match message.status.get() {
        MessageStatus::Incomplete => Some(
            message
                .error
                .get()
                .unwrap_or_else(|| "Stopped: this answer is incomplete.".to_owned()),
        ),
        MessageStatus::Error => message.error.get(),
        _ => None,
    };
    view! {
        <article class="message" data-testid="message" data-role=role_name(message.role)
            data-status=status>
            <div class="message-role">{role_name(message.role)}</div>
            {move || message.reasoning.with(|r| !r.is_empty()).then(|| view! {
                <details class="reasoning" data-testid="reasoning">
                    <summary>"Reasoning"</summary>
                    <div class="reasoning-text">{move || message.reasoning.get()}</div>
                </details>
            })}
            // Plain text only: model output never becomes markup.
            <div class="message-text" data-testid="message-text">{move || message.text.get()}</div>
            {move || note().map(|note| view! {
                <div class="message-note" data-testid="message-note" role="status">{note}</div>
            })}
        </article>
    }
}
