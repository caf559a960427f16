//! The local tools (seed 000 §3's "local" source): the current time in the user's zone, and a
//! calculator that evaluates arithmetic without running anything. Both run without asking:
//! they read nothing private and change nothing.

use super::calculator::{evaluate, format_number};
use super::{parse_arguments, Tool, ToolContext, ToolError, ToolFuture, ToolOutput};
use crate::ports::clock::Clock;
use crate::prompt::time_context::TimeContext;
use crate::provider::ToolDefinition;
use serde::Deserialize;
use serde_json::json;
use std::rc::Rc;

pub const TIME_TOOL_NAME: &str = "get_current_time";
pub const CALCULATOR_TOOL_NAME: &str = "calculate";

struct CurrentTime<C> {
    clock: C,
}

impl<C: Clock> Tool for CurrentTime<C> {
    fn definition(&self) -> ToolDefinition {
        ToolDefinition {
            name: TIME_TOOL_NAME.into(),
            description: "The current date, time and weekday in the user's time zone.".into(),
            parameters: json!({"type": "object", "properties": {}}),
        }
    }

    fn call<'a>(&'a self, _: &'a str, _: &'a ToolContext<'a>) -> ToolFuture<'a> {
        let now = TimeContext {
            now_ms: self.clock.now_ms(),
            utc_offset_minutes: self.clock.utc_offset_minutes(),
            time_zone: self.clock.time_zone(),
        };
        let utc = TimeContext {
            utc_offset_minutes: 0,
            time_zone: "UTC".into(),
            ..now.clone()
        };
        let text = format!(
            "It is {} for the user (that is {} {} UTC).",
            now.describe(),
            utc.date(),
            utc.time()
        );
        Box::pin(async move { Ok(ToolOutput::text(text)) })
    }
}

struct Calculator;

#[derive(Deserialize)]
struct Expression {
    expression: String,
}

impl Tool for Calculator {
    fn definition(&self) -> ToolDefinition {
        ToolDefinition {
            name: CALCULATOR_TOOL_NAME.into(),
            description: "Evaluates an arithmetic expression exactly as written: numbers, \
                          + - * / % ^, parentheses, pi, e, sqrt, abs, ln, log10, log2, exp, \
                          sin, cos, tan (radians), floor, ceil, round, min, max. Use it instead \
                          of doing arithmetic in your head."
                .into(),
            parameters: json!({
                "type": "object",
                "properties": {"expression": {"type": "string", "description": "e.g. (17.5 * 12) / 3"}},
                "required": ["expression"],
            }),
        }
    }

    fn call<'a>(&'a self, arguments: &'a str, _: &'a ToolContext<'a>) -> ToolFuture<'a> {
        Box::pin(async move {
            let Expression { expression } = parse_arguments(arguments)?;
            let value = evaluate(&expression)
                .map_err(|err| ToolError::Failed(format!("Cannot calculate: {err}.")))?;
            Ok(ToolOutput::text(format!(
                "{} = {}",
                expression.trim(),
                format_number(value)
            )))
        })
    }
}

/// The local tools, reading the time from `clock`.
pub(crate) fn local_tools<C: Clock + 'static>(clock: C) -> Vec<Rc<dyn Tool>> {
    vec![Rc::new(CurrentTime { clock }), Rc::new(Calculator)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::cancel::CancelToken;
    use crate::prompt::hooks::RetrievalScope;
    use futures_executor::block_on;

    struct Berlin;

    impl Clock for Berlin {
        fn now_ms(&self) -> f64 {
            // 2026-12-04 16:30:00 UTC, a Friday.
            1_796_401_800_000.0
        }
        fn utc_offset_minutes(&self) -> i32 {
            60
        }
        fn time_zone(&self) -> String {
            "Europe/Berlin".into()
        }
    }

    fn run(tool: &Rc<dyn Tool>, arguments: &str) -> Result<ToolOutput, ToolError> {
        let scope = RetrievalScope::default();
        let cancel = CancelToken::new();
        block_on(tool.call(
            arguments,
            &crate::test_fixtures::tool_context(&scope, &cancel),
        ))
    }

    #[test]
    fn the_time_is_the_users_and_sums_are_exact() {
        let tools = local_tools(Berlin);
        assert_eq!(
            run(&tools[0], "").unwrap().content,
            "It is Friday, 2026-12-04 17:30 (Europe/Berlin, UTC+01:00) for the user (that is \
             2026-12-04 16:30 UTC)."
        );
        assert_eq!(
            run(&tools[1], r#"{"expression": "(17.5 * 12) / 3"}"#)
                .unwrap()
                .content,
            "(17.5 * 12) / 3 = 70"
        );
        assert_eq!(
            run(&tools[1], r#"{"expression": "1/0"}"#),
            Err(ToolError::Failed(
                "Cannot calculate: division by zero.".into()
            ))
        );
        assert!(matches!(
            run(&tools[1], r#"{"expr": "1"}"#),
            Err(ToolError::InvalidArguments(_))
        ));
    }
}
