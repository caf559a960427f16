//! Personas of role-play: character cards as SillyTavern and its peers share them, read and
//! written losslessly (`card`), the PNG text chunks they travel in (`png_text`), and what a
//! card makes of an assistant (`character`: the system prompt, the post-history instructions,
//! `{{char}}`, the embedded book as a lorebook), the user's own personas (`user_persona`:
//! who `{{user}}` is in a chat), and world books: SillyTavern World Info read and written
//! (`world_info`), kept and attached to chats, assistants or every chat (`world_books`).

pub mod card;
pub mod character;
pub(crate) mod decorators;
pub mod dictionary_file;
pub mod gallery;
pub mod png_text;
pub mod shelf;
pub mod user_persona;
pub mod world_books;
pub mod world_info;

/// What a field of a card, a dictionary or a world book must be: English in the files'
/// errors (`Display`), a phrase where the interface shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    Object,
    Text,
    TextList,
    Bool,
    Number,
    WholeNumber,
    NonEmptyText,
}

impl std::fmt::Display for Expected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Object => "an object",
            Self::Text => "text",
            Self::TextList => "a list of texts",
            Self::Bool => "true or false",
            Self::Number => "a number",
            Self::WholeNumber => "a whole number",
            Self::NonEmptyText => "text that is not empty",
        })
    }
}

impl crate::i18n::Explain for Expected {
    fn phrase(&self) -> crate::i18n::Phrase {
        crate::i18n::phrase(match self {
            Self::Object => "expected-an-object",
            Self::Text => "expected-text",
            Self::TextList => "expected-list-of-texts",
            Self::Bool => "expected-true-or-false",
            Self::Number => "expected-number",
            Self::WholeNumber => "expected-whole-number",
            Self::NonEmptyText => "expected-text-not-empty",
        })
    }
}
