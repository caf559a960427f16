//! Sync across devices: the server, passphrase and what to sync to set it up, then what it did
//! last, what it is doing, what went wrong, and the conflicts it resolved; change what syncs,
//! sync now, pause, or stop syncing on this device.

use crate::i18n::{date_time, t, tf};
use leptos::prelude::*;
use skein_engine::chat::SyncConnect;
use skein_engine::sync::settings::Area;
use skein_engine::sync::{ConflictNote, Progress, SettingsConflict, SyncReport, SyncScope};

/// What the panel shows.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SyncView {
    /// The database and user synced with; `None` before sync is set up here.
    pub server: Option<(String, String)>,
    pub paused: bool,
    /// What syncs.
    pub scope: SyncScope,
    /// A round (or the set-up) is running; its progress once it has some.
    pub busy: bool,
    pub progress: Option<Progress>,
    pub last_sync_ms: Option<f64>,
    /// The last round's figures, this session.
    pub report: Option<SyncReport>,
    /// The last error, in words.
    pub error: Option<String>,
    pub conflicts: Vec<ConflictNote>,
    pub settings_conflicts: Vec<SettingsConflict>,
    /// Rounds ended this session (the status carries it as `data-rounds`).
    pub rounds: u32,
    /// Changes here the next round would send, when counted (on opening the settings).
    pub pending: Option<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum SyncAction {
    Connect(SyncConnect),
    /// What syncs, changed.
    Scope(SyncScope),
    /// The settings that lost a conflict, taken instead.
    TakeOther(Area),
    SyncNow,
    Pause(bool),
    Forget,
}

#[component]
pub fn SyncPanel(
    #[prop(into)] view: Signal<SyncView>,
    #[prop(into)] on_action: Callback<SyncAction>,
) -> impl IntoView {
    // Only a change between set up and not rebuilds the page: the form keeps what was typed
    // when connecting fails.
    let connected = Memo::new(move |_| view.with(|v| v.server.is_some()));
    view! {
        <section class="settings sync-panel" data-testid="sync-panel" aria-labelledby="sync-heading">
            <h4 id="sync-heading">{t("sync-heading")}</h4>
            <p class="hint">{t("sync-intro")}</p>
            <p class="hint">{t("sync-what")}</p>
            {move || if connected.get() {
                view! { <SyncStatus view on_action /> }.into_any()
            } else {
                view! { <SyncSetupForm busy=Signal::derive(move || view.with(|v| v.busy)) on_action /> }.into_any()
            }}
            {move || view.with(|v| v.error.clone()).map(|error| view! {
                <p class="error" role="alert" data-testid="sync-error">{error}</p>
            })}
        </section>
    }
}

#[component]
fn SyncSetupForm(busy: Signal<bool>, on_action: Callback<SyncAction>) -> impl IntoView {
    let url = RwSignal::new(String::new());
    let username = RwSignal::new(String::new());
    let password = RwSignal::new(String::new());
    let passphrase = RwSignal::new(String::new());
    let scope = RwSignal::new(SyncScope::default());
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        on_action.run(SyncAction::Connect(SyncConnect {
            url: url.get_untracked(),
            username: username.get_untracked(),
            password: password.get_untracked(),
            passphrase: passphrase.get_untracked(),
            scope: scope.get_untracked(),
        }));
    };
    let field = |label: &'static str,
                 kind: &'static str,
                 testid: &'static str,
                 value: RwSignal<String>,
                 auto: &'static str| {
        let required = testid == "sync-url" || testid == "sync-passphrase";
        view! {
            <label class="field"><span>{t(label)}</span>
                <input type=kind data-testid=testid autocomplete=auto required=required
                    prop:value=move || value.get() on:input=move |ev| value.set(event_target_value(&ev)) /></label>
        }
    };
    view! {
        <form data-testid="sync-setup" on:submit=submit>
            <div class="row">
                {field("sync-url", "url", "sync-url", url, "url")}
            </div>
            <div class="row">
                {field("sync-username", "text", "sync-username", username, "username")}
                {field("sync-password", "password", "sync-password", password, "current-password")}
            </div>
            <div class="row">
                {field("sync-passphrase", "password", "sync-passphrase", passphrase, "new-password")}
            </div>
            <p class="hint">{t("sync-passphrase-hint")}</p>
            <ScopeChoice scope=scope disabled=busy on_change=Callback::new(move |s| scope.set(s)) />
            <div class="form-actions">
                <button type="submit" data-testid="sync-connect" disabled=move || busy.get()>
                    {move || if busy.get() { t("sync-connecting") } else { t("sync-connect") }}
                </button>
            </div>
        </form>
    }
}

