//! The app's reactive state: signals only, by area, calling nothing of the app (a leaf: every
//! other part of `src/` reads it, it reads none of them). The browser resources that are not
//! signals (the engine's service, storage, the tab channel) are the [`crate::runtime`]'s.

mod chat;
mod library;
mod panels;
mod settings;
mod shell;

pub use chat::{ChatState, Failure};
pub use library::{Feedback, LibraryState};
pub use panels::PanelsState;
pub use settings::SettingsState;
pub use shell::ShellState;

/// Every area's state; cheap to copy into closures.
#[derive(Debug, Clone, Copy)]
pub struct AppState {
    pub shell: ShellState,
    pub chat: ChatState,
    pub library: LibraryState,
    pub settings: SettingsState,
    pub panels: PanelsState,
}
