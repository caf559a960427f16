//! Message templates (seed 000 §4, `TemplateTransformer`): how each user message is wrapped
//! before it is sent, e.g. `[{{ time }}] {{ message }}`.
//!
//! ## Syntax
//! - `{{ name }}` inserts a variable. Spaces inside the braces are optional. The variables are
//!   `message`, `role`, `date`, `time`, `model`, `char` and `user`.
//! - `{% if name %} … {% endif %}` keeps its body when the variable is not empty;
//!   `{% if name %} … {% else %} … {% endif %}` picks one of two bodies. Ifs nest.
//! - Everything else is literal text, including single braces.
//!
//! A template is parsed once ([`MessageTemplate::parse`]); mistakes (an unknown variable, an
//! unclosed `{{` or `{%`, an `{% else %}` or `{% endif %}` without its `if`, an unknown
//! directive) are [`TemplateError`]s that say where, so a broken template is rejected when it is
//! saved, not when a message is sent.

use thiserror::Error;

pub const VARIABLES: [&str; 7] = ["message", "role", "date", "time", "model", "char", "user"];

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TemplateError {
    #[error("Template error at character {at}: `{opener}` is never closed.")]
    Unclosed { at: usize, opener: &'static str },
    #[error("Template error at character {at}: unknown variable `{name}` (known: {}).", VARIABLES.join(", "))]
    UnknownVariable { at: usize, name: String },
    #[error("Template error at character {at}: unknown directive `{directive}`.")]
    UnknownDirective { at: usize, directive: String },
    #[error("Template error at character {at}: `{directive}` without a matching `if`.")]
    Unmatched { at: usize, directive: &'static str },
    #[error("Template error: an `if` opened at character {at} has no `endif`.")]
    MissingEndif { at: usize },
}

impl crate::i18n::Explain for TemplateError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::Unclosed { at, opener } => phrase("error-template-unclosed")
                .with("at", at)
                .with("opener", opener),
            Self::UnknownVariable { at, name } => phrase("error-template-unknown-variable")
                .with("at", at)
                .with("name", name)
                .with("known", VARIABLES.join(", ")),
            Self::UnknownDirective { at, directive } => phrase("error-template-unknown-directive")
                .with("at", at)
                .with("directive", directive),
            Self::Unmatched { at, directive } => phrase("error-template-unmatched")
                .with("at", at)
                .with("directive", directive),
            Self::MissingEndif { at } => phrase("error-template-missing-endif").with("at", at),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Node {
    Text(String),
    Variable(String),
    If {
        variable: String,
        then: Vec<Node>,
        otherwise: Vec<Node>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageTemplate {
    nodes: Vec<Node>,
}

/// Values for one rendering.
pub trait TemplateValues {
    fn get(&self, variable: &str) -> String;
}

impl<F: Fn(&str) -> String> TemplateValues for F {
    fn get(&self, variable: &str) -> String {
        self(variable)
    }
}

enum Token {
    Text(String),
    Variable(usize, String),
    Directive(usize, String),
}

fn char_index(source: &str, byte: usize) -> usize {
    source[..byte].chars().count()
}

fn tokenize(source: &str) -> Result<Vec<Token>, TemplateError> {
    let mut tokens = Vec::new();
    let mut rest = 0;
    loop {
        let next = [("{{", "}}"), ("{%", "%}")]
            .into_iter()
            .filter_map(|(open, close)| source[rest..].find(open).map(|i| (rest + i, open, close)))
            .min_by_key(|(i, _, _)| *i);
        let Some((start, open, close)) = next else {
            if rest < source.len() {
                tokens.push(Token::Text(source[rest..].to_owned()));
            }
            return Ok(tokens);
        };
        if start > rest {
            tokens.push(Token::Text(source[rest..start].to_owned()));
        }
        let inner_start = start + open.len();
        let end = source[inner_start..]
            .find(close)
            .map(|i| inner_start + i)
            .ok_or(TemplateError::Unclosed {
                at: char_index(source, start),
                opener: open,
            })?;
        let inner = source[inner_start..end].trim().to_owned();
        let at = char_index(source, start);
        tokens.push(if open == "{{" {
            Token::Variable(at, inner)
        } else {
            Token::Directive(at, inner)
        });
        rest = end + close.len();
    }
}

/// An `if` being parsed: where it opened, its variable, its then-branch, and its else-branch
/// once `else` was seen.
struct OpenIf {
    at: usize,
    variable: String,
    then: Vec<Node>,
    otherwise: Option<Vec<Node>>,
}

impl MessageTemplate {
    pub fn parse(source: &str) -> Result<Self, TemplateError> {
        let mut stack: Vec<OpenIf> = Vec::new();
        let mut top: Vec<Node> = Vec::new();
        for token in tokenize(source)? {
            let node = match token {
                Token::Text(text) => Node::Text(text),
                Token::Variable(at, name) => {
                    check_variable(at, &name)?;
                    Node::Variable(name)
                }
                Token::Directive(at, directive) => {
                    let mut words = directive.split_whitespace();
                    match (words.next(), words.next(), words.next()) {
                        (Some("if"), Some(variable), None) => {
                            check_variable(at, variable)?;
                            stack.push(OpenIf {
                                at,
                                variable: variable.to_owned(),
                                then: Vec::new(),
                                otherwise: None,
                            });
                            continue;
                        }
                        (Some("else"), None, None) => {
                            match stack.last_mut() {
                                Some(open) if open.otherwise.is_none() => {
                                    open.otherwise = Some(Vec::new());
                                }
                                _ => {
                                    return Err(TemplateError::Unmatched {
                                        at,
                                        directive: "else",
                                    })
                                }
                            }
                            continue;
                        }
                        (Some("endif"), None, None) => {
                            let open = stack.pop().ok_or(TemplateError::Unmatched {
                                at,
                                directive: "endif",
                            })?;
                            Node::If {
                                variable: open.variable,
                                then: open.then,
                                otherwise: open.otherwise.unwrap_or_default(),
                            }
                        }
                        _ => return Err(TemplateError::UnknownDirective { at, directive }),
                    }
                }
            };
            match stack.last_mut() {
                Some(open) => match &mut open.otherwise {
                    Some(otherwise) => otherwise.push(node),
                    None => open.then.push(node),
                },
                None => top.push(node),
            }
        }
        if let Some(open) = stack.first() {
            return Err(TemplateError::MissingEndif { at: open.at });
        }
        Ok(Self { nodes: top })
    }

    pub fn render(&self, values: &impl TemplateValues) -> String {
        let mut out = String::new();
        render_nodes(&self.nodes, values, &mut out);
        out
    }
}

fn check_variable(at: usize, name: &str) -> Result<(), TemplateError> {
    if VARIABLES.contains(&name) {
        Ok(())
    } else {
        Err(TemplateError::UnknownVariable {
            at,
            name: name.to_owned(),
        })
    }
}

fn render_nodes(nodes: &[Node], values: &impl TemplateValues, out: &mut String) {
    for node in nodes {
        match node {
            Node::Text(text) => out.push_str(text),
            Node::Variable(name) => out.push_str(&values.get(name)),
            Node::If {
                variable,
                then,
                otherwise,
            } => {
                let branch = if values.get(variable).is_empty() {
                    otherwise
                } else {
                    then
                };
                render_nodes(branch, values, out);
            }
        }
    }
}

impl TemplateError {
    /// The character (0-based, in characters) the error is at.
    pub fn at(&self) -> usize {
        match self {
            Self::Unclosed { at, .. }
            | Self::UnknownVariable { at, .. }
            | Self::UnknownDirective { at, .. }
            | Self::Unmatched { at, .. }
            | Self::MissingEndif { at } => *at,
        }
    }
}

/// Where a character of a template is, as a person finds it: line and column (from 1) and the
/// line's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplatePlace {
    pub line: usize,
    pub column: usize,
    pub line_text: String,
}

/// The line and column of character `at` in `source` (the end when `at` is past it).
pub fn locate(source: &str, at: usize) -> TemplatePlace {
    let (mut line, mut column, mut start) = (1, 1, 0);
    for (index, (byte, c)) in source.char_indices().enumerate() {
        if index == at {
            break;
        }
        if c == '\n' {
            line += 1;
            column = 1;
            start = byte + 1;
        } else {
            column += 1;
        }
    }
    let line_text = source[start..].lines().next().unwrap_or("").to_owned();
    TemplatePlace {
        line,
        column,
        line_text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(name: &str) -> String {
        match name {
            "message" => "What is 2+2?".into(),
            "time" => "10:03".into(),
            "role" => "user".into(),
            "user" => "Ada".into(),
            _ => String::new(),
        }
    }

    fn check(source: &str, expected: &str) {
        let template = MessageTemplate::parse(source).unwrap();
        assert_eq!(template.render(&values), expected, "template: {source}");
    }

    #[test]
    fn variables_conditionals_and_literal_text() {
        check("{{ message }}", "What is 2+2?");
        check("[{{time}}] {{ message }}", "[10:03] What is 2+2?");
        check(
            "{% if user %}{{ user }}: {% endif %}{{ message }}",
            "Ada: What is 2+2?",
        );
        check(
            "{% if model %}via {{ model }}{% else %}no model{% endif %}",
            "no model",
        );
        check(
            "{% if user %}{% if model %}A{% else %}B{% endif %}{% endif %}",
            "B",
        );
        check("a { b } {c} %}", "a { b } {c} %}");
        check("", "");
    }

    #[test]
    fn errors_say_what_and_where() {
        let err = |source: &str| MessageTemplate::parse(source).unwrap_err();
        assert_eq!(
            err("Hi {{ mesage }}"),
            TemplateError::UnknownVariable {
                at: 3,
                name: "mesage".into()
            }
        );
        assert_eq!(
            err("é {{ message"),
            TemplateError::Unclosed {
                at: 2,
                opener: "{{"
            }
        );
        assert_eq!(
            err("{% if message %}x"),
            TemplateError::MissingEndif { at: 0 }
        );
        assert_eq!(
            err("x{% endif %}"),
            TemplateError::Unmatched {
                at: 1,
                directive: "endif"
            }
        );
        assert_eq!(
            err("{% if user %}{% else %}{% else %}{% endif %}"),
            TemplateError::Unmatched {
                at: 23,
                directive: "else"
            }
        );
        assert!(matches!(
            err("{% for x in y %}"),
            TemplateError::UnknownDirective { .. }
        ));
        assert!(err("{{ nope }}").to_string().contains("known: message"));
    }
    #[test]
    fn an_error_is_placed_by_line_and_column() {
        let source = "[{{ time }}]\nHello {{ mesage }}!";
        let err = MessageTemplate::parse(source).unwrap_err();
        let place = locate(source, err.at());
        assert_eq!((place.line, place.column), (2, 7));
        assert_eq!(place.line_text, "Hello {{ mesage }}!");
        assert_eq!(
            locate("ab", 99).column,
            3,
            "past the end: after the last character"
        );
        assert_eq!(
            locate("é\nx", 2),
            TemplatePlace {
                line: 2,
                column: 1,
                line_text: "x".into()
            }
        );
    }
}
