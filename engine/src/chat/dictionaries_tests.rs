//! Chat dictionaries through the chat service: imported, picked by a chat or an assistant,
//! applied to the user's words in the request only, refusals that change nothing, exported.

use super::*;
use crate::domain::assistant::Assistant;
use crate::test_fixtures::*;
use futures_executor::block_on;

const SLANG: &[u8] = br#"{"k8s": "Kubernetes", "brb": "be right back"}"#;

fn last_user_text(service: &Service, index: usize) -> String {
    let body = request_body(service, index);
    let messages = body["messages"].as_array().unwrap();
    let text = messages.iter().rev().find(|m| m["role"] == "user").unwrap()["content"]
        .as_str()
        .unwrap();
    // After the date block (seed 004's user-message wrapper).
    text.strip_prefix(&dated("")).unwrap_or(text).to_owned()
}

#[test]
fn a_dictionary_picked_by_a_chat_or_an_assistant_rewrites_the_request_only() {
    let service = service(vec![answer("Ok."), answer("Sure."), answer("Yes.")]);
    let (dictionary, all) = block_on(service.import_dictionary(SLANG, "Slang.json")).unwrap();
    assert_eq!((dictionary.name.as_str(), all.items.len()), ("Slang", 1));
    send(&service, None, "Deploy to k8s, brb.");
    assert_eq!(last_user_text(&service, 0), "Deploy to k8s, brb.");
    let (chat, _) = stored(&service);
    let chat =
        block_on(service.set_conversation_dictionaries(&chat.id, vec![dictionary.id.clone()]))
            .unwrap();
    send(&service, Some(chat.clone()), "Is k8s up?");
    assert_eq!(last_user_text(&service, 1), "Is Kubernetes up?");
    // The stored question keeps the user's words.
    let (_, messages) = stored(&service);
    assert!(messages.iter().any(|m| m.text() == "Is k8s up?"));
    // Picked by the assistant instead.
    let chat = block_on(service.set_conversation_dictionaries(&chat.id, Vec::new())).unwrap();
    let assistant = Assistant {
        dictionary_ids: vec![dictionary.id.clone()],
        ..Assistant::default()
    };
    send_as(&service, Some(chat), "brb", &assistant).unwrap();
    assert_eq!(last_user_text(&service, 2), "be right back");
}

#[test]
fn a_broken_dictionary_is_refused_and_an_export_reads_back() {
    let service = service(vec![]);
    let (dictionary, before) = block_on(service.import_dictionary(SLANG, "Slang.json")).unwrap();
    let mut broken = dictionary.clone();
    broken
        .entries
        .push(crate::prompt::dictionary::DictionaryEntry::new(
            crate::prompt::dictionary::DictionaryPattern::Regex("(".into()),
            "x",
        ));
    let refused = block_on(service.save_dictionary(broken)).unwrap_err();
    assert!(refused.to_string().starts_with(
        "Entry 3 of the dictionary has a pattern that is not a valid regular expression"
    ));
    assert_eq!(block_on(service.dictionaries()).unwrap(), before);
    let file = block_on(service.export_dictionary(&dictionary.id)).unwrap();
    assert_eq!(file.file_name, "Slang.json");
    let again = crate::persona::dictionary_file::read_dictionary(&file.bytes, "x.json").unwrap();
    assert_eq!(
        ChatDictionary {
            id: dictionary.id.clone(),
            ..again
        },
        dictionary
    );
    let refused = block_on(service.import_dictionary(b"[1]", "bad.json")).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "Entry 1 of the dictionary: `entry` must be an object."
    );
    let after = block_on(service.delete_dictionary(&dictionary.id)).unwrap();
    assert!(after.items.is_empty());
}
