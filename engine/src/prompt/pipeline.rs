//! The input transformers, run on a request-only copy in exactly this order (seed 000 §4), each
//! receiving the previous one's output:
//!
//! | # | transformer | effect |
//! | --- | --- | --- |
//! | 1 | user-message wrapper | before the last user message, in seed 004's order: the user's current date and time, the assistant's standing guidance, what the assistant is (only for a question about it), hints |
//! | 2 | prompt injection | lorebook and mode entries at their positions |
//! | 3 | placeholders | `{{char}}`, `{{user}}`, `{{date}}`, … in the system prompt and texts |
//! | 4 | document-as-prompt | attached documents inlined as fenced text |
//! | 5 | OCR | text recognised in images, after each image (a tool's picture: in the turn that shows it, see [`expand_node`](super::request_builder::expand_node)) |
//! | 6 | message template | each user message's text rendered through the template |
//! | 7 | workspace reminder | the active workspace, in the system prompt |
//! | 8 | knowledge retrieval | up to six chunks as a DATA block, each one a citation |
//! | 9 | memory retrieval | up to six memories as a DATA block |
//!
//! Chat dictionaries run before all of them, on the user's text only. A transformer that is not
//! configured is skipped; a hook that fails leaves an honest notice in the system prompt and in
//! [`PreparedRequest::notices`] instead of failing the request.

use super::data_block::{data_block, DATA_PREAMBLE};
use super::documents::inline_documents;
use super::hooks::{OcrHook, RetrievalHook, RetrievalScope, RetrievedItem, WorkspaceHook};
use super::injection::{text_seed, Activation, CompiledLorebook};
use super::notices;
use super::placeholders::PlaceholderValues;
use super::template::MessageTemplate;
use super::user_wrapper::UserWrapper;
use super::PromptRequest;
use crate::domain::message::Role;
use crate::domain::message_part::{Annotation, MessagePart};
use crate::i18n::Cause;
use crate::prompt::dictionary::CompiledDictionary;

/// At most this many knowledge chunks, and as many memories, join one request.
pub const MAX_RETRIEVED: usize = 6;

#[derive(Default)]
pub struct InputPipeline<'a> {
    pub dictionaries: &'a [CompiledDictionary],
    pub wrapper: UserWrapper<'a>,
    /// The assistant's own lorebook and the stored world books the request uses, in order.
    pub lorebooks: Vec<&'a CompiledLorebook>,
    pub placeholders: Option<&'a PlaceholderValues>,
    pub documents_as_prompt: bool,
    pub ocr: Option<&'a dyn OcrHook>,
    pub template: Option<&'a MessageTemplate>,
    pub workspace: Option<&'a dyn WorkspaceHook>,
    pub knowledge: Option<&'a dyn RetrievalHook>,
    pub memory: Option<&'a dyn RetrievalHook>,
    /// Whose knowledge and memories the retrievals may use.
    pub scope: RetrievalScope,
}

/// The request after every transformer, with what the transformers produced on the side.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PreparedRequest {
    pub request: PromptRequest,
    /// Citations of the knowledge chunks added to this request (only these may be cited).
    pub citations: Vec<Annotation>,
    /// Honest notices about what could not be done (a failed retrieval, an unreadable image).
    pub notices: Vec<Cause>,
    /// The transformers that ran, in order.
    pub trace: Vec<&'static str>,
    /// What each lorebook did (by the book's name): the entries inserted and why, and those
    /// left out.
    pub lore: Vec<(String, Activation)>,
    /// What each chat dictionary replaced in the user's messages.
    pub dictionaries: Vec<DictionaryReport>,
    /// The message whose first part is the user-message wrapper (a message template renders
    /// the user's text only, after it).
    pub(crate) wrapped: Option<String>,
}

/// One dictionary's work on a request's user messages.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DictionaryReport {
    pub name: String,
    pub replacements: usize,
    /// Matches left alone because the dictionary's budget was spent.
    pub skipped_for_budget: usize,
}

impl PreparedRequest {
    fn note(&mut self, notice: Cause) {
        self.notices.push(notice);
    }

    fn system_append(&mut self, block: String) {
        let system = &mut self.request.system;
        if !system.is_empty() {
            system.push_str("\n\n");
        }
        system.push_str(&block);
    }

