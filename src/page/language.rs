//! The interface language, settled before the views mount: the saved choice, else the first of
//! the browser's languages Skein ships (`skein_engine::i18n::Language::negotiate`). Its file
//! (`locales/{tag}.ftl`, beside the app) is fetched, read and installed for the page's life;
//! choosing another language saves it and loads the page again.

use skein_engine::i18n::{Language, Localizer};

/// The language the preferences ask for.
pub fn wanted() -> Language {
    crate::page::preferences::load()
        .language
        .unwrap_or_else(|| Language::negotiate(&skein_platform::browser_languages()))
}

/// Installs the wanted language's words and marks the root (`lang`, `dir`). `base` is where the
/// app's files are (empty: beside the page). Every language, English too, is a fetched file,
/// so only the chosen one is downloaded. A file that cannot be fetched or read falls back to
/// English; with no file at all the interface shows message ids, and the console says why.
pub async fn start(base: &str) {
    let language = wanted();
    let localizer = match load(base, language).await {
        Ok(localizer) => localizer,
        Err(err) => {
            leptos::logging::warn!("{err}");
            let english = match language {
                Language::English => Err(err),
                _ => load(base, Language::English).await,
            };
            english.unwrap_or_else(|err| {
                leptos::logging::error!("no interface language could be read: {err}");
                Localizer::empty(Language::English)
            })
        }
    };
    mark_root(localizer.language());
    skein_components::install_localizer(localizer);
}

/// `language`'s file, fetched from `{base}locales/` and read.
async fn load(base: &str, language: Language) -> Result<Localizer, String> {
    let url = format!("{base}locales/{}.ftl", language.tag());
    let source = skein_platform::fetch_text(&url).await?;
    Localizer::new(language, &source).map_err(|e| format!("{url}, {e}"))
}

/// `lang` and `dir` on the root the theme goes on (the page, or the embedding element).
fn mark_root(language: Language) {
    if let Some(root) = crate::page::embedded::theme_root() {
        let _ = root.set_attribute("lang", language.tag());
        let _ = root.set_attribute("dir", language.dir());
    }
}
