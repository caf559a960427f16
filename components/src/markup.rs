//! Math and highlighted code in answers, whose code the app may load on first use.
//!
//! The Markdown view does not call the TeX reader ([`crate::math_view`]) or the highlighter
//! itself: it asks the [`LazyMarkup`] the app provides. Until that holds [`MarkupParts`], a
//! formula shows as its TeX source and code as plain text (nothing is hidden or lost), and the
//! first such block asks the app to load them; once they are there, every block still waiting
//! is drawn again. The web build puts them in a module of their own (src/split/markup.rs), so a
//! reader who never sees a formula or a code block never downloads their code.

use leptos::prelude::*;

/// The functions that draw math and highlighted code.
#[derive(Clone, Copy)]
pub struct MarkupParts {
    /// A TeX formula as MathML (`true`: a display formula).
    pub math: fn(&str, bool) -> AnyView,
    /// Code in the given language, its tokens highlighted.
    pub code: fn(Option<&str>, &str) -> AnyView,
}

/// Every part: only what loads them (the app's split module, or a build without one) names
/// this, so the first module of a split build does not hold their code.
pub const MARKUP_PARTS: MarkupParts = MarkupParts {
    math: crate::math_view::render_math,
    code: crate::code_view::highlighted_code,
};

/// The parts as the app provides them (a context): there, or being fetched.
#[derive(Clone, Copy)]
pub struct LazyMarkup {
    /// The parts, once loaded (tracked by the blocks that wait for them).
    pub parts: RwSignal<Option<MarkupParts>>,
    /// Asks for them (called by every waiting block; the app loads once at a time, and again
    /// after a failure).
    pub request: Callback<()>,
}

impl LazyMarkup {
    /// Parts that are there from the start (a build without splitting, tests).
    pub fn ready(parts: MarkupParts) -> Self {
        Self {
            parts: RwSignal::new(Some(parts)),
            request: Callback::new(|()| {}),
        }
    }
}

/// `draw` with the parts when they are there; until then `plain`, drawn again with the parts
/// once they load. Without a [`LazyMarkup`] in context, only `plain`.
fn with_parts(
    draw: impl Fn(MarkupParts) -> AnyView + Send + Sync + 'static,
    plain: impl Fn() -> AnyView + Send + Sync + 'static,
) -> AnyView {
    let Some(lazy) = use_context::<LazyMarkup>() else {
        return plain();
    };
    if let Some(parts) = lazy.parts.get_untracked() {
        return draw(parts);
    }
    lazy.request.run(());
    (move || match lazy.parts.get() {
        Some(parts) => draw(parts),
        None => plain(),
    })
    .into_any()
}

/// A TeX formula: MathML once the parts are there, its source until then.
pub fn math(tex: &str, display: bool) -> AnyView {
    let tex = tex.to_owned();
    let source = tex.trim().to_owned();
    with_parts(
        move |parts| (parts.math)(&tex, display),
        move || {
            let class = if display {
                "math-source block"
            } else {
                "math-source"
            };
            view! { <code class=class data-testid="math-source">{source.clone()}</code> }.into_any()
        },
    )
}

/// Code highlighted once the parts are there, plain text until then.
pub fn code(language: Option<String>, code: String) -> AnyView {
    let plain = code.clone();
    with_parts(
        move |parts| (parts.code)(language.as_deref(), &code),
        move || view! { {plain.clone()} }.into_any(),
    )
}
