//! The settings' backup and import controls, and the top bar's export buttons.

use crate::i18n::t;
use crate::icons::{icon, Icon};
use leptos::prelude::*;
use skein_engine::store::export::ExportFormat;
use wasm_bindgen::JsCast;

/// "Back up everything" (API keys only when the user ticks the box), and the file picker that
/// imports or restores.
#[component]
pub fn BackupPanel(
    /// Called with whether API keys go into the backup.
    #[prop(into)]
    on_backup: Callback<bool>,
    /// Called with the file input once the user picked a file.
    #[prop(into)]
    on_import: Callback<web_sys::HtmlInputElement>,
) -> impl IntoView {
    let include_keys = RwSignal::new(false);
    view! {
        <div class="backup" role="group" aria-label=t("backup-label")>
            <label>
                <input type="checkbox" data-testid="backup-include-keys"
                    prop:checked=move || include_keys.get()
                    on:change=move |ev| include_keys.set(event_target_checked(&ev)) />
                {t("backup-include-keys")}
            </label>
            <button type="button" data-testid="backup"
                on:click=move |_| on_backup.run(include_keys.get_untracked())>
                {t("backup-everything")}
            </button>
        </div>
        <label class="import">
            {t("backup-import")}
            <input type="file" accept=".json,application/json" data-testid="import-file"
                on:change=move |ev| {
                    if let Some(input) = ev
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                    {
                        on_import.run(input);
                    }
                } />
        </label>
    }
}

/// Exports the conversation on screen as Markdown or JSON.
#[component]
pub fn ExportButtons(#[prop(into)] on_export: Callback<ExportFormat>) -> impl IntoView {
    view! {
        <div class="export" role="group" aria-label=t("export-label")>
            <button type="button" class="with-icon" data-testid="export-markdown"
                on:click=move |_| on_export.run(ExportFormat::Markdown)>
                {icon(Icon::Download)}
                <span><span class="wide-only">{t("export-verb")}" "</span>{t("export-markdown")}</span>
            </button>
            <button type="button" class="with-icon" data-testid="export-json"
                on:click=move |_| on_export.run(ExportFormat::Json)>
                {icon(Icon::Download)}
                <span><span class="wide-only">{t("export-verb")}" "</span>{t("export-json")}</span>
            </button>
        </div>
    }
}
