//! Conversations and the message nodes they are made of.
//!
//! A conversation is a tree of [`MessageNode`]s linked by `parent_id` (see
//! [`ConversationTree`](crate::ConversationTree)); the *current branch* is the path from a root to
//! [`Conversation::current_leaf_id`]. Every node is its own record, so one changed message is one
//! write.
//!
//! A message's content is a list of typed [`MessagePart`]s (text, image by reference, document,
//! reasoning, tool call); citations are [`Annotation`]s beside the content.

use crate::domain::message_part::TokenUsage;
use crate::domain::message_part::{Annotation, AnswerCall, MessagePart, ProviderTimings};
use crate::i18n::{LocaleRules, Localizer};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    System,
    User,
    Assistant,
}

impl Role {
    /// The catalogue message naming who wrote a message.
    pub fn message_id(self) -> &'static str {
        match self {
            Self::System => "role-system",
            Self::User => "role-user",
            Self::Assistant => "role-assistant",
        }
    }
}

/// Where a message is in its life. A message interrupted by a stop, a closed tab or a crash keeps
/// its text and becomes [`Incomplete`](Self::Incomplete), never silently "complete".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MessageStatus {
    Streaming,
    Complete,
    Incomplete,
    Error,
    /// The answer is paused on tool calls waiting for the user's approval (seed 000 §8).
    #[serde(rename = "awaiting_approval")]
    AwaitingApproval,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(from = "StoredMessageNode")]
pub struct MessageNode {
    pub id: String,
    pub conversation_id: String,
    pub parent_id: Option<String>,
    pub role: Role,
    pub parts: Vec<MessagePart>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub annotations: Vec<Annotation>,
    pub status: MessageStatus,
    /// The model that produced an assistant message, as the provider reported it.
    pub model: Option<String>,
    pub created_at_ms: f64,
    pub finished_at_ms: Option<f64>,
    /// A user-facing description of why generation failed or stopped early.
    pub error: Option<String>,
    /// `error` as a phrase, shown in the interface's language (records written before it was
    /// kept show `error`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_phrase: Option<crate::i18n::Phrase>,
    /// What kind of failure `error` describes, when the provider call failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_kind: Option<crate::domain::failure::FailureKind>,
    /// Token counts the provider reported for this message (completion tokens include hidden
    /// reasoning); they replace estimates wherever known.
    pub usage: Option<TokenUsage>,
    pub timings: Option<ProviderTimings>,
    /// The call that wrote the last step of an assistant message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub call: Option<AnswerCall>,
    /// What the turn that wrote an assistant message planned to use (seed 004's
    /// `PlannerDecision`): its tools and retrievals.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plan: Option<TurnPlan>,
}

/// The tools a turn offered the model and the retrievals it ran, decided before the request.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TurnPlan {
    /// The tools that can act, by the names the model sees.
    pub tools: Vec<String>,
    /// Knowledge bases are searched for this turn.
    pub knowledge: bool,
    /// Memories are retrieved for this turn.
    pub memory: bool,
}

impl TurnPlan {
    /// `"tools calculate, web_search · knowledge · memory"` (past three tools, how many more),
    /// in the interface's words; `None` when nothing was planned besides answering.
    pub fn describe(&self, words: &Localizer, rules: &dyn LocaleRules) -> Option<String> {
        const NAMED: usize = 3;
        let mut parts = Vec::new();
        if !self.tools.is_empty() {
            let named = self.tools[..self.tools.len().min(NAMED)].join(", ");
            let tools = if self.tools.len() > NAMED {
                let more = self.tools.len() - NAMED;
                words.format(
                    "plan-more",
                    &[("names", named.into()), ("more", more.into())],
                    rules,
                )
            } else {
                named
            };
            parts.push(words.format("plan-tools", &[("tools", tools.into())], rules));
        }
        if self.knowledge {
            parts.push(words.text("plan-knowledge").to_owned());
        }
        if self.memory {
            parts.push(words.text("plan-memory").to_owned());
        }
        (!parts.is_empty()).then(|| parts.join(" · "))
    }
}

