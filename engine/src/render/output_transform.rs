//! Output processing (seed 000 §7), in three phases:
//!
//! 1. **Stored transforms** ([`stored_transform`]): durable normalisation of the answer,
//!    including the assistant's output regex rules. Applied to the record that is saved.
//! 2. **Visual transforms**: display-only structure while streaming. Reasoning inside `<think>`
//!    tags is the one Skein has; it is separated as it streams by
//!    [`ThinkTagSplitter`](crate::render::think_tags::ThinkTagSplitter).
//! 3. **Finish** ([`finish`]): close reasoning left open, and move inline base64 images out of
//!    the text ([`extract_inline_images`]) so no message carries megabytes of base64.

use crate::domain::message::MessageNode;
use crate::domain::message_part::MessagePart;
use crate::prompt::regex_rules::{CompiledRules, RuleScope};

/// Applies the assistant's output regex rules to the answer's text parts.
pub fn stored_transform(reply: &mut MessageNode, rules: &CompiledRules) {
    rules.apply_to_parts(RuleScope::Assistant, &mut reply.parts);
}

/// An image that was inline in the answer text, waiting to be stored as a blob.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InlineImage {
    pub blob_id: String,
    pub mime: String,
    /// The base64 payload, exactly as it appeared.
    pub base64: String,
}

/// Finishes an answer at `now_ms`: closes open reasoning and takes inline images out of its text
/// parts. The returned images must be stored under their `blob_id` by the caller; the message
/// refers to them with image parts in their original places.
pub fn finish(
    reply: &mut MessageNode,
    now_ms: f64,
    new_id: &mut dyn FnMut() -> String,
) -> Vec<InlineImage> {
    reply.close_reasoning(now_ms);
    let mut images = Vec::new();
    let mut parts = Vec::with_capacity(reply.parts.len());
    for part in std::mem::take(&mut reply.parts) {
        match part {
            MessagePart::Text { text } => {
                let (split, found) = extract_inline_images(&text, new_id);
                parts.extend(split);
                images.extend(found);
            }
            other => parts.push(other),
        }
    }
    reply.parts = parts;
    images
}

/// Splits `text` around Markdown images whose source is a base64 data URL
/// (`![alt](data:image/png;base64,…)`), returning the parts in order and the images found.
/// Anything that is not a well-formed base64 image data URL is left as text.
pub fn extract_inline_images(
    text: &str,
    new_id: &mut dyn FnMut() -> String,
) -> (Vec<MessagePart>, Vec<InlineImage>) {
    const OPEN: &str = "](data:image/";
    let mut parts = Vec::new();
    let mut images = Vec::new();
    let mut rest = text;
    let mut pending = String::new();
    while let Some(found) = rest.find(OPEN) {
        let Some(start) = rest[..found].rfind("![") else {
            pending.push_str(&rest[..found + OPEN.len()]);
            rest = &rest[found + OPEN.len()..];
            continue;
        };
        let url_start = found + 2;
        let parsed = rest[url_start..].find(')').and_then(|end| {
            let url = &rest[url_start..url_start + end];
            parse_image_data_url(url).map(|(mime, base64)| (end, mime, base64))
        });
        let Some((end, mime, base64)) = parsed else {
            pending.push_str(&rest[..found + OPEN.len()]);
            rest = &rest[found + OPEN.len()..];
            continue;
        };
        pending.push_str(&rest[..start]);
        if !pending.is_empty() {
            parts.push(MessagePart::text(std::mem::take(&mut pending)));
        }
        let alt = &rest[start + 2..found];
        let blob_id = new_id();
        parts.push(MessagePart::Image {
            blob_id: blob_id.clone(),
            mime: mime.to_owned(),
            name: (!alt.is_empty()).then(|| alt.to_owned()),
        });
        images.push(InlineImage {
            blob_id,
            mime: mime.to_owned(),
            base64: base64.to_owned(),
        });
        rest = &rest[url_start + end + 1..];
    }
    pending.push_str(rest);
    if !pending.is_empty() {
        parts.push(MessagePart::text(pending));
    }
    (parts, images)
}

/// `data:image/png;base64,AAAA` → (`image/png`, `AAAA`), for raster image types only (an SVG
/// can carry script, so it stays text).
fn parse_image_data_url(url: &str) -> Option<(&str, &str)> {
    let rest = url.strip_prefix("data:")?;
    let (mime, payload) = rest.split_once(";base64,")?;
    let allowed = [
        "image/png",
        "image/jpeg",
        "image/gif",
        "image/webp",
        "image/avif",
    ];
    let valid = !payload.is_empty()
        && payload
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'='));
    (allowed.contains(&mime) && valid).then_some((mime, payload))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::message::Role;
    use crate::prompt::regex_rules::RegexRule;

    fn ids() -> impl FnMut() -> String {
        let mut n = 0;
        move || {
            n += 1;
            format!("blob{n}")
        }
    }

    #[test]
    fn inline_images_leave_the_text_in_order() {
        let text = "Here: ![a cat](data:image/png;base64,iVBORw0KGgo=) and ![](data:image/jpeg;base64,/9j/4AAQ) done.";
        let (parts, images) = extract_inline_images(text, &mut ids());
        assert_eq!(
            parts,
            [
                MessagePart::text("Here: "),
                MessagePart::Image {
                    blob_id: "blob1".into(),
                    mime: "image/png".into(),
                    name: Some("a cat".into())
                },
                MessagePart::text(" and "),
                MessagePart::Image {
                    blob_id: "blob2".into(),
                    mime: "image/jpeg".into(),
                    name: None
                },
                MessagePart::text(" done."),
            ]
        );
        assert_eq!(images[0].base64, "iVBORw0KGgo=");
        assert_eq!(images[1].mime, "image/jpeg");
    }

    #[test]
    fn anything_else_stays_text() {
        for text in [
            "no images at all",
            "![remote](https://example.com/x.png)",
            "![svg](data:image/svg+xml;base64,PHN2Zz4=)",
            "![bad](data:image/png;base64,not base64!)",
            "![unclosed](data:image/png;base64,AAAA",
            "](data:image/png;base64,AAAA) without a bang",
        ] {
            let (parts, images) = extract_inline_images(text, &mut ids());
            assert!(images.is_empty(), "{text}");
            assert_eq!(parts, [MessagePart::text(text)], "{text}");
        }
    }

    #[test]
    fn finish_closes_reasoning_and_moves_images_out() {
        let mut reply = MessageNode::new("a", "c", Role::Assistant, 0.0);
        reply.push_reasoning("drawing", 1.0);
        reply.push_text("![](data:image/webp;base64,UklGRg==)");
        let images = finish(&mut reply, 5.0, &mut ids());
        assert_eq!(images.len(), 1);
        assert!(
            matches!(reply.parts[0], MessagePart::Reasoning { finished_at_ms: Some(t), .. } if t == 5.0)
        );
        assert!(
            matches!(&reply.parts[1], MessagePart::Image { blob_id, .. } if blob_id == "blob1")
        );
        assert!(!serde_json::to_string(&reply).unwrap().contains("UklGRg"));
    }

    #[test]
    fn output_rules_change_the_stored_answer() {
        let rules = CompiledRules::compile(&[RegexRule {
            name: "no shouting".into(),
            pattern: "!{2,}".into(),
            replacement: "!".into(),
            scopes: vec![RuleScope::Assistant],
            enabled: true,
        }])
        .unwrap();
        let mut reply = MessageNode::new("a", "c", Role::Assistant, 0.0).with_text("Great!!!");
        stored_transform(&mut reply, &rules);
        assert_eq!(reply.text(), "Great!");
    }
}
