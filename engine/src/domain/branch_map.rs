//! The branch map: the whole conversation tree as the user reads it, one row per message in
//! reading order, the branch on screen marked, and long runs without alternatives folded.
//!
//! ## Layout
//! - Rows come depth first, alternatives oldest first, so every branch reads top to bottom and
//!   a later version follows everything below the earlier one.
//! - A row's `level` is its indentation: it grows by one below a message with several
//!   replies (a fork) and stays the same along a run without alternatives, so a long chat with
//!   two versions of one answer is two short indented blocks, not two thousand steps to the
//!   right. Several first messages (the first question edited) are a fork at the top.
//! - A run of more than [`FOLD_LONGER_THAN`] messages without alternatives shows its first
//!   and last [`FOLD_KEEP`] messages and one folded row for the rest, unless the user unfolded
//!   it (by the key of the run's first message). The last message of every branch always shows.
//! - The walk is iterative: a 10,000-message chain does not grow the stack.
//!
//! ## Keyboard
//! [`move_focus`] says where a key moves the focus among the rows: ↑ ↓, Home, End, and ← to
//! the message the focused branch forks from.

use crate::domain::message::{MessageNode, Role};
use crate::domain::tree::ConversationTree;
use std::collections::{HashMap, HashSet};

/// Runs longer than this many messages are folded.
pub const FOLD_LONGER_THAN: usize = 6;
/// Messages kept visible at each end of a folded run.
pub const FOLD_KEEP: usize = 2;
/// The longest excerpt of a message shown in a row, in characters.
pub const EXCERPT_CHARS: usize = 80;

/// One message of the map.
#[derive(Debug, Clone, PartialEq)]
pub struct MapNode {
    pub id: String,
    pub role: Role,
    /// The start of the message's text on one line (or what it holds, when it has no text).
    pub excerpt: String,
    pub level: usize,
    /// On the branch on screen.
    pub on_path: bool,
    /// The last message of the branch on screen.
    pub shown_leaf: bool,
    /// `(n, of)` when the message is version `n` (1-based) of `of` alternatives.
    pub version: Option<(usize, usize)>,
}

/// A row of the map.
#[derive(Debug, Clone, PartialEq)]
pub enum MapEntry {
    Node(MapNode),
    /// `count` messages of a run, hidden; `key` (the run's first message) unfolds it.
    Folded {
        key: String,
        count: usize,
        level: usize,
        /// Some hidden message is on the branch on screen.
        on_path: bool,
    },
}

impl MapEntry {
    pub fn level(&self) -> usize {
        match self {
            MapEntry::Node(node) => node.level,
            MapEntry::Folded { level, .. } => *level,
        }
    }
}

/// The map of one conversation.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BranchMap {
    pub entries: Vec<MapEntry>,
    pub messages: usize,
    /// Distinct branches: the number of last messages (leaves).
    pub branches: usize,
}

impl BranchMap {
    /// The map of `tree`, with the runs whose first message is in `unfolded` shown whole.
    pub fn of(tree: &ConversationTree, unfolded: &HashSet<String>) -> Self {
        let children = children_index(tree);
        let path: HashSet<&str> = tree
            .current_branch()
            .into_iter()
            .map(|node| node.id.as_str())
            .collect();
        let leaf = tree.current_leaf();
        let no_children = Vec::new();
        let roots = children.get(&None).unwrap_or(&no_children);
        let mut entries = Vec::new();
        // Runs still to lay out, popped in order.
        let mut pending: Vec<Run> = Vec::new();
        push_alternatives(&mut pending, roots, 0);
        while let Some((first, level, version)) = pending.pop() {
            // The run: `first` and its only replies, down to a fork or a leaf.
            let mut run = vec![first];
            let mut replies = children
                .get(&Some(first.id.as_str()))
                .unwrap_or(&no_children);
            while let [only] = replies.as_slice() {
                run.push(only);
                replies = children
                    .get(&Some(only.id.as_str()))
                    .unwrap_or(&no_children);
            }
            let row = |node: &MessageNode, version| {
                MapEntry::Node(MapNode {
                    id: node.id.clone(),
                    role: node.role,
                    excerpt: excerpt(node),
                    level,
                    on_path: path.contains(node.id.as_str()),
                    shown_leaf: leaf == Some(node.id.as_str()),
                    version,
                })
            };
            let folded = run.len() > FOLD_LONGER_THAN && !unfolded.contains(&first.id);
            for (i, node) in run.iter().enumerate() {
                let version = if i == 0 { version } else { None };
                if !folded || i < FOLD_KEEP || i >= run.len() - FOLD_KEEP {
                    entries.push(row(node, version));
                } else if i == FOLD_KEEP {
                    let hidden = &run[FOLD_KEEP..run.len() - FOLD_KEEP];
                    entries.push(MapEntry::Folded {
                        key: first.id.clone(),
                        count: hidden.len(),
                        level,
                        on_path: hidden.iter().any(|n| path.contains(n.id.as_str())),
                    });
                }
            }
            push_alternatives(&mut pending, replies, level + 1);
        }
        let branches = tree
            .nodes()
            .iter()
            .filter(|node| !children.contains_key(&Some(node.id.as_str())))
            .count();
        Self {
            entries,
            messages: tree.len(),
            branches,
        }
    }

