//! The user's library through the service: knowledge bases as the user edits them, the run that
//! embeds their chunks, and the wiring that lets chats use knowledge and memory. The app calls
//! these instead of reaching into the store, so the rules stay here (see
//! [`knowledge::bases`](crate::knowledge::bases) and
//! [`knowledge::embedding_run`](crate::knowledge::embedding_run)).

use crate::chat::service::ChatService;
use crate::knowledge::bases::{self, BaseEditError, BaseOverview};
use crate::knowledge::embedding_run::{self, EmbeddingProgress, EmbeddingRunError};
use crate::knowledge::memory_retrieval::MemoryRetriever;
use crate::knowledge::provider_embedder::{ProviderEmbedder, SettingsSource};
use crate::knowledge::retriever::KnowledgeRetriever;
use crate::knowledge::store::LibraryStore;
use crate::knowledge::tools::knowledge_tools;
use crate::knowledge::KnowledgeBase;
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::store::{ChatStore, StoreError};
use crate::tools::catalog::CatalogError;
use crate::tools::memory::{memory_tools, MemoryAccess};
use crate::tools::ToolSource;
use std::rc::Rc;

impl<T, S, C, I> ChatService<T, S, C, I>
where
    T: Transport + 'static,
    S: ChatStore + LibraryStore + Clone + 'static,
    C: Clock + Clone + 'static,
    I: IdGenerator + Clone + 'static,
{
    /// Gives chats the user's library: the memory tools (offered when an assistant turns
    /// memory on), the knowledge tools (search, read a passage), and retrieval of memories and
    /// knowledge for each request. Embeddings go through this service's provider client with
    /// the settings `settings` reads at each call. Connected once: a second call changes
    /// nothing.
    pub fn connect_library(&self, settings: SettingsSource) -> Result<(), CatalogError> {
        let embedder = ProviderEmbedder::new(self.client.clone(), settings.clone());
        if self.embedder.set(embedder.clone()).is_err() {
            return Ok(());
        }
        let access = MemoryAccess {
            store: self.store.clone(),
            clock: self.clock().clone(),
            ids: self.ids.clone(),
        };
        for tool in memory_tools(access) {
            self.tools.add(ToolSource::Memory, tool)?;
        }
        for tool in knowledge_tools(self.store.clone(), self.knowledge_index.clone()) {
            self.tools.add(ToolSource::Knowledge, tool)?;
        }
        let model = move || settings().embedding_model;
        let _ = self.retrieval.memory.set(Rc::new(MemoryRetriever {
            store: self.store.clone(),
            embedder: embedder.clone(),
            model,
        }));
        let _ = self.retrieval.knowledge.set(Rc::new(KnowledgeRetriever {
            store: self.store.clone(),
            embedder,
            cache: self.knowledge_index.clone(),
        }));
        Ok(())
    }

    /// Every tool the app has, for the assistant's settings.
    pub fn tool_listing(&self) -> Vec<crate::tools::choice::ToolInfo> {
        self.tools.listing()
    }

    /// Every knowledge base, as the knowledge panel shows it.
    pub async fn knowledge_overview(&self) -> Result<Vec<BaseOverview>, StoreError> {
        bases::overview(&self.store).await
    }

    /// A new, empty knowledge base called `name`.
    pub async fn create_knowledge_base(&self, name: &str) -> Result<KnowledgeBase, StoreError> {
        let base = KnowledgeBase::new(&self.ids.new_id(), name, self.clock().now_ms());
        self.store.save_knowledge_base(&base).await?;
        Ok(base)
    }

    /// Adds a document's text to base `base_id`, cut into chunks by the base's settings.
    pub async fn add_document(
        &self,
        base_id: &str,
        (name, mime, text): (&str, &str, &str),
    ) -> Result<(), BaseEditError> {
        let now = self.clock().now_ms();
        let mut new_id = || self.ids.new_id();
        bases::add_document(&self.store, base_id, (name, mime, text), now, &mut new_id).await
    }

    pub async fn delete_document(&self, id: &str) -> Result<(), StoreError> {
        self.store.delete_document(id).await
    }

    /// Deletes a base; assistants bound to it simply find nothing there any more.
    pub async fn delete_knowledge_base(&self, id: &str) -> Result<(), StoreError> {
        self.store.delete_knowledge_base(id).await
    }

    pub async fn set_embedding_model(
        &self,
        base_id: &str,
        model: &str,
    ) -> Result<(), BaseEditError> {
        bases::set_embedding_model(&self.store, base_id, model).await
    }

    pub async fn set_chunking(
        &self,
        base_id: &str,
        size: u32,
        overlap: u32,
    ) -> Result<(), BaseEditError> {
        bases::set_chunking(&self.store, base_id, size, overlap).await
    }

    /// Whether a knowledge base has an embedding model, so that an embedding run may have work
    /// (which needs [`connect_library`](Self::connect_library) first). A store that cannot be
    /// read says yes: the run itself reports it.
    pub async fn embeds_anything(&self) -> bool {
        self.store
            .list_knowledge_bases()
            .await
            .map_or(true, |bases| {
                bases.iter().any(|b| b.embedding_model.is_some())
            })
    }

    /// Embeds every chunk that lacks a vector of its base's model, telling `progress` before
    /// each batch. Nothing to do before [`connect_library`](Self::connect_library).
    pub async fn embed_pending(
        &self,
        progress: &dyn Fn(EmbeddingProgress),
    ) -> Result<(), EmbeddingRunError> {
        let Some(embedder) = self.embedder.get() else {
            return Ok(());
        };
        // Each batch's vectors are written before the next report: the indexed bases forget
        // theirs then, and once more at the end (the last batch, or a failure part-way).
        let forget = |report: EmbeddingProgress| {
            self.knowledge_index.forget_all();
            progress(report);
        };
        let outcome = embedding_run::embed_pending(&self.store, embedder, &forget).await;
        self.knowledge_index.forget_all();
        outcome
    }

    /// Another tab wrote knowledge vectors: the bases indexed here read them again.
    pub fn knowledge_changed_elsewhere(&self) {
        self.knowledge_index.forget_all();
    }
}

