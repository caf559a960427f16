//! TeX math to a MathML tree, for the browser's own MathML rendering (no script, no fonts to
//! fetch, no HTML string).
//!
//! The subset is what models write in answers: groups, sub- and superscripts, fractions,
//! binomials, roots, Greek letters and the common symbols, large operators with limits,
//! function names, `\left…\right`, accents, font commands (as Unicode mathematical letters, the
//! way MathML Core styles them), spacing, `\text`, and the matrix, cases and aligned
//! environments. Anything else is shown as an error node holding its source, so nothing the
//! model wrote disappears. Nesting deeper than [`MAX_MATH_DEPTH`] stops parsing the rest of
//! that formula (shown as source); every step consumes input, so parsing always ends.

/// Deepest nesting of groups and constructs that is parsed.
pub const MAX_MATH_DEPTH: usize = 48;

#[derive(Debug, Clone, PartialEq)]
pub enum MathNode {
    /// `<mi>`: a variable (single letters are italic).
    Ident(String),
    /// `<mi mathvariant="normal">`: upright names (`sin`, `\mathrm{d}`, capital Greek).
    Upright(String),
    /// `<mn>`
    Number(String),
    /// `<mo>`; `large` for ∑ ∫ and their kin.
    Op {
        text: String,
        large: bool,
    },
    /// `<mtext>`
    Text(String),
    /// `<mrow>`
    Row(Vec<MathNode>),
    /// `<mfrac>`; `line: false` for binomials.
    Frac {
        num: Box<MathNode>,
        den: Box<MathNode>,
        line: bool,
    },
    Sqrt(Box<MathNode>),
    Root {
        base: Box<MathNode>,
        index: Box<MathNode>,
    },
    /// Sub- and superscripts; `limits` puts them under and over (∑ in display).
    Scripts {
        base: Box<MathNode>,
        sub: Option<Box<MathNode>>,
        sup: Option<Box<MathNode>>,
        limits: bool,
    },
    /// An accent over (or, `over: false`, under) its base.
    Accent {
        base: Box<MathNode>,
        accent: String,
        over: bool,
    },
    /// Stretchy delimiters around a body (`\left( … \right)`); empty strings for `.`.
    Fenced {
        open: String,
        close: String,
        body: Box<MathNode>,
    },
    /// Rows of cells, with fences around (matrices) and left alignment (cases, aligned).
    Table {
        rows: Vec<Vec<MathNode>>,
        open: String,
        close: String,
        align_left: bool,
    },
    /// Horizontal space in em.
    Space(f32),
    /// TeX this converter does not know, shown as written.
    Error(String),
}

impl Default for MathNode {
    fn default() -> Self {
        Self::Row(Vec::new())
    }
}

