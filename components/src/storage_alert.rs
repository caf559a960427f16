//! A standing notice when Skein cannot save: storage full (read-only until space is freed),
//! closed for another tab's upgrade (reload), or an upgrade waiting for other tabs to close.

use crate::i18n::t;
use leptos::prelude::*;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StorageAlert {
    /// Writes fail for lack of space.
    Full,
    /// Another tab updated Skein's storage; this tab must reload to go on saving.
    Upgraded,
    /// Storage opens once other Skein tabs (holding an older version) close or reload.
    WaitingForOtherTabs,
}

impl StorageAlert {
    /// Whether sending and editing must wait (nothing new could be saved).
    pub fn read_only(&self) -> bool {
        !matches!(self, Self::WaitingForOtherTabs)
    }
}

#[component]
pub fn StorageAlertBar(
    #[prop(into)] alert: Signal<Option<StorageAlert>>,
    /// Try writing again (after the user freed space).
    #[prop(into)]
    on_check: Callback<()>,
    #[prop(into)] on_reload: Callback<()>,
) -> impl IntoView {
    move || {
        alert.get().map(|alert| {
            let (kind, text, action) = match alert {
                StorageAlert::Full => (
                    "full",
                    "Storage is full, so Skein is read-only: you can read, export, back up and \
                     delete, but nothing new can be saved until space is freed (delete \
                     conversations here, or other sites' data in the browser's settings). Nothing \
                     saved was lost."
                        .to_owned(),
                    Some(view! {
                        <button type="button" data-testid="storage-check"
                            on:click=move |_| on_check.run(())>{t("storage-check-again")}</button>
                    }.into_any()),
                ),
                StorageAlert::Upgraded => (
                    "upgraded",
                    "Skein was updated in another tab, so this tab can no longer save. Reload it to \
                     go on; nothing saved was lost."
                        .to_owned(),
                    Some(view! {
                        <button type="button" data-testid="storage-reload"
                            on:click=move |_| on_reload.run(())>{t("reload")}</button>
                    }.into_any()),
                ),
                StorageAlert::WaitingForOtherTabs => (
                    "waiting",
                    "Skein is updating its storage and waits for its other tabs: close or reload \
                     them and it goes on by itself."
                        .to_owned(),
                    None,
                ),
            };
            view! {
                <div class="storage-alert" role="alert" data-testid="storage-alert" data-kind=kind>
                    <span>{text}</span>
                    {action}
                </div>
            }
        })
    }
}
