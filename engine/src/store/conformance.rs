//! The [`ChatStore`] contract as one test suite, run against every backend: natively against
//! [`MemoryStore`](crate::MemoryStore) and in headless Chromium against the platform's
//! IndexedDB store. A backend that passes behaves like the others in everything the engine
//! relies on.
//!
//! Compiled only with the `conformance` feature (tests of this crate and of backends), so it
//! never reaches the app's bundle. Each case takes a fresh, empty store.

#![allow(
    clippy::unwrap_used,
    reason = "a test suite: a panic is the test failing"
)]

use crate::domain::message::{Conversation, MessageNode, Role};
use crate::domain::usage::UsageEvent;
use crate::prompt::rolling_context::RollingContextSummary;
use crate::provider::settings::{ProviderKind, ProviderSettings};
use crate::store::{Blob, ChatStore};
use std::future::Future;

pub mod library;

fn message(id: &str, conversation: &str, parent: Option<&str>, at: f64) -> MessageNode {
    MessageNode::new(id, conversation, Role::User, at)
        .with_text(&format!("text of {id} ✓"))
        .with_parent(parent)
}

fn conversation(id: &str, updated: f64) -> Conversation {
    Conversation {
        updated_at_ms: updated,
        ..Conversation::new(id, &format!("title of {id}"), 1.0)
    }
}

/// Conversations come back newest first, each by ID too.
pub async fn conversations_list_newest_first<S: ChatStore>(store: S) {
    for (id, updated) in [("old", 10.0), ("new", 30.0), ("mid", 20.0)] {
        let c = conversation(id, updated);
        store
            .save_message(&c, &message(&format!("{id}-m"), id, None, 1.0))
            .await
            .unwrap();
    }
    let ids: Vec<String> = store
        .list_conversations()
        .await
        .unwrap()
        .into_iter()
        .map(|c| c.id)
        .collect();
    assert_eq!(ids, ["new", "mid", "old"]);
    assert_eq!(
        store.load_conversation("mid").await.unwrap(),
        Some(conversation("mid", 20.0))
    );
    assert_eq!(store.load_conversation("none").await.unwrap(), None);
}

/// Messages come back in creation order, only those of their conversation, exactly as saved;
/// saving one again replaces it.
pub async fn messages_round_trip_per_conversation<S: ChatStore>(store: S) {
    let (a, b) = (conversation("a", 1.0), conversation("b", 1.0));
    let late = message("m2", "a", Some("m1"), 2.0);
    let early = message("m1", "a", None, 1.0);
    store.save_message(&a, &late).await.unwrap();
    store.save_message(&a, &early).await.unwrap();
    store
        .save_message(&b, &message("x", "b", None, 1.5))
        .await
        .unwrap();
    let mut edited = late.clone();
    edited.parts = vec![crate::MessagePart::text("edited")];
    store.save_message(&a, &edited).await.unwrap();
    assert_eq!(store.load_messages("a").await.unwrap(), [early, edited]);
    assert_eq!(store.load_messages("b").await.unwrap().len(), 1);
    assert!(store.load_messages("none").await.unwrap().is_empty());
}