    /// What the user wrote last: the text of the last user message without the wrapper's
    /// blocks (retrieval searches for the question, not for the date).
    fn last_user_text(&self) -> String {
        let Some(message) = self
            .request
            .messages
            .iter()
            .rev()
            .find(|m| m.role == Role::User)
        else {
            return String::new();
        };
        let wrapped = self.wrapped.as_deref() == Some(message.id.as_str());
        message
            .parts
            .iter()
            .skip(usize::from(wrapped))
            .filter_map(|p| match p {
                MessagePart::Text { text } => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }
}

impl InputPipeline<'_> {
    pub async fn run(&self, request: PromptRequest) -> PreparedRequest {
        let mut out = PreparedRequest {
            request,
            ..PreparedRequest::default()
        };
        if !self.dictionaries.is_empty() {
            out.trace.push("chat_dictionaries");
            out.dictionaries = self
                .dictionaries
                .iter()
                .map(|d| DictionaryReport {
                    name: d.name.clone(),
                    ..DictionaryReport::default()
                })
                .collect();
            for message in out
                .request
                .messages
                .iter_mut()
                .filter(|m| m.role == Role::User)
            {
                for part in &mut message.parts {
                    if let MessagePart::Text { text } = part {
                        let seed = text_seed(&message.id, 0);
                        for (dictionary, report) in
                            self.dictionaries.iter().zip(&mut out.dictionaries)
                        {
                            let outcome = dictionary.apply(text, seed);
                            report.replacements += outcome.replacements;
                            report.skipped_for_budget += outcome.skipped_for_budget;
                            *text = outcome.text;
                        }
                    }
                }
            }
        }
        if !self.wrapper.is_empty() {
            out.trace.push("user_wrapper");
            if let Some(last_user) = out
                .request
                .messages
                .iter_mut()
                .rev()
                .find(|m| m.role == Role::User)
            {
                last_user
                    .parts
                    .insert(0, MessagePart::text(self.wrapper.text()));
                out.wrapped = Some(last_user.id.clone());
            }
        }
        if !self.lorebooks.is_empty() {
            out.trace.push("prompt_injection");
            for lorebook in &self.lorebooks {
                let activation = lorebook.apply(&mut out.request);
                out.lore.push((lorebook.name.clone(), activation));
            }
        }
        if let Some(values) = self.placeholders {
            out.trace.push("placeholders");
            out.request.system = values.resolve(&out.request.system);
            for message in &mut out.request.messages {
                for part in &mut message.parts {
                    if let MessagePart::Text { text } = part {
                        *text = values.resolve(text);
                    }
                }
            }
        }
        if self.documents_as_prompt {
            out.trace.push("document_as_prompt");
            out.request.messages.iter_mut().for_each(inline_documents);
        }
        if let Some(ocr) = self.ocr {
            out.trace.push("ocr");
            self.recognize_images(ocr, &mut out).await;
        }
        if let Some(template) = self.template {
            out.trace.push("template");
            self.render_template(template, &mut out);
        }
        if let Some(workspace) = self.workspace {
            out.trace.push("workspace_reminder");
            match workspace.reminder().await {
                Ok(Some(reminder)) => {
                    out.system_append(format!("<workspace>\n{reminder}\n</workspace>"))
                }
                Ok(None) => {}
                Err(err) => out.note(notices::workspace_unreadable(&err)),
            }
        }
        if let Some(knowledge) = self.knowledge {
            out.trace.push("knowledge_retrieval");
            let query = out.last_user_text();
            match knowledge.retrieve(&query, &self.scope).await {
                Ok(found) => {
                    if let Some(notice) = found.notice {
                        out.note(notice);
                    }
                    add_knowledge(&mut out, found.items)
                }
                Err(err) => {
                    let notice = notices::knowledge_failed(&err);
                    out.system_append(notice.to_string());
                    out.note(notice);
                }
            }
        }
        if let Some(memory) = self.memory {
            out.trace.push("memory_retrieval");
            let query = out.last_user_text();
            match memory.retrieve(&query, &self.scope).await {
                Ok(found) => {
                    if let Some(notice) = found.notice {
                        out.note(notice);
                    }
                    let items = &found.items;
                    if !items.is_empty() {
                        let body = numbered(&items[..items.len().min(MAX_RETRIEVED)]);
                        out.system_append(data_block("memory", DATA_PREAMBLE, &body));
                    }
                }
                Err(err) => {
                    let notice = notices::memory_failed(&err);
                    out.system_append(notice.to_string());
                    out.note(notice);
                }
            }
        }
        out
    }

    async fn recognize_images(&self, ocr: &dyn OcrHook, out: &mut PreparedRequest) {
        let mut notices = Vec::new();
        for message in &mut out.request.messages {
            let mut parts = Vec::with_capacity(message.parts.len());
            for part in std::mem::take(&mut message.parts) {
                let image = match &part {
                    MessagePart::Image { blob_id, mime, .. } => {
                        Some((blob_id.clone(), mime.clone()))
                    }
                    _ => None,
                };
                parts.push(part);
                let Some((blob_id, mime)) = image else {
                    continue;
                };
                match ocr.recognize(&blob_id, &mime).await {
                    Ok(text) if !text.trim().is_empty() => {
                        parts.push(MessagePart::text(image_text(&text)))
                    }
                    Ok(_) => {}
                    Err(err) => notices.push(notices::image_text_unreadable(&err)),
                }
            }
            message.parts = parts;
        }
        out.notices.extend(notices);
    }

    fn render_template(&self, template: &MessageTemplate, out: &mut PreparedRequest) {
        for message in out
            .request
            .messages
            .iter_mut()
            .filter(|m| m.role == Role::User)
        {
            // The wrapper's blocks stay before the rendered text, outside the template.
            let wrapper = (out.wrapped.as_deref() == Some(message.id.as_str()))
                .then(|| message.parts.remove(0));
            let text = message.text();
            let rendered = template.render(&|variable: &str| match variable {
                "message" => text.clone(),
                "role" => "user".to_owned(),
                other => self.placeholder(other),
            });
            // The rendered text takes the place of the first text part; other parts stay.
            let first_text = message
                .parts
                .iter()
                .position(|p| matches!(p, MessagePart::Text { .. }));
            message
                .parts
                .retain(|p| !matches!(p, MessagePart::Text { .. }));
            let at = first_text.unwrap_or(0).min(message.parts.len());
            message.parts.insert(at, MessagePart::text(rendered));
            if let Some(wrapper) = wrapper {
                message.parts.insert(0, wrapper);
            }
        }
    }

    fn placeholder(&self, name: &str) -> String {
        let Some(values) = self.placeholders else {
            return String::new();
        };
        match name {
            "date" => values.time.date(),
            "time" => values.time.time(),
            "model" => values.model.clone(),
            "char" => values.char.clone(),
            "user" => values.user.clone(),
            _ => String::new(),
        }
    }
}

/// The tag of the block holding the text recognised in an image, and the sentence opening it.
const IMAGE_TEXT_TAG: &str = "image_text";
const IMAGE_TEXT_PREAMBLE: &str = "Text recognised in the image above (OCR):";

/// The text OCR recognised in an image, as the DATA block that follows the image in a request.
pub(crate) fn image_text(text: &str) -> String {
    data_block(IMAGE_TEXT_TAG, IMAGE_TEXT_PREAMBLE, text)
}

/// Whether `text` is a block [`image_text`] made.
pub(crate) fn is_image_text(text: &str) -> bool {
    text.starts_with(&format!("<{IMAGE_TEXT_TAG}>\n{IMAGE_TEXT_PREAMBLE}\n"))
}

fn numbered(items: &[RetrievedItem]) -> String {
    items
        .iter()
        .enumerate()
        .map(|(i, item)| format!("[{}] {}\n{}", i + 1, item.title, item.text))
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// The most of a chunk's text a citation keeps.
const MAX_CITED_CHARS: usize = 4_000;

fn add_knowledge(out: &mut PreparedRequest, items: Vec<RetrievedItem>) {
    let items = &items[..items.len().min(MAX_RETRIEVED)];
    if items.is_empty() {
        return;
    }
    out.system_append(data_block("knowledge", DATA_PREAMBLE, &numbered(items)));
    out.citations.extend(items.iter().map(citation));
}

/// The citation of a knowledge chunk given to the model (retrieved, or returned by a knowledge
/// tool).
pub fn citation(item: &RetrievedItem) -> Annotation {
    Annotation::Citation {
        chunk_id: item.id.clone(),
        document_id: item.document_id.clone(),
        title: item.title.clone(),
        // The passage the model was given, so the citation opens to what it read (a chunk is
        // small; this bounds a runaway one).
        snippet: item.text.chars().take(MAX_CITED_CHARS).collect(),
    }
}

#[cfg(test)]
#[path = "pipeline_tests.rs"]
mod tests;
