//! The calculator tool's arithmetic: a small expression language read by a recursive-descent
//! parser, evaluated in `f64`. Nothing is ever executed: numbers, `+ - * / % ^`, parentheses,
//! a few functions and constants. Input is the model's (untrusted): its length and nesting are
//! bounded, and every mistake is an error naming where it is.

use thiserror::Error;

/// Longest expression read, in characters.
const MAX_CHARS: usize = 1_000;
/// Deepest nesting of parentheses, function calls and signs.
const MAX_DEPTH: usize = 64;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CalcError {
    #[error("the expression is empty")]
    Empty,
    #[error("the expression is longer than {MAX_CHARS} characters")]
    TooLong,
    #[error("the expression nests deeper than {MAX_DEPTH} levels")]
    TooDeep,
    #[error("unexpected “{found}” at character {at}")]
    Unexpected { found: String, at: usize },
    #[error("the expression ends too early")]
    UnexpectedEnd,
    #[error("unknown name “{0}” (known: pi, e, sqrt, abs, ln, log10, log2, exp, sin, cos, tan, asin, acos, atan, floor, ceil, round, min, max)")]
    UnknownName(String),
    #[error("{name} takes {expected} argument(s), not {given}")]
    Arity {
        name: String,
        expected: &'static str,
        given: usize,
    },
    #[error("division by zero")]
    DivisionByZero,
    #[error("the result is not a finite number")]
    NotFinite,
}

struct Parser<'a> {
    chars: Vec<(usize, char)>,
    position: usize,
    depth: usize,
    _text: &'a str,
}

/// Evaluates `expression`.
pub fn evaluate(expression: &str) -> Result<f64, CalcError> {
    if expression.trim().is_empty() {
        return Err(CalcError::Empty);
    }
    if expression.chars().count() > MAX_CHARS {
        return Err(CalcError::TooLong);
    }
    let mut parser = Parser {
        chars: expression.char_indices().collect(),
        position: 0,
        depth: 0,
        _text: expression,
    };
    let value = parser.sum()?;
    parser.skip_space();
    if let Some(&(at, c)) = parser.chars.get(parser.position) {
        return Err(CalcError::Unexpected {
            found: c.to_string(),
            at: at + 1,
        });
    }
    if value.is_finite() {
        Ok(value)
    } else {
        Err(CalcError::NotFinite)
    }
}

/// A result as text: integers without a fraction, others with up to 12 significant digits.
pub fn format_number(value: f64) -> String {
    if value == value.trunc() && value.abs() < 1e15 {
        return format!("{}", value as i64);
    }
    let text = format!("{value:.12}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text.len() > 20 {
        format!("{value:e}")
    } else {
        text.to_owned()
    }
}

