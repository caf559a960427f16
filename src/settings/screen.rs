//! The settings screen: a list of its sections beside the current section's page
//! (`skein_components::SettingsNav`); which block of the app goes on which page is decided
//! here, and every block reports to the app's actions.

use crate::runtime::Engine;
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
    engine: Engine,
    /// The keyboard shortcuts' list (Appearance has a button that opens it).
    help: RwSignal<bool>,
) -> impl IntoView {
    let state = engine.state;
    let section = Signal::derive(move || state.shell.settings_section.get());
    // The usage figures are read when their page is shown (calls may have ended since).
    Effect::new(move |_| {
        if state.shell.show_settings.get() {
            match section.get() {
                SettingsSection::Usage => engine.if_ready(crate::settings::usage::refresh),
                SettingsSection::Providers => {
                    engine.if_ready(crate::settings::actions::refresh_chain)
                }
                SettingsSection::Sync => engine.if_ready(crate::sync::show),
                _ => {}
            }
        }
    });
    view! {
        <section class="settings-screen" data-testid="settings-screen" aria-label=t("app-settings")>
            <div class="settings-header">
                <h2>{t("app-settings")}</h2>
                <button type="button" data-testid="close-settings"
                    on:click=move |_| state.shell.show_settings.set(false)>{t("workflow-back-to-chat")}</button>
            </div>
            <div class="settings-body">
                <SettingsNav current=section on_select=move |s| state.shell.settings_section.set(s) />
                <div class="settings-pages">
                    <SettingsPage section=SettingsSection::Providers current=section>
                        <SettingsForm
                            settings=Signal::derive(move || state.settings.provider.get())
                            on_save=move |s| engine.try_act(Some(t("notice-storage-opening").into()), move |ready| crate::settings::actions::save_settings(ready, s))
                            models=state.settings.models
                            on_fetch_models=move |s| engine.act(move |ready| crate::settings::actions::fetch_models(ready, s))
                        />
                        <FallbackList
                            chain=Signal::derive(move || state.settings.chain.get())
                            on_edit=move |change| engine.try_act(Some(t("notice-storage-opening").into()), move |ready| crate::settings::actions::edit_fallbacks(ready, change))
                        />
                        <HostPermissions
                            hosts=Signal::derive(move || state.shell.hosts.get())
                            on_revoke=move |host| crate::page::extension::revoke(state, host) />
                    </SettingsPage>
                    <SettingsPage section=SettingsSection::Assistants current=section>
                        <div class="assistant-bar" role="group" aria-label=t("settings-assistants")>
                            <label>{t("settings-assistant-in-use")}
                                <AssistantPicker testid="assistant-picker"
                                    assistants=Signal::derive(move || state.library.assistants.get())
                                    selected=Signal::derive(move || state.library.assistant_id.get())
                                    on_select=move |id| engine.act(move |ready| crate::library::assistants::choose(ready, id)) />
                            </label>
                            <button type="button" data-testid="assistant-new"
                                on:click=move |_| engine.act(crate::library::assistants::create)>{t("settings-new-assistant")}</button>
                            <button type="button" data-testid="assistant-delete"
                                disabled=move || state.library.assistant_id.get() == skein_engine::Assistant::default().id
                                on:click=move |_| engine.act(crate::library::assistants::delete_current)>{t("settings-delete-assistant")}</button>
                        </div>
                        <AssistantForm
                            assistant=Signal::derive(move || state.library.assistant())
                            on_save=move |a| engine.try_act(Some(t("notice-storage-opening").into()), move |ready| crate::settings::actions::save_assistant(ready, a))
                            tools=Signal::derive(move || state.settings.tools.get())
                            world_books=Signal::derive(move || state.library.world_books.with(|b| {
                                b.items.iter().map(|x| (x.id.clone(), x.name.clone(), b.is_global(&x.id))).collect::<Vec<_>>()
                            }))
                            dictionaries=Signal::derive(move || state.library.dictionaries.with(|d| {
                                d.items.iter().map(|x| (x.id.clone(), x.name.clone(), false)).collect::<Vec<_>>()
                            }))
                            knowledge_bases=Signal::derive(move || state.library.knowledge.with(|bases| {
                                bases.iter().map(|b| (b.id.clone(), b.name.clone())).collect::<Vec<_>>()
                            }))
                        />
                        <label class="memory-toggle">
                            <input type="checkbox" data-testid="memory-toggle"
                                prop:checked=move || state.library.assistant().memory_on()
                                on:change=move |ev| engine.act(move |ready| crate::settings::actions::set_memory(ready, event_target_checked(&ev))) />
                            {t("settings-memory-tool")}
                        </label>
                    </SettingsPage>
                    <SettingsPage section=SettingsSection::Characters current=section>
                        <Said said=Signal::derive(move || state.library.character_feedback.get()) test_id="character-feedback" />
                        <CharacterGallery
                            assistants=Signal::derive(move || state.library.assistants.get())
                            world_books=Signal::derive(move || state.library.world_books.with(|b| {
                                b.items.iter().map(|book| (book.id.clone(), book.name.clone(), b.is_global(&book.id))).collect::<Vec<_>>()
                            }))
                            on_action=move |action| engine.act(move |ready| crate::library::characters::act(ready, action))
                        />
                        <PersonaPanel
                            personas=Signal::derive(move || state.library.personas.get())
                            error=Signal::derive(move || state.library.persona_error.get())
                            on_action=move |action| engine.act(move |ready| crate::library::personas::act(ready, action))
                        />
                    </SettingsPage>
                    <SettingsPage section=SettingsSection::WorldBooks current=section>
                        <WorldBookPanel
                            books=Signal::derive(move || state.library.world_books.get())
                            editing=state.library.world_book_editing
                            feedback=Signal::derive(move || state.library.world_book_feedback.get())
                            on_action=move |action| engine.act(move |ready| crate::library::world_books::act(ready, action))
                        />
                        <DictionaryPanel
                            dictionaries=Signal::derive(move || state.library.dictionaries.get())
                            editing=state.library.dictionary_editing
                            feedback=Signal::derive(move || state.library.dictionary_feedback.get())
                            on_action=move |action| engine.act(move |ready| crate::library::dictionaries::act(ready, action))
                        />
                    </SettingsPage>
                    <SettingsPage section=SettingsSection::Knowledge current=section>
                        {move || state.library.embedding_progress.get().map(|text| view! {
                            <p class="notice" role="status" data-testid="embedding-progress">{text}</p>
                        })}
                        <KnowledgePanel
                            bases=Signal::derive(move || state.library.knowledge.get())
                            on_action=move |action| engine.act(move |ready| crate::library::knowledge::act(ready, action))
                        />
                        <MemoryPanel
                            memories=Signal::derive(move || state.library.memories.get())
                            assistant_name=move |id: String| state.library.assistants.with_untracked(|list| {
                                list.iter().find(|a| a.id == id).map_or(id.clone(), |a| a.name.clone())
                            })
                            on_action=move |action| engine.act(move |ready| crate::library::memories::act(ready, action))
                        />
                    </SettingsPage>
                    <SettingsPage section=SettingsSection::Tools current=section>
                        <WebSearchForm
                            settings=Signal::derive(move || state.settings.web_search.get())
                            feedback=Signal::derive(move || state.settings.web_search_feedback.get())
                            on_save=move |s| engine.act(move |ready| crate::settings::tools::save_web_search(ready, s))
                        />
                        <McpPanel
                            servers=Signal::derive(move || state.settings.mcp_servers.get())
                            feedback=Signal::derive(move || state.settings.mcp_feedback.get())
                            refusals=Signal::derive(move || state.settings.tool_refusals.get())
                            on_action=move |action| engine.act(move |ready| crate::settings::tools::act(ready, action))
                        />
                    </SettingsPage>
                    <SettingsPage section=SettingsSection::Appearance current=section>
                        <AppearancePanel
                            preferences=state.shell.preferences
                            on_change=move |preferences| {
                                crate::page::preferences::save(preferences);
                                state.shell.preferences.set(preferences);
                            }
                            on_shortcuts=move |()| help.set(true)
                            switches_later=crate::page::embedded::is_embedded()
                        />
                        <NotificationToggle
                            status=Signal::derive(move || state.shell.notifications.get())
                            on_enable=move |()| crate::page::notify::enable(state)
                        />
                    </SettingsPage>
                    <SettingsPage section=SettingsSection::Usage current=section>
                        <UsagePanel
                            report=Signal::derive(move || state.settings.usage.get())
                            days=Signal::derive(move || state.settings.usage_days.get())
                            on_days=move |days| engine.act(move |ready| crate::settings::usage::choose_period(ready, days))
                            prices=Signal::derive(move || state.settings.prices.get())
                            on_price=move |entry| engine.act(move |ready| crate::settings::usage::set_price(ready, entry))
                            price_error=Signal::derive(move || state.settings.price_error.get())
                            on_export=move |()| engine.act(crate::settings::usage::export)
                        />
                    </SettingsPage>
                    <SettingsPage section=SettingsSection::Sync current=section>
                        <SyncPanel
                            view=Signal::derive(move || state.settings.sync.get())
                            on_action=move |action| engine.act(move |ready| crate::sync::act(ready, action))
                        />
                    </SettingsPage>
                    <SettingsPage section=SettingsSection::Data current=section>
                        <StorageInfo figures=Signal::derive(move || state.shell.storage.get()) />
                        <BackupPanel
                            on_backup=move |include_keys| engine.act(move |ready| crate::chat::files::backup(ready, include_keys))
                            on_import=move |input| engine.act(move |ready| crate::chat::files::import(ready, input))
                        />
                        <AboutPanel version=env!("CARGO_PKG_VERSION")
                            build_id=skein_platform::build_id()
                            offline=Signal::derive(move || state.shell.offline.get()) />
                    </SettingsPage>
                </div>
            </div>
        </section>
    }
}
