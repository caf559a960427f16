//! Chat workflows in the chat service (seed 002): templates kept, edited, imported and drafted
//! by a model; runs started from a frozen snapshot and carried forward one saved phase at a
//! time (a question phrased, a round claimed, the debate model's reply, the moderator's
//! decision), so a reload never loses a finished round; a finished run handed over to a chat.

use super::service::ChatService;
use super::ChatError;
use crate::chat::workflow_refusal::WorkflowRefusal;
use crate::domain::message::{Conversation, MessageNode, MessageStatus, Role};
use crate::domain::tree::{BranchEntry, ConversationTree};
use crate::i18n::Cause;
use crate::ports::cancel::CancelToken;
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::prompt::hooks::RetrievalScope;
use crate::provider::settings::ProviderSettings;
use crate::provider::truncate_chars;
use crate::provider::ProviderError;
use crate::store::ChatStore;
use crate::workflow::moderator::parse_decision;
use crate::workflow::notices::{self, PhrasingFailure};
use crate::workflow::prompts::{self, ContextText};
use crate::workflow::run::{NextAction, RunError, RunStatus, WorkflowRun};
use crate::workflow::template::{ContextRef, StepKind, TemplateError};
use crate::workflow::template_file::read_template;
use crate::workflow::{WorkflowTemplate, WorkflowTemplates};

/// How much of an earlier chat a step is given, in characters (its latest part).
const CHAT_CONTEXT_CHARS: usize = 6_000;

impl From<TemplateError> for ChatError {
    fn from(err: TemplateError) -> Self {
        Self::Workflow(err.into())
    }
}

impl From<RunError> for ChatError {
    fn from(err: RunError) -> Self {
        Self::Workflow(err.into())
    }
}

/// The settings of a call with `model` in place of the run's model (empty: the run's).
fn with_model(settings: &ProviderSettings, model: &str) -> ProviderSettings {
    let mut settings = settings.clone();
    if !model.trim().is_empty() {
        settings.model = model.trim().to_owned();
    }
    settings
}