impl Parser<'_> {
    fn skip_space(&mut self) {
        while self
            .chars
            .get(self.position)
            .is_some_and(|(_, c)| c.is_whitespace())
        {
            self.position += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_space();
        self.chars.get(self.position).map(|&(_, c)| c)
    }

    fn unexpected(&self) -> CalcError {
        match self.chars.get(self.position) {
            Some(&(at, c)) => CalcError::Unexpected {
                found: c.to_string(),
                at: at + 1,
            },
            None => CalcError::UnexpectedEnd,
        }
    }

    fn enter(&mut self) -> Result<(), CalcError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(CalcError::TooDeep);
        }
        Ok(())
    }

    fn sum(&mut self) -> Result<f64, CalcError> {
        let mut value = self.product()?;
        loop {
            match self.peek() {
                Some('+') => {
                    self.position += 1;
                    value += self.product()?;
                }
                Some('-' | '−') => {
                    self.position += 1;
                    value -= self.product()?;
                }
                _ => return Ok(value),
            }
        }
    }

    fn product(&mut self) -> Result<f64, CalcError> {
        let mut value = self.unary()?;
        loop {
            match self.peek() {
                Some('*' | '×') => {
                    self.position += 1;
                    value *= self.unary()?;
                }
                Some(op @ ('/' | '÷' | '%')) => {
                    self.position += 1;
                    let divisor = self.unary()?;
                    if divisor == 0.0 {
                        return Err(CalcError::DivisionByZero);
                    }
                    value = if op == '%' {
                        value % divisor
                    } else {
                        value / divisor
                    };
                }
                _ => return Ok(value),
            }
        }
    }

    fn unary(&mut self) -> Result<f64, CalcError> {
        match self.peek() {
            Some('-' | '−') => {
                self.position += 1;
                self.enter()?;
                let value = -self.unary()?;
                self.depth -= 1;
                Ok(value)
            }
            Some('+') => {
                self.position += 1;
                self.enter()?;
                let value = self.unary()?;
                self.depth -= 1;
                Ok(value)
            }
            _ => self.power(),
        }
    }

    /// `^` binds tighter than signs on its left and is right-associative: `-2^2` is −4,
    /// `2^3^2` is 2⁹.
    fn power(&mut self) -> Result<f64, CalcError> {
        let base = self.atom()?;
        if self.peek() == Some('^') {
            self.position += 1;
            self.enter()?;
            let exponent = self.unary()?;
            self.depth -= 1;
            return Ok(base.powf(exponent));
        }
        Ok(base)
    }

    fn atom(&mut self) -> Result<f64, CalcError> {
        match self.peek() {
            Some('(') => {
                self.position += 1;
                self.enter()?;
                let value = self.sum()?;
                self.depth -= 1;
                self.expect(')')?;
                Ok(value)
            }
            Some(c) if c.is_ascii_digit() || c == '.' => self.number(),
            Some(c) if c.is_alphabetic() => self.name(),
            _ => Err(self.unexpected()),
        }
    }

    fn expect(&mut self, wanted: char) -> Result<(), CalcError> {
        if self.peek() == Some(wanted) {
            self.position += 1;
            Ok(())
        } else {
            Err(self.unexpected())
        }
    }

    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> String {
        let mut text = String::new();
        while let Some(&(_, c)) = self.chars.get(self.position) {
            if !keep(c) {
                break;
            }
            text.push(c);
            self.position += 1;
        }
        text
    }

    fn number(&mut self) -> Result<f64, CalcError> {
        let start = self.position;
        let mut text = self.take_while(|c| c.is_ascii_digit() || c == '.' || c == '_');
        text.retain(|c| c != '_');
        // An exponent: 1e3, 2.5E-4.
        if matches!(self.chars.get(self.position), Some((_, 'e' | 'E')))
            && self
                .chars
                .get(self.position + 1)
                .is_some_and(|&(_, c)| c.is_ascii_digit() || c == '-' || c == '+')
        {
            self.position += 1;
            text.push('e');
            if let Some(&(_, sign @ ('-' | '+'))) = self.chars.get(self.position) {
                text.push(sign);
                self.position += 1;
            }
            text.push_str(&self.take_while(|c| c.is_ascii_digit()));
        }
        text.parse().map_err(|_| {
            self.position = start;
            self.unexpected()
        })
    }

    fn name(&mut self) -> Result<f64, CalcError> {
        let name = self
            .take_while(|c| c.is_alphanumeric() || c == '_')
            .to_ascii_lowercase();
        match name.as_str() {
            "pi" | "π" => return Ok(std::f64::consts::PI),
            "e" => return Ok(std::f64::consts::E),
            _ => {}
        }
        if self.peek() != Some('(') {
            return Err(CalcError::UnknownName(name));
        }
        self.position += 1;
        self.enter()?;
        let mut arguments = Vec::new();
        if self.peek() != Some(')') {
            loop {
                arguments.push(self.sum()?);
                if self.peek() == Some(',') {
                    self.position += 1;
                } else {
                    break;
                }
            }
        }
        self.expect(')')?;
        self.depth -= 1;
        apply(&name, &arguments)
    }
}

