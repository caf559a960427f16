//! The frame: the root component, start-up and the runtime, what one feature's change means
//! for the others, the interface language, shortcuts, notices about storage and the installed
//! app, and the entries of the browser extension and the embedding element.

pub mod app;
pub mod changed;
pub mod confirm;
#[cfg(feature = "embed")]
pub mod embed;
pub mod embedded;
pub mod extension;
pub mod first_screen;
pub mod installed;
pub mod language;
pub mod notify;
pub mod preferences;
pub mod runtime;
pub mod shortcuts;
pub mod startup;
pub mod storage;
pub mod welcome;
