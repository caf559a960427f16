//! User personas: who the user is in a chat — a name for `{{user}}` and a description the model
//! is told. A chat uses its own persona, else the default one, else none (then the assistant's
//! user name stands for `{{user}}`, as before personas existed).

use crate::domain::message::Conversation;
use serde::{Deserialize, Serialize};

/// The longest persona name, in characters.
pub const MAX_NAME_CHARS: usize = 100;
/// The longest persona description, in characters.
pub const MAX_DESCRIPTION_CHARS: usize = 20_000;

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct Persona {
    pub id: String,
    pub name: String,
    pub description: String,
}

/// Every persona the user made, and the one new chats use.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct Personas {
    pub list: Vec<Persona>,
    pub default_id: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PersonaError {
    #[error("A persona needs a name: it is what {{{{user}}}} stands for.")]
    NoName,
    #[error("The persona's name is longer than {MAX_NAME_CHARS} characters.")]
    NameTooLong,
    #[error("The persona's description is longer than {MAX_DESCRIPTION_CHARS} characters.")]
    DescriptionTooLong,
}

impl crate::i18n::Explain for PersonaError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::NoName => phrase("error-persona-no-name"),
            Self::NameTooLong => phrase("error-persona-name-too-long").with("max", MAX_NAME_CHARS),
            Self::DescriptionTooLong => {
                phrase("error-persona-description-too-long").with("max", MAX_DESCRIPTION_CHARS)
            }
        }
    }
}

impl Persona {
    /// The persona as it may be saved: its name trimmed, and refused when empty or too long.
    pub fn checked(mut self) -> Result<Self, PersonaError> {
        self.name = self.name.trim().to_owned();
        if self.name.is_empty() {
            return Err(PersonaError::NoName);
        }
        if self.name.chars().count() > MAX_NAME_CHARS {
            return Err(PersonaError::NameTooLong);
        }
        if self.description.chars().count() > MAX_DESCRIPTION_CHARS {
            return Err(PersonaError::DescriptionTooLong);
        }
        Ok(self)
    }

    /// What the model is told about the user, for the system prompt; `None` without a
    /// description. `{{user}}` in it resolves like everywhere else.
    pub fn about(&self) -> Option<String> {
        let text = self.description.trim();
        (!text.is_empty()).then(|| format!("About {{{{user}}}}, the user: {text}"))
    }
}

impl Personas {
    pub fn get(&self, id: &str) -> Option<&Persona> {
        self.list.iter().find(|p| p.id == id)
    }

    /// The persona `conversation` uses: its own (while it exists), else the default one.
    pub fn for_conversation(&self, conversation: &Conversation) -> Option<&Persona> {
        conversation
            .persona_id
            .as_deref()
            .and_then(|id| self.get(id))
            .or_else(|| self.default_id.as_deref().and_then(|id| self.get(id)))
    }

    /// Adds `persona`, or replaces the one with its ID.
    pub fn put(&mut self, persona: Persona) {
        match self.list.iter_mut().find(|p| p.id == persona.id) {
            Some(stored) => *stored = persona,
            None => self.list.push(persona),
        }
    }

    /// Removes persona `id`; it stops being the default. Chats that chose it fall back to the
    /// default ([`Personas::for_conversation`]).
    pub fn remove(&mut self, id: &str) {
        self.list.retain(|p| p.id != id);
        if self.default_id.as_deref() == Some(id) {
            self.default_id = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn persona(id: &str, name: &str) -> Persona {
        Persona {
            id: id.into(),
            name: name.into(),
            description: String::new(),
        }
    }

    #[test]
    fn a_chat_uses_its_own_persona_else_the_default_else_none() {
        let mut personas = Personas::default();
        let mut chat = Conversation::new("c", "t", 0.0);
        assert_eq!(personas.for_conversation(&chat), None);
        personas.put(persona("a", "Ada"));
        personas.put(persona("b", "Bo"));
        assert_eq!(personas.for_conversation(&chat), None);
        personas.default_id = Some("a".into());
        assert_eq!(personas.for_conversation(&chat).unwrap().name, "Ada");
        chat.persona_id = Some("b".into());
        assert_eq!(personas.for_conversation(&chat).unwrap().name, "Bo");
        // The chat's own persona deleted: the default again.
        personas.remove("b");
        assert_eq!(personas.for_conversation(&chat).unwrap().name, "Ada");
        personas.remove("a");
        assert_eq!(personas.default_id, None);
        assert_eq!(personas.for_conversation(&chat), None);
    }

    #[test]
    fn put_replaces_by_id() {
        let mut personas = Personas::default();
        personas.put(persona("a", "Ada"));
        personas.put(persona("a", "Ada Lovelace"));
        assert_eq!(personas.list.len(), 1);
        assert_eq!(personas.list[0].name, "Ada Lovelace");
    }

    #[test]
    fn a_persona_needs_a_name_within_limits() {
        assert_eq!(persona("a", "  ").checked(), Err(PersonaError::NoName));
        assert_eq!(
            persona("a", &"n".repeat(MAX_NAME_CHARS + 1)).checked(),
            Err(PersonaError::NameTooLong)
        );
        let long = Persona {
            description: "d".repeat(MAX_DESCRIPTION_CHARS + 1),
            ..persona("a", "Ada")
        };
        assert_eq!(long.checked(), Err(PersonaError::DescriptionTooLong));
        assert_eq!(persona("a", " Ada ").checked().unwrap().name, "Ada");
        assert_eq!(
            PersonaError::NoName.to_string(),
            "A persona needs a name: it is what {{user}} stands for."
        );
    }

    #[test]
    fn the_description_is_told_with_the_user_placeholder() {
        assert_eq!(persona("a", "Ada").about(), None);
        let described = Persona {
            description: " A mathematician. ".into(),
            ..persona("a", "Ada")
        };
        assert_eq!(
            described.about().unwrap(),
            "About {{user}}, the user: A mathematician."
        );
    }
}
