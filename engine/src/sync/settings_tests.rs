//! What syncs is the user's choice: settings only when asked, API keys only when asked too, and
//! a kind left out is neither sent, taken, nor deleted.

use super::ledger::SyncScope;
use super::settings::Area;
use super::test_server::TestServer;
use super::tests::{chat, Device};
use crate::mcp::{McpAuth, McpServer, McpServers};
use crate::persona::user_persona::{Persona, Personas};
use crate::provider::settings::ProviderSettings;
use crate::store::ChatStore;
use futures_executor::block_on;

const CONVERSATIONS: SyncScope = SyncScope {
    conversations: true,
    settings: false,
    api_keys: false,
};
const SETTINGS: SyncScope = SyncScope {
    conversations: true,
    settings: true,
    api_keys: false,
};
const WITH_KEYS: SyncScope = SyncScope {
    conversations: true,
    settings: true,
    api_keys: true,
};

fn provider(model: &str, key: &str) -> ProviderSettings {
    ProviderSettings {
        base_url: "https://api.example.com/v1".into(),
        api_key: key.into(),
        model: model.into(),
        custom_headers: vec![("X-Team".into(), format!("team-{key}"))],
        ..ProviderSettings::default()
    }
}

fn personas(names: &[&str]) -> Personas {
    let mut personas = Personas::default();
    for name in names {
        personas.put(Persona {
            id: format!("p-{name}"),
            name: (*name).into(),
            description: String::new(),
        });
    }
    personas
}

impl Device {
    fn scoped(server: &TestServer, name: &str, scope: SyncScope) -> Self {
        let mut device = Self::join(server, "pw", name).unwrap_or_else(|e| panic!("{e}"));
        device.state.set_scope(scope);
        device
    }

    fn round(&mut self, server: &TestServer, now_ms: f64) -> super::SyncReport {
        self.sync(server, now_ms).unwrap_or_else(|e| panic!("{e}"))
    }

    fn provider(&self) -> Option<ProviderSettings> {
        block_on(self.store.load_provider_settings()).unwrap_or_else(|e| panic!("{e}"))
    }

    fn set_provider(&self, settings: &ProviderSettings) {
        block_on(self.store.save_provider_settings(settings)).unwrap_or_else(|e| panic!("{e}"));
    }

    fn persona_names(&self) -> Vec<String> {
        let stored = block_on(self.store.load_personas()).unwrap_or_else(|e| panic!("{e}"));
        stored.list.into_iter().map(|p| p.name).collect()
    }

    fn set_personas(&self, personas: &Personas) {
        block_on(self.store.save_personas(personas)).unwrap_or_else(|e| panic!("{e}"));
    }

    fn mcp_token(&self) -> Option<String> {
        let servers = block_on(self.store.load_mcp_servers()).unwrap_or_else(|e| panic!("{e}"));
        servers.servers.into_iter().find_map(|s| match s.auth {
            McpAuth::Bearer { token } => Some(token),
            _ => None,
        })
    }

    fn set_mcp_token(&self, token: &str) {
        let servers = McpServers {
            servers: vec![McpServer {
                id: "files".into(),
                name: "Files".into(),
                url: "https://mcp.example.com/mcp".into(),
                auth: McpAuth::Bearer {
                    token: token.into(),
                },
                enabled: true,
            }],
        };
        block_on(self.store.save_mcp_servers(&servers)).unwrap_or_else(|e| panic!("{e}"));
    }

