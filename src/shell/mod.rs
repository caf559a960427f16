//! The frame, the top floor: the root component, start-up, what one feature's change means for
//! the others, the keyboard shortcuts, the welcome step, the saved first screen, and the
//! embedding element's entry.

pub mod app;
pub mod changed;
#[cfg(feature = "embed")]
pub mod embed;
pub mod first_screen;
pub mod shortcuts;
pub mod startup;
pub mod welcome;
