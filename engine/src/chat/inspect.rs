//! The prompt inspector: the exact request a provider gets — for the next message before it is
//! sent, or for an answer as regenerating it would ask now — with what built it: the lorebook
//! entries that fired and why, those left out, the dictionaries' replacements, the summary
//! standing in for older messages, and an estimate of each part's tokens.
//!
//! Inspecting is a dry run: nothing is stored, no summary is made, no provider is called.

use super::context_window::PENDING_SUMMARY;
use super::events::EventLog;
use super::prepare::RequestReport;
use super::service::ChatService;
use super::turn::ReplyTarget;
use super::{ChatError, GenerationEvent, TurnContext};
use crate::chat::unavailable::Unavailable;
use crate::domain::message::{Conversation, MessageNode, Role};
use crate::domain::tree::ConversationTree;
use crate::i18n::{LocaleRules, Localizer};
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::prompt::injection::{Skipped, Why};
use crate::prompt::token_estimate::estimate_tokens;
use crate::provider::build_chat_request;
use crate::provider::{ChatMessage, ChatRequest};
use crate::store::ChatStore;
use serde_json::Value;

/// Base64 strings longer than this are shown shortened in the inspector's body.
const SHOWN_DATA_CHARS: usize = 64;

/// One message of the request as the inspector lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct InspectedMessage {
    pub role: Role,
    pub text: String,
    /// Images attached, tool calls made, or the call this is the result of.
    pub extras: Vec<Extra>,
    pub tokens: u64,
}

/// What a message of the request carries besides its text.
#[derive(Debug, Clone, PartialEq)]
pub enum Extra {
    Images(usize),
    Call {
        name: String,
        arguments: String,
    },
    /// The result of the call with this id.
    ResultOf(String),
}

impl Extra {
    /// In words of the interface language.
    pub fn words(&self, words: &Localizer, rules: &dyn LocaleRules) -> String {
        match self {
            Self::Images(count) => {
                words.format("inspector-extra-images", &[("count", count.into())], rules)
            }
            Self::Call { name, arguments } => words.format(
                "inspector-extra-call",
                &[("name", name.into()), ("arguments", arguments.into())],
                rules,
            ),
            Self::ResultOf(id) => {
                words.format("inspector-extra-result", &[("id", id.into())], rules)
            }
        }
    }
}

/// A lorebook entry that fired, or one left out.
#[derive(Debug, Clone, PartialEq)]
pub struct InspectedEntry {
    /// The book's name; `None` for the assistant's own lorebook.
    pub book: Option<String>,
    pub entry: String,
    pub reason: EntryReason,
    pub tokens: u64,
}

/// Why an entry fired or was left out.
#[derive(Debug, Clone, PartialEq)]
pub enum EntryReason {
    Fired(Why),
    Skipped(Skipped),
}

impl InspectedEntry {
    pub fn fired(&self) -> bool {
        matches!(self.reason, EntryReason::Fired(_))
    }

    /// The book's name, or what it is, in words of the interface language.
    pub fn book_words<'w>(&'w self, words: &'w Localizer) -> &'w str {
        self.book
            .as_deref()
            .unwrap_or_else(|| words.text("inspector-lore-own-book"))
    }

    /// Why it fired ("“dragon” in message 3 from the end"), or why it was left out, in words
    /// of the interface language.
    pub fn why_words(&self, words: &Localizer, rules: &dyn LocaleRules) -> String {
        match &self.reason {
            EntryReason::Fired(why) => why.words(words, rules),
            EntryReason::Skipped(Skipped::Chance(roll, chance)) => words.format(
                "inspector-lore-chance",
                &[("roll", roll.into()), ("chance", chance.into())],
                rules,
            ),
            EntryReason::Skipped(Skipped::Budget) => words.text("inspector-lore-budget").to_owned(),
        }
    }
}

