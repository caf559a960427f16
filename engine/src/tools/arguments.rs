//! A call's arguments checked against the tool's own schema before anything happens to it:
//! arguments that are not a JSON object, name an argument the tool does not take, or leave out
//! one it needs, go back to the model as an error it can correct. The user is not asked to
//! approve a call that cannot run as written, and a tool never runs with part of what the
//! model meant silently dropped.
//!
//! Only the schema's top level is read (`properties`, `required`, `additionalProperties`); the
//! tool still parses its arguments itself. An MCP server's schema is read as JSON Schema means
//! it (an argument it does not list is allowed unless it says otherwise).

use crate::provider::ToolDefinition;
use serde_json::Value;

/// `Err` says, for the model, what is wrong with `arguments` for `tool`.
pub fn check(tool: &ToolDefinition, arguments: &str) -> Result<(), String> {
    if arguments.trim().is_empty() {
        return check_object(tool, &serde_json::Map::new());
    }
    match serde_json::from_str::<Value>(arguments) {
        Ok(Value::Object(object)) => check_object(tool, &object),
        Ok(_) => Err(format!(
            "The arguments of {} must be a JSON object.",
            tool.name
        )),
        Err(err) => Err(format!(
            "The arguments of {} are not valid JSON ({err}); the call did not run.",
            tool.name
        )),
    }
}

fn check_object(
    tool: &ToolDefinition,
    object: &serde_json::Map<String, Value>,
) -> Result<(), String> {
    let schema = &tool.parameters;
    let properties = schema.get("properties").and_then(Value::as_object);
    // An MCP server's schema means what JSON Schema says (more arguments allowed unless it says
    // `additionalProperties: false`; the server reads them); Skein's own tools read only the
    // arguments they list, so for them an argument not listed would be dropped.
    let open = match schema.get("additionalProperties") {
        Some(extra) => extra != &Value::Bool(false),
        None => tool.name.starts_with("mcp__"),
    };
    if let Some(properties) = properties.filter(|_| !open) {
        if let Some(unknown) = object.keys().find(|key| !properties.contains_key(*key)) {
            let known: Vec<&str> = properties.keys().map(String::as_str).collect();
            return Err(format!(
                "{} takes no argument \"{unknown}\" (it takes: {}); the call did not run.",
                tool.name,
                if known.is_empty() {
                    "none".to_owned()
                } else {
                    known.join(", ")
                }
            ));
        }
    }
    let required = schema
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str);
    for name in required {
        if !object.contains_key(name) {
            return Err(format!(
                "{} needs the argument \"{name}\"; the call did not run.",
                tool.name
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn calculator() -> ToolDefinition {
        ToolDefinition {
            name: "calculate".into(),
            description: String::new(),
            parameters: json!({"type": "object",
                "properties": {"expression": {"type": "string"}}, "required": ["expression"]}),
        }
    }

    #[test]
    fn arguments_that_cannot_run_as_written_are_explained() {
        let tool = calculator();
        assert_eq!(check(&tool, r#"{"expression":"1+1"}"#), Ok(()));
        for (arguments, says) in [
            ("{not json", "not valid JSON"),
            ("[1]", "must be a JSON object"),
            (
                r#"{"expresion":"1+1"}"#,
                "no argument \"expresion\" (it takes: expression)",
            ),
            ("{}", "needs the argument \"expression\""),
            ("", "needs the argument \"expression\""),
        ] {
            let error = check(&tool, arguments).unwrap_err();
            assert!(error.contains(says), "{arguments}: {error}");
        }
    }

    #[test]
    fn an_open_schema_takes_any_argument() {
        let mut tool = calculator();
        tool.parameters["additionalProperties"] = json!(true);
        assert_eq!(check(&tool, r#"{"expression":"1","extra":2}"#), Ok(()));
        let any = ToolDefinition {
            parameters: json!({"type": "object"}),
            ..calculator()
        };
        assert_eq!(check(&any, r#"{"anything":1}"#), Ok(()));
        let remote = ToolDefinition {
            name: "mcp__fixture__calculate".into(),
            ..calculator()
        };
        assert_eq!(check(&remote, r#"{"expression":"1","extra":2}"#), Ok(()));
        assert!(
            check(&remote, "{}").is_err(),
            "what it needs is still needed"
        );
    }
}
