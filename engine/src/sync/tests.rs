//! Two devices syncing through the test server: everything arrives, conflicts resolve the same
//! way on both, deletions travel, the server holds no plaintext, a wrong passphrase changes
//! nothing, and a dropped connection resumes from its checkpoint.

use super::account::{open_account, Account, KdfParams, MakeCipher, ACCOUNT_DOC};
use super::ledger::SyncSetup;
use super::replicate::{sync_once, SyncReport};
use super::test_server::TestServer;
use super::{SyncCipher, SyncError, SyncState};
use crate::domain::message::{Conversation, MessageNode, MessageStatus, Role};
use crate::store::ChatStore;
use crate::MemoryStore;
use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use futures_executor::block_on;
use std::cell::Cell;

/// AES-256-GCM as the app's WebCrypto cipher runs it: a 12-byte nonce before the ciphertext.
pub(super) struct TestCipher {
    aead: Aes256Gcm,
    counter: Cell<u64>,
}

impl SyncCipher for TestCipher {
    async fn seal(&self, aad: &[u8], plain: &[u8]) -> Result<Vec<u8>, SyncError> {
        self.counter.set(self.counter.get() + 1);
        let mut nonce = [0u8; 12];
        nonce[..8].copy_from_slice(&self.counter.get().to_le_bytes());
        let mut out = nonce.to_vec();
        let sealed = self
            .aead
            .encrypt(Nonce::from_slice(&nonce), Payload { msg: plain, aad })
            .map_err(|e| SyncError::Crypto(e.to_string()))?;
        out.extend(sealed);
        Ok(out)
    }

    async fn open(&self, aad: &[u8], sealed: &[u8]) -> Result<Vec<u8>, SyncError> {
        if sealed.len() < 12 {
            return Err(SyncError::Crypto("too short".into()));
        }
        let (nonce, body) = sealed.split_at(12);
        self.aead
            .decrypt(Nonce::from_slice(nonce), Payload { msg: body, aad })
            .map_err(|e| SyncError::Crypto(e.to_string()))
    }
}

struct TestMaker;

impl MakeCipher for TestMaker {
    type Cipher = TestCipher;
    async fn make(&self, key: &[u8; 32]) -> Result<TestCipher, SyncError> {
        Ok(TestCipher {
            aead: Aes256Gcm::new(key.into()),
            counter: Cell::new(0),
        })
    }
}

/// Cheap Argon2id parameters: the tests derive keys many times in a debug build.
const CHEAP: KdfParams = KdfParams {
    memory_kib: 1024,
    iterations: 1,
    parallelism: 1,
};

pub(super) struct Device {
    pub(super) store: std::rc::Rc<MemoryStore>,
    pub(super) account: Account<TestCipher>,
    pub(super) state: SyncState,
}

impl Device {
    pub(super) fn join(
        server: &TestServer,
        passphrase: &str,
        name: &str,
    ) -> Result<Self, SyncError> {
        let account = block_on(open_account(server, &TestMaker, passphrase, [7; 16], CHEAP))?;
        let mut state = SyncState::default();
        state.set_up(
            SyncSetup {
                url: "http://test/db".into(),
                username: String::new(),
                password: String::new(),
                keys: account.keys.clone(),
                paused: false,
                scope: super::SyncScope::default(),
            },
            format!("device-{name}"),
        );
        Ok(Self {
            store: std::rc::Rc::new(MemoryStore::new()),
            account,
            state,
        })
    }

    pub(super) fn sync(
        &mut self,
        server: &TestServer,
        now_ms: f64,
    ) -> Result<SyncReport, SyncError> {
        self.sync_reading(server, now_ms, true)
    }

    fn sync_reading(
        &mut self,
        server: &TestServer,
        now_ms: f64,
        full: bool,
    ) -> Result<SyncReport, SyncError> {
        block_on(sync_once(
            &self.store,
            server,
            &self.account,
            &mut self.state,
            now_ms,
            full,
            &mut |_| {},
        ))
    }

