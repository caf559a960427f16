//! The traits the engine talks to the world through, beside the stores ([`crate::store`]): time
//! and identifiers (`clock`), HTTP (`transport`), and stopping work (`cancel`). The app
//! implements them with browser facilities (`skein-platform`); tests with fixtures.

pub(crate) mod cancel;
pub(crate) mod clock;
pub(crate) mod transport;
