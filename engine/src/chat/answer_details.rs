//! The line under a finished answer that says how it was made: the model that wrote it and the
//! provider that answered, the tokens the provider counted (with the cached and reasoning parts
//! it broke out), the time to the first token and the speed. Counts are only what the provider
//! reported; times are what Skein measured of the answering call. Last, what the turn planned
//! (its tools and retrievals), when it planned anything besides answering.

use crate::domain::message::{MessageNode, MessageStatus, Role};

use crate::i18n::{Arg, LocaleRules, Localizer};

/// The speed of the answering call: the provider's own figure (llama.cpp's `timings`), else the
/// completion tokens over the time from the first token to the end.
fn speed(node: &MessageNode) -> Option<f64> {
    if let Some(speed) = node.timings.and_then(|t| t.predicted_per_second()) {
        return Some(speed);
    }
    let call = node.call.as_ref()?;
    let writing_ms = call.duration_ms - call.first_token_ms?;
    let tokens = node.usage?.completion_tokens;
    (writing_ms >= 50.0 && tokens > 1).then(|| tokens as f64 * 1000.0 / writing_ms)
}

/// `"gpt-4o via api.openai.com · 1,204 tokens in (1,024 cached), 356 out (256 reasoning) ·
/// first token 0.31 s · 41.2 tokens/s"` in the interface's words, each part only when known;
/// `None` for a question, an answer still being written, or one with nothing reported.
pub fn answer_details(
    node: &MessageNode,
    words: &Localizer,
    rules: &dyn LocaleRules,
) -> Option<String> {
    if node.role != Role::Assistant || node.status == MessageStatus::Streaming {
        return None;
    }
    let say = |id: &str, args: &[(&str, Arg)]| words.format(id, args, rules);
    let mut parts = Vec::new();
    let model = node
        .model
        .as_deref()
        .map(str::trim)
        .filter(|m| !m.is_empty());
    let host = node
        .call
        .as_ref()
        .map(|c| c.host.as_str())
        .filter(|h| !h.is_empty());
    match (model, host) {
        (Some(model), Some(host)) => parts.push(say(
            "answer-model-via",
            &[("model", model.into()), ("host", host.into())],
        )),
        (Some(model), None) => parts.push(model.to_owned()),
        (None, Some(host)) => parts.push(say("answer-via", &[("host", host.into())])),
        (None, None) => {}
    }
    if let Some(usage) = node.usage {
        parts.push(say(
            "answer-tokens",
            &[
                ("in", usage.prompt_tokens.into()),
                ("cached", usage.cached_tokens.into()),
                ("out", usage.completion_tokens.into()),
                ("reasoning", usage.reasoning_tokens.into()),
            ],
        ));
    }
    if let Some(first) = node.call.as_ref().and_then(|c| c.first_token_ms) {
        if first.is_finite() && first >= 0.0 {
            let seconds = (first / 10.0).round() / 100.0;
            parts.push(say("answer-first-token", &[("seconds", seconds.into())]));
        }
    }
    if let Some(speed) = speed(node).filter(|s| s.is_finite()) {
        let speed = (speed * 10.0).round() / 10.0;
        parts.push(say("answer-speed", &[("speed", speed.into())]));
    }
    if let Some(plan) = node.plan.as_ref().and_then(|p| p.describe(words, rules)) {
        parts.push(say("answer-planned", &[("plan", plan.into())]));
    }
    (!parts.is_empty()).then(|| parts.join(" · "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::message_part::{AnswerCall, ProviderTimings, TokenUsage};
    use crate::i18n::EnglishRules;

    fn details(node: &MessageNode) -> Option<String> {
        answer_details(node, &Localizer::english(), &EnglishRules)
    }

    fn answer() -> MessageNode {
        MessageNode::new("a1", "c1", Role::Assistant, 1.0)
    }

    #[test]
    fn the_turns_plan_ends_the_line_when_it_planned_anything() {
        let mut node = answer();
        node.model = Some("m".into());
        node.plan = Some(crate::domain::message::TurnPlan::default());
        assert_eq!(details(&node).as_deref(), Some("m"), "nothing planned");
        node.plan = Some(crate::domain::message::TurnPlan {
            tools: vec!["calculate".into(), "web_search".into()],
            knowledge: true,
            memory: false,
        });
        assert_eq!(
            details(&node).as_deref(),
            Some("m · planned: tools calculate, web_search · knowledge")
        );
        node.plan = Some(crate::domain::message::TurnPlan {
            tools: ["a", "b", "c", "d", "e"].map(String::from).to_vec(),
            knowledge: false,
            memory: true,
        });
        assert_eq!(
            details(&node).as_deref(),
            Some("m · planned: tools a, b, c and 2 more · memory"),
            "compact"
        );
    }

    #[test]
    fn a_finished_answer_says_its_model_tokens_and_speed() {
        let mut node = answer();
        assert_eq!(details(&node), None, "nothing reported");
        node.model = Some(" gpt-4o ".into());
        assert_eq!(details(&node).as_deref(), Some("gpt-4o"));
        node.usage = Some(TokenUsage::reported(1204, 356));
        node.timings = Some(ProviderTimings {
            predicted_tokens: 356,
            predicted_ms: 8_640.0,
            ..ProviderTimings::default()
        });
        assert_eq!(
            details(&node).as_deref(),
            Some("gpt-4o · 1,204 tokens in, 356 out · 41.2 tokens/s")
        );
    }

    #[test]
    fn the_answering_call_adds_provider_cached_and_reasoning_parts_and_timing() {
        let mut node = answer();
        node.model = Some("o3".into());
        node.usage = Some(TokenUsage::reported(1_204, 356).with_details(1_024, 256));
        node.call = Some(AnswerCall {
            host: "api.openai.com".into(),
            first_token_ms: Some(310.0),
            duration_ms: 3_870.0,
        });
        assert_eq!(
            details(&node).as_deref(),
            Some(
                "o3 via api.openai.com · 1,204 tokens in (1,024 cached), 356 out (256 reasoning) \
                 · first token 0.31 s · 100 tokens/s"
            ),
            "speed: 356 tokens over the 3.56 s from the first token to the end"
        );
        // A call too short to time says no speed rather than a silly one.
        node.call = Some(AnswerCall {
            host: String::new(),
            first_token_ms: Some(10.0),
            duration_ms: 20.0,
        });
        assert_eq!(
            details(&node).as_deref(),
            Some(
                "o3 · 1,204 tokens in (1,024 cached), 356 out (256 reasoning) · first token 0.01 s"
            )
        );
    }

    #[test]
    fn questions_and_answers_being_written_say_nothing() {
        let mut node = answer();
        node.model = Some("gpt-4o".into());
        node.status = MessageStatus::Streaming;
        assert_eq!(details(&node), None);
        let mut question = MessageNode::new("q1", "c1", Role::User, 1.0);
        question.model = Some("gpt-4o".into());
        assert_eq!(details(&question), None);
    }
}
