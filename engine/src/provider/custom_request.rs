//! The user's custom headers and body entries for a provider, as text they edit in the settings
//! (`Name: value` lines; a JSON object) and back.

use crate::provider::settings::SettingsError;
use serde_json::{Map, Value};

/// Reads `Name: value` lines; blank lines and lines starting with `#` are skipped.
pub fn parse_headers(text: &str) -> Result<Vec<(String, String)>, SettingsError> {
    let mut headers = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((name, value)) = line.split_once(':') else {
            return Err(SettingsError::CustomHeader(line.chars().take(40).collect()));
        };
        headers.push((name.trim().to_owned(), value.trim().to_owned()));
    }
    Ok(headers)
}

/// The headers as the lines [`parse_headers`] reads.
pub fn headers_text(headers: &[(String, String)]) -> String {
    headers
        .iter()
        .map(|(name, value)| format!("{name}: {value}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Reads a JSON object (empty text is no entries).
pub fn parse_body(text: &str) -> Result<Map<String, Value>, SettingsError> {
    if text.trim().is_empty() {
        return Ok(Map::new());
    }
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(SettingsError::CustomBody(
            "it must be a JSON object, like {\"top_k\": 40}".into(),
        )),
        Err(err) => Err(SettingsError::CustomBody(err.to_string())),
    }
}

/// The entries as indented JSON (empty when there are none).
pub fn body_text(body: &Map<String, Value>) -> String {
    if body.is_empty() {
        return String::new();
    }
    serde_json::to_string_pretty(body).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn headers_round_trip_and_a_line_without_colon_is_named() {
        let headers =
            parse_headers("X-Org: acme\n\n# a note\n  HTTP-Referer : https://x.y/a:b  ").unwrap();
        assert_eq!(
            headers,
            [
                ("X-Org".to_owned(), "acme".to_owned()),
                ("HTTP-Referer".to_owned(), "https://x.y/a:b".to_owned())
            ]
        );
        assert_eq!(parse_headers(&headers_text(&headers)).unwrap(), headers);
        assert_eq!(
            parse_headers("X-Org acme"),
            Err(SettingsError::CustomHeader("X-Org acme".into()))
        );
    }

    #[test]
    fn the_body_is_a_json_object_or_a_clear_error() {
        let body = parse_body(r#"{"top_k": 40, "options": {"num_ctx": 8192}}"#).unwrap();
        assert_eq!(body["options"], json!({"num_ctx": 8192}));
        assert_eq!(parse_body(&body_text(&body)).unwrap(), body);
        assert!(parse_body("  ").unwrap().is_empty());
        assert_eq!(body_text(&Map::new()), "");
        let not_object = parse_body("[1]").unwrap_err().to_string();
        assert!(not_object.contains("JSON object"), "{not_object}");
        let broken = parse_body("{\"a\":").unwrap_err().to_string();
        assert!(
            broken.starts_with("The custom body is not valid"),
            "{broken}"
        );
    }
}
