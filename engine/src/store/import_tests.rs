//! Imports: Skein exports round-trip, ChatGPT exports keep their branches, and hostile files
//! are refused with an error that says what and where.

use super::*;
use crate::store::export::conversation_json;

const CHATGPT: &[u8] = include_bytes!("../../../tests/fixtures/chatgpt/conversations.json");

fn ids() -> impl FnMut() -> String {
    let mut n = 0;
    move || {
        n += 1;
        format!("new{n}")
    }
}

fn parse_str(text: &str) -> Result<Imported, ImportError> {
    parse(text.as_bytes(), &mut ids())
}

fn sample() -> (Conversation, Vec<MessageNode>) {
    let conversation = Conversation {
        current_leaf_id: Some("a2".into()),
        ..Conversation::new("c", "Sample", 1.0)
    };
    let nodes = vec![
        MessageNode::new("q", "c", Role::User, 1.0).with_text("Question"),
        MessageNode::new("a1", "c", Role::Assistant, 2.0)
            .with_parent(Some("q"))
            .with_text("One"),
        MessageNode::new("a2", "c", Role::Assistant, 3.0)
            .with_parent(Some("q"))
            .with_text("Two")
            .with_status(MessageStatus::Streaming),
    ];
    (conversation, nodes)
}

#[test]
fn a_skein_export_comes_back_with_fresh_ids_and_its_shape() {
    let (conversation, nodes) = sample();
    let imported = parse_str(&conversation_json(&conversation, &nodes)).unwrap();
    assert_eq!(imported.len(), 1);
    let (c, n) = &imported[0];
    assert_eq!(c.title, "Sample");
    assert_ne!(c.id, "c", "a fresh ID: importing twice never overwrites");
    let texts: Vec<String> = n.iter().map(MessageNode::text).collect();
    assert_eq!(texts, ["Question", "One", "Two"]);
    assert!(n.iter().all(|m| m.conversation_id == c.id));
    assert_eq!(n[1].parent_id.as_deref(), Some(n[0].id.as_str()));
    assert_eq!(
        n[2].parent_id.as_deref(),
        Some(n[0].id.as_str()),
        "the branch is kept"
    );
    assert_eq!(c.current_leaf_id.as_deref(), Some(n[2].id.as_str()));
    assert_eq!(
        n[2].status,
        MessageStatus::Incomplete,
        "no answer is left streaming"
    );
}

#[test]
fn a_chatgpt_export_keeps_its_branches_and_skips_system_and_tool_nodes() {
    let imported = parse(CHATGPT, &mut ids()).unwrap();
    assert_eq!(imported.len(), 1);
    let (conversation, nodes) = &imported[0];
    assert_eq!(conversation.title, "Tea brewing");
    assert_eq!(conversation.created_at_ms, 1_700_000_000_500.0);
    let tree = ConversationTree::from_nodes(
        &conversation.id,
        nodes.clone(),
        conversation.current_leaf_id.as_deref(),
    )
    .unwrap();
    let branch: Vec<String> = tree
        .current_branch_entries()
        .iter()
        .map(|e| e.node.text())
        .collect();
    assert_eq!(
        branch,
        [
            "How long should green tea steep?",
            "2–3 minutes at 75 °C.\n[attachment not imported]"
        ]
    );
    let entries = tree.current_branch_entries();
    assert_eq!(
        entries[1].sibling_count, 2,
        "both answers are kept as versions"
    );
    assert_eq!(entries[1].node.model.as_deref(), Some("gpt-4o"));
    assert_eq!(nodes.len(), 3);
}

#[test]
fn hostile_or_broken_files_say_what_and_where() {
    let problem = |text: &str| parse_str(text).unwrap_err();
    let err = problem("{\n\"format\": ");
    assert!(err.at.starts_with("line"), "{err}");
    assert_eq!(problem("42").problem, Problem::UnknownFormat);
    let err = problem(r#"{"format":"skein.conversation","version":99}"#);
    assert_eq!(err.at, "version");

    let (conversation, mut nodes) = sample();
    nodes[0].parent_id = Some("a1".into()); // q → a1 → q
    let err = problem(&conversation_json(&conversation, &nodes));
    assert!(err.to_string().contains("cycle"), "{err}");

    let (conversation, mut nodes) = sample();
    nodes[1].parent_id = Some("nowhere".into());
    let err = problem(&conversation_json(&conversation, &nodes));
    assert!(err.to_string().contains("does not exist"), "{err}");

    let (conversation, mut nodes) = sample();
    nodes[1] = nodes[1].clone().with_text(&"x".repeat(MAX_TEXT_BYTES));
    let err = problem(&conversation_json(&conversation, &nodes));
    assert_eq!(err.at, "conversation.messages[1]");

    let mut wrong_type: Value =
        serde_json::from_str(&conversation_json(&sample().0, &sample().1)).unwrap();
    wrong_type["messages"][2]["role"] = serde_json::json!(7);
    let err = problem(&wrong_type.to_string());
    assert_eq!(err.at, "messages[2]");

    let err = problem(r#"[{"title":"x","mapping":[]}]"#);
    assert_eq!(err.at, "conversations[0].mapping");
    let dangling = r#"[{"title":"x","mapping":{
        "u":{"message":{"author":{"role":"user"},"content":{"content_type":"text","parts":["hi"]}},"parent":"gone"}}}]"#;
    let err = problem(dangling);
    assert_eq!(err.at, "conversations[0].mapping.u.parent");
    let looping = r#"[{"title":"x","mapping":{
        "s1":{"message":null,"parent":"s2"},"s2":{"message":null,"parent":"s1"},
        "u":{"message":{"author":{"role":"user"},"content":{"content_type":"text","parts":["hi"]}},"parent":"s1"}}}]"#;
    assert_eq!(problem(looping).problem, Problem::Cycle);
}
