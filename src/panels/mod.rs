//! The chat's side panels: the summary, the branch map, the files, the follow-ups and the
//! prompt inspector.

pub mod branch_map;
pub mod follow_ups;
pub mod inspector;
pub mod summary;
pub mod workspace;
