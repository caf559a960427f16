//! [`Assistant`]: the configuration a conversation is generated with (seed 000): system prompt,
//! rolling-context threshold, regex rules, message template, time reminder, lorebook and chat
//! dictionaries.
//!
//! Everything the user writes here (patterns, templates) is checked by [`Assistant::compile`]
//! before a message is sent, so a typo becomes a clear error naming the rule instead of a
//! half-processed request.

use crate::knowledge::memories::MEMORY_TOOL_NAMES;
use crate::persona::card::CharacterCard;
use crate::prompt::dictionary::{ChatDictionary, CompiledDictionary};
use crate::prompt::injection::{CompiledLorebook, Lorebook};
use crate::prompt::regex_rules::{CompiledRules, RegexRule, RuleError};
use crate::prompt::template::{MessageTemplate, TemplateError};
use crate::provider::GenerationParams;
use crate::tools::EnabledTool;
use serde::{Deserialize, Serialize};
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Assistant {
    pub id: String,
    /// Also the `{{char}}` placeholder.
    pub name: String,
    pub system_prompt: String,
    /// Whether a conversation's own system prompt replaces this one.
    pub allow_conversation_system_prompt: bool,
    /// The rolling-context threshold; `None`, zero or negative (older "disabled" values) mean
    /// the default.
    pub context_threshold_tokens: Option<i64>,
    pub regex_rules: Vec<RegexRule>,
    /// Wraps each user message, e.g. `[{{ time }}] {{ message }}`; `None` sends it as written.
    pub message_template: Option<String>,
    /// Tell the model the user's current date and time with each request (seed 004's date
    /// block, on unless the user turns it off).
    pub time_reminder: bool,
    /// Begin the system prompt with "You are NAME." (seed 004's name preamble).
    pub name_preamble: bool,
    /// Standing instructions from the user, sent with each message apart from the system
    /// prompt (seed 004's runtime guidance); empty for none.
    pub runtime_guidance: String,
    /// Optional hints with a message that needs them (the user's time zone when it mentions a
    /// time).
    pub optional_hints: bool,
    pub lorebook: Option<Lorebook>,
    pub chat_dictionaries: Vec<ChatDictionary>,
    /// The `{{user}}` placeholder.
    pub user_name: String,
    /// Seed 004's honesty gates, each switched on or off for this assistant.
    pub honesty: HonestyGates,
    /// Temperature, top-p, maximum output tokens and reasoning level of each request.
    pub params: GenerationParams,
    /// Stream answers token by token; off, each answer arrives in one response (normalised into
    /// the same message model).
    pub stream: bool,
    /// The tools this assistant may call, each optionally with its own approval policy.
    pub enabled_tools: Vec<EnabledTool>,
    /// The knowledge bases this assistant answers from (retrieval, with citations).
    pub knowledge_base_ids: Vec<String>,
    /// Name a new conversation from its first exchange (one short extra request).
    pub generate_titles: bool,
    /// One workspace of files for all this assistant's conversations, instead of one per
    /// conversation.
    pub shared_workspace: bool,
    /// Suggest follow-up questions after each answer (one extra request per answer, so off
    /// unless the user wants them).
    pub follow_up_suggestions: bool,
    /// Try an answer again, as a new version, when its stream breaks after text arrived (the
    /// broken one stays as an earlier version). Off: it stays with its error and a retry.
    pub retry_broken_streams: bool,
    /// The character card this assistant plays (`persona::character` says what it adds to the
    /// prompt); kept whole, so it exports as it came.
    pub character: Option<Box<CharacterCard>>,
    /// The ID of the stored image ([`Blob`](crate::store::Blob)) shown for this assistant: a
    /// character's card picture.
    pub avatar: Option<String>,
    /// Stored world books this assistant uses besides its own lorebook, by ID.
    pub world_book_ids: Vec<String>,
    /// Stored chat dictionaries this assistant uses besides its own, by ID.
    pub dictionary_ids: Vec<String>,
}

/// Seed 004's three honesty gates (`chat::honesty`), each switched per assistant. `None` is the
/// default for the kind of assistant: on for an assistant, off for a character, whose "I sent the
/// raven" is the story's and not a claim about the user's world. (Records from before the
/// switches had one `honest_refusal` flag, always on; it is ignored, so a character imported then
/// gets the character default.)
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct HonestyGates {
    /// Answer a request for an action no tool can perform honestly, without calling the model.
    pub refusal: Option<bool>,
    /// Note on a reply that claims an action no tool did.
    pub fabrication: Option<bool>,
    /// Note on a reply that promises to follow up later.
    pub follow_up: Option<bool>,
}

