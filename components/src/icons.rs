//! The app's icons: simple stroked 24 × 24 shapes drawn inline (no icon font, nothing fetched),
//! in the text colour. An icon is decoration: the button carrying it has the words as its
//! accessible name (`aria-label`) and tooltip (`title`).

use leptos::prelude::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Icon {
    Edit,
    Regenerate,
    Continue,
    Copy,
    Done,
    Delete,
    /// The role mark of the user's messages.
    Person,
    /// The role mark of the assistant's messages.
    Spark,
    Plus,
    Settings,
    Menu,
    Attach,
    Send,
    Download,
    ChevronDown,
    Close,
    /// The branch map: a line that forks.
    Branches,
    /// The prompt inspector: a magnifying glass.
    Inspect,
    /// The chat's workspace: a folder.
    Folder,
    /// Workflows: steps in a column, joined.
    Workflow,
    /// Follow-ups: a bell.
    Bell,
    Find,
}

impl Icon {
    /// The outline as SVG path data.
    fn paths(self) -> &'static [&'static str] {
        match self {
            Self::Edit => &["M4 20h4L19 9l-4-4L4 16z", "M13.5 6.5l4 4"],
            Self::Regenerate => &["M19.5 12a7.5 7.5 0 1 1-2.2-5.3", "M19.5 4v5h-5"],
            Self::Continue => &["M7 5l10 7-10 7z"],
            Self::Copy => &["M9 9h10v11H9z", "M5 15V4h10"],
            Self::Folder => &["M3.5 6.5h6l2 2h9v10h-17z"],
            Self::Bell => &["M6.5 16.5V11a5.5 5.5 0 0 1 11 0v5.5l1.5 1.5h-14z", "M10 20.5h4"],
            Self::Workflow => &["M4.5 4.5h4v4h-4z", "M4.5 15.5h4v4h-4z", "M6.5 8.5v7", "M11.5 6.5h8", "M11.5 17.5h8"],
            Self::Done => &["M5 12.5l4.5 4.5L19 7.5"],
            Self::Delete => &[
                "M4 7h16",
                "M9.5 7V4.5h5V7",
                "M6.5 7l1 13h9l1-13",
                "M10.5 11v5.5M13.5 11v5.5",
            ],
            Self::Person => &[
                "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z",
                "M4.5 20a7.5 7.5 0 0 1 15 0",
            ],
            Self::Spark => &["M12 3l2.2 6.8L21 12l-6.8 2.2L12 21l-2.2-6.8L3 12l6.8-2.2z"],
            Self::Plus => &["M12 5v14M5 12h14"],
            // Three sliders.
            Self::Settings => &[
                "M4 6h9M17 6h3M15 4v4",
                "M4 12h3M11 12h9M9 10v4",
                "M4 18h11M19 18h1M17 16v4",
            ],
            Self::Menu => &["M4 6h16M4 12h16M4 18h16"],
            Self::Branches => &[
                "M6 7a2 2 0 1 0 0-4 2 2 0 0 0 0 4z",
                "M6 21a2 2 0 1 0 0-4 2 2 0 0 0 0 4z",
                "M18 9a2 2 0 1 0 0-4 2 2 0 0 0 0 4z",
                "M6 7v10",
                "M18 9c0 5-12 3-12 8",
            ],
            Self::Attach => &[
                "M20 11.5l-8.2 8.2a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8",
            ],
            Self::Send => &["M12 19V5", "M6 11l6-6 6 6"],
            Self::Download => &["M12 4v11", "M7 10l5 5 5-5", "M5 20h14"],
            Self::ChevronDown => &["M7 10l5 5 5-5"],
            Self::Close => &["M6 6l12 12M18 6L6 18"],
            // A magnifier over lines of text.
            Self::Find => &[
                "M3 6h9M3 10h5M3 14h4",
                "M14.5 18a4 4 0 1 0 0-8 4 4 0 0 0 0 8z",
                "M17.5 17l3.5 3.5",
            ],
            Self::Inspect => &["M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13z", "M15.5 15.5L20 20"],
        }
    }
}

/// The icon, hidden from assistive technology (its button says what it does).
pub fn icon(which: Icon) -> impl IntoView {
    view! {
        <svg class="icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"
            fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">
            {which.paths().iter().map(|d| view! { <path d=*d /> }).collect_view()}
        </svg>
    }
}