impl MessageNode {
    /// An empty, complete message; set the rest with the `with_*` methods or directly.
    pub fn new(id: &str, conversation_id: &str, role: Role, created_at_ms: f64) -> Self {
        Self {
            id: id.to_owned(),
            conversation_id: conversation_id.to_owned(),
            parent_id: None,
            role,
            parts: Vec::new(),
            annotations: Vec::new(),
            status: MessageStatus::Complete,
            model: None,
            created_at_ms,
            finished_at_ms: None,
            error: None,
            error_phrase: None,
            error_kind: None,
            usage: None,
            timings: None,
            call: None,
            plan: None,
        }
    }

    pub fn with_text(mut self, text: &str) -> Self {
        self.push_text(text);
        self
    }

    pub fn with_parent(mut self, parent_id: Option<&str>) -> Self {
        self.parent_id = parent_id.map(str::to_owned);
        self
    }

    pub fn with_status(mut self, status: MessageStatus) -> Self {
        self.status = status;
        self
    }

    /// The message's text parts joined: what a reader sees as "the message".
    pub fn text(&self) -> String {
        self.parts
            .iter()
            .filter_map(|p| match p {
                MessagePart::Text { text } => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }

    /// Whether anything was written: text, reasoning, a tool call, an image or a document.
    pub fn has_content(&self) -> bool {
        self.parts.iter().any(|p| match p {
            MessagePart::Text { text } => !text.is_empty(),
            MessagePart::Reasoning { text, .. } => !text.is_empty(),
            _ => true,
        })
    }

    /// Whether the message has no text at all (other parts may exist).
    pub fn has_no_text(&self) -> bool {
        !self
            .parts
            .iter()
            .any(|p| matches!(p, MessagePart::Text { text } if !text.is_empty()))
    }

    /// Appends streamed text: to the last part when it is text, else as a new text part (so text
    /// after a tool call or reasoning block stays after it).
    pub fn push_text(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        match self.parts.last_mut() {
            Some(MessagePart::Text { text: last }) => last.push_str(text),
            _ => self.parts.push(MessagePart::text(text)),
        }
    }

    /// Appends streamed reasoning to the open reasoning part, opening one if needed.
    pub fn push_reasoning(&mut self, text: &str, now_ms: f64) {
        if let Some(MessagePart::Reasoning {
            text: last,
            finished_at_ms: None,
            ..
        }) = self.parts.last_mut()
        {
            last.push_str(text);
            return;
        }
        self.parts.push(MessagePart::Reasoning {
            text: text.to_owned(),
            started_at_ms: Some(now_ms),
            finished_at_ms: None,
            signature: None,
        });
    }

    /// Attaches a provider's signature to the latest reasoning part and closes it (Anthropic
    /// signs each thinking block; the signature must go back with it on the next turn).
    pub fn sign_reasoning(&mut self, signature: &str, now_ms: f64) {
        let last = self
            .parts
            .iter_mut()
            .rev()
            .find(|p| matches!(p, MessagePart::Reasoning { .. }));
        if let Some(MessagePart::Reasoning {
            signature: own,
            finished_at_ms,
            ..
        }) = last
        {
            own.get_or_insert_with(String::new).push_str(signature);
            finished_at_ms.get_or_insert(now_ms);
        }
    }

    /// Closes every reasoning part still open (at the end of generation, or when the answer
    /// text begins).
    pub fn close_reasoning(&mut self, now_ms: f64) {
        for part in &mut self.parts {
            if let MessagePart::Reasoning { finished_at_ms, .. } = part {
                if finished_at_ms.is_none() {
                    *finished_at_ms = Some(now_ms);
                }
            }
        }
    }
}

/// A message record as any schema version stored it. Version 1 (the walking skeleton) kept a
/// single `text` field; it is read as one text part, so no stored word is lost.
#[derive(Deserialize)]
struct StoredMessageNode {
    id: String,
    conversation_id: String,
    parent_id: Option<String>,
    role: Role,
    #[serde(default)]
    parts: Option<Vec<MessagePart>>,
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    annotations: Vec<Annotation>,
    status: MessageStatus,
    #[serde(default)]
    model: Option<String>,
    created_at_ms: f64,
    #[serde(default)]
    finished_at_ms: Option<f64>,
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    error_phrase: Option<crate::i18n::Phrase>,
    #[serde(default)]
    error_kind: Option<crate::domain::failure::FailureKind>,
    #[serde(default)]
    usage: Option<TokenUsage>,
    #[serde(default)]
    timings: Option<ProviderTimings>,
    #[serde(default)]
    call: Option<AnswerCall>,
    #[serde(default)]
    plan: Option<TurnPlan>,
}

impl From<StoredMessageNode> for MessageNode {
    fn from(stored: StoredMessageNode) -> Self {
        let parts = match (stored.parts, stored.text) {
            (Some(parts), _) => parts,
            (None, Some(text)) if !text.is_empty() => vec![MessagePart::text(text)],
            (None, _) => Vec::new(),
        };
        Self {
            id: stored.id,
            conversation_id: stored.conversation_id,
            parent_id: stored.parent_id,
            role: stored.role,
            parts,
            annotations: stored.annotations,
            status: stored.status,
            model: stored.model,
            created_at_ms: stored.created_at_ms,
            finished_at_ms: stored.finished_at_ms,
            error: stored.error,
            error_phrase: stored.error_phrase,
            error_kind: stored.error_kind,
            usage: stored.usage,
            timings: stored.timings,
            call: stored.call,
            plan: stored.plan,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Conversation {
    pub id: String,
    pub title: String,
    pub created_at_ms: f64,
    pub updated_at_ms: f64,
    /// The leaf of the branch the user is looking at; `None` for an empty conversation.
    pub current_leaf_id: Option<String>,
    /// The user chose the title: a generated one never replaces it.
    #[serde(default)]
    pub title_locked: bool,
    /// Follow-up questions suggested after the latest answer.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub suggestions: Vec<String>,
    /// The answer the suggestions follow: they are offered only while it ends the branch on
    /// screen ([`Conversation::current_suggestions`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggestions_for: Option<String>,
    /// The assistant this conversation talks to; `None` (and conversations stored before
    /// assistants existed) means the default one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assistant_id: Option<String>,
    /// A question saved while the browser was offline, to be answered when the connection
    /// returns; it waits only while it is the branch's last message
    /// ([`Conversation::question_to_send`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub waiting_question: Option<String>,
    /// A temporary chat: kept in memory only, never written to storage, gone with the page
    /// unless the user keeps it ([`TemporaryChats`](crate::store::temporary::TemporaryChats)).
    /// Never stored, exported or imported: a backup cannot make a chat temporary.
    #[serde(skip)]
    pub temporary: bool,
    /// The persona the user speaks as in this chat; `None` (or one since deleted) means the
    /// default persona ([`Personas::for_conversation`](crate::persona::user_persona::Personas::for_conversation)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub persona_id: Option<String>,
    /// This chat's own system prompt, used when its assistant allows one (for a character, it
    /// stands for the card's `{{original}}`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system_prompt: Option<String>,
    /// Stored world books this chat uses besides its assistant's, by ID.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub world_book_ids: Vec<String>,
    /// Stored chat dictionaries this chat uses besides its assistant's, by ID.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dictionary_ids: Vec<String>,
}

/// The longest title derived from a first message, in characters.
const TITLE_CHARS: usize = 60;

impl Conversation {
    pub fn new(id: &str, title: &str, now_ms: f64) -> Self {
        Self {
            id: id.to_owned(),
            title: title.to_owned(),
            created_at_ms: now_ms,
            updated_at_ms: now_ms,
            current_leaf_id: None,
            title_locked: false,
            suggestions: Vec::new(),
            suggestions_for: None,
            assistant_id: None,
            waiting_question: None,
            temporary: false,
            persona_id: None,
            system_prompt: None,
            world_book_ids: Vec::new(),
            dictionary_ids: Vec::new(),
        }
    }

    /// The follow-up suggestions to offer: those made for the answer that ends the branch on
    /// screen, none once the user moved on (a new question, another branch or version).
    pub fn current_suggestions(&self) -> &[String] {
        match &self.suggestions_for {
            Some(answer) if self.current_leaf_id.as_ref() == Some(answer) => &self.suggestions,
            _ => &[],
        }
    }

    /// The question waiting for the connection, if it is still the end of the branch the user
    /// is on: switching branches, editing or deleting it ends the wait.
    pub fn question_to_send(&self) -> Option<&str> {
        self.waiting_question
            .as_deref()
            .filter(|id| self.current_leaf_id.as_deref() == Some(*id))
    }

    /// A placeholder title from the first user message: its first line, shortened at a character
    /// boundary, until a title is generated from the first exchange.
    pub fn title_from_first_message(text: &str) -> String {
        let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        let line = line.trim();
        match line.char_indices().nth(TITLE_CHARS) {
            Some((cut, _)) => format!("{}…", line[..cut].trim_end()),
            None if line.is_empty() => "New chat".to_owned(),
            None => line.to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_are_offered_only_after_the_answer_they_follow() {
        let mut conversation = Conversation::new("c1", "Tides", 1.0);
        conversation.suggestions = vec!["When is high tide?".into()];
        assert!(
            conversation.current_suggestions().is_empty(),
            "stored before they knew their answer"
        );
        conversation.suggestions_for = Some("a1".into());
        conversation.current_leaf_id = Some("a1".into());
        assert_eq!(conversation.current_suggestions(), ["When is high tide?"]);
        // A new question, another branch or another version: they no longer fit.
        conversation.current_leaf_id = Some("q2".into());
        assert!(conversation.current_suggestions().is_empty());
        conversation.current_leaf_id = None;
        assert!(conversation.current_suggestions().is_empty());
    }

    #[test]
    fn a_question_waits_only_while_it_ends_the_branch() {
        let mut conversation = Conversation::new("c", "t", 0.0);
        conversation.current_leaf_id = Some("q".into());
        conversation.waiting_question = Some("q".into());
        assert_eq!(conversation.question_to_send(), Some("q"));
        conversation.current_leaf_id = Some("other-branch".into());
        assert_eq!(conversation.question_to_send(), None);
        // Stored records from before the field existed read as waiting for nothing.
        let old: Conversation = serde_json::from_str(
            r#"{"id":"c","title":"t","created_at_ms":0,"updated_at_ms":0,"current_leaf_id":"q"}"#,
        )
        .unwrap();
        assert_eq!(old.waiting_question, None);
    }

    #[test]
    fn titles_come_from_the_first_non_blank_line() {
        assert_eq!(
            Conversation::title_from_first_message("\n  Hello there \nmore"),
            "Hello there"
        );
        assert_eq!(Conversation::title_from_first_message("   "), "New chat");
        let long = "é".repeat(80);
        let title = Conversation::title_from_first_message(&long);
        assert_eq!(title.chars().count(), TITLE_CHARS + 1);
        assert!(title.ends_with('…'));
    }

    #[test]
    fn version_1_records_load_with_their_text_as_a_part() {
        let json = r#"{"id":"m","conversation_id":"c","parent_id":null,"role":"assistant",
            "text":"hi","status":"incomplete","created_at_ms":1.0}"#;
        let node: MessageNode = serde_json::from_str(json).unwrap();
        assert_eq!(node.status, MessageStatus::Incomplete);
        assert_eq!(node.parts, [MessagePart::text("hi")]);
        assert_eq!(node.model, None);
    }

    #[test]
    fn records_round_trip_through_json() {
        let mut node = MessageNode::new("m", "c", Role::Assistant, 2.0).with_text("answer");
        node.push_reasoning("hmm", 1.0);
        node.close_reasoning(1.5);
        node.push_text(" after");
        let json = serde_json::to_value(&node).unwrap();
        assert!(
            json.get("text").is_none(),
            "no v1 `text` field is written: {json}"
        );
        assert_eq!(serde_json::from_value::<MessageNode>(json).unwrap(), node);
    }

    #[test]
    fn streamed_text_and_reasoning_keep_their_order() {
        let mut node = MessageNode::new("m", "c", Role::Assistant, 0.0);
        node.push_reasoning("think ", 1.0);
        node.push_reasoning("more", 2.0);
        node.push_text("Hello");
        node.push_text(", world");
        node.push_text("");
        node.close_reasoning(3.0);
        assert_eq!(node.text(), "Hello, world");
        assert_eq!(
            node.parts,
            [
                MessagePart::Reasoning {
                    text: "think more".into(),
                    started_at_ms: Some(1.0),
                    finished_at_ms: Some(3.0),
                    signature: None
                },
                MessagePart::text("Hello, world"),
            ]
        );
        assert!(!node.has_no_text());
        assert!(MessageNode::new("e", "c", Role::User, 0.0).has_no_text());
    }
}