/// Converts `tex` (without its `$` delimiters) to one row.
pub fn parse_math(tex: &str) -> MathNode {
    let mut parser = Parser {
        chars: tex.chars().collect(),
        pos: 0,
        depth: 0,
    };
    let mut nodes = Vec::new();
    loop {
        nodes.extend(parser.row(false));
        if parser.pos >= parser.chars.len() {
            break;
        }
        // Something that closes a construct that was never opened (`}`, `\right`, `&`):
        // shown as it is, then the rest goes on.
        let start = parser.pos;
        parser.stray();
        nodes.push(MathNode::Error(parser.source(start)));
    }
    MathNode::Row(nodes)
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
    depth: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn source(&self, start: usize) -> String {
        self.chars[start..self.pos].iter().collect()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    /// The command name at the cursor (after a backslash), without consuming it.
    fn command_at(&self, at: usize) -> Option<String> {
        if self.chars.get(at) != Some(&'\\') {
            return None;
        }
        let letters: String = self.chars[at + 1..]
            .iter()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        if letters.is_empty() {
            self.chars.get(at + 1).map(|c| c.to_string())
        } else {
            Some(letters)
        }
    }

    fn read_command(&mut self) -> String {
        let name = self.command_at(self.pos).unwrap_or_default();
        self.pos += 1 + name.chars().count();
        name
    }

    /// Consumes one token that ended a row where it should not have.
    fn stray(&mut self) {
        if self.peek() == Some('\\') {
            self.read_command();
        } else {
            self.pos += 1;
        }
    }

    /// Whether the cursor is at the end of a row: `}`, `&`, `\\`, `\right`, `\end` or the end.
    fn at_row_end(&self, in_table: bool) -> bool {
        match self.peek() {
            None | Some('}') => true,
            Some('&') => in_table,
            Some('\\') => match self.command_at(self.pos).as_deref() {
                Some("\\") => in_table,
                Some("right" | "end") => true,
                _ => false,
            },
            _ => false,
        }
    }

    fn row(&mut self, in_table: bool) -> Vec<MathNode> {
        let mut nodes = Vec::new();
        loop {
            self.skip_space();
            if self.at_row_end(in_table) {
                return nodes;
            }
            // A line break outside a table is only layout.
            if !in_table && self.command_at(self.pos).as_deref() == Some("\\") {
                self.read_command();
                continue;
            }
            let before = self.pos;
            let atom = self.atom();
            let node = self.scripts(atom);
            nodes.push(node);
            if self.pos == before {
                self.stray();
            }
        }
    }

    fn scripts(&mut self, base: MathNode) -> MathNode {
        let limits = matches!(&base, MathNode::Op { large: true, text } if !is_integral(text))
            || matches!(&base, MathNode::Upright(name) if takes_limits(name));
        let (mut sub, mut sup) = (None, None);
        loop {
            self.skip_space();
            match self.peek() {
                Some('_') if sub.is_none() => {
                    self.pos += 1;
                    sub = Some(Box::new(self.argument()));
                }
                Some('^') if sup.is_none() => {
                    self.pos += 1;
                    sup = Some(Box::new(self.argument()));
                }
                Some('\'') if sup.is_none() => {
                    let mut primes = String::new();
                    while self.peek() == Some('\'') {
                        self.pos += 1;
                        primes.push('′');
                    }
                    sup = Some(Box::new(op(&primes)));
                }
                _ => break,
            }
        }
        if sub.is_none() && sup.is_none() {
            return base;
        }
        MathNode::Scripts {
            base: Box::new(base),
            sub,
            sup,
            limits,
        }
    }

    /// A command's or script's argument: a `{group}` or a single token.
    fn argument(&mut self) -> MathNode {
        self.skip_space();
        if self.peek() == Some('{') {
            self.group()
        } else if self.at_row_end(true) {
            MathNode::Row(Vec::new())
        } else {
            self.atom()
        }
    }

    /// The raw text of a `{…}` argument (for `\text`, environment names).
    fn raw_argument(&mut self) -> String {
        self.skip_space();
        if self.peek() != Some('{') {
            return String::new();
        }
        self.pos += 1;
        let start = self.pos;
        let mut level = 1;
        while let Some(c) = self.peek() {
            match c {
                '{' => level += 1,
                '}' => {
                    level -= 1;
                    if level == 0 {
                        let text = self.source(start);
                        self.pos += 1;
                        return text;
                    }
                }
                '\\' => self.pos += 1,
                _ => {}
            }
            self.pos += 1;
        }
        self.pos = self.pos.min(self.chars.len());
        self.source(start.min(self.pos))
    }

    fn group(&mut self) -> MathNode {
        if self.depth >= MAX_MATH_DEPTH {
            return self.rest_as_source();
        }
        self.pos += 1; // `{`
        let nodes = self.nested(|p| p.row(false));
        if self.peek() == Some('}') {
            self.pos += 1;
        }
        MathNode::Row(nodes)
    }

    /// The rest of the formula, unparsed (too deeply nested).
    fn rest_as_source(&mut self) -> MathNode {
        let start = self.pos;
        self.pos = self.chars.len();
        MathNode::Error(self.source(start))
    }

    /// Runs `inner` one level deeper; past the limit the rest of the formula is shown as
    /// source instead.
    fn nested<T: Default>(&mut self, inner: impl FnOnce(&mut Self) -> T) -> T {
        if self.depth >= MAX_MATH_DEPTH {
            return T::default();
        }
        self.depth += 1;
        let out = inner(self);
        self.depth -= 1;
        out
    }

    fn atom(&mut self) -> MathNode {
        if self.depth >= MAX_MATH_DEPTH {
            return self.rest_as_source();
        }
        let Some(c) = self.peek() else {
            return MathNode::Row(Vec::new());
        };
        match c {
            '{' => self.group(),
            '\\' => {
                let name = self.read_command();
                self.nested(|p| p.command(&name))
            }
            c if c.is_ascii_digit()
                || (c == '.'
                    && self
                        .chars
                        .get(self.pos + 1)
                        .is_some_and(char::is_ascii_digit)) =>
            {
                let start = self.pos;
                while self.peek().is_some_and(|c| c.is_ascii_digit() || c == '.') {
                    self.pos += 1;
                }
                MathNode::Number(self.source(start))
            }
            c if c.is_alphabetic() => {
                self.pos += 1;
                MathNode::Ident(c.to_string())
            }
            '~' => {
                self.pos += 1;
                MathNode::Space(0.33)
            }
            _ => {
                self.pos += 1;
                op(match c {
                    '-' => "−",
                    '*' => "∗",
                    _ => return op(&c.to_string()),
                })
            }
        }
    }

    fn command(&mut self, name: &str) -> MathNode {
        if let Some(symbol) = symbol(name) {
            return symbol;
        }
        match name {
            "frac" | "dfrac" | "tfrac" | "cfrac" => {
                let num = self.argument();
                let den = self.argument();
                MathNode::Frac {
                    num: Box::new(num),
                    den: Box::new(den),
                    line: true,
                }
            }
            "binom" | "dbinom" | "tbinom" => {
                let top = self.argument();
                let bottom = self.argument();
                MathNode::Fenced {
                    open: "(".into(),
                    close: ")".into(),
                    body: Box::new(MathNode::Frac {
                        num: Box::new(top),
                        den: Box::new(bottom),
                        line: false,
                    }),
                }
            }
            "sqrt" => {
                self.skip_space();
                let index = (self.peek() == Some('[')).then(|| {
                    self.pos += 1;
                    let mut nodes = Vec::new();
                    while self.peek().is_some_and(|c| c != ']') {
                        let before = self.pos;
                        let atom = self.atom();
                        nodes.push(atom);
                        if self.pos == before {
                            self.stray();
                        }
                    }
                    self.pos += 1;
                    MathNode::Row(nodes)
                });
                let base = Box::new(self.argument());
                match index {
                    Some(index) => MathNode::Root {
                        base,
                        index: Box::new(index),
                    },
                    None => MathNode::Sqrt(base),
                }
            }
            "text" | "textrm" | "textit" | "textbf" | "textsf" | "texttt" | "mbox" | "hbox" => {
                MathNode::Text(self.raw_argument())
            }
            "mathrm" | "operatorname" | "rm" | "mathup" => {
                MathNode::Upright(self.raw_argument().chars().filter(|c| *c != '\\').collect())
            }
            "mathbf" | "boldsymbol" | "bm" | "mathbb" | "mathcal" | "mathscr" | "mathfrak"
            | "mathsf" | "mathtt" | "mathit" => {
                let style = name;
                let inner = self.argument();
                restyle(inner, style)
            }
            "hat" | "widehat" | "bar" | "overline" | "vec" | "overrightarrow" | "tilde"
            | "widetilde" | "dot" | "ddot" | "check" | "breve" | "acute" | "grave"
            | "overbrace" => {
                let base = self.argument();
                MathNode::Accent {
                    base: Box::new(base),
                    accent: accent(name).into(),
                    over: true,
                }
            }
            "underline" | "underbrace" => {
                let base = self.argument();
                MathNode::Accent {
                    base: Box::new(base),
                    accent: if name == "underline" { "_" } else { "⏟" }.into(),
                    over: false,
                }
            }
            "left" => {
                let open = self.delimiter();
                let body = self.row(false);
                let close = if self.command_at(self.pos).as_deref() == Some("right") {
                    self.read_command();
                    self.delimiter()
                } else {
                    String::new()
                };
                MathNode::Fenced {
                    open,
                    close,
                    body: Box::new(MathNode::Row(body)),
                }
            }
            "big" | "Big" | "bigg" | "Bigg" | "bigl" | "bigr" | "Bigl" | "Bigr" | "biggl"
            | "biggr" | "Biggl" | "Biggr" | "middle" => op(&self.delimiter()),
            "begin" => self.environment(),
            "not" => match self.atom() {
                MathNode::Op { text, large } => MathNode::Op {
                    text: format!("{text}\u{338}"),
                    large,
                },
                other => other,
            },
            "," | "thinspace" => MathNode::Space(0.1667),
            ":" | ">" | "medspace" => MathNode::Space(0.2222),
            ";" | "thickspace" => MathNode::Space(0.2778),
            "!" | "negthinspace" => MathNode::Space(-0.1667),
            " " => MathNode::Space(0.25),
            "quad" => MathNode::Space(1.0),
            "qquad" => MathNode::Space(2.0),
            "label" | "tag" | "hspace" | "vspace" => {
                self.raw_argument();
                MathNode::Row(Vec::new())
            }
            "displaystyle" | "textstyle" | "scriptstyle" | "limits" | "nolimits" | "nonumber"
            | "notag" => MathNode::Row(Vec::new()),
            _ => MathNode::Error(format!("\\{name}")),
        }
    }

    /// The delimiter after `\left`, `\right` or `\big`.
    fn delimiter(&mut self) -> String {
        self.skip_space();
        match self.peek() {
            Some('\\') => {
                let name = self.read_command();
                match name.as_str() {
                    "{" | "lbrace" => "{",
                    "}" | "rbrace" => "}",
                    "|" | "Vert" => "‖",
                    "vert" => "|",
                    "langle" => "⟨",
                    "rangle" => "⟩",
                    "lfloor" => "⌊",
                    "rfloor" => "⌋",
                    "lceil" => "⌈",
                    "rceil" => "⌉",
                    _ => "",
                }
                .into()
            }
            Some('.') => {
                self.pos += 1;
                String::new()
            }
            Some(c) => {
                self.pos += 1;
                c.to_string()
            }
            None => String::new(),
        }
    }

    /// `\begin{name} … \end{name}`: a table.
    fn environment(&mut self) -> MathNode {
        let name = self.raw_argument();
        let (open, close, align_left) = match name.trim_end_matches('*') {
            "matrix" | "smallmatrix" => ("", "", false),
            "pmatrix" => ("(", ")", false),
            "bmatrix" => ("[", "]", false),
            "Bmatrix" => ("{", "}", false),
            "vmatrix" => ("|", "|", false),
            "Vmatrix" => ("‖", "‖", false),
            "cases" => ("{", "", true),
            "array" => {
                self.raw_argument(); // column spec
                ("", "", false)
            }
            "aligned" | "align" | "alignat" | "split" | "gathered" | "gather" | "eqnarray"
            | "equation" | "multline" => ("", "", true),
            _ => return MathNode::Error(format!("\\begin{{{name}}}")),
        };
        let mut rows = Vec::new();
        let mut row = Vec::new();
        loop {
            let cell = self.row(true);
            row.push(MathNode::Row(cell));
            match self.peek() {
                Some('&') => self.pos += 1,
                Some('\\') if self.command_at(self.pos).as_deref() == Some("\\") => {
                    self.read_command();
                    rows.push(std::mem::take(&mut row));
                }
                Some('\\') if self.command_at(self.pos).as_deref() == Some("end") => {
                    self.read_command();
                    self.raw_argument();
                    break;
                }
                None => break,
                // `}` or `\right` inside a cell: not this environment's.
                _ => self.stray(),
            }
        }
        // A trailing `\\` leaves an empty last row.
        if !(row.len() == 1 && matches!(&row[0], MathNode::Row(cells) if cells.is_empty())) {
            rows.push(row);
        }
        MathNode::Table {
            rows,
            open: open.into(),
            close: close.into(),
            align_left,
        }
    }
}

fn op(text: &str) -> MathNode {
    MathNode::Op {
        text: text.into(),
        large: false,
    }
}

fn is_integral(text: &str) -> bool {
    matches!(text, "∫" | "∬" | "∭" | "∮")
}

fn takes_limits(name: &str) -> bool {
    matches!(
        name,
        "lim"
            | "liminf"
            | "limsup"
            | "max"
            | "min"
            | "sup"
            | "inf"
            | "det"
            | "gcd"
            | "Pr"
            | "argmax"
            | "argmin"
    )
}

fn accent(name: &str) -> &'static str {
    match name {
        "hat" | "widehat" => "^",
        "bar" | "overline" => "‾",
        "vec" | "overrightarrow" => "→",
        "tilde" | "widetilde" => "~",
        "dot" => "˙",
        "ddot" => "¨",
        "check" => "ˇ",
        "breve" => "˘",
        "acute" => "´",
        "grave" => "`",
        _ => "⏞",
    }
}