fn apply(name: &str, arguments: &[f64]) -> Result<f64, CalcError> {
    let one = |f: fn(f64) -> f64| match arguments {
        [x] => Ok(f(*x)),
        _ => Err(CalcError::Arity {
            name: name.to_owned(),
            expected: "1",
            given: arguments.len(),
        }),
    };
    match name {
        "sqrt" => one(f64::sqrt),
        "abs" => one(f64::abs),
        "ln" => one(f64::ln),
        "log10" | "log" => one(f64::log10),
        "log2" => one(f64::log2),
        "exp" => one(f64::exp),
        "sin" => one(f64::sin),
        "cos" => one(f64::cos),
        "tan" => one(f64::tan),
        "asin" => one(f64::asin),
        "acos" => one(f64::acos),
        "atan" => one(f64::atan),
        "floor" => one(f64::floor),
        "ceil" => one(f64::ceil),
        "round" => one(f64::round),
        "min" | "max" if !arguments.is_empty() => {
            let pick = if name == "min" { f64::min } else { f64::max };
            Ok(arguments[1..].iter().fold(arguments[0], |a, &b| pick(a, b)))
        }
        "min" | "max" => Err(CalcError::Arity {
            name: name.to_owned(),
            expected: "1 or more",
            given: 0,
        }),
        _ => Err(CalcError::UnknownName(name.to_owned())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_follows_the_usual_precedence() {
        for (expression, expected) in [
            ("1 + 2 * 3", 7.0),
            ("(1 + 2) * 3", 9.0),
            ("2 ^ 3 ^ 2", 512.0),
            ("-2 ^ 2", -4.0),
            ("10 % 4", 2.0),
            ("7 / 2", 3.5),
            ("1_000 * 1.5e3", 1_500_000.0),
            ("2.5E-1", 0.25),
            ("sqrt(16) + abs(-3)", 7.0),
            ("max(1, 9, 4) - min(3, 2)", 7.0),
            ("round(e * 100) / 100", 2.72),
            ("12 × 3 ÷ 4 − 1", 8.0),
            ("log10(1000)", 3.0),
        ] {
            assert_eq!(evaluate(expression), Ok(expected), "{expression}");
        }
        assert_eq!(format_number(7.0), "7");
        assert_eq!(format_number(0.1 + 0.2), "0.3");
        assert_eq!(format_number(1.0 / 3.0), "0.333333333333");
        assert_eq!(format_number(-2.5), "-2.5");
    }

    #[test]
    fn bad_expressions_are_errors_that_say_where() {
        assert_eq!(evaluate(" "), Err(CalcError::Empty));
        assert_eq!(
            evaluate("1 + * 2"),
            Err(CalcError::Unexpected {
                found: "*".into(),
                at: 5
            })
        );
        assert_eq!(evaluate("(1 + 2"), Err(CalcError::UnexpectedEnd));
        assert_eq!(evaluate("1 / (2 - 2)"), Err(CalcError::DivisionByZero));
        assert_eq!(evaluate("10 ^ 400"), Err(CalcError::NotFinite));
        assert_eq!(
            evaluate("alert(1)"),
            Err(CalcError::UnknownName("alert".into()))
        );
        assert!(matches!(
            evaluate("sqrt(1, 2)"),
            Err(CalcError::Arity { .. })
        ));
        assert_eq!(evaluate(&"(".repeat(100)), Err(CalcError::TooDeep));
        assert_eq!(evaluate(&"-".repeat(100)), Err(CalcError::TooDeep));
        assert_eq!(evaluate(&"1+".repeat(600)), Err(CalcError::TooLong));
        assert!(matches!(
            evaluate("1.2.3"),
            Err(CalcError::Unexpected { .. })
        ));
        assert!(matches!(evaluate("2 3"), Err(CalcError::Unexpected { .. })));
    }
}
