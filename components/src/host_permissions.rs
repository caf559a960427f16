//! Settings in the browser extension: the sites Skein may reach (the providers the user granted),
//! each with "Revoke".

use crate::i18n::t;
use leptos::prelude::*;

#[component]
pub fn HostPermissions(
    /// The granted host patterns; `None` outside the extension (nothing is shown).
    #[prop(into)]
    hosts: Signal<Option<Vec<String>>>,
    #[prop(into)] on_revoke: Callback<String>,
) -> impl IntoView {
    move || {
        hosts.get().map(|hosts| {
            let empty = hosts.is_empty();
            view! {
                <section class="host-permissions" aria-label=t("host-permissions-heading") data-testid="host-permissions">
                    <h4>{t("host-permissions-heading")}</h4>
                    <p class="hint">
                        {t("host-permissions-hint")}
                    </p>
                    {empty.then(|| view! { <p data-testid="no-hosts">{t("host-permissions-none")}</p> })}
                    <ul>
                        {hosts.into_iter().map(|host| {
                            let revoked = host.clone();
                            view! {
                                <li data-testid="granted-host">
                                    <code>{host}</code>
                                    <button type="button" data-testid="revoke-host"
                                        on:click=move |_| on_revoke.run(revoked.clone())>{t("host-permissions-revoke")}</button>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                </section>
            }
        })
    }
}
