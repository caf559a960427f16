//! A character as an assistant: the card's definition becomes the system prompt of its chats
//! (after the card's own system prompt, or the user's), its post-history instructions follow
//! the conversation, its nickname is `{{char}}`, and its embedded book is the assistant's
//! lorebook. The card itself stays with the assistant, so it exports as it came.

use crate::domain::assistant::Assistant;
use crate::persona::card::CharacterCard;
use crate::prompt::injection::{InjectionPosition, InjectionTrigger, Lorebook, PromptInjection};
use serde_json::Value;

/// The assistant `card` becomes: `template`'s settings (the user's name, generation
/// parameters, tools, knowledge) with the card's name and book, and the card kept whole.
pub fn assistant_from_card(card: CharacterCard, id: &str, template: &Assistant) -> Assistant {
    Assistant {
        id: id.to_owned(),
        name: card.name.clone(),
        // The user's own prompt for this character: the card's `{{original}}`.
        system_prompt: String::new(),
        lorebook: card.character_book.as_ref().map(lorebook_from_book),
        character: Some(Box::new(card)),
        ..template.clone()
    }
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

/// A regular-expression key as one group: SillyTavern writes them as JavaScript literals
/// (`/flood(ed)?/i`), whose `i`, `m` and `s` flags become inline flags; other flags (`g`, `u`,
/// `y`) change nothing for a match test. A key without slashes is a pattern as it stands.
fn regex_key(key: &str) -> String {
    let literal = key
        .strip_prefix('/')
        .and_then(|rest| rest.rsplit_once('/'))
        .filter(|(_, flags)| flags.chars().all(|f| "gimsuyd".contains(f)));
    match literal {
        Some((pattern, flags)) => {
            let inline: String = flags.chars().filter(|f| "ims".contains(*f)).collect();
            if inline.is_empty() {
                format!("(?:{pattern})")
            } else {
                format!("(?{inline}:{pattern})")
            }
        }
        None => format!("(?:{key})"),
    }
}

/// The card's embedded book as a lorebook: enabled entries, keywords (or a regular expression,
/// or always for a constant entry), before or after the character's definition (or at a depth,
/// as SillyTavern's extension fields say), ordered by insertion order.
pub fn lorebook_from_book(book: &Value) -> Lorebook {
    let number = |value: &Value, key: &str| value.get(key).and_then(Value::as_f64);
    let entries = book
        .get("entries")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .enumerate()
        .filter(|(_, entry)| entry.get("enabled").and_then(Value::as_bool) != Some(false))
        .filter_map(|(index, entry)| {
            let content = entry.get("content")?.as_str()?.to_owned();
            let keys: Vec<String> = entry
                .get("keys")
                .and_then(Value::as_array)
                .map(|keys| {
                    keys.iter()
                        .filter_map(Value::as_str)
                        .map(str::to_owned)
                        .collect()
                })
                .unwrap_or_default();
            let flag = |key: &str| entry.get(key).and_then(Value::as_bool) == Some(true);
            let trigger = if flag("constant") {
                InjectionTrigger::Always
            } else if flag("use_regex") {
                InjectionTrigger::Regex {
                    pattern: keys
                        .iter()
                        .map(|key| regex_key(key))
                        .collect::<Vec<_>>()
                        .join("|"),
                }
            } else {
                InjectionTrigger::Keywords {
                    words: keys,
                    case_sensitive: flag("case_sensitive"),
                }
            };
            let extensions = entry.get("extensions").unwrap_or(&Value::Null);
            let position = match (
                number(extensions, "position"),
                entry.get("position").and_then(Value::as_str),
            ) {
                (Some(4.0), _) => InjectionPosition::AtDepth(
                    number(extensions, "depth").unwrap_or(4.0).max(0.0) as usize,
                ),
                (_, Some("before_char")) => InjectionPosition::BeforeSystemPrompt,
                _ => InjectionPosition::AfterSystemPrompt,
            };
            let name = entry
                .get("name")
                .or_else(|| entry.get("comment"))
                .and_then(Value::as_str)
                .filter(|name| !name.is_empty())
                .map_or_else(|| format!("entry {}", index + 1), str::to_owned);
            Some(PromptInjection {
                name,
                content,
                trigger,
                position,
                // Lower insertion order goes first; the lorebook takes higher priority first.
                priority: -(number(entry, "insertion_order").unwrap_or(0.0) as i32),
            })
        })
        .collect();
    Lorebook {
        entries,
        token_budget: number(book, "token_budget")
            .filter(|budget| *budget > 0.0)
            .map_or(2048, |budget| budget as u64),
        scan_depth: number(book, "scan_depth")
            .filter(|depth| *depth > 0.0)
            .map_or(4, |depth| depth as usize),
    }
}

#[cfg(test)]
#[path = "character_tests.rs"]
mod tests;
