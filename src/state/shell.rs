//! What the frame shows around the chat: notices, start-up, the welcome step, which screen is
//! open, this device's preferences, and what the browser says about storage, the network and
//! the installed app.

use leptos::prelude::*;
use skein_components::NotificationStatus;
use skein_engine::domain::preferences::Preferences;

#[derive(Debug, Clone, Copy)]
pub struct ShellState {
    pub banner: RwSignal<Option<String>>,
    /// What a screen reader is told without moving its focus (a streaming answer, approvals).
    pub live: skein_components::LiveRegion,
    /// A passing note that is not an error ("Imported 3 conversations").
    pub info: RwSignal<Option<String>>,
    /// Theme and Enter-key behaviour (this device's, from `localStorage`).
    pub preferences: RwSignal<Preferences>,
    pub show_settings: RwSignal<bool>,
    /// The settings page shown when the settings are open.
    pub settings_section: RwSignal<skein_components::SettingsSection>,
    /// The first run's welcome step is shown (no provider saved yet).
    pub welcome: RwSignal<bool>,
    /// Local servers (Ollama, llama.cpp) that answered on their usual ports, for the welcome.
    pub local_servers: RwSignal<Vec<skein_components::LocalServer>>,
    /// Start-up (opening storage, loading settings and the list) has finished, well or not.
    pub ready: RwSignal<bool>,
    /// Whether answers finishing in a background tab raise a notification.
    pub notifications: RwSignal<NotificationStatus>,
    /// What the browser reports about Skein's storage (usage, quota, persistence).
    pub storage: RwSignal<Option<skein_components::StorageFigures>>,
    /// Why nothing can be saved right now (storage full, closed for another tab's upgrade).
    pub storage_alert: RwSignal<Option<skein_components::StorageAlert>>,
    /// The browser has a network connection (messages wait while it has none).
    pub online: RwSignal<bool>,
    /// A new version of the installed app, and when it switches.
    pub update: RwSignal<skein_engine::domain::app_update::AppUpdate>,
    /// Whether the app works offline (its service worker has cached it).
    pub offline: RwSignal<skein_components::OfflineStatus>,
    /// In the browser extension: the sites the user let it reach; `None` on the web.
    pub hosts: RwSignal<Option<Vec<String>>>,
}

impl ShellState {
    /// The frame at start, with this device's saved preferences, the notification permission
    /// and whether the browser is online.
    pub fn new(preferences: Preferences, notifications: NotificationStatus, online: bool) -> Self {
        Self {
            banner: RwSignal::new(None),
            live: skein_components::LiveRegion::default(),
            info: RwSignal::new(None),
            preferences: RwSignal::new(preferences),
            show_settings: RwSignal::new(false),
            settings_section: RwSignal::new(skein_components::SettingsSection::default()),
            welcome: RwSignal::new(false),
            local_servers: RwSignal::new(Vec::new()),
            ready: RwSignal::new(false),
            notifications: RwSignal::new(notifications),
            storage: RwSignal::new(None),
            storage_alert: RwSignal::new(None),
            online: RwSignal::new(online),
            update: RwSignal::new(Default::default()),
            offline: RwSignal::new(skein_components::OfflineStatus::Checking),
            hosts: RwSignal::new(None),
        }
    }
}