/// The latest `max` characters of `text`, marked when cut.
fn tail(text: &str, max: usize) -> String {
    let count = text.chars().count();
    if count <= max {
        return text.to_owned();
    }
    let skip = text.char_indices().nth(count - max).map_or(0, |(i, _)| i);
    format!("…{}", &text[skip..])
}

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    pub async fn workflow_templates(&self) -> Result<WorkflowTemplates, ChatError> {
        Ok(self.store.load_workflow_templates().await?)
    }

    /// Saves `template` (new, or replacing the one with its ID) once it is valid; an invalid
    /// one is refused naming the step, and nothing changes. Runs already started keep their
    /// snapshot.
    pub async fn save_workflow_template(
        &self,
        mut template: WorkflowTemplate,
    ) -> Result<(WorkflowTemplate, WorkflowTemplates), ChatError> {
        template.validate()?;
        template.assign_ids(|| self.ids.new_id());
        template.updated_at_ms = self.clock().now_ms();
        let mut templates = self.store.load_workflow_templates().await?;
        templates.put(template.clone());
        self.store.save_workflow_templates(&templates).await?;
        Ok((template, templates))
    }

    pub async fn duplicate_workflow_template(
        &self,
        id: &str,
    ) -> Result<WorkflowTemplates, ChatError> {
        let templates = self.store.load_workflow_templates().await?;
        let original = templates.get(id).ok_or_else(gone_template)?;
        let copy = original.duplicate(|| self.ids.new_id());
        Ok(self.save_workflow_template(copy).await?.1)
    }

    pub async fn delete_workflow_template(&self, id: &str) -> Result<WorkflowTemplates, ChatError> {
        let mut templates = self.store.load_workflow_templates().await?;
        templates.remove(id);
        self.store.save_workflow_templates(&templates).await?;
        Ok(templates)
    }

    /// Reads a template file into a new stored template; a file Skein cannot run (an unknown
    /// step kind, a missing question) is refused with the reason and nothing is stored.
    pub async fn import_workflow_template(
        &self,
        bytes: &[u8],
    ) -> Result<(WorkflowTemplate, WorkflowTemplates), ChatError> {
        self.save_workflow_template(read_template(bytes)?).await
    }

    /// A template a model drafts for `goal`, for the user to edit before saving (it is not
    /// stored). A draft Skein cannot run is refused with the reason.
    pub async fn draft_workflow_template(
        &self,
        goal: &str,
        settings: &ProviderSettings,
        cancel: &CancelToken,
    ) -> Result<WorkflowTemplate, ChatError> {
        if goal.trim().is_empty() {
            return Err(WorkflowRefusal::NoGoal.into());
        }
        let raw = self
            .client()
            .complete(settings, &prompts::draft_prompt(goal), None, cancel)
            .await
            .map_err(|err| ChatError::from(WorkflowRefusal::NoDraft(Cause::of(&err))))?;
        let mut draft = read_template(raw.as_bytes())
            .map_err(|err| ChatError::from(WorkflowRefusal::BadDraft(err)))?;
        draft.assign_ids(|| self.ids.new_id());
        Ok(draft)
    }

    /// Every run, the most recently changed first.
    pub async fn workflow_runs(&self) -> Result<Vec<WorkflowRun>, ChatError> {
        let mut runs = self.store.list_workflow_runs().await?;
        runs.sort_by(|a, b| b.updated_at_ms.total_cmp(&a.updated_at_ms));
        Ok(runs)
    }

    async fn stored_run(&self, id: &str) -> Result<WorkflowRun, ChatError> {
        self.store
            .list_workflow_runs()
            .await?
            .into_iter()
            .find(|run| run.id == id)
            .ok_or_else(|| WorkflowRefusal::RunGone.into())
    }

    async fn save_run(
        &self,
        run: &WorkflowRun,
        on_saved: &dyn Fn(&WorkflowRun),
    ) -> Result<(), ChatError> {
        self.store.save_workflow_run(run).await?;
        on_saved(run);
        Ok(())
    }

    /// Starts a run of template `template_id`: the template is frozen into the run's snapshot
    /// and the run saved before its first question is prepared.
    pub async fn start_workflow_run(
        &self,
        template_id: &str,
        context: Vec<ContextRef>,
    ) -> Result<WorkflowRun, ChatError> {
        let templates = self.store.load_workflow_templates().await?;
        let template = templates.get(template_id).ok_or_else(gone_template)?;
        template.validate()?;
        let run = WorkflowRun::start(&self.ids.new_id(), template, context, self.clock().now_ms());
        self.store.save_workflow_run(&run).await?;
        Ok(run)
    }

    pub async fn delete_workflow_run(&self, id: &str) -> Result<(), ChatError> {
        Ok(self.store.delete_workflow_run(id).await?)
    }

    /// Carries run `id` forward until it needs the user: prepares the current question
    /// (phrased by the model, or the stock one with a notice when phrasing fails) and resumes a
    /// round from its saved phase (the debate model's reply, then the moderator's decision).
    /// Each phase is saved, and reported to `on_saved`, before the next call starts. A failed
    /// call is recorded on its round and ends the advance; advancing again retries it.
    pub async fn advance_workflow_run(
        &self,
        id: &str,
        settings: &ProviderSettings,
        cancel: &CancelToken,
        on_saved: &dyn Fn(&WorkflowRun),
    ) -> Result<WorkflowRun, ChatError> {
        let mut run = self.stored_run(id).await?;
        if matches!(run.next(), NextAction::Failed { .. }) {
            run.clear_error();
        }
        loop {
            match run.next() {
                NextAction::PrepareQuestion => {
                    self.prepare_question(&mut run, settings, cancel).await?
                }
                NextAction::DebateReply => self.debate_turn(&mut run, settings, cancel).await?,
                NextAction::Moderate => self.moderate(&mut run, settings, cancel).await?,
                NextAction::Answer
                | NextAction::RoundInput { .. }
                | NextAction::Failed { .. }
                | NextAction::Done => return Ok(run),
            }
            self.save_run(&run, on_saved).await?;
            if matches!(run.next(), NextAction::Failed { .. }) {
                return Ok(run);
            }
        }
    }

    /// The user's answer to the current step: a question's answer (the run moves on), or the
    /// message of a new dialogue round (saved before the debate model is called). Then the run
    /// is carried forward as far as it goes without the user.
    pub async fn answer_workflow_step(
        &self,
        id: &str,
        text: &str,
        settings: &ProviderSettings,
        cancel: &CancelToken,
        on_saved: &dyn Fn(&WorkflowRun),
    ) -> Result<WorkflowRun, ChatError> {
        let mut run = self.stored_run(id).await?;
        let now = self.clock().now_ms();
        match run.next() {
            NextAction::RoundInput { .. } => run.claim_round(text, now)?,
            _ => run.answer(text, now)?,
        }
        self.save_run(&run, on_saved).await?;
        self.advance_workflow_run(id, settings, cancel, on_saved)
            .await
    }

    /// The user ends the current dialogue step; the run moves on (its next question is
    /// prepared by the next advance).
    pub async fn end_workflow_dialogue(&self, id: &str) -> Result<WorkflowRun, ChatError> {
        let mut run = self.stored_run(id).await?;
        run.end_dialogue(self.clock().now_ms())?;
        self.store.save_workflow_run(&run).await?;
        Ok(run)
    }

    /// Hands a finished run over to a normal conversation whose first message holds the run's
    /// answers (a system message), so the chat goes on with them as context. Continuing again
    /// opens the same conversation while it is stored.
    pub async fn continue_workflow_as_chat(
        &self,
        id: &str,
        assistant_id: Option<String>,
    ) -> Result<(Conversation, Vec<BranchEntry>), ChatError> {
        let mut run = self.stored_run(id).await?;
        match &run.status {
            RunStatus::Active => return Err(WorkflowRefusal::FinishFirst.into()),
            RunStatus::ContinuedAsChat { conversation_id } => {
                if let Some(conversation) = self.store.load_conversation(conversation_id).await? {
                    let tree = self.load_tree(&conversation).await?;
                    return Ok((conversation, tree.current_branch_entries()));
                }
            }
            RunStatus::Completed => {}
        }
        let now = self.clock().now_ms();
        let mut conversation = Conversation::new(&self.ids.new_id(), run.name(), now);
        conversation.assistant_id = assistant_id;
        let first = MessageNode::new(&self.ids.new_id(), &conversation.id, Role::System, now)
            .with_text(&prompts::handover_text(&run))
            .with_status(MessageStatus::Complete);
        let first_id = first.id.clone();
        let tree = ConversationTree::from_nodes(&conversation.id, vec![first], Some(&first_id))?;
        conversation.current_leaf_id = tree.current_leaf().map(str::to_owned);
        self.store.save_conversation(&conversation).await?;
        for node in tree.nodes() {
            self.store.save_message(&conversation, node).await?;
        }
        run.status = RunStatus::ContinuedAsChat {
            conversation_id: conversation.id.clone(),
        };
        run.updated_at_ms = now;
        self.store.save_workflow_run(&run).await?;
        Ok((conversation, tree.current_branch_entries()))
    }

    async fn prepare_question(
        &self,
        run: &mut WorkflowRun,
        settings: &ProviderSettings,
        cancel: &CancelToken,
    ) -> Result<(), ChatError> {
        let Some((StepKind::Question { question, mode }, _)) = run
            .current_step()
            .map(|(step, record)| (step.kind.clone(), record))
        else {
            return Err(RunError::Damaged("a question outside a question step").into());
        };
        if mode == crate::workflow::QuestionMode::Stock {
            return Ok(run.set_question(question, false, None)?);
        }
        let (context, mut notices) = self.step_context(run, &question).await;
        let phrased = self
            .client()
            .complete(
                settings,
                &prompts::phrasing_prompt(run, &question, &context),
                None,
                cancel,
            )
            .await;
        let failure = match &phrased {
            Ok(raw) => match prompts::clean_question(raw) {
                Some(text) => return Ok(run.set_question(text, true, Cause::joined(notices))?),
                None => notices::not_phrased::<ProviderError>(PhrasingFailure::Empty),
            },
            Err(err) => notices::not_phrased(PhrasingFailure::Call(err)),
        };
        notices.insert(0, failure);
        run.set_question(question, false, Cause::joined(notices))?;
        Ok(())
    }

    async fn debate_turn(
        &self,
        run: &mut WorkflowRun,
        settings: &ProviderSettings,
        cancel: &CancelToken,
    ) -> Result<(), ChatError> {
        let (model, rounds, query) = dialogue_parts(run, |kind| match kind {
            StepKind::Dialogue { debate_model, .. } => debate_model.clone(),
            StepKind::Question { .. } => String::new(),
        })?;
        let (context, notices) = self.step_context(run, &query).await;
        if let Some(notice) = Cause::joined(notices) {
            run.note(notice);
        }
        let messages = prompts::debate_prompt(run, &rounds, &context);
        match self
            .client()
            .complete(&with_model(settings, &model), &messages, None, cancel)
            .await
        {
            Ok(reply) if !reply.trim().is_empty() => run.set_reply(reply.trim().to_owned())?,
            Ok(_) => run.set_round_error(notices::partner_empty())?,
            Err(err) => run.set_round_error(notices::partner_failed(&err))?,
        }
        Ok(())
    }

    async fn moderate(
        &self,
        run: &mut WorkflowRun,
        settings: &ProviderSettings,
        cancel: &CancelToken,
    ) -> Result<(), ChatError> {
        let (model, rounds, query) = dialogue_parts(run, |kind| match kind {
            StepKind::Dialogue {
                moderator_model, ..
            } => moderator_model.clone(),
            StepKind::Question { .. } => String::new(),
        })?;
        let (context, _) = self.step_context(run, &query).await;
        let messages = prompts::moderator_prompt(run, &rounds, &context);
        let answer = self
            .client()
            .complete(&with_model(settings, &model), &messages, None, cancel)
            .await;
        match answer {
            Ok(raw) => match parse_decision(&raw) {
                Ok(decision) => run.decide(decision, self.clock().now_ms())?,
                Err(err) => run.set_round_error(notices::moderator_unusable(&err))?,
            },
            Err(err) => run.set_round_error(notices::moderator_failed(&err))?,
        }
        Ok(())
    }

    /// The current step's context as text, and notices for what could not be read. A chat
    /// gives its current branch (the latest part); a knowledge base the passages retrieved for
    /// `query`.
    async fn step_context(&self, run: &WorkflowRun, query: &str) -> (Vec<ContextText>, Vec<Cause>) {
        let mut texts = Vec::new();
        let mut notices = Vec::new();
        for reference in run.context_for(run.current) {
            match &reference {
                ContextRef::Conversation { id, .. } => match self.chat_text(id).await {
                    Some(text) => texts.push(ContextText {
                        label: reference.label(),
                        text,
                    }),
                    None => notices.push(notices::context_gone(&reference)),
                },
                ContextRef::KnowledgeBase { id, .. } => {
                    let Some(hook) = self.retrieval.knowledge.get() else {
                        notices.push(notices::knowledge_not_set_up(&reference));
                        continue;
                    };
                    let scope = RetrievalScope {
                        knowledge_base_ids: vec![id.clone()],
                        ..RetrievalScope::default()
                    };
                    match hook.retrieve(query, &scope).await {
                        Ok(found) => {
                            notices.extend(found.notice);
                            let text = found
                                .items
                                .iter()
                                .map(|item| format!("[{}] {}", item.title, item.text))
                                .collect::<Vec<_>>()
                                .join("\n\n");
                            if !text.is_empty() {
                                texts.push(ContextText {
                                    label: reference.label(),
                                    text,
                                });
                            }
                        }
                        Err(err) => notices.push(notices::not_searched(&reference, &err)),
                    }
                }
            }
        }
        (texts, notices)
    }

    async fn chat_text(&self, id: &str) -> Option<String> {
        let conversation = self.store.load_conversation(id).await.ok()??;
        let tree = self.load_tree(&conversation).await.ok()?;
        let text = tree
            .current_branch()
            .iter()
            .map(|node| {
                let who = match node.role {
                    Role::User => "User",
                    Role::Assistant => "Assistant",
                    Role::System => "System",
                };
                format!("{who}: {}", node.text())
            })
            .collect::<Vec<_>>()
            .join("\n\n");
        Some(tail(&text, CHAT_CONTEXT_CHARS))
    }
}

/// A dialogue step's model (picked by `model`), its rounds, and what retrieval searches for
/// (the latest message of the user, else the step's prompt).
fn dialogue_parts(
    run: &WorkflowRun,
    model: impl Fn(&StepKind) -> String,
) -> Result<(String, Vec<crate::workflow::DialogueRound>, String), ChatError> {
    let (step, record) = run
        .current_step()
        .ok_or(RunError::Damaged("no current step"))?;
    let query = record
        .rounds
        .last()
        .map(|r| r.user.clone())
        .unwrap_or_default();
    Ok((
        model(&step.kind),
        record.rounds.clone(),
        truncate_chars(&query, 500),
    ))
}

fn gone_template() -> ChatError {
    WorkflowRefusal::TemplateGone.into()
}

#[cfg(test)]
#[path = "workflows_tests.rs"]
mod tests;
