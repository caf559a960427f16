//! The character gallery's rules: which assistants are characters, the tags to filter by, and
//! whether a card matches the search words and the chosen tags.

use crate::domain::assistant::Assistant;
use crate::persona::card::CharacterCard;

/// The assistants that are characters, by name.
pub fn characters(assistants: &[Assistant]) -> Vec<&Assistant> {
    let mut list: Vec<&Assistant> = assistants
        .iter()
        .filter(|a| a.character.is_some())
        .collect();
    list.sort_by_key(|a| a.name.to_lowercase());
    list
}

/// Every tag of these characters once (the first spelling met), alphabetically, ignoring case.
pub fn all_tags(characters: &[&Assistant]) -> Vec<String> {
    let mut tags: Vec<String> = Vec::new();
    for card in characters.iter().filter_map(|a| a.character.as_deref()) {
        for tag in card.tags.iter().map(|t| t.trim()).filter(|t| !t.is_empty()) {
            if !tags.iter().any(|known| known.eq_ignore_ascii_case(tag)) {
                tags.push(tag.to_owned());
            }
        }
    }
    tags.sort_by_key(|t| t.to_lowercase());
    tags
}

/// Whether `card` has every tag in `tags` and every word of `query` in its name, nickname,
/// tags, creator, creator's notes or description (case ignored).
pub fn matches(card: &CharacterCard, query: &str, tags: &[String]) -> bool {
    let has_tag = |wanted: &String| {
        card.tags
            .iter()
            .any(|t| t.trim().eq_ignore_ascii_case(wanted))
    };
    if !tags.iter().all(has_tag) {
        return false;
    }
    let haystack = [
        card.name.as_str(),
        card.nickname.as_deref().unwrap_or(""),
        &card.tags.join(" "),
        &card.creator,
        &card.creator_notes,
        &card.description,
    ]
    .join("\n")
    .to_lowercase();
    query
        .to_lowercase()
        .split_whitespace()
        .all(|word| haystack.contains(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn character(name: &str, tags: &[&str], description: &str) -> Assistant {
        let json = serde_json::json!({
            "spec": "chara_card_v2", "spec_version": "2.0",
            "data": {"name": name, "tags": tags, "description": description}
        });
        let card = CharacterCard::from_json(&json.to_string()).unwrap();
        Assistant {
            id: name.to_lowercase(),
            name: name.into(),
            character: Some(Box::new(card)),
            ..Assistant::default()
        }
    }

    #[test]
    fn only_characters_by_name_with_their_tags_once() {
        let list = [
            character("mira", &["Sci-Fi", "captain"], "A starship captain."),
            Assistant::default(),
            character("Ada", &["sci-fi", " ", "History"], "A mathematician."),
        ];
        let found = characters(&list);
        let names: Vec<&str> = found.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(names, ["Ada", "mira"]);
        assert_eq!(all_tags(&found), ["captain", "History", "sci-fi"]);
    }

    #[test]
    fn every_word_and_every_tag_must_match() {
        let mira = character("Captain Mira", &["Sci-Fi", "captain"], "Flies the Kestrel.");
        let card = mira.character.as_deref().unwrap();
        assert!(matches(card, "", &[]));
        assert!(matches(card, "mira KESTREL", &[]));
        assert!(!matches(card, "mira dragon", &[]));
        assert!(matches(card, "", &["sci-fi".into()]));
        assert!(!matches(card, "", &["sci-fi".into(), "fantasy".into()]));
        assert!(matches(card, "captain", &["Captain".into()]));
    }
}
