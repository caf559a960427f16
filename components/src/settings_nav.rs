//! The settings' sections: each is its own page, chosen from a list beside it (above it on
//! phones). Every section stays mounted while the settings are open, so an edit not yet
//! saved survives a look at another section.

use crate::i18n::t;
use leptos::prelude::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SettingsSection {
    #[default]
    Providers,
    Assistants,
    Characters,
    WorldBooks,
    Knowledge,
    Tools,
    Appearance,
    Usage,
    Sync,
    Data,
}

impl SettingsSection {
    pub const ALL: [Self; 10] = [
        Self::Providers,
        Self::Assistants,
        Self::Characters,
        Self::WorldBooks,
        Self::Knowledge,
        Self::Tools,
        Self::Appearance,
        Self::Usage,
        Self::Sync,
        Self::Data,
    ];

    /// The name shown in the list and as the page's heading.
    pub fn label(self) -> &'static str {
        match self {
            Self::Providers => t("settings-providers"),
            Self::Assistants => t("settings-assistants"),
            Self::Characters => t("settings-characters"),
            Self::WorldBooks => t("settings-world-books"),
            Self::Knowledge => t("settings-knowledge"),
            Self::Tools => t("settings-tools"),
            Self::Appearance => t("settings-appearance"),
            Self::Usage => t("settings-usage"),
            Self::Sync => t("settings-sync"),
            Self::Data => t("settings-data"),
        }
    }

    /// One line under the heading: what the page holds.
    pub fn summary(self) -> &'static str {
        match self {
            Self::Providers => t("settings-providers-summary"),
            Self::Assistants => t("settings-assistants-summary"),
            Self::Characters => t("settings-characters-summary"),
            Self::WorldBooks => t("settings-world-books-summary"),
            Self::Knowledge => t("settings-knowledge-summary"),
            Self::Tools => t("settings-tools-summary"),
            Self::Appearance => t("settings-appearance-summary"),
            Self::Usage => t("settings-usage-summary"),
            Self::Sync => t("settings-sync-summary"),
            Self::Data => t("settings-data-summary"),
        }
    }

    /// The name in test IDs and element IDs.
    pub fn slug(self) -> &'static str {
        match self {
            Self::Providers => "providers",
            Self::Assistants => "assistants",
            Self::Characters => "characters",
            Self::WorldBooks => "world-books",
            Self::Knowledge => "knowledge",
            Self::Tools => "tools",
            Self::Appearance => "appearance",
            Self::Usage => "usage",
            Self::Sync => "sync",
            Self::Data => "data",
        }
    }
}

/// The list of sections; the current one is marked for assistive technology.
#[component]
pub fn SettingsNav(
    #[prop(into)] current: Signal<SettingsSection>,
    #[prop(into)] on_select: Callback<SettingsSection>,
) -> impl IntoView {
    view! {
        <nav class="settings-nav" aria-label=t("settings-sections-label")>
            <ul>
                {SettingsSection::ALL.iter().map(|&section| view! {
                    <li>
                        <button type="button" data-testid=format!("settings-section-{}", section.slug())
                            aria-controls=format!("settings-page-{}", section.slug())
                            aria-current=move || (current.get() == section).then_some("page")
                            on:click=move |_| on_select.run(section)>
                            {section.label()}
                        </button>
                    </li>
                }).collect_view()}
            </ul>
        </nav>
    }
}

/// One section's page: hidden unless it is the current one.
#[component]
pub fn SettingsPage(
    section: SettingsSection,
    #[prop(into)] current: Signal<SettingsSection>,
    children: Children,
) -> impl IntoView {
    view! {
        <section class="settings-page" id=format!("settings-page-{}", section.slug())
            data-testid=format!("settings-page-{}", section.slug())
            aria-labelledby=format!("settings-heading-{}", section.slug())
            hidden=move || current.get() != section>
            <h3 id=format!("settings-heading-{}", section.slug())>{section.label()}</h3>
            <p class="settings-summary">{section.summary()}</p>
            {children()}
        </section>
    }
}
