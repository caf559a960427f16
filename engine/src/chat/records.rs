//! The records the app edits outside a generation, through the service rather than the store,
//! so their rules live here and are tested natively: a rename makes the title the user's own, a
//! conversation's assistant is changed on its *stored* version (a generation may have saved it
//! meanwhile), the default assistant is always listed, and a tab closing writes streaming
//! answers without ever overwriting a finished one.

use crate::chat::service::{ChatError, ChatService};
use crate::domain::assistant::Assistant;
use crate::domain::message::Conversation;
use crate::knowledge::memories::{checked_text, Memory};
use crate::knowledge::store::LibraryStore;
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::provider::settings::ProviderSettings;
use crate::store::export::{export_file, ExportFile, ExportFormat};
use crate::store::search::SearchHit;
use crate::store::ChatStore;

/// `assistants` with the default assistant first when it is not among them: it always exists,
/// saved or not.
pub fn with_default_assistant(mut assistants: Vec<Assistant>) -> Vec<Assistant> {
    let default = Assistant::default();
    if !assistants.iter().any(|a| a.id == default.id) {
        assistants.insert(0, default);
    }
    assistants
}

/// Puts `conversation` into `list` (newest first), replacing its older copy.
pub fn upsert_newest_first(list: &mut Vec<Conversation>, conversation: Conversation) {
    list.retain(|c| c.id != conversation.id);
    let at = list
        .iter()
        .position(|c| c.updated_at_ms <= conversation.updated_at_ms)
        .unwrap_or(list.len());
    list.insert(at, conversation);
}

/// The conversation a generation reports (`GenerationEvent::ConversationUpdated`), as the list
/// should show it. The generation holds the copy it started with, so from its report come only
/// what a generation changes: when the conversation last changed, the branch's leaf, the
/// waiting question, the suggestions, and a generated title where the user has not chosen one.
/// The rest (a title the user chose meanwhile, this chat's persona, prompt, books and
/// dictionaries) stays as listed, as it does in storage (a message write never undoes them).
/// A conversation not listed yet (a new one) is taken as reported.
pub fn as_generated(listed: Option<&Conversation>, reported: Conversation) -> Conversation {
    let Some(listed) = listed else {
        return reported;
    };
    let mut shown = listed.clone();
    shown.updated_at_ms = reported.updated_at_ms;
    shown.current_leaf_id = reported.current_leaf_id;
    shown.waiting_question = reported.waiting_question;
    shown.suggestions = reported.suggestions;
    shown.suggestions_for = reported.suggestions_for;
    if !listed.title_locked {
        shown.title = reported.title;
    }
    shown
}

