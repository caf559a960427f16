//! Personas of role-play: character cards as SillyTavern and its peers share them, read and
//! written losslessly (`card`), the PNG text chunks they travel in (`png_text`), and what a
//! card makes of an assistant (`character`: the system prompt, the post-history instructions,
//! `{{char}}`, the embedded book as a lorebook), the user's own personas (`user_persona`:
//! who `{{user}}` is in a chat), and world books: SillyTavern World Info read and written
//! (`world_info`), kept and attached to chats, assistants or every chat (`world_books`).

pub mod card;
pub mod character;
pub mod dictionary_file;
pub mod gallery;
pub mod png_text;
pub mod shelf;
pub mod user_persona;
pub mod world_books;
pub mod world_info;

/// What a field of a card, a dictionary or a world book must be, as a phrase (the files' checks
/// name it in English, which stays their `Display`).
pub(crate) fn expected_phrase(expected: &str) -> crate::i18n::Phrase {
    use crate::i18n::{phrase, Phrase};
    match expected {
        "an object" => phrase("expected-an-object"),
        "text" => phrase("expected-text"),
        "a list of texts" => phrase("expected-list-of-texts"),
        "true or false" => phrase("expected-true-or-false"),
        "a whole number" => phrase("expected-whole-number"),
        "text that is not empty" => phrase("expected-text-not-empty"),
        other => Phrase::verbatim(other),
    }
}
