//! Character references in markup (`&amp;`, `&#233;`, `&#xE9;`), as HTML pages and Word's XML
//! write them. Only the five XML names and `&nbsp;` are known by name; anything else is left
//! as written, so no text is lost.

/// `text` with its character references decoded.
pub(crate) fn decode_entities(text: &str) -> String {
    if !text.contains('&') {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let decoded = after.find(';').filter(|end| *end <= 10).and_then(|end| {
            let entity = &after[..end];
            let c = match entity {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" | "#39" => Some('\''),
                "nbsp" => Some(' '),
                _ => entity
                    .strip_prefix("#x")
                    .or_else(|| entity.strip_prefix("#X"))
                    .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                    .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                    .and_then(char::from_u32),
            }?;
            Some((c, end))
        });
        match decoded {
            Some((c, end)) => {
                out.push(c);
                rest = &after[end + 1..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_decimal_and_hex_references_are_decoded_and_others_kept() {
        assert_eq!(
            decode_entities("a &amp; b &lt;c&gt; &#233;t&#xE9;"),
            "a & b <c> été"
        );
        assert_eq!(
            decode_entities("&bogus; & &#xZZ; &toolongentityname;"),
            "&bogus; & &#xZZ; &toolongentityname;"
        );
        assert_eq!(decode_entities("plain"), "plain");
    }
}