/// Greek letters, symbols, operators and function names.
fn symbol(name: &str) -> Option<MathNode> {
    const GREEK: [(&str, &str); 40] = [
        ("alpha", "α"),
        ("beta", "β"),
        ("gamma", "γ"),
        ("delta", "δ"),
        ("epsilon", "ϵ"),
        ("varepsilon", "ε"),
        ("zeta", "ζ"),
        ("eta", "η"),
        ("theta", "θ"),
        ("vartheta", "ϑ"),
        ("iota", "ι"),
        ("kappa", "κ"),
        ("lambda", "λ"),
        ("mu", "μ"),
        ("nu", "ν"),
        ("xi", "ξ"),
        ("pi", "π"),
        ("varpi", "ϖ"),
        ("rho", "ρ"),
        ("varrho", "ϱ"),
        ("sigma", "σ"),
        ("varsigma", "ς"),
        ("tau", "τ"),
        ("upsilon", "υ"),
        ("phi", "ϕ"),
        ("varphi", "φ"),
        ("chi", "χ"),
        ("psi", "ψ"),
        ("omega", "ω"),
        ("ell", "ℓ"),
        ("Gamma", "Γ"),
        ("Delta", "Δ"),
        ("Theta", "Θ"),
        ("Lambda", "Λ"),
        ("Xi", "Ξ"),
        ("Pi", "Π"),
        ("Sigma", "Σ"),
        ("Phi", "Φ"),
        ("Psi", "Ψ"),
        ("Omega", "Ω"),
    ];
    const OPERATORS: [(&str, &str); 74] = [
        ("times", "×"),
        ("cdot", "⋅"),
        ("div", "÷"),
        ("pm", "±"),
        ("mp", "∓"),
        ("ast", "∗"),
        ("star", "⋆"),
        ("circ", "∘"),
        ("bullet", "∙"),
        ("oplus", "⊕"),
        ("otimes", "⊗"),
        ("cup", "∪"),
        ("cap", "∩"),
        ("setminus", "∖"),
        ("wedge", "∧"),
        ("land", "∧"),
        ("vee", "∨"),
        ("lor", "∨"),
        ("neg", "¬"),
        ("lnot", "¬"),
        ("leq", "≤"),
        ("le", "≤"),
        ("geq", "≥"),
        ("ge", "≥"),
        ("neq", "≠"),
        ("ne", "≠"),
        ("approx", "≈"),
        ("sim", "∼"),
        ("simeq", "≃"),
        ("cong", "≅"),
        ("equiv", "≡"),
        ("propto", "∝"),
        ("ll", "≪"),
        ("gg", "≫"),
        ("in", "∈"),
        ("notin", "∉"),
        ("ni", "∋"),
        ("subset", "⊂"),
        ("supset", "⊃"),
        ("subseteq", "⊆"),
        ("supseteq", "⊇"),
        ("to", "→"),
        ("rightarrow", "→"),
        ("leftarrow", "←"),
        ("gets", "←"),
        ("leftrightarrow", "↔"),
        ("Rightarrow", "⇒"),
        ("implies", "⟹"),
        ("Leftarrow", "⇐"),
        ("Leftrightarrow", "⇔"),
        ("iff", "⟺"),
        ("mapsto", "↦"),
        ("uparrow", "↑"),
        ("downarrow", "↓"),
        ("longrightarrow", "⟶"),
        ("infty", "∞"),
        ("partial", "∂"),
        ("nabla", "∇"),
        ("forall", "∀"),
        ("exists", "∃"),
        ("emptyset", "∅"),
        ("varnothing", "∅"),
        ("ldots", "…"),
        ("dots", "…"),
        ("cdots", "⋯"),
        ("vdots", "⋮"),
        ("ddots", "⋱"),
        ("prime", "′"),
        ("angle", "∠"),
        ("perp", "⊥"),
        ("parallel", "∥"),
        ("mid", "∣"),
        ("langle", "⟨"),
        ("rangle", "⟩"),
    ];
    const LARGE: [(&str, &str); 11] = [
        ("sum", "∑"),
        ("prod", "∏"),
        ("coprod", "∐"),
        ("int", "∫"),
        ("iint", "∬"),
        ("iiint", "∭"),
        ("oint", "∮"),
        ("bigcup", "⋃"),
        ("bigcap", "⋂"),
        ("bigoplus", "⨁"),
        ("bigotimes", "⨂"),
    ];
    const FUNCTIONS: [&str; 32] = [
        "sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "sinh", "cosh",
        "tanh", "log", "ln", "lg", "exp", "lim", "liminf", "limsup", "max", "min", "sup", "inf",
        "det", "gcd", "deg", "dim", "ker", "arg", "Pr", "mod", "hom",
    ];
    const ESCAPED: [(&str, &str); 9] = [
        ("{", "{"),
        ("}", "}"),
        ("|", "‖"),
        ("%", "%"),
        ("$", "$"),
        ("#", "#"),
        ("&", "&"),
        ("_", "_"),
        ("lbrace", "{"),
    ];
    if let Some((_, letter)) = GREEK.iter().find(|(n, _)| *n == name) {
        // Capital Greek is upright in TeX.
        return Some(if letter.chars().all(char::is_uppercase) {
            MathNode::Upright((*letter).into())
        } else {
            MathNode::Ident((*letter).into())
        });
    }
    if let Some((_, text)) = OPERATORS
        .iter()
        .chain(ESCAPED.iter())
        .find(|(n, _)| *n == name)
    {
        return Some(op(text));
    }
    if let Some((_, text)) = LARGE.iter().find(|(n, _)| *n == name) {
        return Some(MathNode::Op {
            text: (*text).into(),
            large: true,
        });
    }
    FUNCTIONS
        .contains(&name)
        .then(|| MathNode::Upright(name.into()))
}

