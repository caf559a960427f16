//! Temporary chats through a whole service: nothing of one reaches the real store (record,
//! messages, images, summaries, usage), other chats are stored as ever, a kept one is stored
//! whole and only once, a deleted one is gone.

use super::*;
use crate::chat::{ChatService, EventLog, TurnContext};
use crate::domain::assistant::Assistant;
use crate::domain::attachment::read_attachment;
use crate::domain::message_part::MessagePart;
use crate::ports::cancel::CancelToken;
use crate::test_fixtures::*;
use crate::UserInput;
use futures_executor::block_on;

type Wrapped = TemporaryChats<Rc<MemoryStore>>;
type TempService = ChatService<ScriptedTransport, Wrapped, ManualClock, SequentialIds>;

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";

fn answer(text: &str) -> Script {
    sse(200, &content_chunks(&[text], true), 64)
}

fn setup(scripts: Vec<Script>) -> (TempService, Rc<MemoryStore>) {
    let real = Rc::new(MemoryStore::new());
    (
        service_over(scripts, TemporaryChats::new(real.clone())),
        real,
    )
}

fn ask(
    service: &TempService,
    conversation: Option<Conversation>,
    input: UserInput,
    temporary: bool,
) -> MessageNode {
    let (settings, assistant) = (settings(), Assistant::default());
    let (cancel, log) = (CancelToken::new(), EventLog::default());
    let context = TurnContext {
        temporary,
        ..TurnContext::new(&settings, &assistant, &cancel, &log)
    };
    block_on(service.send_message(conversation, input, &context)).unwrap()
}

fn with_image(text: &str) -> UserInput {
    UserInput {
        text: text.into(),
        attachments: vec![read_attachment("dot.png", "image/png", PNG.to_vec()).unwrap()],
    }
}

fn image_of(message: &MessageNode) -> String {
    message
        .parts
        .iter()
        .find_map(|p| match p {
            MessagePart::Image { blob_id, .. } => Some(blob_id.clone()),
            _ => None,
        })
        .unwrap()
}

#[test]
fn a_temporary_chat_never_reaches_the_real_store_and_is_kept_whole_once() {
    let (service, real) = setup(vec![
        answer("A dot."),
        json_completion("Dots"),
        answer("Still a dot."),
        answer("Stored."),
        json_completion("Stored chat"),
    ]);
    let reply = ask(&service, None, with_image("What is this?"), true);
    let id = reply.conversation_id.clone();
    let conversation = block_on(service.store().load_conversation(&id))
        .unwrap()
        .unwrap();
    assert!(conversation.temporary);
    ask(&service, Some(conversation), "And now?".into(), true);

    // Nothing in the real store; everything readable through the service.
    assert!(block_on(real.list_conversations()).unwrap().is_empty());
    assert!(block_on(real.load_messages(&id)).unwrap().is_empty());
    assert!(block_on(real.load_usage(0.0)).unwrap().is_empty());
    let messages = block_on(service.store().load_messages(&id)).unwrap();
    assert_eq!(messages.len(), 4);
    let image = image_of(&messages[0]);
    assert_eq!(block_on(real.load_blob(&image)).unwrap(), None);
    assert!(block_on(service.store().load_blob(&image))
        .unwrap()
        .is_some());
    // One usage event per answer.
    assert_eq!(block_on(service.store().load_usage(0.0)).unwrap().len(), 2);
    let listed = block_on(service.list_conversations()).unwrap();
    assert_eq!(listed.len(), 1);
    assert!(listed[0].temporary);
    // Nor in a backup.
    let backup = block_on(service.backup(false)).unwrap();
    assert!(
        !backup.contains("What is this?") && !backup.contains(&id),
        "{backup}"
    );

    // Another chat is stored as ever.
    let other = ask(&service, None, "Remember me".into(), false);
    assert_eq!(block_on(real.list_conversations()).unwrap().len(), 1);
    assert_eq!(
        block_on(real.load_messages(&other.conversation_id))
            .unwrap()
            .len(),
        2
    );

    // Kept: everything in the real store, not temporary, listed once.
    let usage_before = block_on(real.load_usage(0.0)).unwrap().len();
    let kept = block_on(service.keep_temporary(&id)).unwrap();
    assert!(!kept.temporary && !service.is_temporary(&id));
    let stored = block_on(real.load_conversation(&id)).unwrap().unwrap();
    assert_eq!(stored.title, kept.title);
    assert_eq!(block_on(real.load_messages(&id)).unwrap(), messages);
    assert!(block_on(real.load_blob(&image)).unwrap().is_some());
    assert_eq!(
        block_on(real.load_usage(0.0)).unwrap().len(),
        usage_before + 2
    );
    assert_eq!(
        block_on(service.store().load_usage(0.0)).unwrap().len(),
        usage_before + 2
    );
    assert_eq!(block_on(service.list_conversations()).unwrap().len(), 2);
    let again = block_on(service.keep_temporary(&id))
        .unwrap_err()
        .to_string();
    assert!(
        again.starts_with("This chat could not be kept"),
        "kept once: {again}"
    );
}

