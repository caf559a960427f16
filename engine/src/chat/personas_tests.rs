//! Personas in the chat service: who `{{user}}` is in each request, and a chat's own system
//! prompt.

use super::*;
use crate::domain::assistant::Assistant;
use crate::test_fixtures::*;
use futures_executor::block_on;

fn ada() -> Persona {
    Persona {
        id: String::new(),
        name: "Ada".into(),
        description: "{{user}} writes proofs for fun.".into(),
    }
}

/// The system message of request `index` before the capability block (no tools here).
fn system_text(service: &Service, index: usize) -> String {
    let body = request_body(service, index);
    let text = body["messages"][0]["content"].as_str().unwrap();
    let (layers, block) = text.split_once("\n\nThis model cannot call tools").unwrap();
    assert!(block.contains("say plainly"));
    // Seed 004's layers around the user's own prompt: the preamble and base rules before it,
    // the rendering hint after it.
    let before = format!(
        "You are Skein.\n\n{}\n\n",
        crate::prompt::system_prompt::BASE_RULES
    );
    let after = format!("\n\n{}", crate::prompt::OutputChannel::Markdown.hint());
    layers
        .strip_prefix(&before)
        .and_then(|rest| rest.strip_suffix(&after))
        .unwrap_or_else(|| panic!("layers in order: {layers}"))
        .to_owned()
}

#[test]
fn the_first_persona_is_the_default_and_a_nameless_one_is_refused() {
    let service = service(vec![]);
    let personas = block_on(service.save_persona(ada())).unwrap();
    let id = personas.list[0].id.clone();
    assert!(!id.is_empty());
    assert_eq!(personas.default_id.as_deref(), Some(id.as_str()));
    let refused = block_on(service.save_persona(Persona {
        name: " ".into(),
        ..ada()
    }));
    assert!(matches!(refused, Err(ChatError::Persona(_))), "{refused:?}");
    assert_eq!(block_on(service.personas()).unwrap(), personas);
    // An unknown default is no default; deleting the default clears it.
    let none = block_on(service.set_default_persona(Some("nobody"))).unwrap();
    assert_eq!(none.default_id, None);
    block_on(service.set_default_persona(Some(&id))).unwrap();
    let gone = block_on(service.delete_persona(&id)).unwrap();
    assert!(gone.list.is_empty());
    assert_eq!(gone.default_id, None);
}

#[test]
fn requests_speak_to_the_chats_persona() {
    let service = service(vec![answer("Hello."), answer("Hi, Bo.")]);
    let assistant = Assistant {
        system_prompt: "You talk to {{user}}.".into(),
        ..Assistant::default()
    };
    // The default persona: its name in {{user}}, its description told.
    block_on(service.save_persona(ada())).unwrap();
    send_as(&service, None, "Who am I?", &assistant).unwrap();
    assert_eq!(
        system_text(&service, 0),
        "You talk to Ada.\n\nAbout Ada, the user: Ada writes proofs for fun."
    );
    // The chat's own persona wins from its next request on.
    let bo = block_on(service.save_persona(Persona {
        name: "Bo".into(),
        description: String::new(),
        ..ada()
    }))
    .unwrap()
    .list[1]
        .id
        .clone();
    let (chat, _) = stored(&service);
    let chat = block_on(service.set_conversation_persona(&chat.id, Some(&bo))).unwrap();
    send_as(&service, Some(chat), "And now?", &assistant).unwrap();
    assert_eq!(system_text(&service, 1), "You talk to Bo.");
}

#[test]
fn a_chats_own_system_prompt_replaces_the_assistants_when_allowed() {
    let service = service(vec![answer("Arr."), answer("Fine."), answer("Plain.")]);
    let mut assistant = Assistant {
        system_prompt: "Be brief.".into(),
        ..Assistant::default()
    };
    send_as(&service, None, "Hi", &assistant).unwrap();
    let (chat, _) = stored(&service);
    let chat =
        block_on(service.set_conversation_system_prompt(&chat.id, "You are a pirate.")).unwrap();
    assert_eq!(chat.system_prompt.as_deref(), Some("You are a pirate."));
    send_as(&service, Some(chat.clone()), "Hi again", &assistant).unwrap();
    assert_eq!(system_text(&service, 1), "You are a pirate.");
    // The assistant does not allow it: its own prompt again.
    assistant.allow_conversation_system_prompt = false;
    send_as(&service, Some(chat.clone()), "And now?", &assistant).unwrap();
    assert_eq!(system_text(&service, 2), "Be brief.");
    // Blank clears it.
    let cleared = block_on(service.set_conversation_system_prompt(&chat.id, "  ")).unwrap();
    assert_eq!(cleared.system_prompt, None);
}