/// A message write changes only the conversation's timestamp, current leaf and waiting question:
/// a title saved meanwhile survives a writer holding an older copy.
pub async fn message_writes_keep_the_conversations_title<S: ChatStore>(store: S) {
    let old_copy = conversation("c", 1.0);
    store
        .save_message(&old_copy, &message("m1", "c", None, 1.0))
        .await
        .unwrap();
    let renamed = Conversation {
        title: "Renamed".into(),
        title_locked: true,
        ..old_copy.clone()
    };
    store.save_conversation(&renamed).await.unwrap();
    let writer_copy = Conversation {
        updated_at_ms: 5.0,
        current_leaf_id: Some("m2".into()),
        waiting_question: Some("m2".into()),
        ..old_copy
    };
    store
        .save_message(&writer_copy, &message("m2", "c", Some("m1"), 5.0))
        .await
        .unwrap();
    let stored = store.load_conversation("c").await.unwrap().unwrap();
    assert_eq!(
        (stored.title.as_str(), stored.title_locked),
        ("Renamed", true)
    );
    assert_eq!(stored.updated_at_ms, 5.0);
    assert_eq!(stored.current_leaf_id.as_deref(), Some("m2"));
    assert_eq!(stored.question_to_send(), Some("m2"));
    // The answer's write ends the wait.
    let answered = Conversation {
        current_leaf_id: Some("m3".into()),
        waiting_question: None,
        ..writer_copy
    };
    store
        .save_message(&answered, &message("m3", "c", Some("m2"), 6.0))
        .await
        .unwrap();
    let stored = store.load_conversation("c").await.unwrap().unwrap();
    assert_eq!(
        (stored.waiting_question, stored.title.as_str()),
        (None, "Renamed")
    );
}

/// Deleting messages removes exactly those; deleting a conversation removes it, its messages
/// and its summaries, and nothing of another conversation.
pub async fn deletes_remove_exactly_what_they_name<S: ChatStore>(store: S) {
    let (keep, drop) = (conversation("keep", 1.0), conversation("drop", 2.0));
    for (c, id) in [(&keep, "k1"), (&keep, "k2"), (&drop, "d1")] {
        store
            .save_message(c, &message(id, &c.id, None, 1.0))
            .await
            .unwrap();
    }
    for c in [&keep, &drop] {
        store
            .save_summary(&RollingContextSummary {
                conversation_id: c.id.clone(),
                text: "summary".into(),
                covered_ids: vec![format!("{}-x", c.id)],
                created_at_ms: 1.0,
                origin: Default::default(),
            })
            .await
            .unwrap();
    }
    store
        .delete_messages(&keep, &["k2".to_owned()])
        .await
        .unwrap();
    let left: Vec<String> = store
        .load_messages("keep")
        .await
        .unwrap()
        .into_iter()
        .map(|m| m.id)
        .collect();
    assert_eq!(left, ["k1"]);
    store.delete_conversation("drop").await.unwrap();
    assert_eq!(store.load_conversation("drop").await.unwrap(), None);
    assert!(store.load_messages("drop").await.unwrap().is_empty());
    assert!(store.load_summaries("drop").await.unwrap().is_empty());
    assert_eq!(store.load_summaries("keep").await.unwrap().len(), 1);
    assert!(store.load_conversation("keep").await.unwrap().is_some());
}

/// Provider settings round-trip with every field (fallbacks and limits included).
pub async fn provider_settings_round_trip<S: ChatStore>(store: S) {
    assert_eq!(store.load_provider_settings().await.unwrap(), None);
    let settings = ProviderSettings {
        kind: ProviderKind::Anthropic,
        base_url: "https://api.anthropic.com/v1".into(),
        api_key: "sk-ant-conformance".into(),
        model: "claude-sonnet-4-5".into(),
        custom_headers: vec![("X-Trace".into(), "1".into())],
        requests_per_minute: Some(20),
        fallbacks: vec![ProviderSettings {
            model: "backup".into(),
            ..ProviderSettings::default()
        }],
        ..ProviderSettings::default()
    };
    store.save_provider_settings(&settings).await.unwrap();
    assert_eq!(
        store.load_provider_settings().await.unwrap(),
        Some(settings)
    );
}

