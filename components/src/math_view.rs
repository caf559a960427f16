//! TeX math on screen. Until the TeX-to-MathML converter lands this shows the source, marked
//! as math, so nothing the model wrote is hidden.

use leptos::prelude::*;

pub fn render_math(tex: &str, display: bool) -> AnyView {
    let class = if display { "math math-block" } else { "math" };
    view! { <code class=class data-testid="math">{tex.to_owned()}</code> }.into_any()
}