#[test]
fn a_deleted_temporary_chat_is_gone_and_the_real_store_untouched() {
    let (service, real) = setup(vec![answer("Hi."), json_completion("Hello")]);
    let reply = ask(&service, None, "Hello".into(), true);
    let id = reply.conversation_id;
    block_on(service.store().delete_conversation(&id)).unwrap();
    assert!(block_on(service.list_conversations()).unwrap().is_empty());
    assert!(block_on(service.store().load_messages(&id))
        .unwrap()
        .is_empty());
    assert!(block_on(service.store().load_usage(0.0))
        .unwrap()
        .is_empty());
    assert_eq!(real.message_writes(), 0);
}

#[test]
fn the_wrapper_keeps_the_store_contract_for_stored_chats() {
    block_on(crate::store::conformance::run_all(|_| async {
        TemporaryChats::new(MemoryStore::new())
    }));
    block_on(crate::store::conformance::library::run_all(|_| async {
        TemporaryChats::new(MemoryStore::new())
    }));
}

#[test]
fn a_temporary_chat_is_offered_no_tool_that_would_remember_something() {
    let (service, _) = setup(vec![answer("One."), answer("Two."), answer("Three.")]);
    service
        .connect_library(Rc::new(settings))
        .expect("library connected");
    let mut assistant = Assistant::default();
    assistant.set_memory(true);
    let offered = |service: &TempService, index: usize| -> Vec<String> {
        let body: serde_json::Value = serde_json::from_str(
            service.client().transport().requests.borrow()[index]
                .body
                .as_deref()
                .unwrap_or("{}"),
        )
        .unwrap();
        body["tools"]
            .as_array()
            .map(|tools| {
                tools
                    .iter()
                    .map(|t| t["function"]["name"].as_str().unwrap_or("").to_owned())
                    .collect()
            })
            .unwrap_or_default()
    };
    let send = |conversation: Option<Conversation>, temporary: bool| {
        let (settings, cancel, log) = (settings(), CancelToken::new(), EventLog::default());
        let context = TurnContext {
            temporary,
            ..TurnContext::new(&settings, &assistant, &cancel, &log)
        };
        block_on(service.send_message(conversation, "Hello", &context)).unwrap()
    };
    // A temporary chat: its first question and the next (which the app sends without the
    // flag: the chat's record says it).
    let first = send(None, true);
    let conversation = block_on(service.store().load_conversation(&first.conversation_id))
        .unwrap()
        .unwrap();
    send(Some(conversation), false);
    for index in [0, 1] {
        let tools = offered(&service, index);
        assert!(tools.contains(&"search_memories".to_owned()), "{tools:?}");
        assert!(
            !tools
                .iter()
                .any(|t| crate::knowledge::memories::writes_memory(t)),
            "request {index}: {tools:?}"
        );
    }
    // A chat that is kept offers them all.
    send(None, false);
    assert!(offered(&service, 2).contains(&"create_memory".to_owned()));
}