/// Personas round-trip beside the provider settings (same record store, other key), and a
/// conversation keeps its persona and its own system prompt through message writes.
pub async fn personas_and_chat_settings_round_trip<S: ChatStore>(store: S) {
    use crate::persona::user_persona::{Persona, Personas};
    assert_eq!(store.load_personas().await.unwrap(), Personas::default());
    let personas = Personas {
        list: vec![Persona {
            id: "p1".into(),
            name: "Ada ✓".into(),
            description: "A mathematician.".into(),
        }],
        default_id: Some("p1".into()),
    };
    store.save_personas(&personas).await.unwrap();
    store
        .save_provider_settings(&ProviderSettings::default())
        .await
        .unwrap();
    assert_eq!(store.load_personas().await.unwrap(), personas);
    let chat = Conversation {
        persona_id: Some("p1".into()),
        system_prompt: Some("Answer in verse.".into()),
        ..conversation("c", 1.0)
    };
    store
        .save_message(&chat, &message("m1", "c", None, 1.0))
        .await
        .unwrap();
    let moved_on = Conversation {
        persona_id: None,
        system_prompt: None,
        current_leaf_id: Some("m2".into()),
        ..chat.clone()
    };
    store
        .save_message(&moved_on, &message("m2", "c", Some("m1"), 2.0))
        .await
        .unwrap();
    let stored = store.load_conversation("c").await.unwrap().unwrap();
    assert_eq!(stored.persona_id.as_deref(), Some("p1"));
    // World books, with every entry setting, beside them.
    use crate::persona::world_books::WorldBooks;
    assert_eq!(
        store.load_world_books().await.unwrap(),
        WorldBooks::default()
    );
    let book = crate::persona::world_info::read_world_info(include_bytes!(
        "../../tests/fixtures/world_info/st_full.json"
    ))
    .unwrap();
    let books = WorldBooks {
        items: vec![crate::prompt::injection::Lorebook {
            id: "w1".into(),
            ..book
        }],
        global: vec!["w1".into()],
    };
    store.save_world_books(&books).await.unwrap();
    assert_eq!(store.load_world_books().await.unwrap(), books);
    let dictionary = crate::persona::dictionary_file::read_dictionary(
        br#"[{"pattern": "k8s", "replacement": "Kubernetes", "probability": 40, "max_replacements": 2}]"#,
        "Slang.json",
    )
    .unwrap();
    let dictionaries = crate::persona::dictionary_file::Dictionaries {
        items: vec![crate::prompt::dictionary::ChatDictionary {
            id: "d1".into(),
            ..dictionary
        }],
        global: Vec::new(),
    };
    store.save_dictionaries(&dictionaries).await.unwrap();
    assert_eq!(store.load_dictionaries().await.unwrap(), dictionaries);
    assert_eq!(store.load_world_books().await.unwrap(), books);
    assert_eq!(store.load_personas().await.unwrap(), personas);
    assert_eq!(stored.system_prompt.as_deref(), Some("Answer in verse."));
    // MCP servers, with their secrets (the store keeps them; backups leave them out).
    use crate::mcp::{McpAuth, McpServer, McpServers};
    assert_eq!(
        store.load_mcp_servers().await.unwrap(),
        McpServers::default()
    );
    let servers = McpServers {
        servers: vec![McpServer {
            id: "m1".into(),
            name: "Files".into(),
            url: "http://127.0.0.1:9/mcp".into(),
            auth: McpAuth::Header {
                name: "X-Key".into(),
                value: "k".into(),
            },
            enabled: false,
        }],
    };
    store.save_mcp_servers(&servers).await.unwrap();
    assert_eq!(store.load_mcp_servers().await.unwrap(), servers);
    use crate::tools::search_backends::{SearchBackend, WebSearchSettings};
    assert_eq!(
        store.load_web_search().await.unwrap(),
        WebSearchSettings::default()
    );
    let search = WebSearchSettings {
        backend: SearchBackend::Tavily,
        api_key: "tvly".into(),
        count: 3,
        ..WebSearchSettings::default()
    };
    store.save_web_search(&search).await.unwrap();
    assert_eq!(store.load_web_search().await.unwrap(), search);
    assert_eq!(store.load_dictionaries().await.unwrap(), dictionaries);
}

