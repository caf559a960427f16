//! How provider JSON is read where servers disagree on its shape.
//!
//! OpenAI-compatible servers and proxies write `null` for what they do not send (`"tool_calls":
//! null`, `"usage": {"prompt_tokens": null}`), others leave the field out. Every optional field
//! of a decoder reads both alike: [`null_as_default`] on fields that are not an `Option`
//! (serde reads `null` as `None` by itself). The corpus test in `corpus_tests.rs`
//! checks it for every member of every recorded response, so a field added without it fails.
//!
//! Where servers disagree on a type, [`TextOrParts`] reads message content written as a string
//! (most servers) or as a list of typed parts (Mistral's reasoning models).

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::Value;

/// Reads `null` as the type's default, the way an absent field is read with `#[serde(default)]`.
pub(crate) fn null_as_default<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Default + Deserialize<'de>,
{
    Ok(Option::<T>::deserialize(deserializer)?.unwrap_or_default())
}

/// Reads a list, or `null`, as its first item: a stream chunk carries one choice or candidate,
/// and keeping it needs no list. The items after the first are still read as `T` (a malformed
/// one fails the chunk, as in a `Vec<T>`) and dropped.
pub(crate) fn first_of_list<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    struct First<T>(Option<T>);

    impl<'de, T: Deserialize<'de>> Deserialize<'de> for First<T> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_seq(FirstVisitor(std::marker::PhantomData))
        }
    }

    struct FirstVisitor<T>(std::marker::PhantomData<T>);

    impl<'de, T: Deserialize<'de>> Visitor<'de> for FirstVisitor<T> {
        type Value = First<T>;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a list")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<First<T>, A::Error> {
            let first = seq.next_element::<T>()?;
            while seq.next_element::<T>()?.is_some() {}
            Ok(First(first))
        }
    }

    Ok(Option::<First<T>>::deserialize(deserializer)?.and_then(|first| first.0))
}

/// Message content: a string, or a list of parts whose `text` parts are the answer and whose
/// `thinking` parts are reasoning (each itself a string or a list of text parts).
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct TextOrParts {
    pub text: String,
    pub reasoning: String,
}

impl<'de> Deserialize<'de> for TextOrParts {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(TextOrPartsVisitor)
    }
}

struct TextOrPartsVisitor;

impl<'de> Visitor<'de> for TextOrPartsVisitor {
    type Value = TextOrParts;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a string or a list of content parts")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<TextOrParts, E> {
        Ok(TextOrParts {
            text: text.to_owned(),
            reasoning: String::new(),
        })
    }

    fn visit_string<E: de::Error>(self, text: String) -> Result<TextOrParts, E> {
        Ok(TextOrParts {
            text,
            reasoning: String::new(),
        })
    }

    fn visit_unit<E: de::Error>(self) -> Result<TextOrParts, E> {
        Ok(TextOrParts::default())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<TextOrParts, A::Error> {
        let mut out = TextOrParts::default();
        while let Some(part) = seq.next_element::<Value>()? {
            match part.get("type").and_then(Value::as_str) {
                Some("thinking") => push_texts(&mut out.reasoning, &part["thinking"]),
                Some("text") | None => push_texts(&mut out.text, &part["text"]),
                // Images, audio, references and later part types carry no text to show.
                Some(_) => {}
            }
        }
        Ok(out)
    }
}

/// Appends `value`'s text: a string, or the `text` of each part of a list.
fn push_texts(out: &mut String, value: &Value) {
    match value {
        Value::String(text) => out.push_str(text),
        Value::Array(parts) => {
            for part in parts {
                push_texts(out, part.get("text").unwrap_or(part));
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize, Debug, PartialEq)]
    struct Firsts {
        #[serde(default, deserialize_with = "first_of_list")]
        items: Option<u32>,
    }

    #[test]
    fn a_list_reads_as_its_first_item_and_the_rest_is_still_checked() {
        let read = |json: &str| serde_json::from_str::<Firsts>(json).map(|f| f.items);
        assert_eq!(read(r#"{"items": [7, 8, 9]}"#).unwrap(), Some(7));
        assert_eq!(read(r#"{"items": []}"#).unwrap(), None);
        assert_eq!(read(r#"{"items": null}"#).unwrap(), None);
        assert_eq!(read(r#"{}"#).unwrap(), None);
        assert!(read(r#"{"items": [7, "eight"]}"#).is_err());
        assert!(read(r#"{"items": 7}"#).is_err());
    }

    #[derive(Deserialize, Debug, PartialEq)]
    struct Sample {
        #[serde(default, deserialize_with = "null_as_default")]
        list: Vec<u32>,
        #[serde(default, deserialize_with = "null_as_default")]
        count: u64,
        #[serde(default)]
        content: Option<TextOrParts>,
    }

    fn read(json: &str) -> Sample {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn null_reads_like_an_absent_field() {
        assert_eq!(read(r#"{"list": null, "count": null}"#), read("{}"));
        assert_eq!(read(r#"{"list": [1], "count": 2}"#).list, [1]);
        assert!(serde_json::from_str::<Sample>(r#"{"count": "2"}"#).is_err());
    }

    #[test]
    fn content_is_a_string_or_typed_parts() {
        assert_eq!(read(r#"{"content": "hi"}"#).content.unwrap().text, "hi");
        let parts = read(
            r#"{"content": [
                {"type": "thinking", "thinking": [{"type": "text", "text": "hmm"}]},
                {"type": "text", "text": "Hello"}, {"type": "image_url", "image_url": {}},
                {"type": "text", "text": " there"}]}"#,
        );
        let content = parts.content.unwrap();
        assert_eq!(
            (content.text.as_str(), content.reasoning.as_str()),
            ("Hello there", "hmm")
        );
        assert_eq!(read(r#"{"content": null}"#).content, None);
        assert!(serde_json::from_str::<Sample>(r#"{"content": 5}"#).is_err());
    }
}
