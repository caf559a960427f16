//! What one reply is asked with: the branch it answers (up to the current leaf for a new turn,
//! up to the parent of the answer being regenerated or continued), the window the rolling
//! context chooses over it (seed 000 §2), and the request built from that window (seed 000
//! §3–§5), flattened into the protocol-neutral messages every model step starts from.

use super::events::GenerationEvent;
use super::ocr::{ocr_settings, remove_images, ProviderOcr};
use super::service::ChatService;
use super::turn::{ReplyTarget, Turn};
use super::ChatError;
use crate::domain::message::{Conversation, Role};
use crate::domain::message_part::{Annotation, MessagePart};
use crate::domain::tree::{ConversationTree, TreeError};
use crate::persona::dictionary_file::check as check_dictionary;
use crate::persona::world_books::books_for_request;
use crate::persona::world_info::compile_book;
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::prompt::hooks::{OcrHook, WorkspaceHook};
use crate::prompt::request_builder::{
    build_request, chat_messages, load_images, sendable_branch, RequestInputs,
};
use crate::prompt::time_context::TimeContext;
use crate::provider::ChatMessage;
use crate::store::ChatStore;
use crate::workspace::reminder::WorkspaceReminder;
use crate::workspace::workspace_root;
use std::collections::HashSet;
use std::rc::Rc;

/// The request side of one reply, the same for each of its model steps.
pub(crate) struct PreparedReply {
    /// The conversation as the model sees it before the reply's own parts.
    pub history: Vec<ChatMessage>,
    /// Tool calls of this branch, whose stored outputs `read_tool_output` may read.
    pub known_calls: HashSet<String>,
    /// The knowledge chunks retrieved for the request: the answer's citations (seed 000 §5).
    pub citations: Vec<Annotation>,
    /// What the transformers did, for the prompt inspector: the lorebooks' activations, the
    /// dictionaries' replacements, the summary sent and how many messages it stands for.
    pub report: RequestReport,
}

/// What the prompt inspector says about how a request was built.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RequestReport {
    pub lore: Vec<(String, crate::prompt::injection::Activation)>,
    pub dictionaries: Vec<crate::prompt::pipeline::DictionaryReport>,
    /// The summary sent, with the number of messages it stands for.
    pub summary: Option<(String, usize)>,
}

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    /// Builds what the reply placed at `target` is asked with; notices about the request (an
    /// image that could not be loaded, retrieval that failed) go to the sink as warnings.
    pub(crate) async fn prepare_reply(
        &self,
        conversation: &Conversation,
        tree: &ConversationTree,
        target: &ReplyTarget,
        turn: &Turn<'_>,
        now_ms: f64,
    ) -> Result<PreparedReply, ChatError> {
        let (settings, sink) = (turn.settings, turn.sink);
        let context_leaf = match target {
            ReplyTarget::Append => tree.current_leaf().map(str::to_owned),
            ReplyTarget::Under(id) => match tree.get(id) {
                Some(node) if node.role == Role::User => Some(id.clone()),
                _ => return Err(TreeError::UnknownId(id.clone()).into()),
            },
            ReplyTarget::SiblingOf(id) | ReplyTarget::Continue(id) => tree
                .get(id)
                .ok_or_else(|| TreeError::UnknownId(id.clone()))?
                .parent_id
                .clone(),
        };
        let path = tree.path_to(context_leaf.as_deref());
        let known_calls = path
            .iter()
            .flat_map(|node| node.parts.iter())
            .filter_map(|part| match part {
                MessagePart::ToolCall(call) => Some(call.id.clone()),
                _ => None,
            })
            .collect();
        let branch = sendable_branch(path);
        let (start, summary) = self.rolling_window(&conversation.id, &branch, turn).await;
        let personas = self.store.load_personas().await?;
        let books = self.store.load_world_books().await?;
        let world_books = books_for_request(&books, turn.assistant, conversation)
            .into_iter()
            .map(compile_book)
            .collect::<Result<Vec<_>, _>>()?;
        let stored = self.store.load_dictionaries().await?;
        let dictionaries = stored
            .chosen(&[&turn.assistant.dictionary_ids, &conversation.dictionary_ids])
            .into_iter()
            .map(check_dictionary)
            .collect::<Result<Vec<_>, _>>()?;
        // The inspector's dry run calls no model: images are shown as left out instead.
        let reader = ocr_settings(settings).filter(|_| !turn.dry_run);
        let ocr = reader.map(|settings| ProviderOcr {
            client: &self.client,
            store: &self.store,
            settings,
            cancel: turn.cancel,
            transcripts: &self.transcripts,
        });
        // The workspace reminder, when the workspace tools are offered.
        let reminder = match self.workspace.get() {
            Some(files) if turn.tools.get(crate::workspace::tools::LIST_TOOL).is_some() => {
                Some(WorkspaceReminder {
                    files: files.as_ref(),
                    root: workspace_root(&conversation.id, turn.assistant),
                    skills: turn
                        .tools
                        .get(crate::workspace::skills::SKILL_TOOL)
                        .is_some(),
                })
            }
            _ => None,
        };
        let prepared = build_request(RequestInputs {
            window: &branch[start..],
            summary: summary.as_deref(),
            conversation,
            assistant: turn.assistant,
            compiled: &turn.compiled,
            model: settings.model_name(),
            time: TimeContext {
                now_ms,
                utc_offset_minutes: self.clock().utc_offset_minutes(),
                time_zone: self.clock().time_zone(),
            },
            tool_note: &turn.tools.system_note,
            has_tools: !turn.tools.tools.is_empty(),
            knowledge: self.retrieval.knowledge.get().map(Rc::as_ref),
            memory: self.retrieval.memory.get().map(Rc::as_ref),
            persona: personas.for_conversation(conversation),
            world_books: &world_books,
            dictionaries: &dictionaries,
            ocr: ocr.as_ref().map(|ocr| ocr as &dyn OcrHook),
            workspace: reminder.as_ref().map(|r| r as &dyn WorkspaceHook),
            channel: turn.channel,
            provider: &crate::provider::provider_name(settings.kind, &settings.base_url),
        })
        .await;
        let mut history = chat_messages(&prepared);
        let image_notices = if settings.supports_images {
            load_images(&mut history, &self.store).await
        } else {
            let removed = remove_images(&mut history);
            match (removed, &ocr) {
                (0, _) | (_, Some(_)) => Vec::new(),
                (n, None) => vec![crate::prompt::notices::images_left_out(
                    settings.model_name(),
                    n,
                )],
            }
        };
        for notice in prepared.notices.iter().chain(&image_notices) {
            sink.emit(GenerationEvent::Warning(notice.clone()));
        }
        Ok(PreparedReply {
            history,
            known_calls,
            citations: prepared.citations,
            report: RequestReport {
                lore: prepared.lore,
                dictionaries: prepared.dictionaries,
                summary: summary.map(|text| (text, start)),
            },
        })
    }
}
