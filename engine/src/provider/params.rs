//! The sampling and reasoning settings of a request (seed 000 §6), provider-neutral. Each
//! protocol maps them to its own fields; a level a provider does not have is capped to the
//! nearest one it accepts, never sent as an unknown value.

use serde::{Deserialize, Serialize};

/// How hard a reasoning model should think.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReasoningLevel {
    /// Send nothing: the provider's own default.
    #[default]
    Auto,
    /// As little as the provider allows.
    Off,
    Low,
    Medium,
    High,
    /// The most the provider and model family accept.
    Max,
}

impl ReasoningLevel {
    /// The OpenAI Chat Completions `reasoning_effort` value. `Max` is capped to `high`, the
    /// highest value every OpenAI-compatible server that has the field accepts; `Off` and `Auto`
    /// send nothing, because servers disagree about a "none" value and reject unknown ones.
    pub fn openai_effort(self) -> Option<&'static str> {
        match self {
            Self::Auto | Self::Off => None,
            Self::Low => Some("low"),
            Self::Medium => Some("medium"),
            Self::High | Self::Max => Some("high"),
        }
    }
}

/// What the assistant and model settings ask of one request.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GenerationParams {
    pub temperature: Option<f32>,
    pub top_p: Option<f32>,
    pub max_output_tokens: Option<u32>,
    pub reasoning: ReasoningLevel,
}

/// A sampling value as the JSON number the user typed: `0.3`, not the `0.30000001192092896`
/// an `f32` widens to (its shortest decimal form is read back as an `f64`).
pub fn sampling_number(value: f32) -> serde_json::Value {
    value
        .to_string()
        .parse::<f64>()
        .ok()
        .and_then(serde_json::Number::from_f64)
        .map_or(serde_json::Value::Null, serde_json::Value::Number)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sampling_values_are_sent_as_typed() {
        assert_eq!(sampling_number(0.3).to_string(), "0.3");
        assert_eq!(sampling_number(1.0).to_string(), "1.0");
        assert_eq!(sampling_number(0.95).to_string(), "0.95");
    }

    #[test]
    fn max_is_capped_and_auto_sends_nothing() {
        assert_eq!(ReasoningLevel::Max.openai_effort(), Some("high"));
        assert_eq!(ReasoningLevel::Low.openai_effort(), Some("low"));
        assert_eq!(ReasoningLevel::Auto.openai_effort(), None);
        assert_eq!(ReasoningLevel::Off.openai_effort(), None);
    }
}