/// Puts `assistant` into `list`, replacing the one with its ID in place, or at the end.
pub fn upsert_assistant(list: &mut Vec<Assistant>, assistant: Assistant) {
    match list.iter_mut().find(|a| a.id == assistant.id) {
        Some(existing) => *existing = assistant,
        None => list.push(assistant),
    }
}

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    /// Every conversation, newest first.
    pub async fn list_conversations(&self) -> Result<Vec<Conversation>, ChatError> {
        Ok(self.store.list_conversations().await?)
    }

    /// The usage screen's figures for the last `days` local days (0: everything), at the
    /// user's `prices` ([`crate::usage::usage_report`]).
    pub async fn usage_report(
        &self,
        days: u32,
        prices: &crate::usage::Prices,
    ) -> Result<crate::usage::UsageReport, ChatError> {
        let now = self.clock().now_ms();
        let offset = self.clock().utc_offset_minutes();
        // A day more than the period, so the first local day is whole in any time zone.
        let since = match days {
            0 => 0.0,
            n => now - (f64::from(n) + 1.0) * 86_400_000.0,
        };
        let events = self.store.load_usage(since).await?;
        Ok(crate::usage::usage_report(
            &events, prices, days, now, offset,
        ))
    }

    /// Every recorded call as CSV ([`crate::usage::csv::usage_csv`]).
    pub async fn usage_csv(&self, prices: &crate::usage::Prices) -> Result<String, ChatError> {
        let events = self.store.load_usage(0.0).await?;
        Ok(crate::usage::csv::usage_csv(&events, prices))
    }

    /// Gives conversation `id` the user's own title: generated titles no longer replace it.
    /// Surrounding whitespace is dropped; a blank title is refused.
    pub async fn rename_conversation(
        &self,
        id: &str,
        title: &str,
    ) -> Result<Conversation, ChatError> {
        let title = title.trim();
        if title.is_empty() {
            return Err(ChatError::EmptyTitle);
        }
        let mut conversation = self.stored_conversation(id).await?;
        conversation.title = title.to_owned();
        conversation.title_locked = true;
        self.store.save_conversation(&conversation).await?;
        Ok(conversation)
    }

    /// Makes `assistant_id` answer conversation `id` from its next answer on.
    pub async fn set_conversation_assistant(
        &self,
        id: &str,
        assistant_id: &str,
    ) -> Result<Conversation, ChatError> {
        let mut conversation = self.stored_conversation(id).await?;
        if conversation.assistant_id.as_deref() != Some(assistant_id) {
            conversation.assistant_id = Some(assistant_id.to_owned());
            self.store.save_conversation(&conversation).await?;
        }
        Ok(conversation)
    }

    /// Messages whose text holds `query`, at most `limit`.
    pub async fn search_messages(
        &self,
        query: &str,
        limit: usize,
    ) -> Result<Vec<SearchHit>, ChatError> {
        Ok(self.store.search_messages(query, limit).await?)
    }

    /// The saved provider settings, if any.
    pub async fn load_provider_settings(&self) -> Result<Option<ProviderSettings>, ChatError> {
        Ok(self.store.load_provider_settings().await?)
    }

    /// Saves valid provider settings (an invalid one is refused with what is wrong).
    pub async fn save_provider_settings(
        &self,
        settings: &ProviderSettings,
    ) -> Result<(), ChatError> {
        settings.validate()?;
        Ok(self.store.save_provider_settings(settings).await?)
    }

    /// `conversation` as a file to download (made here; nothing is sent), its Markdown in the
    /// words of `words`' language.
    pub async fn export_conversation(
        &self,
        conversation: &Conversation,
        format: ExportFormat,
        words: &crate::i18n::Localizer,
        rules: &dyn crate::i18n::LocaleRules,
    ) -> Result<ExportFile, ChatError> {
        let nodes = self.store.load_messages(&conversation.id).await?;
        Ok(export_file(conversation, nodes, format, words, rules)?)
    }

    /// A stored blob (an image of a message), if it is still there.
    pub async fn load_blob(&self, id: &str) -> Result<Option<crate::store::Blob>, ChatError> {
        Ok(self.store.load_blob(id).await?)
    }

    pub(crate) async fn stored_conversation(&self, id: &str) -> Result<Conversation, ChatError> {
        self.store
            .load_conversation(id)
            .await?
            .ok_or_else(|| ChatError::UnknownConversation(id.to_owned()))
    }
}