/// Blobs keep every byte; summaries of the same prefix replace each other; usage events come
/// back by time.
pub async fn blobs_summaries_and_usage_round_trip<S: ChatStore>(store: S) {
    let blob = Blob {
        id: "/tool_outputs/call_1.txt".into(),
        mime: "text/plain;charset=utf-8".into(),
        bytes: (0..=255u8).collect(),
    };
    store.save_blob(&blob).await.unwrap();
    assert_eq!(store.load_blob(&blob.id).await.unwrap(), Some(blob.clone()));
    assert_eq!(store.load_blob("missing").await.unwrap(), None);
    // Deleted, it is gone; deleting what is not stored is no error.
    store.delete_blob(&blob.id).await.unwrap();
    assert_eq!(store.load_blob(&blob.id).await.unwrap(), None);
    store.delete_blob("missing").await.unwrap();
    store.save_blob(&blob).await.unwrap();

    let summary = |text: &str| RollingContextSummary {
        conversation_id: "c".into(),
        text: text.into(),
        covered_ids: vec!["m1".into(), "m2".into()],
        created_at_ms: 1.0,
        origin: Default::default(),
    };
    store.save_summary(&summary("first")).await.unwrap();
    store.save_summary(&summary("refreshed")).await.unwrap();
    assert_eq!(
        store.load_summaries("c").await.unwrap(),
        [summary("refreshed")]
    );
    // A shorter prefix's summary, edited by the user (its origin survives), then both deleted
    // while another conversation's stays.
    let mut shorter = summary("short");
    shorter.covered_ids.pop();
    shorter.origin.model = Some("gpt-4o".into());
    shorter.origin.edited_at_ms = Some(7.0);
    let other = RollingContextSummary {
        conversation_id: "d".into(),
        ..summary("other")
    };
    store.save_summary(&shorter).await.unwrap();
    store.save_summary(&other).await.unwrap();
    let mut both = store.load_summaries("c").await.unwrap();
    both.sort_by_key(|s| s.covered_ids.len());
    assert_eq!(both, [shorter, summary("refreshed")]);
    store.delete_summaries(&both).await.unwrap();
    assert!(store.load_summaries("c").await.unwrap().is_empty());
    assert_eq!(store.load_summaries("d").await.unwrap(), [other]);

    let event = |id: &str, at_ms: f64| UsageEvent {
        id: id.into(),
        at_ms,
        conversation_id: "c".into(),
        message_id: "m".into(),
        provider: ProviderKind::OpenAi,
        host: "api.openai.com".into(),
        model: "gpt".into(),
        outcome: "ok".into(),
        prompt_tokens: Some(1),
        completion_tokens: None,
        cached_tokens: None,
        reasoning_tokens: None,
        first_token_ms: None,
        duration_ms: 10.0,
        retries: 0,
    };
    for (id, at) in [("b", 2.0), ("a", 1.0), ("c", 3.0)] {
        store.save_usage(&event(id, at)).await.unwrap();
    }
    let ids: Vec<String> = store
        .load_usage(2.0)
        .await
        .unwrap()
        .into_iter()
        .map(|e| e.id)
        .collect();
    assert_eq!(ids, ["b", "c"]);
}

/// A streaming snapshot is written while the stored answer is streaming, never over a finished
/// one.
pub async fn streaming_snapshots_never_overwrite_a_finished_answer<S: ChatStore>(store: S) {
    let c = conversation("c", 1.0);
    let streaming = MessageNode::new("a", "c", Role::Assistant, 1.0)
        .with_status(crate::MessageStatus::Streaming);
    store.save_message(&c, &streaming).await.unwrap();
    let partial = streaming.clone().with_text("partial words");
    assert!(store.save_streaming_snapshot(&partial).await.unwrap());
    assert_eq!(
        store.load_messages("c").await.unwrap(),
        std::slice::from_ref(&partial)
    );
    let finished = partial
        .clone()
        .with_text(" and the rest")
        .with_status(crate::MessageStatus::Complete);
    store.save_message(&c, &finished).await.unwrap();
    assert!(!store.save_streaming_snapshot(&partial).await.unwrap());
    assert_eq!(store.load_messages("c").await.unwrap(), [finished]);
}

