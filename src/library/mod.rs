//! What the user keeps to talk with: assistants and characters, personas, world books,
//! dictionaries, knowledge bases (and their embedding run) and memories.

pub mod assistants;
pub mod characters;
pub mod dictionaries;
pub mod embeddings;
pub mod knowledge;
pub mod memories;
pub mod personas;
pub mod world_books;
