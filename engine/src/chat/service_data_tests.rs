//! Conversations, assistants and backups: deleting, restoring, remembering the assistant.

use super::*;
use crate::knowledge::store::LibraryStore;
use crate::test_fixtures::*;
use crate::Assistant;
use futures_executor::block_on;

#[test]
fn deleting_a_conversation_removes_everything_of_it() {
    let service = service(vec![sse(200, &content_chunks(&["Hi."], true), 8)]);
    send(&service, None, "Hello");
    let conversation = stored(&service).0;
    block_on(service.delete_conversation(&conversation.id)).unwrap();
    assert!(block_on(service.store.list_conversations())
        .unwrap()
        .is_empty());
    assert!(block_on(service.store.load_messages(&conversation.id))
        .unwrap()
        .is_empty());
}

#[test]
fn a_backup_restores_into_an_empty_store_without_its_keys() {
    let original = service(vec![sse(200, &content_chunks(&["Kept."], true), 8)]);
    send(&original, None, "Keep this");
    block_on(original.store.save_provider_settings(&settings())).unwrap();
    let text = block_on(original.backup(false)).unwrap();
    assert!(!text.contains("sk-test"), "no key unless asked for");

    let fresh = service(vec![]);
    let added = block_on(fresh.import_file(text.as_bytes())).unwrap();
    assert_eq!(added.len(), 1);
    let texts: Vec<String> = block_on(fresh.store.load_messages(&added[0].id))
        .unwrap()
        .iter()
        .map(MessageNode::text)
        .collect();
    assert_eq!(texts, ["Keep this", "Kept."]);
    let restored = block_on(fresh.store.load_provider_settings())
        .unwrap()
        .unwrap();
    assert_eq!(
        (restored.model.as_str(), restored.api_key.as_str()),
        ("mock-model", "")
    );
    // Settings already made here are never replaced by a file.
    let mut mine = settings();
    mine.model = "my-model".into();
    block_on(fresh.store.save_provider_settings(&mine)).unwrap();
    block_on(fresh.import_file(text.as_bytes())).unwrap();
    assert_eq!(
        block_on(fresh.store.load_provider_settings())
            .unwrap()
            .unwrap()
            .model,
        "my-model"
    );
}

#[test]
fn a_new_conversation_remembers_its_assistant() {
    let service = service(vec![sse(200, &content_chunks(&["Hi."], true), 9)]);
    let writer = Assistant {
        id: "writer".into(),
        ..Assistant::default()
    };
    send_as(&service, None, "hello", &writer).unwrap();
    let (conversation, _) = stored(&service);
    assert_eq!(conversation.assistant_id.as_deref(), Some("writer"));
}

#[test]
fn a_backup_brings_assistants_and_memories_and_keeps_those_already_here() {
    use crate::knowledge::memories::{Memory, MemoryScope};
    let original = service(vec![sse(200, &content_chunks(&["Arr."], true), 8)]);
    let pirate = Assistant {
        id: "pirate".into(),
        name: "Pirate".into(),
        system_prompt: "Talk like a pirate.".into(),
        ..Assistant::default()
    };
    block_on(original.store.save_assistant(&pirate)).unwrap();
    let memory = Memory {
        id: "m1".into(),
        scope: MemoryScope::Global,
        text: "Likes green tea".into(),
        created_at_ms: 1.0,
        updated_at_ms: 1.0,
        embedding: None,
    };
    block_on(original.store.save_memory(&memory)).unwrap();
    let personas = block_on(
        original.save_persona(crate::persona::user_persona::Persona {
            name: "Ada".into(),
            ..Default::default()
        }),
    )
    .unwrap();
    send_as(&original, None, "ahoy", &pirate).unwrap();
    let text = block_on(original.backup(false)).unwrap();

    let fresh = service(vec![]);
    let mine = Assistant {
        name: "Mine".into(),
        ..pirate.clone()
    };
    block_on(fresh.store.save_assistant(&mine)).unwrap();
    let added = block_on(fresh.import_file(text.as_bytes())).unwrap();
    assert_eq!(added[0].assistant_id.as_deref(), Some("pirate"));
    let assistants = block_on(fresh.store.list_assistants()).unwrap();
    assert_eq!(assistants.len(), 1);
    assert_eq!(
        assistants[0].name, "Mine",
        "an assistant already here is kept"
    );
    assert_eq!(block_on(fresh.store.list_memories()).unwrap(), [memory]);

    assert_eq!(block_on(fresh.personas()).unwrap(), personas);

    let empty = service(vec![]);
    block_on(empty.import_file(text.as_bytes())).unwrap();
    assert_eq!(block_on(empty.store.list_assistants()).unwrap(), [pirate]);
    assert_eq!(block_on(empty.personas()).unwrap(), personas);

    // A damaged assistant entry is named, and nothing is stored.
    let broken = text.replace("\"Talk like a pirate.\"", "42");
    let other = service(vec![]);
    let err = block_on(other.import_file(broken.as_bytes())).unwrap_err();
    assert!(err.to_string().contains("assistants[0]"), "{err}");
    assert!(block_on(other.store.list_conversations())
        .unwrap()
        .is_empty());
}