#[component]
fn SyncStatus(view: Signal<SyncView>, on_action: Callback<SyncAction>) -> impl IntoView {
    let server = move || {
        view.with(|v| v.server.clone()).map(|(url, user)| {
            if user.is_empty() {
                tf("sync-with-anonymous", &[("url", url.into())])
            } else {
                tf("sync-with", &[("url", url.into()), ("user", user.into())])
            }
        })
    };
    let state_line = move || {
        view.with(|v| match (v.busy, v.progress, v.paused, v.last_sync_ms) {
            (true, Some(Progress::Pulling { applied }), _, _) => {
                tf("sync-pulling", &[("count", applied.into())])
            }
            (true, Some(Progress::Pushing { sent, of }), _, _) => tf(
                "sync-pushing",
                &[("sent", sent.into()), ("total", of.into())],
            ),
            (true, None, _, _) => t("sync-running").to_owned(),
            (false, _, true, _) => t("sync-paused").to_owned(),
            (false, _, false, Some(at)) => tf("sync-last", &[("when", date_time(at).into())]),
            (false, _, false, None) => t("sync-never").to_owned(),
        })
    };
    let report = move || {
        view.with(|v| v.report.clone()).map(|r| {
            let mut words = tf(
                "sync-report",
                &[
                    ("pulled", r.pulled.into()),
                    ("pushed", r.pushed.into()),
                    ("deleted", r.deleted_here.into()),
                ],
            );
            if r.unreadable > 0 {
                words.push(' ');
                words.push_str(&tf(
                    "sync-report-unreadable",
                    &[("count", r.unreadable.into())],
                ));
            }
            words
        })
    };
    let busy = move || view.with(|v| v.busy);
    let paused = move || view.with(|v| v.paused);
    view! {
        <div class="sync-status" data-testid="sync-status" data-rounds=move || view.with(|v| v.rounds)>
            <p data-testid="sync-server">{server}</p>
            <p role="status" data-testid="sync-state">{state_line}</p>
            {move || report().map(|r| view! { <p class="hint" data-testid="sync-report">{r}</p> })}
            {move || view.with(|v| v.pending).filter(|&n| n > 0).map(|n| view! {
                <p class="hint" data-testid="sync-pending">{tf("sync-pending", &[("count", n.into())])}</p>
            })}
            <ScopeChoice scope=Signal::derive(move || view.with(|v| v.scope)) disabled=Signal::derive(busy)
                on_change=Callback::new(move |s| on_action.run(SyncAction::Scope(s))) />
            <div class="form-actions">
                <button type="button" data-testid="sync-now" disabled=move || busy() || paused()
                    on:click=move |_| on_action.run(SyncAction::SyncNow)>{t("sync-now")}</button>
                <button type="button" data-testid="sync-pause" disabled=busy
                    on:click=move |_| on_action.run(SyncAction::Pause(!paused()))>
                    {move || if paused() { t("sync-resume") } else { t("sync-pause") }}</button>
                <button type="button" data-testid="sync-forget" disabled=busy
                    on:click=move |_| on_action.run(SyncAction::Forget)>{t("sync-forget")}</button>
            </div>
            <p class="hint">{t("sync-forget-hint")}</p>
            <SettingsConflicts view on_action />
            {move || {
                let conflicts = view.with(|v| v.conflicts.clone());
                (!conflicts.is_empty()).then(|| view! {
                    <h5>{t("sync-conflicts-heading")}</h5>
                    <ul class="sync-conflicts" data-testid="sync-conflicts">
                        {conflicts.into_iter().map(|c| view! {
                            <li>{tf("sync-conflict", &[("kept", c.kept_title.into()), ("other", c.other_title.into()), ("when", date_time(c.at_ms).into())])}</li>
                        }).collect_view()}
                    </ul>
                })
            }}
        </div>
    }
}

