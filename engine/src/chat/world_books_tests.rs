//! World books through the chat service: imported, attached to a chat or to every chat, their
//! entries in the request, refusals that change nothing, exported back.

use super::*;
use crate::persona::world_info::read_world_info;
use crate::prompt::injection::{InjectionTrigger, PromptInjection};
use crate::test_fixtures::*;
use futures_executor::block_on;

const ST_FULL: &[u8] = include_bytes!("../../tests/fixtures/world_info/st_full.json");
const DRAGON: &str = "The Dragon of Vel sleeps under Mount Ashen and guards the Ember Crown.";

fn system_of(service: &Service, index: usize) -> String {
    request_body(service, index)["messages"][0]["content"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[test]
fn an_imported_book_fires_in_the_chats_it_is_attached_to() {
    let service = service(vec![
        answer("Hello."),
        answer("It sleeps."),
        answer("Again."),
    ]);
    let (book, books) = block_on(service.import_world_book(ST_FULL, "vel.json")).unwrap();
    assert_eq!(book.name, "Vel Chronicles");
    assert_eq!(books.items.len(), 1);
    // Not attached: the dragon is not mentioned to the model.
    send(&service, None, "Tell me about the dragon.");
    assert!(!system_of(&service, 0).contains(DRAGON));
    // Attached to the chat: its entry goes before the system prompt, with the constant one.
    let (chat, _) = stored(&service);
    let chat =
        block_on(service.set_conversation_world_books(&chat.id, vec![book.id.clone()])).unwrap();
    send(&service, Some(chat.clone()), "And the dragon now?");
    let system = system_of(&service, 1);
    assert!(system.starts_with(DRAGON), "{system}");
    let body = request_body(&service, 1).to_string();
    assert!(
        body.contains("It is the rainy season in Vel."),
        "the constant entry"
    );
    // Detached, but active in every chat.
    let chat = block_on(service.set_conversation_world_books(&chat.id, Vec::new())).unwrap();
    block_on(service.set_world_book_global(&book.id, true)).unwrap();
    send(&service, Some(chat), "The dragon again?");
    assert!(system_of(&service, 2).starts_with(DRAGON));
}

#[test]
fn a_broken_book_or_file_is_refused_and_nothing_changes() {
    let service = service(vec![]);
    let (book, before) = block_on(service.import_world_book(ST_FULL, "vel.json")).unwrap();
    let mut broken = book.clone();
    broken.entries.push(PromptInjection::new(
        "Broken key",
        "x",
        InjectionTrigger::Keywords {
            words: vec!["/(/".into()],
            case_sensitive: false,
        },
        crate::prompt::injection::InjectionPosition::TopOfChat,
    ));
    let refused = block_on(service.save_world_book(broken)).unwrap_err();
    assert!(
        refused.to_string().starts_with(
            "Entry Broken key of the world book has a key that is not a valid pattern"
        ),
        "{refused}"
    );
    assert_eq!(block_on(service.world_books()).unwrap(), before);
    let refused = block_on(service.import_world_book(b"{\"name\": 1}", "bad.json")).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "This is not a SillyTavern world book: it has no `entries`."
    );
    assert_eq!(block_on(service.world_books()).unwrap(), before);
}

#[test]
fn a_book_exports_as_world_info_that_reads_back_the_same() {
    let service = service(vec![]);
    let (book, _) = block_on(service.import_world_book(ST_FULL, "vel.json")).unwrap();
    let file = block_on(service.export_world_book(&book.id)).unwrap();
    assert_eq!(file.file_name, "Vel Chronicles.json");
    let again = read_world_info(&file.bytes).unwrap();
    assert_eq!(
        Lorebook {
            id: book.id.clone(),
            ..again
        },
        book
    );
    // A nameless file takes its name from the file.
    let nameless = br#"{"entries": {"0": {"key": ["a"], "content": "A"}}}"#;
    let (named, books) = block_on(service.import_world_book(nameless, "My lore.json")).unwrap();
    assert_eq!(named.name, "My lore");
    // Deleting one leaves the other.
    let books_after = block_on(service.delete_world_book(&named.id)).unwrap();
    assert_eq!(books_after.items.len(), books.items.len() - 1);
}

#[test]
fn a_characters_own_book_exports_as_world_info() {
    let card = include_str!("../../tests/fixtures/cards/v2_full.json");
    let service = service(vec![]);
    let mira = block_on(service.import_character(card.as_bytes(), &Assistant::default())).unwrap();
    let file = export_own_book(&mira).unwrap();
    assert_eq!(file.file_name, "Meridian lore.json");
    let book = read_world_info(&file.bytes).unwrap();
    assert_eq!(book.entries[0].name, "Warp core");
    // What fires where comes back the same (World Info has no budget priority of its own:
    // its order stands for both).
    let what = |entries: &[PromptInjection]| -> Vec<String> {
        entries
            .iter()
            .map(|e| {
                format!(
                    "{}|{}|{:?}|{:?}|{:?}|{:?}|{}",
                    e.name, e.content, e.trigger, e.position, e.secondary_keys, e.role, e.order
                )
            })
            .collect()
    };
    assert_eq!(what(&book.entries), what(&mira.lorebook.unwrap().entries));
    assert!(export_own_book(&Assistant::default()).is_none());
}

#[test]
fn a_backup_carries_the_world_books_and_their_switch() {
    let original = service(vec![]);
    let (book, _) = block_on(original.import_world_book(ST_FULL, "vel.json")).unwrap();
    let books = block_on(original.set_world_book_global(&book.id, true)).unwrap();
    let text = block_on(original.backup(false)).unwrap();
    let fresh = service(vec![]);
    block_on(fresh.import_file(text.as_bytes())).unwrap();
    assert_eq!(block_on(fresh.world_books()).unwrap(), books);
}