    pub(super) fn write(&self, conversation: &Conversation, messages: &[MessageNode]) {
        block_on(
            self.store
                .import_conversations(&[(conversation.clone(), messages.to_vec())]),
        )
        .unwrap_or_else(|e| panic!("write: {e}"));
    }

    pub(super) fn conversation(&self, id: &str) -> Option<Conversation> {
        block_on(self.store.load_conversation(id)).unwrap_or_else(|e| panic!("{e}"))
    }

    pub(super) fn texts(&self, conversation_id: &str) -> Vec<String> {
        let mut texts: Vec<String> = block_on(self.store.load_messages(conversation_id))
            .unwrap_or_else(|e| panic!("{e}"))
            .iter()
            .map(MessageNode::text)
            .collect();
        texts.sort();
        texts
    }
}

pub(super) fn chat(
    id: &str,
    title: &str,
    at: f64,
    texts: &[&str],
) -> (Conversation, Vec<MessageNode>) {
    let mut conversation = Conversation::new(id, title, at);
    let mut parent: Option<String> = None;
    let mut messages = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        let role = if i % 2 == 0 {
            Role::User
        } else {
            Role::Assistant
        };
        let node = MessageNode::new(&format!("{id}-m{i}"), id, role, at + i as f64)
            .with_text(text)
            .with_parent(parent.as_deref())
            .with_status(MessageStatus::Complete);
        parent = Some(node.id.clone());
        messages.push(node);
    }
    conversation.current_leaf_id = parent;
    (conversation, messages)
}

fn reply(conversation: &Conversation, id: &str, text: &str, at: f64) -> MessageNode {
    MessageNode::new(id, &conversation.id, Role::User, at)
        .with_text(text)
        .with_parent(conversation.current_leaf_id.as_deref())
        .with_status(MessageStatus::Complete)
}