impl Default for Assistant {
    fn default() -> Self {
        Self {
            id: "default".into(),
            name: "Skein".into(),
            system_prompt: String::new(),
            allow_conversation_system_prompt: true,
            context_threshold_tokens: None,
            regex_rules: Vec::new(),
            message_template: None,
            time_reminder: true,
            name_preamble: true,
            runtime_guidance: String::new(),
            optional_hints: true,
            lorebook: None,
            chat_dictionaries: Vec::new(),
            user_name: "User".into(),
            honesty: HonestyGates::default(),
            params: GenerationParams::default(),
            stream: true,
            enabled_tools: Vec::new(),
            knowledge_base_ids: Vec::new(),
            generate_titles: true,
            shared_workspace: false,
            follow_up_suggestions: false,
            retry_broken_streams: true,
            character: None,
            avatar: None,
            world_book_ids: Vec::new(),
            dictionary_ids: Vec::new(),
        }
    }
}

impl Assistant {
    /// Switches the three gates; a switch left as this kind of assistant's default stays unset,
    /// so it follows the default (and a character stays without gates).
    pub fn set_honesty_gates(&mut self, refusal: bool, fabrication: bool, follow_up: bool) {
        let default = self.character.is_none();
        let chosen = |on: bool| (on != default).then_some(on);
        self.honesty = HonestyGates {
            refusal: chosen(refusal),
            fabrication: chosen(fabrication),
            follow_up: chosen(follow_up),
        };
    }

    /// Whether the honest-refusal short-circuit runs for this assistant.
    pub fn refusal_gate(&self) -> bool {
        self.honesty.refusal.unwrap_or(self.character.is_none())
    }

    /// Whether the anti-fabrication gate runs for this assistant.
    pub fn fabrication_gate(&self) -> bool {
        self.honesty.fabrication.unwrap_or(self.character.is_none())
    }

    /// Whether the follow-up gate runs for this assistant.
    pub fn follow_up_gate(&self) -> bool {
        self.honesty.follow_up.unwrap_or(self.character.is_none())
    }

    /// Whose memories and which knowledge bases retrieval and tools may use for this assistant.
    pub fn retrieval_scope(&self) -> crate::prompt::hooks::RetrievalScope {
        crate::prompt::hooks::RetrievalScope {
            assistant_id: self.id.clone(),
            knowledge_base_ids: self.knowledge_base_ids.clone(),
            memory: self.memory_on(),
        }
    }

    /// Whether this assistant remembers: any memory tool is enabled (then memories are also
    /// retrieved for each request).
    pub fn memory_on(&self) -> bool {
        self.enabled_tools
            .iter()
            .any(|t| MEMORY_TOOL_NAMES.contains(&t.name.as_str()))
    }

    /// Turns memory on (every memory tool enabled, with its own approval policy) or off.
    pub fn set_memory(&mut self, on: bool) {
        self.enabled_tools
            .retain(|t| !MEMORY_TOOL_NAMES.contains(&t.name.as_str()));
        if on {
            self.enabled_tools
                .extend(MEMORY_TOOL_NAMES.iter().map(|name| EnabledTool {
                    name: (*name).to_owned(),
                    approval: None,
                }));
        }
    }

    /// A new assistant with the default settings, numbered after the `existing` ones.
    pub fn numbered(id: String, existing: usize) -> Self {
        Self {
            id,
            name: format!("Assistant {}", existing + 1),
            ..Self::default()
        }
    }
}

