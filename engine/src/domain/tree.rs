//! [`ConversationTree`]: the branch history of one conversation.
//!
//! A conversation is a tree of [`MessageNode`]s linked by `parent_id`, with possibly several roots
//! (editing the first user message makes a second root). The *current branch* is the path from a
//! root to the selected leaf, [`ConversationTree::current_leaf`]; it is what the user sees and
//! what a provider request is built from. Like helix's undo history, the tree only grows by
//! adding alternatives: regenerating an answer or editing a question adds a sibling and selects
//! it, so every earlier branch stays reachable by switching (‹ 2/3 ›). Only an explicit
//! [`delete_subtree`](ConversationTree::delete_subtree) removes nodes, and nothing is ever removed
//! to fit a provider's context window.
//!
//! Operations are pure functions of the tree: they change it in memory and report which records
//! changed ([`TreeChange`]), so a store writes exactly those and nothing else.
//!
//! ## Invariants (checked by [`ConversationTree::from_nodes`] and kept by every operation)
//! - Node IDs are unique; every node belongs to this conversation.
//! - Every `parent_id` names a node of the tree: no orphans.
//! - Following parents always reaches a root: no cycles.
//! - The current leaf, when set, is a node of the tree.
//!
//! ## Limitations
//! - Siblings are ordered by creation time (then by ID, for a stable order); a reorder operation
//!   does not exist.
//! - "Most recent leaf" means the leaf created last in a subtree, not the one the user looked at
//!   last; remembering the last-visited branch per fork would need a stored pointer per node.

use crate::domain::message::{MessageNode, Role};
use std::collections::{HashMap, HashSet};
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TreeError {
    #[error("No message with ID {0} in this conversation.")]
    UnknownId(String),
    #[error("Two messages share the ID {0}.")]
    DuplicateId(String),
    #[error("Message {id} refers to a parent ({parent}) that does not exist.")]
    Orphan { id: String, parent: String },
    #[error("Message {0} is its own ancestor (a cycle in the conversation tree).")]
    Cycle(String),
    #[error("Message {id} belongs to conversation {found}, not {expected}.")]
    WrongConversation {
        id: String,
        expected: String,
        found: String,
    },
    #[error("Message {0} cannot change its place in the tree or its conversation.")]
    Moved(String),
    #[error("Message {id} is a {found:?} message; this needs a {expected:?} message.")]
    WrongRole {
        id: String,
        expected: Role,
        found: Role,
    },
}

impl crate::i18n::Explain for TreeError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::UnknownId(id) => phrase("error-tree-unknown-id").with("id", id),
            Self::DuplicateId(id) => phrase("error-tree-duplicate-id").with("id", id),
            Self::Orphan { id, parent } => phrase("error-tree-orphan")
                .with("id", id)
                .with("parent", parent),
            Self::Cycle(id) => phrase("error-tree-cycle").with("id", id),
            Self::WrongConversation {
                id,
                expected,
                found,
            } => phrase("error-tree-wrong-conversation")
                .with("id", id)
                .with("found", found)
                .with("expected", expected),
            Self::Moved(id) => phrase("error-tree-moved").with("id", id),
            Self::WrongRole {
                id,
                expected,
                found,
            } => phrase("error-tree-wrong-role")
                .with("id", id)
                .nest("found", phrase(found.message_id()))
                .nest("expected", phrase(expected.message_id())),
        }
    }
}

/// What an operation changed: the records to write and the IDs to delete.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TreeChange {
    pub saved: Vec<MessageNode>,
    pub deleted: Vec<String>,
}

/// A node of the current branch with its place among its siblings (0-based position).
#[derive(Debug, Clone, PartialEq)]
pub struct BranchEntry {
    pub node: MessageNode,
    pub sibling_position: usize,
    pub sibling_count: usize,
}

impl TreeChange {
    /// The record an insert (append, regenerate, edit) or an update wrote. Those operations
    /// return exactly one saved node on success (see `insert` and `update`), so indexing the
    /// first cannot fail.
    pub fn into_node(mut self) -> MessageNode {
        self.saved.swap_remove(0)
    }
}

/// Where a message stands among its siblings: `position` of `count` (0-based position).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Siblings {
    pub ids: Vec<String>,
    pub position: usize,
}