/// An import stores every conversation with all its messages.
pub async fn imports_store_whole_conversations<S: ChatStore>(store: S) {
    let imported: Vec<(Conversation, Vec<MessageNode>)> = ["i1", "i2"]
        .iter()
        .map(|id| {
            let c = conversation(id, 1.0);
            let messages = vec![
                message(&format!("{id}-q"), id, None, 1.0),
                message(&format!("{id}-a"), id, Some(&format!("{id}-q")), 2.0),
            ];
            (c, messages)
        })
        .collect();
    store.import_conversations(&imported).await.unwrap();
    assert_eq!(store.list_conversations().await.unwrap().len(), 2);
    for (c, messages) in &imported {
        assert_eq!(&store.load_messages(&c.id).await.unwrap(), messages);
    }
}

/// A message's citations replace its earlier ones and go with the message or its conversation.
pub async fn citations_follow_their_messages<S: ChatStore>(store: S) {
    use crate::knowledge::citations::MessageCitations;
    let cite = |chunk: &str| crate::Annotation::Citation {
        chunk_id: chunk.into(),
        document_id: "doc".into(),
        title: "Guide".into(),
        snippet: "…".into(),
    };
    let c = conversation("c", 1.0);
    for id in ["a1", "a2"] {
        store
            .save_message(&c, &message(id, "c", None, 1.0))
            .await
            .unwrap();
    }
    let first = MessageCitations::of("c", "a1", &[cite("k1"), cite("k2")]);
    store.save_citations(&first).await.unwrap();
    let replaced = MessageCitations::of("c", "a1", &[cite("k3")]);
    store.save_citations(&replaced).await.unwrap();
    let other = MessageCitations::of("c", "a2", &[cite("k4")]);
    store.save_citations(&other).await.unwrap();
    store
        .save_citations(&MessageCitations::of("elsewhere", "x", &[cite("k5")]))
        .await
        .unwrap();
    let mut loaded = store.load_citations("c").await.unwrap();
    loaded.sort_by(|a, b| a.message_id.cmp(&b.message_id));
    assert_eq!(loaded, [replaced, other.clone()]);

    store.delete_messages(&c, &["a1".to_owned()]).await.unwrap();
    assert_eq!(store.load_citations("c").await.unwrap(), [other]);
    store
        .save_citations(&MessageCitations::of("c", "a2", &[]))
        .await
        .unwrap();
    assert!(store.load_citations("c").await.unwrap().is_empty());
    store.delete_conversation("elsewhere").await.unwrap();
    assert!(store.load_citations("elsewhere").await.unwrap().is_empty());
}

/// Search finds messages by their text in any case, one hit per conversation, up to a limit.
pub async fn search_finds_messages_by_text<S: ChatStore>(store: S) {
    for (conversation, id, text) in [
        ("a", "a1", "Tell me about Rust lifetimes"),
        ("a", "a2", "rust again"),
        ("b", "b1", "A RUSTY nail"),
        ("c", "c1", "Python only"),
    ] {
        store
            .save_message(
                &self::conversation(conversation, 1.0),
                &MessageNode::new(id, conversation, Role::User, 1.0).with_text(text),
            )
            .await
            .unwrap();
    }
    let mut found: Vec<(String, String)> = store
        .search_messages("  rUsT ", 10)
        .await
        .unwrap()
        .into_iter()
        .map(|h| (h.conversation_id, h.snippet))
        .collect();
    found.sort();
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(found[0].0, "a");
    assert!(found[0].1.to_lowercase().contains("rust"));
    assert_eq!(found[1], ("b".to_owned(), "A RUSTY nail".to_owned()));
    assert_eq!(store.search_messages("rust", 1).await.unwrap().len(), 1);
    assert!(store.search_messages(" ", 10).await.unwrap().is_empty());
    assert!(store
        .search_messages("absent", 10)
        .await
        .unwrap()
        .is_empty());
}