impl<T: Transport, S: ChatStore + LibraryStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    /// Every memory, the most recently changed first.
    pub async fn list_memories(&self) -> Result<Vec<Memory>, ChatError> {
        let mut memories = self.store.list_memories().await?;
        memories.sort_by(|a, b| b.updated_at_ms.total_cmp(&a.updated_at_ms));
        Ok(memories)
    }

    /// Saves the user's edit of a memory: the same text rule as the model's memory tool, a new
    /// change time, and no vector (its text changed; it is embedded again when needed).
    pub async fn edit_memory(&self, memory: Memory) -> Result<Memory, ChatError> {
        let edited = Memory {
            text: checked_text(&memory.text)?,
            updated_at_ms: self.clock().now_ms(),
            embedding: None,
            ..memory
        };
        self.store.save_memory(&edited).await?;
        Ok(edited)
    }

    pub async fn delete_memory(&self, id: &str) -> Result<(), ChatError> {
        Ok(self.store.delete_memory(id).await?)
    }

    /// Every assistant, the default one first when it was never saved.
    pub async fn list_assistants(&self) -> Result<Vec<Assistant>, ChatError> {
        Ok(with_default_assistant(self.store.list_assistants().await?))
    }

    /// Saves an assistant whose rules and templates are valid (a broken one is refused with
    /// what is wrong, and nothing is stored).
    pub async fn save_assistant(&self, assistant: &Assistant) -> Result<(), ChatError> {
        assistant.compile()?;
        Ok(self.store.save_assistant(assistant).await?)
    }

    /// Deletes an assistant, the memories only it could see and its picture. The default
    /// assistant cannot be deleted.
    pub async fn delete_assistant(&self, id: &str) -> Result<(), ChatError> {
        if id == Assistant::default().id {
            return Err(ChatError::DefaultAssistant);
        }
        let avatar = self
            .store
            .list_assistants()
            .await?
            .into_iter()
            .find(|a| a.id == id)
            .and_then(|a| a.avatar);
        self.store.delete_assistant(id).await?;
        if let Some(avatar) = avatar {
            self.store.delete_blob(&avatar).await?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::message::{MessageNode, Role};
    use crate::test_fixtures::*;
    use futures_executor::block_on;

    fn chat() -> (Service, Conversation) {
        let service = service(vec![sse(200, &content_chunks(&["Hi."], true), 64)]);
        send(&service, None, "Hello");
        let conversation = stored(&service).0;
        (service, conversation)
    }

    #[test]
    fn a_rename_is_the_users_title_and_a_blank_one_is_refused() {
        let (service, conversation) = chat();
        let renamed =
            block_on(service.rename_conversation(&conversation.id, "  Trip plans ")).unwrap();
        assert_eq!(renamed.title, "Trip plans");
        assert!(
            renamed.title_locked,
            "generated titles no longer replace it"
        );
        assert_eq!(stored(&service).0, renamed);
        assert_eq!(
            block_on(service.rename_conversation(&conversation.id, " \n")),
            Err(ChatError::EmptyTitle)
        );
        assert_eq!(
            block_on(service.rename_conversation("nope", "x")),
            Err(ChatError::UnknownConversation("nope".into()))
        );
        assert_eq!(
            stored(&service).0.title,
            "Trip plans",
            "nothing else changed"
        );
    }

    #[test]
    fn a_changed_assistant_is_saved_on_the_stored_conversation() {
        let (service, conversation) = chat();
        // The app's copy is stale: a generation saved a new title since.
        let mut newer = stored(&service).0;
        newer.title = "Saved meanwhile".into();
        block_on(service.store.save_conversation(&newer)).unwrap();
        let changed =
            block_on(service.set_conversation_assistant(&conversation.id, "writer")).unwrap();
        assert_eq!(changed.assistant_id.as_deref(), Some("writer"));
        assert_eq!(
            changed.title, "Saved meanwhile",
            "the stored version was changed"
        );
        assert_eq!(stored(&service).0, changed);
    }

    #[test]
    fn the_default_assistant_is_always_listed_and_cannot_be_deleted() {
        let (service, _) = chat();
        let listed = block_on(service.list_assistants()).unwrap();
        assert_eq!(listed, [Assistant::default()]);
        let writer = Assistant {
            id: "writer".into(),
            name: "Writer".into(),
            ..Assistant::default()
        };
        block_on(service.save_assistant(&writer)).unwrap();
        let listed = block_on(service.list_assistants()).unwrap();
        assert_eq!(listed.len(), 2);
        assert_eq!(listed[0].id, Assistant::default().id);
        assert_eq!(
            block_on(service.delete_assistant(&Assistant::default().id)),
            Err(ChatError::DefaultAssistant)
        );
        block_on(service.delete_assistant("writer")).unwrap();
        assert_eq!(block_on(service.list_assistants()).unwrap().len(), 1);
        // A saved default assistant is listed once, as saved.
        let renamed_default = Assistant {
            name: "Mine".into(),
            ..Assistant::default()
        };
        assert_eq!(
            with_default_assistant(vec![renamed_default.clone()]),
            [renamed_default]
        );
    }

    #[test]
    fn a_conversation_exports_its_branch_as_markdown_and_everything_as_json() {
        use crate::i18n::{EnglishRules, Language, Localizer};
        let (service, conversation) = chat();
        let english = Localizer::english();
        let export = |format, words: &Localizer| {
            block_on(service.export_conversation(&conversation, format, words, &EnglishRules))
                .unwrap()
        };
        let markdown = export(ExportFormat::Markdown, &english);
        assert_eq!(markdown.mime, "text/markdown");
        assert!(markdown.name.ends_with(".md"));
        assert!(markdown.text.contains("Hello") && markdown.text.contains("Hi."));
        assert!(markdown.text.contains("\n## User\n"), "{}", markdown.text);
        // The Markdown speaks the interface language; what was said stays as it was.
        let chinese = Localizer::new(
            Language::SimplifiedChinese,
            include_str!("../../../public/locales/zh-CN.ftl"),
        )
        .unwrap();
        let in_chinese = export(ExportFormat::Markdown, &chinese);
        assert!(in_chinese.text.contains("\n## 用户\n") && in_chinese.text.contains("Hello"));
        let json = export(ExportFormat::Json, &english);
        assert_eq!(json.mime, "application/json");
        let value: serde_json::Value = serde_json::from_str(&json.text).unwrap();
        assert!(value.is_object());
    }

    #[test]
    fn a_users_memory_edit_follows_the_tools_rule_and_drops_the_stale_vector() {
        use crate::knowledge::memories::{MemoryScope, MAX_MEMORY_CHARS};
        let (service, _) = chat();
        let memory = Memory {
            id: "m1".into(),
            scope: MemoryScope::Global,
            text: "Likes tea".into(),
            created_at_ms: 1.0,
            updated_at_ms: 1.0,
            embedding: Some(crate::knowledge::ChunkEmbedding {
                model: "e".into(),
                dimension: 1,
                vector: vec![1.0],
            }),
        };
        block_on(service.store.save_memory(&memory)).unwrap();
        let edited = Memory {
            text: "  Likes green tea ".into(),
            ..memory.clone()
        };
        let saved = block_on(service.edit_memory(edited)).unwrap();
        assert_eq!(saved.text, "Likes green tea");
        assert!(
            saved.embedding.is_none(),
            "its text changed: embedded again when needed"
        );
        assert!(saved.updated_at_ms > memory.updated_at_ms);
        assert_eq!(
            block_on(service.list_memories()).unwrap(),
            std::slice::from_ref(&saved)
        );
        for bad in [" ".to_owned(), "x".repeat(MAX_MEMORY_CHARS + 1)] {
            let refused = block_on(service.edit_memory(Memory {
                text: bad,
                ..saved.clone()
            }));
            assert!(matches!(refused, Err(ChatError::Memory(_))), "{refused:?}");
        }
        assert_eq!(
            block_on(service.list_memories()).unwrap(),
            [saved],
            "left as it was"
        );
        block_on(service.delete_memory("m1")).unwrap();
        assert!(block_on(service.list_memories()).unwrap().is_empty());
    }

    #[test]
    fn provider_settings_are_saved_only_when_valid() {
        let (service, _) = chat();
        let mut bad = settings();
        bad.model.clear();
        assert!(matches!(
            block_on(service.save_provider_settings(&bad)),
            Err(ChatError::Settings(_))
        ));
        assert_eq!(
            block_on(service.store.load_provider_settings()).unwrap(),
            None
        );
        block_on(service.save_provider_settings(&settings())).unwrap();
        assert_eq!(
            block_on(service.load_provider_settings()).unwrap(),
            Some(settings())
        );
    }

    #[test]
    fn a_damaged_tree_is_an_error_that_changes_nothing() {
        let (service, conversation) = chat();
        stored(&service);

        let mut orphan = MessageNode::new("x", &conversation.id, Role::User, 9.0);
        orphan.parent_id = Some("gone".into());
        block_on(service.store.save_message(&conversation, &orphan)).unwrap();
        let err = block_on(service.open_tree(&conversation, false)).unwrap_err();
        assert!(matches!(err, ChatError::Tree(_)), "{err}");
        assert!(err.to_string().contains("nothing was changed"));
        assert_eq!(
            block_on(service.store.load_messages(&conversation.id))
                .unwrap()
                .len(),
            3
        );
    }

    #[test]
    fn a_generation_reports_only_what_it_changed_never_a_title_or_setting_chosen_meanwhile() {
        let started = Conversation {
            title: "Renamed once".into(),
            title_locked: true,
            ..Conversation::new("c", "Before", 1.0)
        };
        let listed = Conversation {
            title: "Renamed while streaming".into(),
            persona_id: Some("p2".into()),
            ..started.clone()
        };
        let reported = Conversation {
            updated_at_ms: 9.0,
            current_leaf_id: Some("a2".into()),
            suggestions: vec!["Next?".into()],
            ..started.clone()
        };
        let shown = as_generated(Some(&listed), reported.clone());
        assert_eq!(
            (
                shown.title.as_str(),
                shown.title_locked,
                shown.persona_id.as_deref()
            ),
            ("Renamed while streaming", true, Some("p2"))
        );
        assert_eq!(
            (
                shown.updated_at_ms,
                shown.current_leaf_id.as_deref(),
                shown.suggestions.len()
            ),
            (9.0, Some("a2"), 1),
            "what the generation changed comes from its report"
        );
        // A generated title replaces one the user did not choose; a new chat is taken whole.
        let untitled = Conversation::new("c", "New chat", 1.0);
        let generated = Conversation {
            title: "Generated".into(),
            ..untitled.clone()
        };
        assert_eq!(
            as_generated(Some(&untitled), generated.clone()).title,
            "Generated"
        );
        assert_eq!(as_generated(None, generated.clone()), generated);
    }

    #[test]
    fn an_updated_conversation_moves_to_its_place_newest_first_without_a_copy() {
        let at = |id: &str, ms: f64| {
            let mut c = Conversation::new(id, id, 0.0);
            c.updated_at_ms = ms;
            c
        };
        let mut list = vec![at("c", 30.0), at("b", 20.0), at("a", 10.0)];
        upsert_newest_first(&mut list, at("a", 40.0));
        upsert_newest_first(&mut list, at("new", 25.0));
        let ids: Vec<&str> = list.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["a", "c", "new", "b"]);
    }

    #[test]
    fn an_edited_assistant_keeps_its_place_and_a_new_one_goes_last() {
        let mut list = with_default_assistant(Vec::new());
        let helper = Assistant {
            id: "helper".into(),
            ..Assistant::default()
        };
        upsert_assistant(&mut list, helper.clone());
        let renamed = Assistant {
            name: "Renamed".into(),
            ..Assistant::default()
        };
        upsert_assistant(&mut list, renamed);
        assert_eq!(list.len(), 2);
        assert_eq!(
            (list[0].name.as_str(), list[1].id.as_str()),
            ("Renamed", "helper")
        );
    }
}
