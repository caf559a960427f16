//! TeX math on screen as MathML, which the browser lays out itself: the engine converts the
//! TeX ([`skein_engine::render::markdown::math`]) into a tree, and this module turns the tree into
//! MathML elements, text always as text. The TeX source stays available as the element's
//! accessible label and tooltip.

use leptos::prelude::*;
use skein_engine::render::markdown::math::{parse_math, MathNode};

pub fn render_math(tex: &str, display: bool) -> AnyView {
    let tree = parse_math(tex.trim());
    let source = tex.trim().to_owned();
    let display = if display { "block" } else { "inline" };
    view! {
        <math display=display data-testid="math" aria-label=source.clone() title=source>
            {node(&tree)}
        </math>
    }
    .into_any()
}

fn children(nodes: &[MathNode]) -> AnyView {
    nodes.iter().map(node).collect_view().into_any()
}

fn node(node: &MathNode) -> AnyView {
    match node {
        MathNode::Ident(text) => view! { <mi>{text.clone()}</mi> }.into_any(),
        MathNode::Upright(text) => {
            view! { <mi mathvariant="normal">{text.clone()}</mi> }.into_any()
        }
        MathNode::Number(text) => view! { <mn>{text.clone()}</mn> }.into_any(),
        // ∑, ∫ and kin are large operators by the browser's operator dictionary.
        MathNode::Op { text, .. } => view! { <mo>{text.clone()}</mo> }.into_any(),
        MathNode::Text(text) => view! { <mtext>{text.clone()}</mtext> }.into_any(),
        MathNode::Row(nodes) => view! { <mrow>{children(nodes)}</mrow> }.into_any(),
        MathNode::Frac { num, den, line } => {
            let thickness = if *line { "" } else { "0" };
            view! { <mfrac linethickness=thickness>{self::node(num)}{self::node(den)}</mfrac> }
                .into_any()
        }
        MathNode::Sqrt(base) => view! { <msqrt>{self::node(base)}</msqrt> }.into_any(),
        MathNode::Root { base, index } => {
            view! { <mroot>{self::node(base)}{self::node(index)}</mroot> }.into_any()
        }
        MathNode::Scripts {
            base,
            sub,
            sup,
            limits,
        } => scripts(base, sub.as_deref(), sup.as_deref(), *limits),
        MathNode::Accent { base, accent, over } => {
            let mark = view! { <mo stretchy="true">{accent.clone()}</mo> };
            if *over {
                view! { <mover accent="true">{self::node(base)}{mark}</mover> }.into_any()
            } else {
                view! { <munder accentunder="true">{self::node(base)}{mark}</munder> }.into_any()
            }
        }
        MathNode::Fenced { open, close, body } => view! {
            <mrow>
                <mo fence="true" stretchy="true">{open.clone()}</mo>
                {self::node(body)}
                <mo fence="true" stretchy="true">{close.clone()}</mo>
            </mrow>
        }
        .into_any(),
        MathNode::Table {
            rows,
            open,
            close,
            align_left,
        } => {
            let align = if *align_left { "left" } else { "center" };
            let rows = rows
                .iter()
                .map(|cells| {
                    let cells = cells
                        .iter()
                        .map(|cell| view! { <mtd columnalign=align>{self::node(cell)}</mtd> })
                        .collect_view();
                    view! { <mtr>{cells}</mtr> }
                })
                .collect_view();
            view! {
                <mrow>
                    <mo fence="true" stretchy="true">{open.clone()}</mo>
                    <mtable>{rows}</mtable>
                    <mo fence="true" stretchy="true">{close.clone()}</mo>
                </mrow>
            }
            .into_any()
        }
        MathNode::Space(em) => view! { <mspace width=format!("{em}em") /> }.into_any(),
        MathNode::Error(source) => {
            view! { <merror><mtext>{source.clone()}</mtext></merror> }.into_any()
        }
    }
}

fn scripts(
    base: &MathNode,
    sub: Option<&MathNode>,
    sup: Option<&MathNode>,
    limits: bool,
) -> AnyView {
    let base = node(base);
    match (sub.map(node), sup.map(node), limits) {
        (Some(sub), Some(sup), false) => view! { <msubsup>{base}{sub}{sup}</msubsup> }.into_any(),
        (Some(sub), Some(sup), true) => {
            view! { <munderover>{base}{sub}{sup}</munderover> }.into_any()
        }
        (Some(sub), None, false) => view! { <msub>{base}{sub}</msub> }.into_any(),
        (Some(sub), None, true) => view! { <munder>{base}{sub}</munder> }.into_any(),
        (None, Some(sup), false) => view! { <msup>{base}{sup}</msup> }.into_any(),
        (None, Some(sup), true) => view! { <mover>{base}{sup}</mover> }.into_any(),
        (None, None, _) => base,
    }
}