/// Workflow templates are one record; runs are one record each, listed, replaced whole and
/// deleted by ID without touching the settings stored beside them.
pub async fn workflows_round_trip<S: ChatStore>(store: S) {
    use crate::workflow::{QuestionMode, WorkflowRun, WorkflowStep, WorkflowTemplate};
    assert!(store
        .load_workflow_templates()
        .await
        .unwrap()
        .items
        .is_empty());
    assert!(store.list_workflow_runs().await.unwrap().is_empty());
    let mut template = WorkflowTemplate {
        id: "t1".into(),
        name: "Trip".into(),
        description: String::new(),
        steps: vec![
            WorkflowStep::question("Where", "Where to?", QuestionMode::ModelPhrased),
            WorkflowStep::dialogue("Budget", "How much?", 3),
        ],
        updated_at_ms: 1.0,
    };
    template.steps[0].id = "s1".into();
    template.steps[1].id = "s2".into();
    let mut templates = crate::workflow::WorkflowTemplates::default();
    templates.put(template.clone());
    store.save_workflow_templates(&templates).await.unwrap();
    store
        .save_provider_settings(&ProviderSettings::default())
        .await
        .unwrap();
    let mut first = WorkflowRun::start("r1", &template, Vec::new(), 2.0);
    let second = WorkflowRun::start("r2", &template, Vec::new(), 3.0);
    store.save_workflow_run(&first).await.unwrap();
    store.save_workflow_run(&second).await.unwrap();
    first
        .set_question("Where to, then?".into(), true, None)
        .unwrap();
    first.answer("Porto", 4.0).unwrap();
    store.save_workflow_run(&first).await.unwrap();
    let mut runs = store.list_workflow_runs().await.unwrap();
    runs.sort_by(|a, b| a.id.cmp(&b.id));
    assert_eq!(runs, vec![first.clone(), second]);
    store.delete_workflow_run("r2").await.unwrap();
    assert_eq!(store.list_workflow_runs().await.unwrap(), vec![first]);
    assert_eq!(store.load_workflow_templates().await.unwrap(), templates);
    assert!(store.load_provider_settings().await.unwrap().is_some());
    // Follow-ups beside them.
    use crate::domain::follow_up::{FollowUp, FollowUps};
    assert_eq!(store.load_follow_ups().await.unwrap(), FollowUps::default());
    let follow_ups = FollowUps {
        items: vec![FollowUp {
            id: "f1".into(),
            conversation_id: "c".into(),
            message_id: "m".into(),
            text: "I'll let you know.".into(),
            created_at_ms: 5.0,
            due_at_ms: Some(9.0),
            reminded_at_ms: None,
            done: false,
        }],
    };
    store.save_follow_ups(&follow_ups).await.unwrap();
    assert_eq!(store.load_follow_ups().await.unwrap(), follow_ups);
    assert_eq!(store.load_workflow_templates().await.unwrap(), templates);
}

/// Runs every case, each on a fresh store from `make`.
pub async fn run_all<S, F, Fut>(make: F)
where
    S: ChatStore,
    F: Fn(&'static str) -> Fut,
    Fut: Future<Output = S>,
{
    conversations_list_newest_first(make("list").await).await;
    messages_round_trip_per_conversation(make("messages").await).await;
    message_writes_keep_the_conversations_title(make("title").await).await;
    deletes_remove_exactly_what_they_name(make("deletes").await).await;
    provider_settings_round_trip(make("settings").await).await;
    personas_and_chat_settings_round_trip(make("personas").await).await;
    blobs_summaries_and_usage_round_trip(make("blobs").await).await;
    streaming_snapshots_never_overwrite_a_finished_answer(make("snapshot").await).await;
    imports_store_whole_conversations(make("import").await).await;
    citations_follow_their_messages(make("citations").await).await;
    search_finds_messages_by_text(make("search").await).await;
    workflows_round_trip(make("workflows").await).await;
}