    /// The service's "use the other version", on this device's store and state.
    fn take_other(&self, area: Area) -> super::SyncState {
        let service = crate::test_fixtures::service_over(Vec::new(), self.store.clone());
        block_on(self.store.save_sync_state(&self.state)).unwrap_or_else(|e| panic!("{e}"));
        block_on(service.sync_take_other_settings(area)).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A round after which nothing moves either way: the devices agree.
    fn settled(&mut self, server: &TestServer, now_ms: f64) {
        let report = self.round(server, now_ms);
        assert_eq!((report.pulled, report.pushed), (0, 0), "{report:?}");
    }
}

#[test]
fn settings_sync_only_when_asked_and_api_keys_only_when_asked_too() {
    let server = TestServer::default();
    let mut laptop = Device::scoped(&server, "laptop", SETTINGS);
    laptop.set_provider(&provider("big-model", "sk-laptop"));
    laptop.set_personas(&personas(&["Writer"]));
    laptop.set_mcp_token("mcp-laptop");
    let sent = laptop.round(&server, 10.0);
    assert_eq!(
        sent.pushed, 3,
        "providers, personas and MCP servers: {sent:?}"
    );
    for secret in ["sk-laptop", "team-sk-laptop", "mcp-laptop"] {
        assert!(!server.everything_stored().contains(secret));
    }

    // A phone that syncs conversations only takes no settings.
    let mut phone = Device::scoped(&server, "phone", CONVERSATIONS);
    phone.set_provider(&provider("small-model", "sk-phone"));
    let report = phone.round(&server, 20.0);
    assert_eq!((report.pulled, report.settings_changed), (0, false));
    assert_eq!(phone.provider(), Some(provider("small-model", "sk-phone")));
    assert!(phone.persona_names().is_empty());

    // Settings on: the account's win over the phone's own, never exchanged; its keys stay.
    phone.state.set_scope(SETTINGS);
    let report = phone.round(&server, 30.0);
    assert!(report.settings_changed);
    assert_eq!(report.pushed, 0, "nothing of the phone's settings is sent");
    assert_eq!(phone.provider(), Some(provider("big-model", "sk-phone")));
    assert_eq!(phone.persona_names(), vec!["Writer"]);
    assert_eq!(phone.mcp_token(), Some(String::new()));
    let offered: Vec<_> = (phone.state.settings_conflicts.iter())
        .map(|n| (n.area, n.lost_here))
        .collect();
    assert_eq!(
        offered,
        vec![(Area::Providers, true)],
        "the phone's own provider, replaced"
    );
    laptop.settled(&server, 31.0);
    phone.settled(&server, 32.0);

    // The laptop sends its keys; a phone that has not asked for them keeps its own.
    laptop.state.set_scope(WITH_KEYS);
    assert_eq!(
        laptop.round(&server, 40.0).pushed,
        2,
        "providers and MCP servers"
    );
    assert!(
        laptop.state.settings_conflicts.is_empty(),
        "its own keys were kept: nothing to offer back"
    );
    assert!(!server.everything_stored().contains("sk-laptop"), "sealed");
    phone.round(&server, 41.0);
    assert_eq!(phone.provider(), Some(provider("big-model", "sk-phone")));
    phone.settled(&server, 42.0);
    laptop.settled(&server, 43.0);

    // The phone asks for them: the laptop's arrive, and nothing goes back and forth after.
    phone.state.set_scope(WITH_KEYS);
    phone.round(&server, 50.0);
    assert_eq!(phone.provider(), Some(provider("big-model", "sk-laptop")));
    assert_eq!(phone.mcp_token(), Some("mcp-laptop".into()));
    phone.settled(&server, 51.0);
    laptop.settled(&server, 52.0);
}

#[test]
fn the_later_synced_settings_change_wins_whole_on_both_devices() {
    let server = TestServer::default();
    let mut laptop = Device::scoped(&server, "laptop", SETTINGS);
    let mut phone = Device::scoped(&server, "phone", SETTINGS);
    laptop.set_personas(&personas(&["Writer"]));
    laptop.round(&server, 10.0);
    phone.round(&server, 11.0);
    assert_eq!(phone.persona_names(), vec!["Writer"]);

    // Both change the personas while apart; the phone syncs later, so its version wins.
    laptop.set_personas(&personas(&["Writer", "Critic"]));
    phone.set_personas(&personas(&["Tutor"]));
    laptop.round(&server, 20.0);
    let report = phone.round(&server, 30.0);
    assert_eq!(report.conflicts, 1);
    laptop.round(&server, 40.0);
    assert_eq!(phone.persona_names(), vec!["Tutor"]);
    assert_eq!(laptop.persona_names(), vec!["Tutor"]);
    laptop.settled(&server, 50.0);
    phone.settled(&server, 51.0);

    // The phone, which resolved it, keeps the version that lost; taking it sends it as the
    // later change.
    let note = &phone.state.settings_conflicts[0];
    assert_eq!((note.area, note.lost_here), (Area::Personas, false));
    assert!(laptop.state.settings_conflicts.is_empty());
    phone.state = phone.take_other(Area::Personas);
    assert_eq!(phone.persona_names(), vec!["Writer", "Critic"]);
    assert!(phone.state.settings_conflicts.is_empty());
    assert_eq!(phone.round(&server, 52.0).pushed, 1);
    laptop.round(&server, 53.0);
    assert_eq!(laptop.persona_names(), vec!["Writer", "Critic"]);
    laptop.settled(&server, 54.0);
    phone.settled(&server, 55.0);

    // A provider's keys stay on their device when the keys do not sync, whatever else changes.
    laptop.set_provider(&provider("m1", "sk-laptop"));
    laptop.round(&server, 60.0);
    phone.round(&server, 61.0);
    let mut changed = provider("m2", "");
    changed.custom_headers.clear();
    phone.set_provider(&changed);
    phone.round(&server, 70.0);
    laptop.round(&server, 71.0);
    assert_eq!(
        laptop.provider().map(|p| (p.model, p.api_key)),
        Some(("m2".into(), "sk-laptop".into()))
    );
    laptop.settled(&server, 80.0);
    phone.settled(&server, 81.0);
}

#[test]
fn a_kind_left_out_is_neither_taken_nor_deleted_and_comes_when_included() {
    let server = TestServer::default();
    let mut laptop = Device::scoped(&server, "laptop", CONVERSATIONS);
    let (c1, m1) = chat("c1", "Kept", 1.0, &["q", "a"]);
    laptop.write(&c1, &m1);
    laptop.round(&server, 10.0);

    // Conversations off: the chat here stays on the server, and a new one there is not taken.
    let off = SyncScope {
        conversations: false,
        ..SETTINGS
    };
    laptop.state.set_scope(off);
    block_on(laptop.store.delete_conversation("c1")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(laptop.round(&server, 20.0).pushed, 0);
    let mut phone = Device::scoped(&server, "phone", CONVERSATIONS);
    phone.round(&server, 21.0);
    assert_eq!(
        phone.texts("c1"),
        vec!["a", "q"],
        "the laptop's deletion was not sent"
    );
    let (c2, m2) = chat("c2", "From the phone", 2.0, &["hello"]);
    phone.write(&c2, &m2);
    phone.round(&server, 22.0);
    laptop.round(&server, 23.0);
    assert_eq!(laptop.conversation("c2"), None);

    // Included again: what was skipped arrives, and the deletion made meanwhile goes out.
    laptop.state.set_scope(SETTINGS);
    laptop.round(&server, 30.0);
    assert_eq!(laptop.texts("c2"), vec!["hello"]);
    phone.round(&server, 31.0);
    assert_eq!(phone.conversation("c1"), None);
}
