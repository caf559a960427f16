//! Settings' "About": which version this is, and whether it works offline.

use crate::i18n::{t, tf};
use leptos::prelude::*;

/// Whether the app is installed for offline use, as far as this page knows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OfflineStatus {
    /// Still registering the service worker.
    Checking,
    /// Every file is cached: the app starts without the network.
    Ready,
    /// A development build (`cargo xtask serve --dev`) has no service worker.
    NotInThisBuild,
    /// The browser refused (private mode, storage off, not a secure origin): why.
    Unavailable(String),
}

#[component]
pub fn AboutPanel(
    /// `0.1.0`.
    version: &'static str,
    /// The build's content hash, `None` in a development build.
    build_id: Option<String>,
    #[prop(into)] offline: Signal<OfflineStatus>,
) -> impl IntoView {
    let version_text = match &build_id {
        Some(build) => tf(
            "about-version",
            &[("version", version.into()), ("build", build.into())],
        ),
        None => tf("about-version-dev", &[("version", version.into())]),
    };
    let offline_text = move || match offline.get() {
        OfflineStatus::Checking => t("offline-checking").to_owned(),
        OfflineStatus::Ready => t("offline-ready").to_owned(),
        OfflineStatus::NotInThisBuild => t("offline-not-in-build").to_owned(),
        OfflineStatus::Unavailable(why) => tf("offline-unavailable", &[("why", why.into())]),
    };
    view! {
        <section class="about" aria-label=t("about-heading") data-testid="about">
            <h4>{t("about-heading")}</h4>
            <p data-testid="app-version">{version_text}</p>
            <p data-testid="offline-status">{offline_text}</p>
        </section>
    }
}