#[test]
fn a_second_device_gets_every_conversation_and_message() {
    let server = TestServer::default();
    let mut a = Device::join(&server, "correct horse", "a").unwrap_or_else(|e| panic!("{e}"));
    let (c1, m1) = chat(
        "c1",
        "Trip to Lisbon",
        1000.0,
        &["Where to eat?", "Try Alfama."],
    );
    let (c2, m2) = chat(
        "c2",
        "Rust lifetimes",
        2000.0,
        &["What is 'a?", "A lifetime."],
    );
    a.write(&c1, &m1);
    a.write(&c2, &m2);
    let pushed = a.sync(&server, 10.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(pushed.pushed, 6, "two conversations and four messages");

    let mut b = Device::join(&server, "correct horse", "b").unwrap_or_else(|e| panic!("{e}"));
    let pulled = b.sync(&server, 20.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(pulled.pulled, 6);
    assert_eq!(pulled.pushed, 0, "nothing of b's own to send");
    assert_eq!(b.conversation("c1"), Some(c1));
    assert_eq!(b.texts("c2"), vec!["A lifetime.", "What is 'a?"]);

    // A round with nothing new moves nothing either way.
    assert_eq!(
        a.sync(&server, 30.0).unwrap_or_else(|e| panic!("{e}")),
        SyncReport::default()
    );
    assert_eq!(
        b.sync(&server, 30.0).unwrap_or_else(|e| panic!("{e}")),
        SyncReport::default()
    );
}

#[test]
fn the_server_holds_no_plaintext_and_ids_say_nothing() {
    let server = TestServer::default();
    let mut a = Device::join(&server, "correct horse", "a").unwrap_or_else(|e| panic!("{e}"));
    let (c, m) = chat(
        "conv-visible-id",
        "Secret Title",
        1.0,
        &["secret question", "secret answer"],
    );
    a.write(&c, &m);
    a.sync(&server, 10.0).unwrap_or_else(|e| panic!("{e}"));
    let stored = server.everything_stored();
    for needle in [
        "Secret",
        "secret",
        "conv-visible-id",
        "Title",
        "user",
        "assistant",
    ] {
        assert!(!stored.contains(needle), "{needle:?} is on the server");
    }
    assert_eq!(
        server.doc_count(),
        4,
        "the account document and three sealed ones"
    );
}

#[test]
fn a_wrong_passphrase_is_refused_and_changes_nothing() {
    let server = TestServer::default();
    let mut a = Device::join(&server, "correct horse", "a").unwrap_or_else(|e| panic!("{e}"));
    let (c, m) = chat("c", "T", 1.0, &["q"]);
    a.write(&c, &m);
    a.sync(&server, 10.0).unwrap_or_else(|e| panic!("{e}"));
    let before = server.everything_stored();
    let wrong = Device::join(&server, "battery staple", "b");
    assert!(matches!(wrong, Err(SyncError::WrongPassphrase)));
    assert!(matches!(
        Device::join(&server, "", "b"),
        Err(SyncError::EmptyPassphrase)
    ));
    assert_eq!(server.everything_stored(), before);
}

#[test]
fn offline_writes_on_both_devices_all_arrive_and_the_later_rename_wins_on_both() {
    let server = TestServer::default();
    let mut a = Device::join(&server, "pw", "a").unwrap_or_else(|e| panic!("{e}"));
    let mut b = Device::join(&server, "pw", "b").unwrap_or_else(|e| panic!("{e}"));
    let (c, m) = chat("c", "Plans", 1.0, &["first"]);
    a.write(&c, &m);
    a.sync(&server, 10.0).unwrap_or_else(|e| panic!("{e}"));
    b.sync(&server, 11.0).unwrap_or_else(|e| panic!("{e}"));

    // Both offline: each adds a message and renames the chat; b's rename is later.
    let mut on_a = a.conversation("c").unwrap_or_else(|| panic!("a has c"));
    let from_a = reply(&on_a, "a-1", "written on a", 20.0);
    on_a.title = "Plans (laptop)".into();
    on_a.updated_at_ms = 20.0;
    on_a.current_leaf_id = Some(from_a.id.clone());
    a.write(&on_a, &[from_a]);
    let mut on_b = b.conversation("c").unwrap_or_else(|| panic!("b has c"));
    let from_b = reply(&on_b, "b-1", "written on b", 30.0);
    on_b.title = "Plans (phone)".into();
    on_b.updated_at_ms = 30.0;
    on_b.current_leaf_id = Some(from_b.id.clone());
    b.write(&on_b, &[from_b]);

    a.sync(&server, 40.0).unwrap_or_else(|e| panic!("{e}"));
    let resolved = b.sync(&server, 41.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(resolved.conflicts, 1);
    a.sync(&server, 42.0).unwrap_or_else(|e| panic!("{e}"));
    b.sync(&server, 43.0).unwrap_or_else(|e| panic!("{e}"));

    let expected = vec!["first", "written on a", "written on b"];
    assert_eq!(a.texts("c"), expected);
    assert_eq!(b.texts("c"), expected);
    let on_a = a.conversation("c").unwrap_or_else(|| panic!("a has c"));
    assert_eq!(on_a.title, "Plans (phone)");
    assert_eq!(b.conversation("c"), Some(on_a));
    let note = &b.state.conflicts[0];
    assert_eq!(
        (note.kept_title.as_str(), note.other_title.as_str()),
        ("Plans (phone)", "Plans (laptop)")
    );
    assert!(
        server.live_leaves().values().all(|&live| live <= 1),
        "every conflict is resolved on the server: {:?}",
        server.live_leaves()
    );
}

#[test]
fn both_devices_resolve_a_conflict_alike_whichever_syncs_first() {
    let server = TestServer::default();
    let mut a = Device::join(&server, "pw", "a").unwrap_or_else(|e| panic!("{e}"));
    let mut b = Device::join(&server, "pw", "b").unwrap_or_else(|e| panic!("{e}"));
    let (c, m) = chat("c", "Start", 1.0, &["hello"]);
    a.write(&c, &m);
    a.sync(&server, 2.0).unwrap_or_else(|e| panic!("{e}"));
    b.sync(&server, 3.0).unwrap_or_else(|e| panic!("{e}"));
    let mut x = c.clone();
    x.title = "From A".into();
    x.updated_at_ms = 50.0;
    a.write(&x, &[]);
    let mut y = c.clone();
    y.title = "From B".into();
    y.updated_at_ms = 40.0;
    b.write(&y, &[]);
    // Both push their version before either sees the other's: the server holds a conflict.
    b.sync(&server, 60.0).unwrap_or_else(|e| panic!("{e}"));
    a.sync(&server, 61.0).unwrap_or_else(|e| panic!("{e}"));
    b.sync(&server, 62.0).unwrap_or_else(|e| panic!("{e}"));
    a.sync(&server, 63.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(a.conversation("c").map(|c| c.title), Some("From A".into()));
    assert_eq!(b.conversation("c").map(|c| c.title), Some("From A".into()));
    assert!(server.live_leaves().values().all(|&live| live <= 1));
}

#[test]
fn a_deleted_conversation_is_deleted_on_the_other_device() {
    let server = TestServer::default();
    let mut a = Device::join(&server, "pw", "a").unwrap_or_else(|e| panic!("{e}"));
    let mut b = Device::join(&server, "pw", "b").unwrap_or_else(|e| panic!("{e}"));
    let (keep, keep_m) = chat("keep", "Keep", 1.0, &["stay"]);
    let (gone, gone_m) = chat("gone", "Gone", 2.0, &["bye", "see you"]);
    a.write(&keep, &keep_m);
    a.write(&gone, &gone_m);
    a.sync(&server, 10.0).unwrap_or_else(|e| panic!("{e}"));
    b.sync(&server, 11.0).unwrap_or_else(|e| panic!("{e}"));
    assert!(b.conversation("gone").is_some());

    block_on(a.store.delete_conversation("gone")).unwrap_or_else(|e| panic!("{e}"));
    let sent = a.sync(&server, 20.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        sent.pushed, 3,
        "the conversation and its two messages, as deletions"
    );
    let got = b.sync(&server, 21.0).unwrap_or_else(|e| panic!("{e}"));
    assert!(got.deleted_here >= 1);
    assert_eq!(b.conversation("gone"), None);
    assert!(b.texts("gone").is_empty());
    assert_eq!(b.texts("keep"), vec!["stay"]);
    // Nothing comes back: b does not push what it deleted for a.
    assert_eq!(
        b.sync(&server, 22.0)
            .unwrap_or_else(|e| panic!("{e}"))
            .pushed,
        0
    );
    assert_eq!(
        a.sync(&server, 23.0)
            .unwrap_or_else(|e| panic!("{e}"))
            .pulled,
        0
    );
}

#[test]
fn a_change_made_here_outlives_a_deletion_made_elsewhere() {
    let server = TestServer::default();
    let mut a = Device::join(&server, "pw", "a").unwrap_or_else(|e| panic!("{e}"));
    let mut b = Device::join(&server, "pw", "b").unwrap_or_else(|e| panic!("{e}"));
    let (c, m) = chat("c", "Shared", 1.0, &["q"]);
    a.write(&c, &m);
    a.sync(&server, 10.0).unwrap_or_else(|e| panic!("{e}"));
    b.sync(&server, 11.0).unwrap_or_else(|e| panic!("{e}"));
    // a deletes the chat; b, not knowing, renames it.
    block_on(a.store.delete_conversation("c")).unwrap_or_else(|e| panic!("{e}"));
    a.sync(&server, 20.0).unwrap_or_else(|e| panic!("{e}"));
    let mut renamed = c.clone();
    renamed.title = "Still needed".into();
    renamed.updated_at_ms = 21.0;
    b.write(&renamed, &[]);
    b.sync(&server, 22.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        b.conversation("c").map(|c| c.title),
        Some("Still needed".into())
    );
    assert_eq!(b.texts("c"), vec!["q"], "its messages stay with it");
    a.sync(&server, 23.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        a.conversation("c").map(|c| c.title),
        Some("Still needed".into()),
        "it came back to a"
    );
    assert_eq!(a.texts("c"), vec!["q"], "with its messages");
    b.sync(&server, 24.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(b.texts("c"), vec!["q"]);
}

#[test]
fn a_message_deleted_elsewhere_is_deleted_here_though_its_chat_was_renamed_here() {
    let server = TestServer::default();
    let mut a = Device::join(&server, "pw", "a").unwrap_or_else(|e| panic!("{e}"));
    let mut b = Device::join(&server, "pw", "b").unwrap_or_else(|e| panic!("{e}"));
    let (c, m) = chat("c", "Shared", 1.0, &["q", "answer"]);
    a.write(&c, &m);
    a.sync(&server, 10.0).unwrap_or_else(|e| panic!("{e}"));
    b.sync(&server, 11.0).unwrap_or_else(|e| panic!("{e}"));
    // a deletes the answer; b, not knowing, renames the chat.
    let mut shorter = c.clone();
    shorter.current_leaf_id = Some("c-m0".into());
    block_on(a.store.delete_messages(&shorter, &["c-m1".to_owned()]))
        .unwrap_or_else(|e| panic!("{e}"));
    a.sync(&server, 20.0).unwrap_or_else(|e| panic!("{e}"));
    let mut renamed = c.clone();
    renamed.title = "Renamed".into();
    renamed.updated_at_ms = 21.0;
    b.write(&renamed, &[]);
    b.sync(&server, 22.0).unwrap_or_else(|e| panic!("{e}"));
    a.sync(&server, 23.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(b.texts("c"), vec!["q"]);
    assert_eq!(
        a.texts("c"),
        vec!["q"],
        "the deleted answer did not come back"
    );
    assert_eq!(a.conversation("c").map(|c| c.title), Some("Renamed".into()));
}

#[test]
fn a_streaming_answer_waits_until_it_is_finished() {
    let server = TestServer::default();
    let mut a = Device::join(&server, "pw", "a").unwrap_or_else(|e| panic!("{e}"));
    let (c, mut m) = chat("c", "T", 1.0, &["question", "half an ans"]);
    m[1].status = MessageStatus::Streaming;
    a.write(&c, &m);
    assert_eq!(
        a.sync(&server, 10.0)
            .unwrap_or_else(|e| panic!("{e}"))
            .pushed,
        2
    );
    m[1].status = MessageStatus::Complete;
    a.write(&c, &m[1..]);
    assert_eq!(
        a.sync(&server, 11.0)
            .unwrap_or_else(|e| panic!("{e}"))
            .pushed,
        1
    );
}

#[test]
fn a_connection_dropped_mid_pull_resumes_from_the_checkpoint() {
    let server = TestServer::default();
    let mut a = Device::join(&server, "pw", "a").unwrap_or_else(|e| panic!("{e}"));
    // 30 conversations of 9 messages: 300 documents, three pull batches.
    for i in 0..30 {
        let texts: Vec<String> = (0..9).map(|j| format!("message {j} of {i}")).collect();
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        let (c, m) = chat(
            &format!("c{i:02}"),
            &format!("chat {i}"),
            f64::from(i),
            &refs,
        );
        a.write(&c, &m);
    }
    assert_eq!(
        a.sync(&server, 10.0)
            .unwrap_or_else(|e| panic!("{e}"))
            .pushed,
        300
    );

    let mut b = Device::join(&server, "pw", "b").unwrap_or_else(|e| panic!("{e}"));
    // The connection drops after the first batches: some are applied, not all.
    server.drop_after(6);
    let dropped = b.sync(&server, 20.0);
    assert!(
        matches!(dropped, Err(SyncError::Unreachable(_))),
        "{dropped:?}"
    );
    let applied_first = b.state.docs.len();
    assert!(
        (100..300).contains(&applied_first),
        "{applied_first} applied"
    );
    let since = b.state.pull_since.clone();
    assert!(since.is_some());
    let saved = block_on(b.store.load_sync_state()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        saved.pull_since, since,
        "the checkpoint was saved, not only held"
    );
    assert!(
        server.everything_stored().contains("_local/skein-pull-"),
        "the protocol's checkpoint document is on the server"
    );

    server.reconnect();
    let resumed = b.sync(&server, 30.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        resumed.pulled,
        300 - applied_first,
        "only what the first round did not apply"
    );
    for i in 0..30 {
        assert_eq!(b.texts(&format!("c{i:02}")).len(), 9, "conversation {i}");
    }
}

#[test]
fn a_connection_dropped_mid_push_resends_nothing_the_server_has() {
    let server = TestServer::default();
    let mut a = Device::join(&server, "pw", "a").unwrap_or_else(|e| panic!("{e}"));
    for i in 0..25 {
        let (c, m) = chat(
            &format!("c{i:02}"),
            "t",
            f64::from(i),
            &["a", "b", "c", "d", "e", "f", "g"],
        );
        a.write(&c, &m);
    }
    // The pull (changes, checkpoint read and write) and the first batch (revs_diff, bulk_docs)
    // go through; the second batch is lost.
    server.drop_after(5);
    assert!(a.sync(&server, 10.0).is_err());
    let first = server.doc_count() - 1;
    assert_eq!(first, 100);
    server.reconnect();
    let rest = a.sync(&server, 20.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(rest.pushed, 100, "the 200 documents less the first batch");
    assert_eq!(server.doc_count(), 201);
}

#[test]
fn a_server_cannot_make_a_device_derive_with_absurd_parameters() {
    let server = TestServer::default();
    let doc = serde_json::json!({
        "format": 1, "kdf": "argon2id",
        "params": {"memory_kib": 4_000_000, "iterations": 1, "parallelism": 1},
        "salt": "AAAAAAAAAAAAAAAAAAAAAA==", "check": "AAAA"
    });
    block_on(super::couch::ensure_database(&server)).unwrap_or_else(|e| panic!("{e}"));
    block_on(super::couch::put_doc(&server, ACCOUNT_DOC, &doc)).unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(
        Device::join(&server, "pw", "a"),
        Err(SyncError::UnknownFormat(_))
    ));
}

#[test]
fn a_document_moved_to_another_id_is_not_opened() {
    // The cipher binds each body to its id: a server that swaps bodies gets nothing read.
    let server = TestServer::default();
    let a = Device::join(&server, "pw", "a").unwrap_or_else(|e| panic!("{e}"));
    let sealed =
        block_on(a.account.cipher.seal(b"id-one", b"{}")).unwrap_or_else(|e| panic!("{e}"));
    assert!(block_on(a.account.cipher.open(b"id-two", &sealed)).is_err());
    assert!(block_on(a.account.cipher.open(b"id-one", &sealed)).is_ok());
}

#[test]
fn the_checkpoint_document_is_replaced_by_its_revision_and_recovered_when_it_is_lost() {
    let server = TestServer::default();
    let mut a = Device::join(&server, "pw", "a").unwrap_or_else(|e| panic!("{e}"));
    let (c, m) = chat("c", "T", 1.0, &["one"]);
    a.write(&c, &m);
    a.sync(&server, 10.0).unwrap_or_else(|e| panic!("{e}"));
    let mut b = Device::join(&server, "pw", "b").unwrap_or_else(|e| panic!("{e}"));
    b.sync(&server, 11.0).unwrap_or_else(|e| panic!("{e}"));
    let first = b.state.checkpoint_rev.clone();
    assert!(first.is_some());
    let (c2, m2) = chat("c2", "T2", 2.0, &["two"]);
    a.write(&c2, &m2);
    a.sync(&server, 12.0).unwrap_or_else(|e| panic!("{e}"));
    server.log.borrow_mut().clear();
    b.sync(&server, 13.0).unwrap_or_else(|e| panic!("{e}"));
    assert_ne!(b.state.checkpoint_rev, first, "replaced, not refused");
    assert!(
        !server
            .log
            .borrow()
            .iter()
            .any(|r| r.starts_with("Get _local")),
        "written without being read: {:?}",
        server.log.borrow()
    );
    // This device forgot the revision (its state was restored from an older copy): the next
    // checkpoint still goes through.
    b.state.checkpoint_rev = None;
    let (c3, m3) = chat("c3", "T3", 3.0, &["three"]);
    a.write(&c3, &m3);
    a.sync(&server, 14.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        b.sync(&server, 15.0)
            .unwrap_or_else(|e| panic!("{e}"))
            .pulled,
        2
    );
    assert!(b.state.checkpoint_rev.is_some());
}

#[test]
fn the_changes_feed_says_when_another_device_wrote_and_pending_counts_what_waits_here() {
    let server = TestServer::default();
    let mut a = Device::join(&server, "pw", "a").unwrap_or_else(|e| panic!("{e}"));
    let mut b = Device::join(&server, "pw", "b").unwrap_or_else(|e| panic!("{e}"));
    let waits = |d: &Device| {
        block_on(super::couch::wait_for_change(
            &server,
            d.state.pull_since.as_ref(),
            10,
        ))
        .unwrap_or_else(|e| panic!("{e}"))
    };
    let pending = |d: &Device| {
        block_on(super::replicate::pending(
            &d.store,
            &d.account.keys,
            &d.state,
        ))
        .unwrap_or_else(|e| panic!("{e}"))
    };
    let (c, m) = chat("c", "T", 1.0, &["q", "a"]);
    a.write(&c, &m);
    assert_eq!(pending(&a), 3);
    a.sync(&server, 10.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(pending(&a), 0);
    assert!(!waits(&a), "a's own documents do not wake a");
    b.sync(&server, 11.0).unwrap_or_else(|e| panic!("{e}"));
    assert!(!waits(&b), "nothing new for b");
    let mut renamed = c.clone();
    renamed.title = "Renamed".into();
    a.write(&renamed, &[]);
    block_on(a.store.delete_messages(&renamed, &["c-m1".to_owned()]))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(pending(&a), 2, "the record changed and one message is gone");
    a.sync(&server, 12.0).unwrap_or_else(|e| panic!("{e}"));
    assert!(waits(&b), "b hears of a's change");
    b.sync(&server, 13.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(b.texts("c"), vec!["q"]);
    assert_eq!(b.conversation("c").map(|c| c.title), Some("Renamed".into()));
}

#[test]
fn a_quick_round_reads_only_changed_conversations_and_a_full_one_catches_the_rest() {
    let server = TestServer::default();
    let mut a = Device::join(&server, "pw", "a").unwrap_or_else(|e| panic!("{e}"));
    let (c1, m1) = chat("c1", "One", 1.0, &["q1", "a1"]);
    let (c2, m2) = chat("c2", "Two", 2.0, &["q2", "a2"]);
    a.write(&c1, &m1);
    a.write(&c2, &m2);
    a.sync_reading(&server, 10.0, false)
        .unwrap_or_else(|e| panic!("{e}"));
    // A new message moves its conversation's leaf: a quick round sends both.
    let mut c1_next = c1.clone();
    let added = reply(&c1, "c1-m2", "q1 again", 20.0);
    c1_next.current_leaf_id = Some(added.id.clone());
    a.write(&c1_next, &[added]);
    assert_eq!(
        a.sync_reading(&server, 21.0, false)
            .unwrap_or_else(|e| panic!("{e}"))
            .pushed,
        2
    );
    // A message changed under an unchanged record waits for a full round.
    let mut edited = m2[1].clone();
    edited.parts.clear();
    edited.push_text("a2, corrected");
    a.write(&c2, &[edited]);
    assert_eq!(
        a.sync_reading(&server, 30.0, false)
            .unwrap_or_else(|e| panic!("{e}"))
            .pushed,
        0
    );
    assert_eq!(
        a.sync_reading(&server, 31.0, true)
            .unwrap_or_else(|e| panic!("{e}"))
            .pushed,
        1
    );
    // A deleted conversation is seen by a quick round, with its messages.
    block_on(a.store.delete_conversation("c2")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        a.sync_reading(&server, 40.0, false)
            .unwrap_or_else(|e| panic!("{e}"))
            .pushed,
        3
    );
    let mut b = Device::join(&server, "pw", "b").unwrap_or_else(|e| panic!("{e}"));
    b.sync(&server, 50.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(b.texts("c1"), vec!["a1", "q1", "q1 again"]);
    assert_eq!(b.conversation("c2"), None);
}
