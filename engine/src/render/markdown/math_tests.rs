use super::*;
use MathNode::*;

fn id(s: &str) -> MathNode {
    Ident(s.into())
}

fn num(s: &str) -> MathNode {
    Number(s.into())
}

fn o(s: &str) -> MathNode {
    op(s)
}

fn row(nodes: Vec<MathNode>) -> MathNode {
    Row(nodes)
}

#[test]
fn scripts_fractions_and_roots() {
    assert_eq!(
        parse_math("x_i^{2} + \\frac{a}{b} - \\sqrt[3]{y}"),
        row(vec![
            Scripts {
                base: Box::new(id("x")),
                sub: Some(Box::new(id("i"))),
                sup: Some(Box::new(row(vec![num("2")]))),
                limits: false
            },
            o("+"),
            Frac {
                num: Box::new(row(vec![id("a")])),
                den: Box::new(row(vec![id("b")])),
                line: true
            },
            o("−"),
            Root {
                base: Box::new(row(vec![id("y")])),
                index: Box::new(row(vec![num("3")]))
            },
        ])
    );
}

#[test]
fn large_operators_take_limits_but_integrals_do_not() {
    let parsed = parse_math("\\sum_{n=1}^\\infty \\int_0^1 \\lim_{x \\to 0}");
    let Row(nodes) = parsed else { panic!() };
    let limits: Vec<bool> = nodes
        .iter()
        .map(|n| matches!(n, Scripts { limits: true, .. }))
        .collect();
    assert_eq!(limits, [true, false, true]);
}

#[test]
fn symbols_names_and_fonts() {
    assert_eq!(
        parse_math("\\alpha \\Omega \\sin \\leq \\mathbb{R} \\mathcal{L} \\mathbf{v}"),
        row(vec![
            id("α"),
            Upright("Ω".into()),
            Upright("sin".into()),
            o("≤"),
            row(vec![id("ℝ")]),
            row(vec![id("ℒ")]),
            row(vec![id("𝐯")]),
        ])
    );
    assert_eq!(
        parse_math("\\text{if } x"),
        row(vec![Text("if ".into()), id("x")])
    );
}

#[test]
fn fences_and_environments() {
    assert_eq!(
        parse_math("\\left( x \\right]"),
        row(vec![Fenced {
            open: "(".into(),
            close: "]".into(),
            body: Box::new(row(vec![id("x")]))
        }])
    );
    assert_eq!(
        parse_math("\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}"),
        row(vec![Table {
            rows: vec![
                vec![row(vec![id("a")]), row(vec![id("b")])],
                vec![row(vec![id("c")]), row(vec![id("d")])],
            ],
            open: "(".into(),
            close: ")".into(),
            align_left: false
        }])
    );
    let Row(cases) =
        parse_math("f(x) = \\begin{cases} 1 & x > 0 \\\\ 0 & \\text{otherwise} \\\\ \\end{cases}")
    else {
        panic!()
    };
    assert!(
        matches!(cases.last(), Some(Table { rows, open, align_left: true, .. }) if rows.len() == 2 && open == "{")
    );
}

#[test]
fn unknown_commands_and_stray_closers_are_kept_as_source() {
    assert_eq!(
        parse_math("\\weird{x} } \\right)"),
        row(vec![
            Error("\\weird".into()),
            row(vec![id("x")]),
            Error("}".into()),
            Error("\\right".into()),
            o(")"),
        ])
    );
}

/// How deeply a tree nests.
fn depth(node: &MathNode) -> usize {
    match node {
        Row(children) => 1 + children.iter().map(depth).max().unwrap_or(0),
        Frac { num, den, .. } => 1 + depth(num).max(depth(den)),
        Sqrt(base) | Accent { base, .. } => 1 + depth(base),
        Root { base, index } => 1 + depth(base).max(depth(index)),
        Scripts { base, sub, sup, .. } => {
            1 + depth(base)
                .max(sub.as_deref().map_or(0, depth))
                .max(sup.as_deref().map_or(0, depth))
        }
        Fenced { body, .. } => 1 + depth(body),
        Table { rows, .. } => 1 + rows.iter().flatten().map(depth).max().unwrap_or(0),
        _ => 1,
    }
}

#[test]
fn hostile_input_ends_bounded_and_keeps_its_source() {
    for hostile in [
        "{".repeat(10_000),
        "\\frac{".repeat(5_000),
        "x^".repeat(5_000),
        "\\sqrt[".repeat(5_000),
        "\\left(".repeat(5_000),
        "\\begin{matrix}".repeat(3_000),
        "\\".to_owned(),
        "\\begin{pmatrix".to_owned(),
        "a & b \\\\ c".to_owned(),
        "\\text{unclosed".to_owned(),
        "^_^_''".to_owned(),
    ] {
        let tree = parse_math(&hostile);
        assert!(depth(&tree) <= 3 * MAX_MATH_DEPTH + 8, "{}", depth(&tree));
    }
    // Past the depth limit the rest stays visible as source.
    let deep = format!("{}x{}", "{".repeat(100), "}".repeat(100));
    let text = format!("{:?}", parse_math(&deep));
    assert!(text.contains("Error(\"{"), "{text}");
}
