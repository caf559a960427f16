//! What the recorded provider calls ([`UsageEvent`](crate::domain::usage::UsageEvent)s) add up
//! to: the usage screen's figures per model and per day, the cost at prices the user enters, and
//! the CSV export of every call. Nothing here is estimated: only what providers reported counts.

pub mod csv;
pub mod figures;
pub mod prices;
pub mod report;

pub use prices::{ModelPrice, PriceError, Prices};
pub use report::{usage_report, DayBar, ModelTotals, UsageReport};
