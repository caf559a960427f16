//! "A new version of Skein is ready. Reload": what the update stands at
//! ([`AppUpdate`](skein_engine::domain::app_update::AppUpdate)), with the button while it helps.

use crate::i18n::t;
use leptos::prelude::*;
use skein_engine::domain::app_update::AppUpdate;

#[component]
pub fn UpdateNotice(
    #[prop(into)] update: Signal<AppUpdate>,
    #[prop(into)] on_reload: Callback<()>,
) -> impl IntoView {
    move || {
        update.get().notice().map(|(text, offers_reload)| {
            view! {
                <div class="toast update-notice" role="status" data-testid="update-notice">
                    <span>{text}</span>
                    {offers_reload.then(|| view! {
                        <button type="button" data-testid="update-reload"
                            on:click=move |_| on_reload.run(())>{t("reload")}</button>
                    })}
                </div>
            }
        })
    }
}
