//! A web page's readable text, from its HTML, without a browser: its title, and the text of its
//! `<main>` or `<article>` (the whole body when it has neither), with scripts, styles, forms,
//! navigation, headers and footers left out, entities decoded, blocks on their own lines. Pages
//! are untrusted: nothing in them is run or loaded, and the text is bounded.

/// Elements whose content is never text for a reader.
const SKIPPED: [&str; 14] = [
    "script", "style", "noscript", "svg", "template", "iframe", "object", "nav", "header",
    "footer", "aside", "form", "button", "title",
];
/// Elements that end a line.
const BLOCKS: [&str; 25] = [
    "p",
    "div",
    "br",
    "li",
    "ul",
    "ol",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "tr",
    "table",
    "section",
    "article",
    "main",
    "pre",
    "blockquote",
    "dd",
    "dt",
    "dl",
    "figcaption",
    "hr",
    "title",
];
/// The most text kept, in bytes.
pub const MAX_TEXT_BYTES: usize = 200 * 1024;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageText {
    pub title: String,
    pub text: String,
}

/// One tag: its lower-case name, whether it closes, whether it closes itself.
struct Tag {
    name: String,
    closing: bool,
    self_closing: bool,
}

fn read_tag(inner: &str) -> Option<Tag> {
    let inner = inner.trim();
    let (closing, rest) = match inner.strip_prefix('/') {
        Some(rest) => (true, rest),
        None => (false, inner),
    };
    let name: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    (!name.is_empty()).then(|| Tag {
        name,
        closing,
        self_closing: inner.ends_with('/'),
    })
}

/// Decodes the entities readers meet; an unknown one stays as written.
fn decode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let end = rest[..rest.len().min(12)].find(';');
        let decoded = end.and_then(|end| {
            let entity = &rest[1..end];
            let character = match entity {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some(' '),
                "mdash" => Some('—'),
                "ndash" => Some('–'),
                "hellip" => Some('…'),
                "rsquo" => Some('’'),
                "lsquo" => Some('‘'),
                "ldquo" => Some('“'),
                "rdquo" => Some('”'),
                _ => {
                    let number = entity.strip_prefix('#')?;
                    let code = match number.strip_prefix(['x', 'X']) {
                        Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                        None => number.parse().ok()?,
                    };
                    char::from_u32(code).filter(|c| !c.is_control() || *c == '\n')
                }
            }?;
            Some((character, end + 1))
        });
        match decoded {
            Some((character, length)) => {
                out.push(character);
                rest = &rest[length..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The text of `html`, skipping what readers skip.
fn text_of(html: &str) -> String {
    let mut out = String::new();
    let mut skipping: Option<String> = None;
    let mut rest = html;
    while !rest.is_empty() {
        let Some(open) = rest.find('<') else {
            if skipping.is_none() {
                out.push_str(&decode(rest));
            }
            break;
        };
        let text = &rest[..open];
        if skipping.is_none() {
            out.push_str(&decode(text));
        }
        rest = &rest[open..];
        // Comments and declarations are passed over whole.
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.find("-->").map_or("", |end| &after[end + 3..]);
            continue;
        }
        let Some(close) = rest.find('>') else { break };
        let tag = read_tag(&rest[1..close]);
        rest = &rest[close + 1..];
        let Some(tag) = tag else { continue };
        if let Some(skipped) = &skipping {
            if tag.closing && &tag.name == skipped {
                skipping = None;
            }
            continue;
        }
        if !tag.closing && !tag.self_closing && SKIPPED.contains(&tag.name.as_str()) {
            skipping = Some(tag.name);
            continue;
        }
        if BLOCKS.contains(&tag.name.as_str()) {
            out.push('\n');
        } else if matches!(tag.name.as_str(), "td" | "th") {
            out.push(' ');
        }
    }
    out
}

/// Each block on a line of its own: lines trimmed, spaces collapsed, empty lines dropped.
fn tidy(text: &str) -> String {
    text.lines()
        .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(
            "
",
        )
}

/// The part of `html` inside the first `<tag …>` … `</tag>`, if there is one.
fn inside<'a>(html: &'a str, lower: &str, tag: &str) -> Option<&'a str> {
    let start = lower.find(&format!("<{tag}"))?;
    let open_end = start + lower[start..].find('>')? + 1;
    let end = open_end + lower[open_end..].find(&format!("</{tag}"))?;
    Some(&html[open_end..end])
}

fn cut(text: String, max: usize) -> String {
    if text.len() <= max {
        return text;
    }
    let mut at = max;
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    format!("{}\n[…the page goes on]", &text[..at])
}

pub fn readable_text(html: &str) -> PageText {
    // Byte offsets found in the lower-cased copy are offsets in the page: ASCII lower-casing
    // keeps every byte where it was.
    let lower = html.to_ascii_lowercase();
    let title = inside(html, &lower, "title")
        .map(|raw| decode(&raw.split_whitespace().collect::<Vec<_>>().join(" ")))
        .unwrap_or_default();
    let main = inside(html, &lower, "main")
        .or_else(|| inside(html, &lower, "article"))
        .or_else(|| inside(html, &lower, "body"))
        .unwrap_or(html);
    PageText {
        title: title.chars().take(300).collect(),
        text: cut(tidy(&text_of(main)), MAX_TEXT_BYTES),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_main_text_is_kept_and_the_rest_left_out() {
        let page = r#"<!DOCTYPE html><html><head><title>Spring &amp; neap tides</title>
            <style>body { color: red }</style><script>alert("x")</script></head>
            <body><header>Site menu</header><nav><a href="/">Home</a></nav>
            <main><h1>Spring tides</h1><!-- a <b>comment</b> -->
            <p>They happen at new&nbsp;and full moon &#8212; when the sun &#x26; moon pull.</p>
            <script>document.write("evil")</script>
            <ul><li>one</li><li>two</li></ul><table><tr><td>a</td><td>b</td></tr></table>
            <form><button>Subscribe</button></form></main><footer>© tides.example</footer></body></html>"#;
        let read = readable_text(page);
        assert_eq!(read.title, "Spring & neap tides");
        assert_eq!(
            read.text,
            "Spring tides\nThey happen at new and full moon — when the sun & moon pull.\none\ntwo\na b"
        );
    }

    #[test]
    fn pages_without_landmarks_broken_markup_and_huge_text_are_bounded() {
        assert_eq!(
            readable_text("<body><p>Just a body</p><aside>ad</aside></body>").text,
            "Just a body"
        );
        assert_eq!(
            readable_text("plain &unknown; text & more").text,
            "plain &unknown; text & more"
        );
        assert_eq!(readable_text("<p>cut <b").text, "cut");
        assert_eq!(readable_text("<script>never closed").text, "");
        assert_eq!(readable_text("&#0;&#xD800;ok").text, "&#0;&#xD800;ok");
        let huge = format!("<p>{}</p>", "word ".repeat(100_000));
        let read = readable_text(&huge);
        assert!(read.text.len() <= MAX_TEXT_BYTES + 30);
        assert!(read.text.ends_with("[…the page goes on]"));
    }
}