/// The assistant conversation `assistant_id` talks to among `assistants`: its own, else the
/// default one, else the first, else the built-in default.
pub fn assistant_for(assistant_id: Option<&str>, assistants: &[Assistant]) -> Assistant {
    let default_id = Assistant::default().id;
    let wanted = assistant_id.unwrap_or(&default_id);
    assistants
        .iter()
        .find(|a| a.id == wanted)
        .or_else(|| assistants.iter().find(|a| a.id == default_id))
        .or_else(|| assistants.first())
        .cloned()
        .unwrap_or_default()
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AssistantError {
    #[error(transparent)]
    Rule(#[from] RuleError),
    #[error("The assistant's message template is invalid. {0}")]
    Template(#[from] TemplateError),
}

impl crate::i18n::Explain for AssistantError {
    fn phrase(&self) -> crate::i18n::Phrase {
        match self {
            Self::Rule(err) => err.phrase(),
            Self::Template(err) => {
                crate::i18n::phrase("error-assistant-template").nest("err", err.phrase())
            }
        }
    }
}

/// An assistant with every user-written pattern and template compiled.
#[derive(Debug)]
pub struct CompiledAssistant {
    pub rules: CompiledRules,
    pub template: Option<MessageTemplate>,
    pub lorebook: Option<CompiledLorebook>,
    pub dictionaries: Vec<CompiledDictionary>,
}

impl Assistant {
    pub fn compile(&self) -> Result<CompiledAssistant, AssistantError> {
        Ok(CompiledAssistant {
            rules: CompiledRules::compile(&self.regex_rules)?,
            template: self
                .message_template
                .as_deref()
                .map(MessageTemplate::parse)
                .transpose()?,
            lorebook: self
                .lorebook
                .as_ref()
                .map(CompiledLorebook::compile)
                .transpose()?,
            dictionaries: self
                .chat_dictionaries
                .iter()
                .map(CompiledDictionary::compile)
                .collect::<Result<_, _>>()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prompt::regex_rules::RuleScope;

    #[test]
    fn the_gates_follow_the_kind_of_assistant_unless_switched() {
        let mut plain = Assistant::default();
        assert!(plain.refusal_gate() && plain.fabrication_gate() && plain.follow_up_gate());
        plain.set_honesty_gates(false, true, true);
        assert!(!plain.refusal_gate() && plain.fabrication_gate());
        assert_eq!(plain.honesty.fabrication, None, "a default stays unset");
        let card = crate::persona::card::CharacterCard::from_json(r#"{"name": "Ser B"}"#).unwrap();
        let mut character = Assistant {
            character: Some(Box::new(card)),
            ..Assistant::default()
        };
        assert!(!character.refusal_gate() && !character.fabrication_gate());
        character.set_honesty_gates(false, true, false);
        assert!(character.fabrication_gate() && !character.follow_up_gate());
        assert_eq!(character.honesty.refusal, None);
    }

    #[test]
    fn a_conversation_talks_to_its_own_assistant_or_else_the_default() {
        let named = |id: &str| Assistant {
            id: id.into(),
            name: id.into(),
            ..Assistant::default()
        };
        let list = [named("writer"), named("default"), named("coder")];
        assert_eq!(assistant_for(Some("coder"), &list).id, "coder");
        assert_eq!(assistant_for(None, &list).id, "default");
        // Its assistant was deleted: the default answers.
        assert_eq!(assistant_for(Some("gone"), &list).id, "default");
        assert_eq!(assistant_for(Some("gone"), &list[2..]).id, "coder");
        assert_eq!(assistant_for(None, &[]), Assistant::default());
    }

    #[test]
    fn every_user_written_piece_is_checked() {
        assert!(Assistant::default().compile().is_ok());
        let bad_template = Assistant {
            message_template: Some("{{ mesage }}".into()),
            ..Assistant::default()
        };
        assert!(matches!(
            bad_template.compile(),
            Err(AssistantError::Template(
                TemplateError::UnknownVariable { .. }
            ))
        ));
        let bad_rule = Assistant {
            regex_rules: vec![RegexRule {
                name: "oops".into(),
                pattern: "[".into(),
                replacement: String::new(),
                scopes: vec![RuleScope::User],
                enabled: true,
            }],
            ..Assistant::default()
        };
        assert!(bad_rule.compile().unwrap_err().to_string().contains("oops"));
    }

    #[test]
    fn older_records_load_with_defaults() {
        let assistant: Assistant =
            serde_json::from_str(r#"{"name": "Tutor", "context_threshold_tokens": 0}"#).unwrap();
        assert_eq!(assistant.name, "Tutor");
        assert!(assistant.allow_conversation_system_prompt);
        assert_eq!(
            crate::prompt::rolling_context::effective_threshold(
                assistant.context_threshold_tokens,
                None
            ),
            crate::prompt::rolling_context::DEFAULT_THRESHOLD_TOKENS
        );
    }

    #[test]
    fn the_memory_switch_enables_every_memory_tool_or_none_and_keeps_other_tools() {
        let mut assistant = Assistant::default();
        assistant.enabled_tools.push(EnabledTool {
            name: "search_knowledge".into(),
            approval: None,
        });
        assert!(!assistant.memory_on());
        assistant.set_memory(true);
        assistant.set_memory(true);
        let names: Vec<&str> = assistant
            .enabled_tools
            .iter()
            .map(|t| t.name.as_str())
            .collect();
        assert_eq!(
            names,
            [
                "search_knowledge",
                "search_memories",
                "create_memory",
                "update_memory",
                "delete_memory"
            ],
            "switching on twice adds each once"
        );
        assert!(assistant.memory_on() && assistant.retrieval_scope().memory);
        assistant.set_memory(false);
        assert!(!assistant.memory_on() && !assistant.retrieval_scope().memory);
        assert_eq!(assistant.enabled_tools.len(), 1);
    }

    #[test]
    fn a_new_assistant_is_numbered_after_the_others() {
        let assistant = Assistant::numbered("n".into(), 2);
        assert_eq!(
            (assistant.id.as_str(), assistant.name.as_str()),
            ("n", "Assistant 3")
        );
        assert_eq!(assistant.system_prompt, Assistant::default().system_prompt);
    }
}
