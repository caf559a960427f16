//! A character as an assistant: the card's definition becomes the system prompt of its chats
//! (after the card's own system prompt, or the user's), its post-history instructions follow
//! the conversation, its nickname is `{{char}}`, and its embedded book is the assistant's
//! lorebook. The card itself stays with the assistant, so it exports as it came.

use crate::domain::assistant::Assistant;
use crate::domain::message::Role;
use crate::persona::card::CharacterCard;
use crate::persona::world_info::book_from_card;

/// The assistant `card` becomes: `template`'s settings (the user's name, generation
/// parameters, tools, knowledge) with the card's name and book, and the card kept whole.
pub fn assistant_from_card(card: CharacterCard, id: &str, template: &Assistant) -> Assistant {
    Assistant {
        id: id.to_owned(),
        name: card.name.clone(),
        // The user's own prompt for this character: the card's `{{original}}`.
        system_prompt: String::new(),
        lorebook: card.character_book.as_ref().map(book_from_card),
        character: Some(Box::new(card)),
        ..template.clone()
    }
}

/// A character's note (SillyTavern's `extensions.depth_prompt`): text sent with every request,
/// `depth` messages from the end of the conversation, as `role`.
#[derive(Debug, Clone, PartialEq)]
pub struct CharacterNote {
    pub prompt: String,
    pub depth: usize,
    pub role: Role,
}

/// The character's note, when its card has one with text (depth 4 and the system role when
/// the card does not say; a depth past the conversation puts it first).
pub fn character_note(assistant: &Assistant) -> Option<CharacterNote> {
    let note = assistant
        .character
        .as_ref()?
        .data
        .get("extensions")?
        .get("depth_prompt")?;
    let prompt = note.get("prompt")?.as_str()?.trim();
    if prompt.is_empty() {
        return None;
    }
    let depth = note
        .get("depth")
        .and_then(serde_json::Value::as_f64)
        .filter(|d| d.is_finite() && *d >= 0.0)
        .map_or(4, |d| d.min(10_000.0) as usize);
    let role = match note.get("role").and_then(serde_json::Value::as_str) {
        Some("user") => Role::User,
        Some("assistant") => Role::Assistant,
        _ => Role::System,
    };
    Some(CharacterNote {
        prompt: prompt.to_owned(),
        depth,
        role,
    })
}

/// The name `{{char}}` stands for: the card's nickname when it has one.
pub fn char_name(assistant: &Assistant) -> &str {
    assistant
        .character
        .as_ref()
        .and_then(|card| card.nickname.as_deref())
        .unwrap_or(&assistant.name)
}

/// The assistant's system prompt from the user's `own` (the assistant's, or the chat's, see
/// `prompt::system_prompt::own_prompt`): `own` itself, or for a character
/// the card's system prompt (its `{{original}}` standing for `own`; `own` when the card has
/// none) followed by the character's description, personality, scenario and example dialogue.
pub fn system_prompt(assistant: &Assistant, own: &str) -> String {
    let Some(card) = &assistant.character else {
        return own.to_owned();
    };
    let own = own.trim();
    let head = if card.system_prompt.trim().is_empty() {
        own.to_owned()
    } else {
        card.system_prompt.replace("{{original}}", own)
    };
    let labelled = |label: &str, text: &str| {
        let text = text.trim();
        (!text.is_empty()).then(|| format!("{label}{text}"))
    };
    [
        Some(head.trim().to_owned()).filter(|h| !h.is_empty()),
        labelled("", &card.description),
        labelled("{{char}}'s personality: ", &card.personality),
        labelled("Scenario: ", &card.scenario),
        example_dialogue(&card.mes_example).map(|e| format!("Example dialogue:\n{e}")),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join("\n\n")
}

/// What follows the conversation in each request: the card's post-history instructions.
pub fn post_history_instructions(assistant: &Assistant) -> Option<&str> {
    assistant
        .character
        .as_ref()
        .map(|card| card.post_history_instructions.trim())
        .filter(|text| !text.is_empty())
}

/// The example dialogue with its `<START>` markers as separators between examples.
fn example_dialogue(text: &str) -> Option<String> {
    let examples: Vec<&str> = split_ignoring_case(text, "<START>")
        .into_iter()
        .map(str::trim)
        .filter(|example| !example.is_empty())
        .collect();
    (!examples.is_empty()).then(|| examples.join("\n\n"))
}

fn split_ignoring_case<'a>(text: &'a str, marker: &str) -> Vec<&'a str> {
    let lowered = text.to_ascii_lowercase();
    let marker = marker.to_ascii_lowercase();
    let mut parts = Vec::new();
    let mut start = 0;
    for (at, _) in lowered.match_indices(&marker) {
        parts.push(&text[start..at]);
        start = at + marker.len();
    }
    parts.push(&text[start..]);
    parts
}

#[cfg(test)]
#[path = "character_tests.rs"]
mod tests;