/// The request as the inspector shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Inspection {
    pub model: String,
    /// The address the request goes to (the key is in a header, never shown).
    pub url: String,
    pub messages: Vec<InspectedMessage>,
    /// The tools offered, with the estimated tokens of each definition.
    pub tools: Vec<(String, u64)>,
    pub lore: Vec<InspectedEntry>,
    /// Each dictionary that ran: (name, replacements, matches left for the budget).
    pub dictionaries: Vec<(String, usize, usize)>,
    /// The summary sent instead of the older messages: how many it stands for, its tokens;
    /// `pending` when a new one would be made first.
    pub summary: Option<SummaryShown>,
    /// The request body, pretty-printed, long image data shortened.
    pub body: String,
    pub total_tokens: u64,
    /// What building the request warned about (a missing image, a failed retrieval).
    pub notices: Vec<crate::i18n::Cause>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SummaryShown {
    pub covered_messages: usize,
    pub tokens: u64,
    pub pending: bool,
}

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    /// The request sending `draft` in `conversation` (a new chat when `None`) would make now.
    /// An empty draft stands as an empty question.
    pub async fn inspect_next(
        &self,
        conversation: Option<&Conversation>,
        draft: &str,
        context: &TurnContext<'_>,
    ) -> Result<Inspection, ChatError> {
        let conversation = match conversation {
            Some(c) => self.reload(c.clone()).await?,
            None => Conversation::new("inspected", "", self.clock().now_ms()),
        };
        let mut tree = self.load_tree(&conversation).await?;
        let question = MessageNode::new("inspected-question", &conversation.id, Role::User, 0.0)
            .with_text(draft);
        tree.append(question)?;
        self.inspect(&conversation, &tree, ReplyTarget::Append, context)
            .await
    }

    /// The request regenerating answer `answer_id` would make now.
    pub async fn inspect_answer(
        &self,
        conversation: &Conversation,
        answer_id: &str,
        context: &TurnContext<'_>,
    ) -> Result<Inspection, ChatError> {
        let conversation = self.reload(conversation.clone()).await?;
        let tree = self.load_tree(&conversation).await?;
        self.inspect(
            &conversation,
            &tree,
            ReplyTarget::SiblingOf(answer_id.to_owned()),
            context,
        )
        .await
    }

    async fn inspect(
        &self,
        conversation: &Conversation,
        tree: &ConversationTree,
        target: ReplyTarget,
        context: &TurnContext<'_>,
    ) -> Result<Inspection, ChatError> {
        let log = EventLog::default();
        let quiet = TurnContext {
            sink: &log,
            ..*context
        };
        let mut turn = self.turn(&quiet)?;
        turn.dry_run = true;
        let prepared = self
            .prepare_reply(conversation, tree, &target, &turn, self.clock().now_ms())
            .await?;
        let definitions = turn.tools.definitions();
        let request = ChatRequest {
            messages: &prepared.history,
            tools: &definitions,
            params: turn.assistant.params,
            stream: turn.assistant.stream,
        };
        let http = build_chat_request(turn.settings, &request)
            .map_err(|err| ChatError::from(Unavailable::request(&err)))?;
        let notices = log
            .0
            .borrow()
            .iter()
            .filter_map(|event| match event {
                GenerationEvent::Warning(text) => Some(text.clone()),
                _ => None,
            })
            .collect();
        let messages: Vec<InspectedMessage> = prepared.history.iter().map(inspected).collect();
        let tools: Vec<(String, u64)> = definitions
            .iter()
            .map(|d| {
                let json = serde_json::json!({"name": d.name, "description": d.description, "parameters": d.parameters});
                (d.name.clone(), estimate_tokens(&json.to_string()))
            })
            .collect();
        let total_tokens = messages.iter().map(|m| m.tokens).sum::<u64>()
            + tools.iter().map(|(_, t)| t).sum::<u64>();
        Ok(Inspection {
            model: turn.settings.model_name().to_owned(),
            url: http.url.clone(),
            lore: lore_of(&prepared.report),
            dictionaries: prepared
                .report
                .dictionaries
                .iter()
                .map(|d| (d.name.clone(), d.replacements, d.skipped_for_budget))
                .collect(),
            summary: prepared
                .report
                .summary
                .as_ref()
                .map(|(text, covered)| SummaryShown {
                    covered_messages: *covered,
                    tokens: estimate_tokens(text),
                    pending: text == PENDING_SUMMARY,
                }),
            body: shown_body(http.body.as_deref().unwrap_or("")),
            messages,
            tools,
            total_tokens,
            notices,
        })
    }
}

fn inspected(message: &ChatMessage) -> InspectedMessage {
    let mut extras: Vec<Extra> = Vec::new();
    if !message.images.is_empty() {
        extras.push(Extra::Images(message.images.len()));
    }
    extras.extend(message.tool_calls.iter().map(|call| Extra::Call {
        name: call.name.clone(),
        arguments: call.arguments.clone(),
    }));
    if let Some(call) = &message.tool_result_for {
        extras.push(Extra::ResultOf(call.clone()));
    }
    InspectedMessage {
        role: message.role,
        text: message.content.clone(),
        tokens: estimate_tokens(&message.content)
            + message
                .tool_calls
                .iter()
                .map(|c| estimate_tokens(&c.arguments))
                .sum::<u64>(),
        extras,
    }
}

fn lore_of(report: &RequestReport) -> Vec<InspectedEntry> {
    let mut out = Vec::new();
    for (book, activation) in &report.lore {
        let book = (!book.is_empty()).then(|| book.clone());
        out.extend(activation.fired.iter().map(|firing| InspectedEntry {
            book: book.clone(),
            entry: firing.entry.name.clone(),
            reason: EntryReason::Fired(firing.why.clone()),
            tokens: estimate_tokens(&firing.entry.content),
        }));
        out.extend(
            activation
                .skipped
                .iter()
                .map(|(entry, skipped)| InspectedEntry {
                    book: book.clone(),
                    entry: entry.clone(),
                    reason: EntryReason::Skipped(skipped.clone()),
                    tokens: 0,
                }),
        );
    }
    out
}

/// The body pretty-printed, every long base64 string (image data) shortened so the text
/// stays readable and copyable.
fn shown_body(body: &str) -> String {
    fn shorten(value: &mut Value) {
        match value {
            Value::String(text) if text.len() > SHOWN_DATA_CHARS && looks_like_data(text) => {
                let head: String = text.chars().take(16).collect();
                *text = format!("{head}… ({} characters of data)", text.len());
            }
            Value::Array(items) => items.iter_mut().for_each(shorten),
            Value::Object(map) => map.values_mut().for_each(shorten),
            _ => {}
        }
    }
    match serde_json::from_str::<Value>(body) {
        Ok(mut value) => {
            shorten(&mut value);
            serde_json::to_string_pretty(&value).unwrap_or_else(|_| body.to_owned())
        }
        Err(_) => body.to_owned(),
    }
}

fn looks_like_data(text: &str) -> bool {
    let text = text.strip_prefix("data:").map_or(text, |rest| {
        rest.split_once(',').map_or(rest, |(_, data)| data)
    });
    !text.contains(' ')
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=' | b'-' | b'_'))
}

#[cfg(test)]
#[path = "inspect_tests.rs"]
mod tests;
