//! Math and syntax highlighting in answers, loaded on first use.
//!
//! The Markdown view asks for them through the [`LazyMarkup`] context when it first draws a
//! formula or a code block (`components/src/markup.rs`); until they are there it shows the TeX
//! source and plain code. With the `split` feature (the web build of `cargo xtask dist`),
//! [`markup_split`] is a split point: the TeX reader, its MathML view and the highlighter go
//! into their own module (`split_markup.wasm`), which the service worker precaches with the
//! rest of the build, so they work offline too. Without the feature they are there from the
//! start. A module that cannot be fetched leaves the source and plain code on screen; the next
//! formula or code block drawn tries again.

#[cfg(feature = "split")]
use crate::runtime::LoadFailed;
use leptos::prelude::*;
use skein_components::LazyMarkup;
#[cfg(feature = "split")]
use skein_components::MarkupParts;

#[cfg(feature = "split")]
#[leptos::wasm_split::wasm_split(markup, wasm_split_path = ::leptos::wasm_split, fallible)]
fn markup_split() -> Result<MarkupParts, LoadFailed> {
    Ok(skein_components::MARKUP_PARTS)
}

/// Provides the context the Markdown view draws math and code with.
pub fn provide() {
    #[cfg(not(feature = "split"))]
    let lazy = LazyMarkup::ready(skein_components::MARKUP_PARTS);
    #[cfg(feature = "split")]
    let lazy = {
        let parts = RwSignal::new(None);
        let loading = StoredValue::new(false);
        let request = Callback::new(move |()| {
            if loading.get_value() || parts.with_untracked(Option::is_some) {
                return;
            }
            loading.set_value(true);
            leptos::task::spawn_local(async move {
                if let Ok(loaded) = markup_split().await {
                    parts.set(Some(loaded));
                }
                loading.set_value(false);
            });
        });
        LazyMarkup { parts, request }
    };
    provide_context(lazy);
}
