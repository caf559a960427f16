//! Settings' "About": which version this is, and whether it works offline.

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
        Some(build) => format!("Skein {version} (build {build})"),
        None => format!("Skein {version} (development build)"),
    };
    let offline_text = move || match offline.get() {
        OfflineStatus::Checking => "Checking whether Skein works offline…".to_owned(),
        OfflineStatus::Ready => {
            "Works offline: your conversations, search, settings and export need no network; \
             messages wait until you are back online."
                .to_owned()
        }
        OfflineStatus::NotInThisBuild => {
            "This development build does not work offline (use `cargo xtask serve`).".to_owned()
        }
        OfflineStatus::Unavailable(why) => format!("This browser cannot keep Skein offline: {why}"),
    };
    view! {
        <section class="about" aria-label="About" data-testid="about">
            <h4>"About"</h4>
            <p data-testid="app-version">{version_text}</p>
            <p data-testid="offline-status">{offline_text}</p>
        </section>
    }
}
