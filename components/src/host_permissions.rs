//! Settings in the browser extension: the sites Skein may reach (the providers the user granted),
//! each with "Revoke".

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
                <section class="host-permissions" aria-label="Sites Skein may reach" data-testid="host-permissions">
                    <h4>"Sites Skein may reach"</h4>
                    <p class="hint">
                        "As an extension, Skein can call providers that do not allow web pages \
                         (no CORS headers), but only the sites you grant, one by one: it asks when \
                         you save a provider."
                    </p>
                    {empty.then(|| view! { <p data-testid="no-hosts">"None yet."</p> })}
                    <ul>
                        {hosts.into_iter().map(|host| {
                            let revoked = host.clone();
                            view! {
                                <li data-testid="granted-host">
                                    <code>{host}</code>
                                    <button type="button" data-testid="revoke-host"
                                        on:click=move |_| on_revoke.run(revoked.clone())>"Revoke"</button>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                </section>
            }
        })
    }
}
