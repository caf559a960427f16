//! The settings screen: a list of its sections beside the current section's page
//! (`skein_components::SettingsNav`); which block of the app goes on which page is decided
//! here, and every block reports to the app's actions.

use crate::state::AppState;
use leptos::prelude::*;
use skein_components::t;
use skein_components::{
    AboutPanel, AppearancePanel, AssistantForm, AssistantPicker, BackupPanel, CharacterGallery,
    DictionaryPanel, FallbackList, HostPermissions, KnowledgePanel, McpPanel, MemoryPanel,
    NotificationToggle, PersonaPanel, Said, SettingsForm, SettingsNav, SettingsPage,
    SettingsSection, StorageInfo, SyncPanel, UsagePanel, WebSearchForm, WorldBookPanel,
};

#[component]
pub fn SettingsScreen(
    state: AppState,
    /// The keyboard shortcuts' list (Appearance has a button that opens it).
    help: RwSignal<bool>,
) -> impl IntoView {
    let section = Signal::derive(move || state.settings_section.get());
    // The usage figures are read when their page is shown (calls may have ended since).
    Effect::new(move |_| {
        if state.show_settings.get() {
            match section.get() {
                SettingsSection::Usage => crate::usage::refresh(state),
                SettingsSection::Providers => crate::settings_actions::refresh_chain(state),
                SettingsSection::Sync => crate::sync::show(state),
                _ => {}
            }
        }
    });
    view! {
        <section class="settings-screen" data-testid="settings-screen" aria-label=t("app-settings")>
            <div class="settings-header">
                <h2>{t("app-settings")}</h2>
                <button type="button" data-testid="close-settings"
                    on:click=move |_| state.show_settings.set(false)>{t("workflow-back-to-chat")}</button>
            </div>
            <div class="settings-body">
                <SettingsNav current=section on_select=move |s| state.settings_section.set(s) />
                <div class="settings-pages">
                    <SettingsPage section=SettingsSection::Providers current=section>
                        <SettingsForm
                            settings=Signal::derive(move || state.settings.get())
                            on_save=move |s| crate::settings_actions::save_settings(state, s)
                            models=state.models
                            on_fetch_models=move |s| crate::settings_actions::fetch_models(state, s)
                        />
                        <FallbackList
                            chain=Signal::derive(move || state.chain.get())
                            on_edit=move |change| crate::settings_actions::edit_fallbacks(state, change)
                        />
                        <HostPermissions
                            hosts=Signal::derive(move || state.hosts.get())
                            on_revoke=move |host| crate::extension::revoke(state, host) />
                    </SettingsPage>
                    <SettingsPage section=SettingsSection::Assistants current=section>
                        <div class="assistant-bar" role="group" aria-label=t("settings-assistants")>
                            <label>{t("settings-assistant-in-use")}
                                <AssistantPicker testid="assistant-picker"
                                    assistants=Signal::derive(move || state.assistants.get())
                                    selected=Signal::derive(move || state.assistant_id.get())
                                    on_select=move |id| crate::assistants::choose(state, id) />
                            </label>
                            <button type="button" data-testid="assistant-new"
                                on:click=move |_| crate::assistants::create(state)>{t("settings-new-assistant")}</button>
                            <button type="button" data-testid="assistant-delete"
                                disabled=move || state.assistant_id.get() == skein_engine::Assistant::default().id
                                on:click=move |_| crate::assistants::delete_current(state)>{t("settings-delete-assistant")}</button>
                        </div>
                        <AssistantForm
                            assistant=Signal::derive(move || state.assistant())
                            on_save=move |a| crate::settings_actions::save_assistant(state, a)
                            tools=Signal::derive(move || state.tools.get())
                            world_books=Signal::derive(move || state.world_books.with(|b| {
                                b.items.iter().map(|x| (x.id.clone(), x.name.clone(), b.is_global(&x.id))).collect::<Vec<_>>()
                            }))
                            dictionaries=Signal::derive(move || state.dictionaries.with(|d| {
                                d.items.iter().map(|x| (x.id.clone(), x.name.clone(), false)).collect::<Vec<_>>()
                            }))
                            knowledge_bases=Signal::derive(move || state.knowledge.with(|bases| {
                                bases.iter().map(|b| (b.id.clone(), b.name.clone())).collect::<Vec<_>>()
                            }))
                        />
                        <label class="memory-toggle">
                            <input type="checkbox" data-testid="memory-toggle"
                                prop:checked=move || state.assistant().memory_on()
                                on:change=move |ev| crate::settings_actions::set_memory(state, event_target_checked(&ev)) />
                            {t("settings-memory-tool")}
                        </label>
                    </SettingsPage>
                    <SettingsPage section=SettingsSection::Characters current=section>
                        <Said said=Signal::derive(move || state.character_feedback.get()) test_id="character-feedback" />
                        <CharacterGallery
                            assistants=Signal::derive(move || state.assistants.get())
                            world_books=Signal::derive(move || state.world_books.with(|b| {
                                b.items.iter().map(|book| (book.id.clone(), book.name.clone(), b.is_global(&book.id))).collect::<Vec<_>>()
                            }))
                            on_action=move |action| crate::characters::act(state, action)
                        />
                        <PersonaPanel
                            personas=Signal::derive(move || state.personas.get())
                            error=Signal::derive(move || state.persona_error.get())
                            on_action=move |action| crate::personas::act(state, action)
                        />
                    </SettingsPage>
                    <SettingsPage section=SettingsSection::WorldBooks current=section>
                        <WorldBookPanel
                            books=Signal::derive(move || state.world_books.get())
                            editing=state.world_book_editing
                            feedback=Signal::derive(move || state.world_book_feedback.get())
                            on_action=move |action| crate::world_books::act(state, action)
                        />
                        <DictionaryPanel
                            dictionaries=Signal::derive(move || state.dictionaries.get())
                            editing=state.dictionary_editing
                            feedback=Signal::derive(move || state.dictionary_feedback.get())
                            on_action=move |action| crate::dictionaries::act(state, action)
                        />
                    </SettingsPage>
                    <SettingsPage section=SettingsSection::Knowledge current=section>
                        {move || state.embedding_progress.get().map(|text| view! {
                            <p class="notice" role="status" data-testid="embedding-progress">{text}</p>
                        })}
                        <KnowledgePanel
                            bases=Signal::derive(move || state.knowledge.get())
                            on_action=move |action| crate::knowledge::act(state, action)
                        />
                        <MemoryPanel
                            memories=Signal::derive(move || state.memories.get())
                            assistant_name=move |id: String| state.assistants.with_untracked(|list| {
                                list.iter().find(|a| a.id == id).map_or(id.clone(), |a| a.name.clone())
                            })
                            on_action=move |action| crate::memories::act(state, action)
                        />
                    </SettingsPage>
                    <SettingsPage section=SettingsSection::Tools current=section>
                        <WebSearchForm
                            settings=Signal::derive(move || state.web_search.get())
                            feedback=Signal::derive(move || state.web_search_feedback.get())
                            on_save=move |s| crate::tool_settings::save_web_search(state, s)
                        />
                        <McpPanel
                            servers=Signal::derive(move || state.mcp_servers.get())
                            feedback=Signal::derive(move || state.mcp_feedback.get())
                            refusals=Signal::derive(move || state.tool_refusals.get())
                            on_action=move |action| crate::tool_settings::act(state, action)
                        />
                    </SettingsPage>
                    <SettingsPage section=SettingsSection::Appearance current=section>
                        <AppearancePanel
                            preferences=state.preferences
                            on_change=move |preferences| {
                                crate::preferences::save(preferences);
                                state.preferences.set(preferences);
                            }
                            on_shortcuts=move |()| help.set(true)
                            switches_later=crate::embedded::is_embedded()
                        />
                        <NotificationToggle
                            status=Signal::derive(move || state.notifications.get())
                            on_enable=move |()| crate::notify::enable(state)
                        />
                    </SettingsPage>
                    <SettingsPage section=SettingsSection::Usage current=section>
                        <UsagePanel
                            report=Signal::derive(move || state.usage.get())
                            days=Signal::derive(move || state.usage_days.get())
                            on_days=move |days| crate::usage::choose_period(state, days)
                            prices=Signal::derive(move || state.prices.get())
                            on_price=move |entry| crate::usage::set_price(state, entry)
                            price_error=Signal::derive(move || state.price_error.get())
                            on_export=move |()| crate::usage::export(state)
                        />
                    </SettingsPage>
                    <SettingsPage section=SettingsSection::Sync current=section>
                        <SyncPanel
                            view=Signal::derive(move || state.sync.get())
                            on_action=move |action| crate::sync::act(state, action)
                        />
                    </SettingsPage>
                    <SettingsPage section=SettingsSection::Data current=section>
                        <StorageInfo figures=Signal::derive(move || state.storage.get()) />
                        <BackupPanel
                            on_backup=move |include_keys| crate::files::backup(state, include_keys)
                            on_import=move |input| crate::files::import(state, input)
                        />
                        <AboutPanel version=env!("CARGO_PKG_VERSION")
                            build_id=skein_platform::build_id()
                            offline=Signal::derive(move || state.offline.get()) />
                    </SettingsPage>
                </div>
            </div>
        </section>
    }
}
