//! Prompt injections (seed 000 §4, `PromptInjectionTransformer`): assistant modes and lorebook
//! entries inserted into the request when their trigger matches.
//!
//! An injection fires always, on keywords, or on a regular expression, matched against the
//! text of the last [`Lorebook::scan_depth`] messages. Fired entries are taken by priority
//! (highest first) while their estimated tokens fit the lorebook's budget, and inserted at their
//! position: before or after the system prompt, at the top of the chat, before the last user
//! message, or at depth N (before the N-th message from the end; 0 is the end).
//! Inserted messages are request-only; nothing stored changes.

use super::PromptRequest;
use crate::domain::message::{MessageNode, Role};
use crate::prompt::regex_rules::{compile_pattern, RuleError};
use crate::prompt::token_estimate::estimate_tokens;
use regex_lite::Regex;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum InjectionTrigger {
    Always,
    Keywords {
        words: Vec<String>,
        #[serde(default)]
        case_sensitive: bool,
    },
    Regex {
        pattern: String,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "at", content = "depth", rename_all = "snake_case")]
pub enum InjectionPosition {
    BeforeSystemPrompt,
    AfterSystemPrompt,
    TopOfChat,
    BeforeLastUserMessage,
    AtDepth(usize),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PromptInjection {
    pub name: String,
    pub content: String,
    pub trigger: InjectionTrigger,
    pub position: InjectionPosition,
    #[serde(default)]
    pub priority: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lorebook {
    pub entries: Vec<PromptInjection>,
    /// The most estimated tokens all fired entries may add together.
    pub token_budget: u64,
    /// How many of the most recent messages are scanned for triggers.
    pub scan_depth: usize,
}

#[derive(Debug)]
enum Matcher {
    Always,
    Words(Vec<String>, bool),
    Pattern(Regex),
}

/// A lorebook with its patterns compiled.
#[derive(Debug)]
pub struct CompiledLorebook {
    entries: Vec<(Matcher, PromptInjection)>,
    token_budget: u64,
    scan_depth: usize,
}

impl CompiledLorebook {
    pub fn compile(lorebook: &Lorebook) -> Result<Self, RuleError> {
        let entries = lorebook
            .entries
            .iter()
            .map(|entry| {
                let matcher = match &entry.trigger {
                    InjectionTrigger::Always => Matcher::Always,
                    InjectionTrigger::Keywords {
                        words,
                        case_sensitive,
                    } => Matcher::Words(
                        words
                            .iter()
                            .map(|w| {
                                if *case_sensitive {
                                    w.clone()
                                } else {
                                    w.to_lowercase()
                                }
                            })
                            .collect(),
                        *case_sensitive,
                    ),
                    InjectionTrigger::Regex { pattern } => {
                        Matcher::Pattern(compile_pattern(&entry.name, pattern)?)
                    }
                };
                Ok((matcher, entry.clone()))
            })
            .collect::<Result<_, RuleError>>()?;
        Ok(Self {
            entries,
            token_budget: lorebook.token_budget,
            scan_depth: lorebook.scan_depth,
        })
    }

    /// The entries that fire for `messages`, best first, within the budget.
    pub fn fired(&self, messages: &[MessageNode]) -> Vec<&PromptInjection> {
        let recent = &messages[messages.len().saturating_sub(self.scan_depth)..];
        let scanned: String = recent
            .iter()
            .map(|m| m.text())
            .collect::<Vec<_>>()
            .join("\n");
        let lowered = scanned.to_lowercase();
        let mut fired: Vec<&PromptInjection> = self
            .entries
            .iter()
            .filter(|(matcher, _)| match matcher {
                Matcher::Always => true,
                Matcher::Words(words, true) => words.iter().any(|w| scanned.contains(w.as_str())),
                Matcher::Words(words, false) => words.iter().any(|w| lowered.contains(w.as_str())),
                Matcher::Pattern(regex) => regex.is_match(&scanned),
            })
            .map(|(_, entry)| entry)
            .collect();
        fired.sort_by_key(|entry| std::cmp::Reverse(entry.priority));
        let mut spent = 0;
        fired.retain(|entry| {
            let cost = estimate_tokens(&entry.content);
            if spent + cost > self.token_budget {
                return false;
            }
            spent += cost;
            true
        });
        fired
    }

    /// Inserts the fired entries into `request`.
    pub fn apply(&self, request: &mut PromptRequest) {
        let fired: Vec<PromptInjection> =
            self.fired(&request.messages).into_iter().cloned().collect();
        let conversation_id = request
            .messages
            .first()
            .map(|m| m.conversation_id.clone())
            .unwrap_or_default();
        let mut before_system = Vec::new();
        let mut after_system = Vec::new();
        // (index in the original message list, message); inserted back to front so earlier
        // indices stay valid.
        let mut inserts: Vec<(usize, MessageNode)> = Vec::new();
        let len = request.messages.len();
        for entry in fired {
            let note = || {
                MessageNode::new(
                    &format!("injection:{}", entry.name),
                    &conversation_id,
                    Role::System,
                    0.0,
                )
                .with_text(&entry.content)
            };
            match entry.position {
                InjectionPosition::BeforeSystemPrompt => before_system.push(entry.content.clone()),
                InjectionPosition::AfterSystemPrompt => after_system.push(entry.content.clone()),
                InjectionPosition::TopOfChat => inserts.push((0, note())),
                InjectionPosition::BeforeLastUserMessage => {
                    let at = request
                        .messages
                        .iter()
                        .rposition(|m| m.role == Role::User)
                        .unwrap_or(len);
                    inserts.push((at, note()));
                }
                InjectionPosition::AtDepth(depth) => {
                    inserts.push((len.saturating_sub(depth), note()));
                }
            }
        }
        let mut system: Vec<String> = before_system;
        if !request.system.is_empty() {
            system.push(std::mem::take(&mut request.system));
        }
        system.extend(after_system);
        request.system = system.join("\n\n");
        // Stable: entries at the same index keep their priority order.
        inserts.sort_by_key(|(at, _)| std::cmp::Reverse(*at));
        let mut grouped: Vec<(usize, Vec<MessageNode>)> = Vec::new();
        for (at, message) in inserts {
            match grouped.last_mut() {
                Some((index, group)) if *index == at => group.push(message),
                _ => grouped.push((at, vec![message])),
            }
        }
        for (at, group) in grouped {
            request.messages.splice(at..at, group);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(
        name: &str,
        trigger: InjectionTrigger,
        position: InjectionPosition,
        priority: i32,
    ) -> PromptInjection {
        PromptInjection {
            name: name.into(),
            content: format!("[{name}]"),
            trigger,
            position,
            priority,
        }
    }

    fn chat() -> PromptRequest {
        let msg =
            |id: &str, role: Role, text: &str| MessageNode::new(id, "c", role, 0.0).with_text(text);
        PromptRequest {
            system: "You are helpful.".into(),
            messages: vec![
                msg("u1", Role::User, "Tell me about the Dragon of Vel."),
                msg("a1", Role::Assistant, "It sleeps under the mountain."),
                msg("u2", Role::User, "And its treasure?"),
            ],
        }
    }

    fn texts(request: &PromptRequest) -> Vec<String> {
        request.messages.iter().map(|m| m.text()).collect()
    }

    fn lorebook(entries: Vec<PromptInjection>, budget: u64, depth: usize) -> CompiledLorebook {
        CompiledLorebook::compile(&Lorebook {
            entries,
            token_budget: budget,
            scan_depth: depth,
        })
        .unwrap()
    }

    #[test]
    fn entries_land_at_their_positions() {
        use InjectionPosition::*;
        let book = lorebook(
            vec![
                entry("before", InjectionTrigger::Always, BeforeSystemPrompt, 0),
                entry("after", InjectionTrigger::Always, AfterSystemPrompt, 0),
                entry("top", InjectionTrigger::Always, TopOfChat, 0),
                entry(
                    "last-user",
                    InjectionTrigger::Always,
                    BeforeLastUserMessage,
                    0,
                ),
                entry("depth1", InjectionTrigger::Always, AtDepth(1), 0),
                entry("depth0", InjectionTrigger::Always, AtDepth(0), 0),
            ],
            1_000,
            10,
        );
        let mut request = chat();
        book.apply(&mut request);
        assert_eq!(request.system, "[before]\n\nYou are helpful.\n\n[after]");
        assert_eq!(
            texts(&request),
            [
                "[top]",
                "Tell me about the Dragon of Vel.",
                "It sleeps under the mountain.",
                "[last-user]",
                "[depth1]",
                "And its treasure?",
                "[depth0]",
            ]
        );
        assert!(request.messages[0].role == Role::System);
    }

    #[test]
    fn triggers_scan_only_recent_messages() {
        let dragon = entry(
            "dragon",
            InjectionTrigger::Keywords {
                words: vec!["dragon".into()],
                case_sensitive: false,
            },
            InjectionPosition::TopOfChat,
            0,
        );
        let treasure = entry(
            "treasure",
            InjectionTrigger::Regex {
                pattern: r"treasure\??$".into(),
            },
            InjectionPosition::TopOfChat,
            0,
        );
        let exact = entry(
            "exact",
            InjectionTrigger::Keywords {
                words: vec!["dragon".into()],
                case_sensitive: true,
            },
            InjectionPosition::TopOfChat,
            0,
        );
        let book = lorebook(
            vec![dragon.clone(), treasure.clone(), exact.clone()],
            1_000,
            3,
        );
        let fired: Vec<&str> = book
            .fired(&chat().messages)
            .iter()
            .map(|e| e.name.as_str())
            .collect();
        assert_eq!(
            fired,
            ["dragon", "treasure"],
            "'Dragon' ≠ 'dragon' when case matters"
        );
        let shallow = lorebook(vec![dragon, treasure, exact], 1_000, 1);
        let fired: Vec<&str> = shallow
            .fired(&chat().messages)
            .iter()
            .map(|e| e.name.as_str())
            .collect();
        assert_eq!(
            fired,
            ["treasure"],
            "the first message is beyond the scan depth"
        );
    }

    #[test]
    fn priority_decides_what_fits_the_budget() {
        let mut big = entry(
            "big",
            InjectionTrigger::Always,
            InjectionPosition::TopOfChat,
            1,
        );
        big.content = "lore ".repeat(50);
        let small = entry(
            "small",
            InjectionTrigger::Always,
            InjectionPosition::TopOfChat,
            5,
        );
        let book = lorebook(vec![big, small], 20, 10);
        let fired: Vec<&str> = book
            .fired(&chat().messages)
            .iter()
            .map(|e| e.name.as_str())
            .collect();
        assert_eq!(fired, ["small"]);
    }

    #[test]
    fn a_bad_trigger_pattern_is_an_error() {
        let bad = entry(
            "broken",
            InjectionTrigger::Regex {
                pattern: "(".into(),
            },
            InjectionPosition::TopOfChat,
            0,
        );
        assert!(CompiledLorebook::compile(&Lorebook {
            entries: vec![bad],
            token_budget: 10,
            scan_depth: 1
        })
        .is_err());
    }
}