#[cfg(test)]
mod tests {
    use crate::chat::service::ChatService;
    use crate::knowledge::embedding_run::EmbeddingProgress;
    use crate::knowledge::store::LibraryStore;
    use crate::store::in_memory::MemoryStore;
    use crate::test_fixtures::{
        json_response, settings, ManualClock, ScriptedTransport, SequentialIds,
    };
    use futures_executor::block_on;
    use std::cell::{Cell, RefCell};
    use std::rc::Rc;

    type Library = ChatService<ScriptedTransport, Rc<MemoryStore>, ManualClock, SequentialIds>;

    fn library(scripts: Vec<crate::test_fixtures::Script>) -> Library {
        ChatService::new(
            ScriptedTransport::new(scripts),
            Rc::new(MemoryStore::new()),
            ManualClock {
                now: Rc::new(Cell::new(1_000.0)),
                step_ms: Cell::new(10.0),
                timers_fire: Cell::new(false),
                sleeps: RefCell::default(),
            },
            SequentialIds::default(),
        )
    }

    #[test]
    fn connecting_the_library_offers_its_tools_and_retrieval() {
        let service = library(Vec::new());
        assert!(service.tool_listing().is_empty());
        service.connect_library(Rc::new(settings)).unwrap();
        let names: Vec<String> = service.tool_listing().into_iter().map(|t| t.name).collect();
        for name in [
            "search_memories",
            "create_memory",
            "search_knowledge",
            "read_knowledge_chunk",
        ] {
            assert!(names.iter().any(|n| n == name), "{name} in {names:?}");
        }
        assert!(service.retrieval.memory.get().is_some());
        assert!(service.retrieval.knowledge.get().is_some());
        // Connecting twice changes nothing: every tool is offered once.
        let count = service.tool_listing().len();
        service.connect_library(Rc::new(settings)).unwrap();
        assert_eq!(service.tool_listing().len(), count);
    }

    #[test]
    fn a_document_added_through_the_service_is_embedded_by_its_provider_client() {
        let vectors = r#"{"data": [{"index": 0, "embedding": [0.5, 0.25, 1.0]}]}"#;
        let service = library(vec![json_response(200, vectors)]);
        // Before the library is connected there is nothing to embed with, and nothing fails.
        block_on(service.embed_pending(&|_| panic!("no run before connecting"))).unwrap();
        let base = block_on(service.create_knowledge_base("Handbook")).unwrap();
        block_on(service.set_embedding_model(&base.id, "embed-small")).unwrap();
        block_on(service.add_document(&base.id, ("a.txt", "text/plain", "Ferns like shade.")))
            .unwrap();
        service.connect_library(Rc::new(settings)).unwrap();
        // A question before the run indexed the base without vectors.
        let stored = block_on(service.store.list_knowledge_bases()).unwrap();
        block_on(service.knowledge_index.indexed(&service.store, &stored[0])).unwrap();
        assert_eq!(service.knowledge_index.len(), 1);

        let seen = RefCell::new(Vec::new());
        block_on(service.embed_pending(&|p: EmbeddingProgress| seen.borrow_mut().push(p))).unwrap();

        let request = &service.client.transport().requests.borrow()[0];
        assert!(request.url.ends_with("/embeddings"), "{}", request.url);
        let body: serde_json::Value =
            serde_json::from_str(request.body.as_deref().unwrap()).unwrap();
        assert_eq!(
            body["model"], "embed-small",
            "the base's model, not the chat model"
        );
        assert_eq!(body["input"], serde_json::json!(["Ferns like shade."]));
        assert_eq!(seen.borrow()[0].base_name, "Handbook");
        assert!(
            service.knowledge_index.is_empty(),
            "the next question reads the new vectors"
        );
        let overview = block_on(service.knowledge_overview()).unwrap();
        assert_eq!((overview[0].embedded, overview[0].total), (1, 1));
        assert_eq!(overview[0].documents[0].1, ["Ferns like shade."]);
    }

    #[test]
    fn only_a_base_with_an_embedding_model_asks_for_an_embedding_run() {
        let service = library(Vec::new());
        assert!(!block_on(service.embeds_anything()), "no base");
        let base = block_on(service.create_knowledge_base("Notes")).unwrap();
        assert!(
            !block_on(service.embeds_anything()),
            "searched by its words only"
        );
        block_on(service.set_embedding_model(&base.id, "embed-small")).unwrap();
        assert!(block_on(service.embeds_anything()));
    }

    #[test]
    fn knowledge_edits_name_a_missing_base_and_deletions_go_through() {
        let service = library(Vec::new());
        let missing = block_on(service.add_document("nope", ("a.txt", "text/plain", "x")));
        assert_eq!(
            missing.unwrap_err().to_string(),
            "That knowledge base no longer exists."
        );
        let base = block_on(service.create_knowledge_base("Notes")).unwrap();
        block_on(service.add_document(&base.id, ("a.txt", "text/plain", "One."))).unwrap();
        let document = block_on(service.knowledge_overview()).unwrap()[0].documents[0]
            .0
            .id
            .clone();
        block_on(service.delete_document(&document)).unwrap();
        assert!(block_on(service.knowledge_overview()).unwrap()[0]
            .documents
            .is_empty());
        block_on(service.delete_knowledge_base(&base.id)).unwrap();
        assert!(block_on(service.knowledge_overview()).unwrap().is_empty());
    }
}
