//! The error banner: what went wrong, of which kind (timeout, rate limit, authentication,
//! server, network or CORS…), and a retry when trying again can help.

use crate::i18n::t;
use leptos::prelude::*;
use skein_engine::FailureKind;

#[derive(Debug, Clone, PartialEq)]
pub struct ErrorNotice {
    pub text: String,
    /// Set for a failed answer: names the kind and offers a retry.
    pub kind: Option<FailureKind>,
}

#[component]
pub fn ErrorBanner(
    #[prop(into)] notice: Signal<Option<ErrorNotice>>,
    #[prop(into)] on_retry: Callback<()>,
    #[prop(into)] on_dismiss: Callback<()>,
) -> impl IntoView {
    move || {
        notice.get().map(|notice| {
            let kind = notice.kind;
            view! {
                <div class="banner" role="alert" data-testid="error-banner"
                    data-kind=kind.map(FailureKind::id)>
                    {kind.map(|k| view! { <strong class="error-kind" data-testid="error-kind">{t(k.message_id())}</strong> })}
                    <span>{notice.text}</span>
                    {kind.map(|_| view! {
                        <button type="button" data-testid="retry-button"
                            on:click=move |_| on_retry.run(())>{t("error-retry")}</button>
                    })}
                    <button type="button" aria-label=t("error-dismiss") data-testid="dismiss-banner"
                        on:click=move |_| on_dismiss.run(())>"×"</button>
                </div>
            }
        })
    }
}
