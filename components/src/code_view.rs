//! Code with its tokens highlighted, as views: one of the parts the app may load on first use
//! ([`crate::markup::MARKUP_PARTS`]), beside the TeX reader ([`crate::math_view`]).

use leptos::prelude::*;
use skein_engine::render::markdown::highlight::highlight;

/// `code` in `language` with its tokens highlighted.
pub fn highlighted_code(language: Option<&str>, code: &str) -> AnyView {
    highlight(language, code)
        .into_iter()
        .map(|(token, text)| {
            let text = text.to_owned();
            match token.class() {
                "" => view! { {text} }.into_any(),
                class => view! { <span class=class>{text}</span> }.into_any(),
            }
        })
        .collect_view()
        .into_any()
}