/// What to sync: conversations, settings, and API keys with the settings.
#[component]
fn ScopeChoice(
    #[prop(into)] scope: Signal<SyncScope>,
    #[prop(into)] disabled: Signal<bool>,
    on_change: Callback<SyncScope>,
) -> impl IntoView {
    let choice = move |label: &'static str,
                       testid: &'static str,
                       get: fn(&SyncScope) -> bool,
                       set: fn(&mut SyncScope, bool)| {
        let off = move || disabled.get() || (testid == "sync-scope-keys" && !scope.get().settings);
        view! {
            <label class="check">
                <input type="checkbox" data-testid=testid prop:checked=move || get(&scope.get())
                    disabled=off
                    on:change=move |ev| {
                        let mut next = scope.get_untracked();
                        set(&mut next, event_target_checked(&ev));
                        on_change.run(next);
                    } />
                <span>{t(label)}</span>
            </label>
        }
    };
    view! {
        <fieldset class="sync-scope" data-testid="sync-scope">
            <legend>{t("sync-scope-heading")}</legend>
            {choice("sync-scope-conversations", "sync-scope-conversations", |s| s.conversations, |s, on| s.conversations = on)}
            {choice("sync-scope-settings", "sync-scope-settings", |s| s.settings, |s, on| s.settings = on)}
            {choice("sync-scope-keys", "sync-scope-keys", |s| s.keys(), |s, on| s.api_keys = on)}
            <p class="hint">{t("sync-scope-hint")}</p>
        </fieldset>
    }
}

/// The settings areas changed on two devices, each with the version that lost to take instead.
#[component]
fn SettingsConflicts(view: Signal<SyncView>, on_action: Callback<SyncAction>) -> impl IntoView {
    move || {
        let conflicts = view.with(|v| v.settings_conflicts.clone());
        let busy = move || view.with(|v| v.busy);
        (!conflicts.is_empty()).then(|| view! {
            <h5>{t("sync-settings-conflicts-heading")}</h5>
            <ul class="sync-conflicts" data-testid="sync-settings-conflicts">
                {conflicts.into_iter().map(|c| {
                    let area = c.area;
                    let whose = if c.lost_here { t("sync-settings-lost-here") } else { t("sync-settings-lost-there") };
                    let words = tf("sync-settings-conflict", &[
                        ("area", t(area_label(area)).into()),
                        ("whose", whose.into()),
                        ("when", date_time(c.at_ms).into()),
                    ]);
                    view! {
                        <li data-testid="sync-settings-conflict">
                            <span>{words}</span>" "
                            <button type="button" class="link" data-testid="sync-take-other" disabled=busy
                                on:click=move |_| on_action.run(SyncAction::TakeOther(area))>{t("sync-take-other")}</button>
                        </li>
                    }
                }).collect_view()}
            </ul>
        })
    }
}

fn area_label(area: Area) -> &'static str {
    match area {
        Area::Providers => "sync-area-providers",
        Area::Personas => "sync-area-personas",
        Area::WorldBooks => "sync-area-world-books",
        Area::Dictionaries => "sync-area-dictionaries",
        Area::McpServers => "sync-area-mcp-servers",
        Area::WebSearch => "sync-area-web-search",
        Area::Workflows => "sync-area-workflows",
    }
}