    /// The row of the message `id`, if it shows (not folded away).
    pub fn position_of(&self, id: &str) -> Option<usize> {
        self.entries
            .iter()
            .position(|entry| matches!(entry, MapEntry::Node(node) if node.id == id))
    }
}

/// A run still to lay out: its first message, its level and its version.
type Run<'a> = (&'a MessageNode, usize, Option<(usize, usize)>);

/// Every message's replies, oldest first (the roots under `None`).
fn children_index(tree: &ConversationTree) -> HashMap<Option<&str>, Vec<&MessageNode>> {
    let mut index: HashMap<Option<&str>, Vec<&MessageNode>> = HashMap::new();
    for node in tree.nodes() {
        index
            .entry(node.parent_id.as_deref())
            .or_default()
            .push(node);
    }
    for replies in index.values_mut() {
        replies.sort_by(|a, b| {
            a.created_at_ms
                .total_cmp(&b.created_at_ms)
                .then_with(|| a.id.cmp(&b.id))
        });
    }
    index
}

/// Queues the alternatives `replies` (or the single root) at `level`, so the oldest is laid
/// out first; several are numbered as versions.
fn push_alternatives<'a>(pending: &mut Vec<Run<'a>>, replies: &[&'a MessageNode], level: usize) {
    let count = replies.len();
    for (i, reply) in replies.iter().enumerate().rev() {
        let version = (count > 1).then_some((i + 1, count));
        pending.push((reply, level, version));
    }
}

/// The first [`EXCERPT_CHARS`] characters of a message on one line, or what it holds.
fn excerpt(node: &MessageNode) -> String {
    let text = node.text();
    let mut words = text.split_whitespace().peekable();
    if words.peek().is_none() {
        return if !node.has_content() {
            "(empty)".to_owned()
        } else {
            "(no text: an image, a file or a tool call)".to_owned()
        };
    }
    let line = words.collect::<Vec<_>>().join(" ");
    if line.chars().count() <= EXCERPT_CHARS {
        return line;
    }
    let cut: String = line.chars().take(EXCERPT_CHARS - 1).collect();
    format!("{}…", cut.trim_end())
}

/// A key that moves the focus in the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MapKey {
    Up,
    Down,
    Home,
    End,
    /// To the message the focused branch forks from.
    Fork,
}

impl MapKey {
    /// The key of a `KeyboardEvent.key`, if it moves the focus. The fork is where the line
    /// starts: ← in a left-to-right interface, → in a right-to-left one (`rtl`).
    pub fn from_key(key: &str, rtl: bool) -> Option<Self> {
        Some(match key {
            "ArrowUp" => Self::Up,
            "ArrowDown" => Self::Down,
            "Home" => Self::Home,
            "End" => Self::End,
            "ArrowLeft" if !rtl => Self::Fork,
            "ArrowRight" if rtl => Self::Fork,
            _ => return None,
        })
    }
}

/// The row the focus moves to from row `from` (clamped to the map; unchanged at an edge or at
/// the top level for [`MapKey::Fork`]).
pub fn move_focus(entries: &[MapEntry], from: usize, key: MapKey) -> usize {
    let last = entries.len().saturating_sub(1);
    let from = from.min(last);
    match key {
        MapKey::Up => from.saturating_sub(1),
        MapKey::Down => (from + 1).min(last),
        MapKey::Home => 0,
        MapKey::End => last,
        MapKey::Fork => {
            let level = entries.get(from).map_or(0, MapEntry::level);
            entries[..from]
                .iter()
                .rposition(|entry| entry.level() < level)
                .unwrap_or(from)
        }
    }
}

#[cfg(test)]
#[path = "branch_map_tests.rs"]
mod tests;