/// Applies a font command to the letters and digits of a node, as Unicode mathematical
/// alphanumerics (MathML Core has no other way to style them).
fn restyle(node: MathNode, style: &str) -> MathNode {
    let map = |text: String| -> String { text.chars().map(|c| styled_char(c, style)).collect() };
    match node {
        MathNode::Ident(t) => MathNode::Ident(map(t)),
        MathNode::Upright(t) => MathNode::Upright(map(t)),
        MathNode::Number(t) => MathNode::Number(map(t)),
        MathNode::Row(children) => {
            MathNode::Row(children.into_iter().map(|c| restyle(c, style)).collect())
        }
        MathNode::Scripts {
            base,
            sub,
            sup,
            limits,
        } => MathNode::Scripts {
            base: Box::new(restyle(*base, style)),
            sub,
            sup,
            limits,
        },
        other => other,
    }
}

fn styled_char(c: char, style: &str) -> char {
    let offset =
        |base: u32, from: char| char::from_u32(base + (c as u32 - from as u32)).unwrap_or(c);
    let letters = |upper: u32, lower: u32, exceptions: &[(char, char)]| {
        if let Some((_, special)) = exceptions.iter().find(|(plain, _)| *plain == c) {
            *special
        } else if c.is_ascii_uppercase() {
            offset(upper, 'A')
        } else if c.is_ascii_lowercase() {
            offset(lower, 'a')
        } else {
            c
        }
    };
    let digits = |base: u32| {
        if c.is_ascii_digit() {
            offset(base, '0')
        } else {
            c
        }
    };
    match style {
        "mathbf" | "boldsymbol" | "bm" if c.is_ascii_digit() => digits(0x1D7CE),
        "mathbf" | "boldsymbol" | "bm" => letters(0x1D400, 0x1D41A, &[]),
        "mathbb" if c.is_ascii_digit() => digits(0x1D7D8),
        "mathbb" => letters(
            0x1D538,
            0x1D552,
            &[
                ('C', 'ℂ'),
                ('H', 'ℍ'),
                ('N', 'ℕ'),
                ('P', 'ℙ'),
                ('Q', 'ℚ'),
                ('R', 'ℝ'),
                ('Z', 'ℤ'),
            ],
        ),
        "mathcal" | "mathscr" => letters(
            0x1D49C,
            0x1D4B6,
            &[
                ('B', 'ℬ'),
                ('E', 'ℰ'),
                ('F', 'ℱ'),
                ('H', 'ℋ'),
                ('I', 'ℐ'),
                ('L', 'ℒ'),
                ('M', 'ℳ'),
                ('R', 'ℛ'),
                ('e', 'ℯ'),
                ('g', 'ℊ'),
                ('o', 'ℴ'),
            ],
        ),
        "mathfrak" => letters(
            0x1D504,
            0x1D51E,
            &[('C', 'ℭ'), ('H', 'ℌ'), ('I', 'ℑ'), ('R', 'ℜ'), ('Z', 'ℨ')],
        ),
        "mathsf" if c.is_ascii_digit() => digits(0x1D7E2),
        "mathsf" => letters(0x1D5A0, 0x1D5BA, &[]),
        "mathtt" if c.is_ascii_digit() => digits(0x1D7F6),
        "mathtt" => letters(0x1D670, 0x1D68A, &[]),
        _ => c,
    }
}

#[cfg(test)]
#[path = "math_tests.rs"]
mod tests;
