//! A shelf of the user's named things that assistants and chats pick by ID, some of them
//! active in every chat: world books and chat dictionaries. Which ones a request uses is
//! decided here ([`Shelf::chosen`]).

use serde::{Deserialize, Serialize};

/// What a shelf holds: something with an ID.
pub trait Shelved {
    fn id(&self) -> &str;
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    default,
    bound(serialize = "T: Serialize", deserialize = "T: Deserialize<'de>")
)]
pub struct Shelf<T> {
    pub items: Vec<T>,
    /// The items active in every chat, by ID.
    pub global: Vec<String>,
}

impl<T> Default for Shelf<T> {
    fn default() -> Self {
        Self {
            items: Vec::new(),
            global: Vec::new(),
        }
    }
}

impl<T: Shelved> Shelf<T> {
    pub fn get(&self, id: &str) -> Option<&T> {
        self.items.iter().find(|item| item.id() == id)
    }

    /// Adds `item`, or replaces the one with its ID.
    pub fn put(&mut self, item: T) {
        match self
            .items
            .iter_mut()
            .find(|stored| stored.id() == item.id())
        {
            Some(stored) => *stored = item,
            None => self.items.push(item),
        }
    }

    /// Removes item `id` (assistants and chats that named it simply stop using it).
    pub fn remove(&mut self, id: &str) {
        self.items.retain(|item| item.id() != id);
        self.global.retain(|g| g != id);
    }

    pub fn is_global(&self, id: &str) -> bool {
        self.global.iter().any(|g| g == id)
    }

    /// Makes item `id` active in every chat, or not (only a stored item can be).
    pub fn set_global(&mut self, id: &str, on: bool) {
        self.global.retain(|g| g != id);
        if on && self.get(id).is_some() {
            self.global.push(id.to_owned());
        }
    }

    /// The items a request uses: the global ones, then those of each list of IDs in turn
    /// (the assistant's, the chat's), each once; IDs of items since deleted are skipped.
    pub fn chosen(&self, picks: &[&[String]]) -> Vec<&T> {
        let mut ids: Vec<&str> = Vec::new();
        for id in self
            .global
            .iter()
            .chain(picks.iter().flat_map(|p| p.iter()))
        {
            if !ids.contains(&id.as_str()) {
                ids.push(id);
            }
        }
        ids.into_iter().filter_map(|id| self.get(id)).collect()
    }

    /// Adds the items of `other` this shelf does not have (a restored backup), with their
    /// global switch.
    pub fn merge_new(&mut self, other: &Shelf<T>)
    where
        T: Clone,
    {
        for item in &other.items {
            if self.get(item.id()).is_none() {
                self.put(item.clone());
                if other.is_global(item.id()) {
                    self.set_global(item.id(), true);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, PartialEq)]
    struct Item(String, &'static str);

    impl Shelved for Item {
        fn id(&self) -> &str {
            &self.0
        }
    }

    fn item(id: &str) -> Item {
        Item(id.to_owned(), "")
    }

    #[test]
    fn a_request_uses_global_items_then_each_pick_once() {
        let mut shelf = Shelf::default();
        for id in ["g", "a", "c", "unused"] {
            shelf.put(item(id));
        }
        shelf.set_global("g", true);
        shelf.set_global("missing", true);
        assert_eq!(shelf.global, ["g"], "only a stored item can be global");
        let assistant = ["a".to_owned(), "g".to_owned(), "deleted".to_owned()];
        let chat = ["c".to_owned(), "a".to_owned()];
        let ids: Vec<&str> = shelf
            .chosen(&[&assistant, &chat])
            .iter()
            .map(|i| i.id())
            .collect();
        assert_eq!(ids, ["g", "a", "c"]);
        shelf.remove("g");
        assert!(!shelf.is_global("g"));
        assert_eq!(shelf.chosen(&[&assistant, &chat]).len(), 2);
    }

    #[test]
    fn put_replaces_by_id_and_merge_keeps_what_is_here() {
        let mut shelf = Shelf::default();
        shelf.put(item("a"));
        shelf.put(Item("a".into(), "renamed"));
        assert_eq!(shelf.items, [Item("a".into(), "renamed")]);
        let mut other = Shelf::default();
        other.put(Item("a".into(), "theirs"));
        other.put(item("b"));
        other.set_global("b", true);
        shelf.merge_new(&other);
        assert_eq!(shelf.items, [Item("a".into(), "renamed"), item("b")]);
        assert!(shelf.is_global("b"));
    }
}