impl Siblings {
    pub fn count(&self) -> usize {
        self.ids.len()
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct ConversationTree {
    conversation_id: String,
    nodes: Vec<MessageNode>,
    index: HashMap<String, usize>,
    /// Each node's parent by its place in `nodes`: a branch is walked to its root without
    /// hashing an ID per step (a 10,000-message branch took 0.72 ms natively that way, most of
    /// assembling a request).
    parents: Vec<Option<usize>>,
    current_leaf: Option<String>,
}

impl ConversationTree {
    pub fn new(conversation_id: &str) -> Self {
        Self {
            conversation_id: conversation_id.to_owned(),
            nodes: Vec::new(),
            index: HashMap::new(),
            parents: Vec::new(),
            current_leaf: None,
        }
    }

    /// Builds a tree from stored or imported records, checking every invariant. A missing or
    /// unknown `current_leaf` selects the most recent leaf, so a damaged pointer never hides the
    /// conversation.
    pub fn from_nodes(
        conversation_id: &str,
        nodes: Vec<MessageNode>,
        current_leaf: Option<&str>,
    ) -> Result<Self, TreeError> {
        let mut tree = Self::new(conversation_id);
        for node in nodes {
            if node.conversation_id != conversation_id {
                return Err(TreeError::WrongConversation {
                    id: node.id,
                    expected: conversation_id.to_owned(),
                    found: node.conversation_id,
                });
            }
            if tree.index.contains_key(&node.id) {
                return Err(TreeError::DuplicateId(node.id));
            }
            tree.index.insert(node.id.clone(), tree.nodes.len());
            tree.nodes.push(node);
        }
        tree.parents = tree.link_parents()?;
        tree.check_acyclic()?;
        tree.current_leaf = match current_leaf {
            Some(id) if tree.index.contains_key(id) => Some(id.to_owned()),
            _ => tree.most_recent_leaf_of_all(),
        };
        Ok(tree)
    }

    /// Each node's parent by position, from the parent IDs and the index; a parent that is
    /// not in the tree is an [`TreeError::Orphan`].
    fn link_parents(&self) -> Result<Vec<Option<usize>>, TreeError> {
        self.nodes
            .iter()
            .map(|node| match &node.parent_id {
                Some(parent) => {
                    self.index
                        .get(parent)
                        .copied()
                        .map(Some)
                        .ok_or_else(|| TreeError::Orphan {
                            id: node.id.clone(),
                            parent: parent.clone(),
                        })
                }
                None => Ok(None),
            })
            .collect()
    }

    fn check_acyclic(&self) -> Result<(), TreeError> {
        // Every node reaches a root by its parent links, or it is on a cycle.
        let mut known_good = vec![false; self.nodes.len()];
        let mut on_path = vec![false; self.nodes.len()];
        for start in 0..self.nodes.len() {
            let mut path = Vec::new();
            let mut current = Some(start);
            while let Some(i) = current {
                if known_good[i] {
                    break;
                }
                if on_path[i] {
                    return Err(TreeError::Cycle(self.nodes[i].id.clone()));
                }
                on_path[i] = true;
                path.push(i);
                current = self.parents[i];
            }
            for i in path {
                known_good[i] = true;
                on_path[i] = false;
            }
        }
        Ok(())
    }

    pub fn conversation_id(&self) -> &str {
        &self.conversation_id
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn nodes(&self) -> &[MessageNode] {
        &self.nodes
    }

    pub fn get(&self, id: &str) -> Option<&MessageNode> {
        self.index.get(id).map(|&i| &self.nodes[i])
    }

    fn require(&self, id: &str) -> Result<&MessageNode, TreeError> {
        self.get(id)
            .ok_or_else(|| TreeError::UnknownId(id.to_owned()))
    }

    fn require_role(&self, id: &str, expected: Role) -> Result<&MessageNode, TreeError> {
        let node = self.require(id)?;
        if node.role != expected {
            return Err(TreeError::WrongRole {
                id: id.to_owned(),
                expected,
                found: node.role,
            });
        }
        Ok(node)
    }

    pub fn current_leaf(&self) -> Option<&str> {
        self.current_leaf.as_deref()
    }

    /// The current branch, root first.
    pub fn current_branch(&self) -> Vec<&MessageNode> {
        self.path_to(self.current_leaf.as_deref())
    }

    /// The current branch with each node's place among its siblings (for ‹ 2/3 ›).
    pub fn current_branch_entries(&self) -> Vec<BranchEntry> {
        self.current_branch()
            .into_iter()
            .map(|node| {
                let siblings = self.children(node.parent_id.as_deref());
                BranchEntry {
                    sibling_position: siblings.iter().position(|s| s.id == node.id).unwrap_or(0),
                    sibling_count: siblings.len(),
                    node: node.clone(),
                }
            })
            .collect()
    }

    /// The path from a root to `id` (empty for `None` or an unknown ID), root first.
    pub fn path_to(&self, id: Option<&str>) -> Vec<&MessageNode> {
        let mut path = Vec::new();
        let mut next = id.and_then(|id| self.index.get(id).copied());
        while let Some(i) = next {
            path.push(&self.nodes[i]);
            next = self.parents[i];
        }
        path.reverse();
        path
    }

    /// Children of `parent` (roots for `None`), oldest first.
    pub fn children(&self, parent: Option<&str>) -> Vec<&MessageNode> {
        let mut children: Vec<&MessageNode> = self
            .nodes
            .iter()
            .filter(|n| n.parent_id.as_deref() == parent)
            .collect();
        children.sort_by(|a, b| {
            a.created_at_ms
                .total_cmp(&b.created_at_ms)
                .then_with(|| a.id.cmp(&b.id))
        });
        children
    }

    /// `id` and its alternatives (the children of its parent), oldest first.
    pub fn siblings(&self, id: &str) -> Result<Siblings, TreeError> {
        let node = self.require(id)?;
        let ids: Vec<String> = self
            .children(node.parent_id.as_deref())
            .into_iter()
            .map(|n| n.id.clone())
            .collect();
        let position = ids.iter().position(|s| s == id).unwrap_or(0);
        Ok(Siblings { ids, position })
    }

    /// The most recently created leaf in the subtree of `id` (`id` itself if it has no children).
    pub fn most_recent_leaf(&self, id: &str) -> Result<String, TreeError> {
        self.require(id)?;
        let descendants = self.subtree(id);
        let leaf = descendants
            .iter()
            .filter_map(|d| self.get(d))
            .filter(|n| !self.has_children(&n.id))
            .max_by(|a, b| {
                a.created_at_ms
                    .total_cmp(&b.created_at_ms)
                    .then_with(|| a.id.cmp(&b.id))
            });
        Ok(leaf.map_or_else(|| id.to_owned(), |n| n.id.clone()))
    }

    fn most_recent_leaf_of_all(&self) -> Option<String> {
        self.nodes
            .iter()
            .filter(|n| !self.has_children(&n.id))
            .max_by(|a, b| {
                a.created_at_ms
                    .total_cmp(&b.created_at_ms)
                    .then_with(|| a.id.cmp(&b.id))
            })
            .map(|n| n.id.clone())
    }

    fn has_children(&self, id: &str) -> bool {
        self.nodes
            .iter()
            .any(|n| n.parent_id.as_deref() == Some(id))
    }

    /// `id` and all its descendants, `id` first.
    fn subtree(&self, id: &str) -> Vec<String> {
        let mut out = vec![id.to_owned()];
        let mut i = 0;
        while i < out.len() {
            let parent = out[i].clone();
            out.extend(
                self.nodes
                    .iter()
                    .filter(|n| n.parent_id.as_deref() == Some(parent.as_str()))
                    .map(|n| n.id.clone()),
            );
            i += 1;
        }
        out
    }

    /// Adds `node` as a child of its `parent_id` and selects it.
    fn insert(&mut self, node: MessageNode) -> Result<TreeChange, TreeError> {
        if node.conversation_id != self.conversation_id {
            return Err(TreeError::WrongConversation {
                id: node.id,
                expected: self.conversation_id.clone(),
                found: node.conversation_id,
            });
        }
        if self.index.contains_key(&node.id) {
            return Err(TreeError::DuplicateId(node.id));
        }
        let parent = match &node.parent_id {
            Some(parent) => Some(
                *self
                    .index
                    .get(parent)
                    .ok_or_else(|| TreeError::UnknownId(parent.clone()))?,
            ),
            None => None,
        };
        self.current_leaf = Some(node.id.clone());
        self.index.insert(node.id.clone(), self.nodes.len());
        self.parents.push(parent);
        self.nodes.push(node.clone());
        Ok(TreeChange {
            saved: vec![node],
            deleted: Vec::new(),
        })
    }

    /// Appends `node` (a user message, or an assistant reply) below the current leaf and selects
    /// it. Its `parent_id` is set here.
    pub fn append(&mut self, mut node: MessageNode) -> Result<TreeChange, TreeError> {
        node.parent_id = self.current_leaf.clone();
        self.insert(node)
    }

    /// Regenerates an assistant message: `replacement` becomes a new sibling of `assistant_id`
    /// (same parent) and is selected; the old answer and everything below it stay.
    pub fn regenerate(
        &mut self,
        assistant_id: &str,
        mut replacement: MessageNode,
    ) -> Result<TreeChange, TreeError> {
        let parent = self
            .require_role(assistant_id, Role::Assistant)?
            .parent_id
            .clone();
        replacement.parent_id = parent;
        self.place_last(&mut replacement);
        self.insert(replacement)
    }

    /// Makes a new sibling the newest of its parent's children: versions are ordered by when
    /// they were made, and a clock that has not moved (two versions in the same millisecond, a
    /// retry made at once) must not leave the order to the IDs.
    fn place_last(&self, node: &mut MessageNode) {
        let newest = self
            .children(node.parent_id.as_deref())
            .iter()
            .map(|n| n.created_at_ms)
            .fold(f64::NEG_INFINITY, f64::max);
        if node.created_at_ms <= newest {
            node.created_at_ms = newest + 1.0;
        }
    }

    /// Edits a user message by adding `edited` as its new sibling and selecting it; the original
    /// question and its answers stay on their own branch.
    pub fn edit_user_message(
        &mut self,
        user_id: &str,
        mut edited: MessageNode,
    ) -> Result<TreeChange, TreeError> {
        let parent = self.require_role(user_id, Role::User)?.parent_id.clone();
        edited.parent_id = parent;
        self.place_last(&mut edited);
        self.insert(edited)
    }

    /// Selects `assistant_id` as the current leaf so a continuation appends to it, and returns
    /// the message to extend. (The text is appended through [`Self::update`].)
    pub fn continue_from(&mut self, assistant_id: &str) -> Result<&MessageNode, TreeError> {
        self.require_role(assistant_id, Role::Assistant)?;
        self.current_leaf = Some(assistant_id.to_owned());
        self.require(assistant_id)
    }

    /// Replaces a node's record (same ID and place in the tree), e.g. streamed text.
    pub fn update(&mut self, node: MessageNode) -> Result<TreeChange, TreeError> {
        let &i = self
            .index
            .get(&node.id)
            .ok_or_else(|| TreeError::UnknownId(node.id.clone()))?;
        if node.parent_id != self.nodes[i].parent_id || node.conversation_id != self.conversation_id
        {
            return Err(TreeError::Moved(node.id.clone()));
        }
        self.nodes[i] = node.clone();
        Ok(TreeChange {
            saved: vec![node],
            deleted: Vec::new(),
        })
    }

    /// Deletes `id` and everything below it. When the current branch went through it, the
    /// selection moves to the most recent leaf under its parent (or of the whole tree).
    pub fn delete_subtree(&mut self, id: &str) -> Result<TreeChange, TreeError> {
        let parent = self.require(id)?.parent_id.clone();
        let doomed: HashSet<String> = self.subtree(id).into_iter().collect();
        let current_deleted = self
            .current_leaf
            .as_ref()
            .is_some_and(|leaf| doomed.contains(leaf));
        self.nodes.retain(|n| !doomed.contains(&n.id));
        self.index = self
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (n.id.clone(), i))
            .collect();
        // A kept node's parent is kept (only whole subtrees go), so this finds no orphan.
        self.parents = self.link_parents()?;
        if current_deleted {
            self.current_leaf = match parent {
                Some(parent) => Some(self.most_recent_leaf(&parent)?),
                None => self.most_recent_leaf_of_all(),
            };
        }
        let mut deleted: Vec<String> = doomed.into_iter().collect();
        deleted.sort();
        Ok(TreeChange {
            saved: Vec::new(),
            deleted,
        })
    }

    /// Shows the branch through `id`, down to the most recent leaf below it.
    pub fn select(&mut self, id: &str) -> Result<(), TreeError> {
        self.current_leaf = Some(self.most_recent_leaf(id)?);
        Ok(())
    }

    /// Shows exactly the branch ending at `id` (even if `id` has children).
    pub fn select_exact(&mut self, id: &str) -> Result<(), TreeError> {
        self.require(id)?;
        self.current_leaf = Some(id.to_owned());
        Ok(())
    }

    /// Moves from `id` to the sibling `offset` places away (‹ −1, +1 ›), clamped to the ends, and
    /// shows the most recent branch below it. Returns the sibling now shown.
    pub fn switch_sibling(&mut self, id: &str, offset: isize) -> Result<String, TreeError> {
        let siblings = self.siblings(id)?;
        let last = siblings.count().saturating_sub(1);
        let target = siblings.position.saturating_add_signed(offset).min(last);
        let target_id = siblings.ids[target].clone();
        self.select(&target_id)?;
        Ok(target_id)
    }
}

#[cfg(test)]
#[path = "tree_tests.rs"]
mod tests;
