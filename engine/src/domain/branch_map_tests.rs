use super::*;
use crate::domain::message_part::MessagePart;

fn node(id: &str, parent: Option<&str>, role: Role, at: f64) -> MessageNode {
    MessageNode::new(id, "c", role, at)
        .with_text(&format!("text of {id}"))
        .with_parent(parent)
}

/// u1 → a1 → u2 → {a2 → u3 → a3, a2b (shown)}, and the first question edited: u1b → a1b.
fn forked() -> ConversationTree {
    use Role::{Assistant as A, User as U};
    let nodes = vec![
        node("u1", None, U, 0.0),
        node("a1", Some("u1"), A, 1.0),
        node("u2", Some("a1"), U, 2.0),
        node("a2", Some("u2"), A, 3.0),
        node("u3", Some("a2"), U, 4.0),
        node("a3", Some("u3"), A, 5.0),
        node("a2b", Some("u2"), A, 10.0),
        node("u1b", None, U, 20.0),
        node("a1b", Some("u1b"), A, 21.0),
    ];
    ConversationTree::from_nodes("c", nodes, Some("a2b")).unwrap()
}

/// A chain of `n` messages, questions and answers in turn, the last one shown.
fn chain(n: usize) -> ConversationTree {
    let ids: Vec<String> = (0..n).map(|i| format!("m{i}")).collect();
    let nodes = (0..n)
        .map(|i| {
            let role = if i % 2 == 0 {
                Role::User
            } else {
                Role::Assistant
            };
            let parent = i.checked_sub(1).map(|p| ids[p].as_str());
            node(&ids[i], parent, role, i as f64)
        })
        .collect();
    ConversationTree::from_nodes("c", nodes, ids.last().map(String::as_str)).unwrap()
}

fn rows(map: &BranchMap) -> Vec<String> {
    map.entries
        .iter()
        .map(|entry| match entry {
            MapEntry::Node(n) => format!(
                "{}{}{}{}{}",
                "  ".repeat(n.level),
                n.id,
                n.version
                    .map(|(v, of)| format!(" {v}/{of}"))
                    .unwrap_or_default(),
                if n.on_path { " *" } else { "" },
                if n.shown_leaf { " <" } else { "" },
            ),
            MapEntry::Folded {
                count,
                level,
                on_path,
                ..
            } => format!(
                "{}… {count}{}",
                "  ".repeat(*level),
                if *on_path { " *" } else { "" }
            ),
        })
        .collect()
}

#[test]
fn every_branch_reads_top_to_bottom_and_only_forks_indent() {
    let map = BranchMap::of(&forked(), &HashSet::new());
    assert_eq!(
        rows(&map),
        [
            "u1 1/2 *",
            "a1 *",
            "u2 *",
            "  a2 1/2",
            "  u3",
            "  a3",
            "  a2b 2/2 * <",
            "u1b 2/2",
            "a1b",
        ]
    );
    assert_eq!((map.messages, map.branches), (9, 3));
    assert_eq!(map.position_of("a2b"), Some(6));
    assert_eq!(map.position_of("nope"), None);
}

#[test]
fn a_branch_shown_elsewhere_moves_the_marks() {
    let mut tree = forked();
    tree.select("u1b").unwrap();
    let map = BranchMap::of(&tree, &HashSet::new());
    let marked: Vec<String> = rows(&map).into_iter().filter(|r| r.contains('*')).collect();
    assert_eq!(marked, ["u1b 2/2 *", "a1b * <"]);
}

#[test]
fn a_long_run_folds_its_middle_until_unfolded() {
    let tree = chain(20);
    let map = BranchMap::of(&tree, &HashSet::new());
    assert_eq!(rows(&map), ["m0 *", "m1 *", "… 16 *", "m18 *", "m19 * <"]);
    assert!(matches!(&map.entries[2], MapEntry::Folded { key, .. } if key == "m0"));
    let unfolded = HashSet::from(["m0".to_owned()]);
    let whole = BranchMap::of(&tree, &unfolded);
    assert_eq!(whole.entries.len(), 20);
    assert_eq!(whole.messages, 20);
    // Exactly the threshold stays whole.
    assert_eq!(
        BranchMap::of(&chain(FOLD_LONGER_THAN), &HashSet::new())
            .entries
            .len(),
        FOLD_LONGER_THAN
    );
}

#[test]
fn a_run_before_a_fork_folds_but_the_fork_and_each_version_show() {
    // Ten messages, then two versions of the eleventh answer.
    let mut tree = chain(10);
    tree.append(node("v1", None, Role::Assistant, 100.0))
        .unwrap();
    tree.regenerate("v1", node("v2", None, Role::Assistant, 101.0))
        .unwrap();
    let map = BranchMap::of(&tree, &HashSet::new());
    assert_eq!(
        rows(&map),
        [
            "m0 *",
            "m1 *",
            "… 6 *",
            "m8 *",
            "m9 *",
            "  v1 1/2",
            "  v2 2/2 * <"
        ]
    );
    assert_eq!(map.branches, 2);
}

#[test]
fn ten_thousand_messages_map_without_deep_recursion() {
    let map = BranchMap::of(&chain(10_000), &HashSet::new());
    assert_eq!(map.entries.len(), 2 * FOLD_KEEP + 1);
    assert_eq!(map.messages, 10_000);
}

#[test]
fn an_empty_conversation_has_an_empty_map() {
    let map = BranchMap::of(&ConversationTree::new("c"), &HashSet::new());
    assert_eq!(map, BranchMap::default());
    assert_eq!(move_focus(&map.entries, 0, MapKey::Down), 0);
    assert_eq!(move_focus(&map.entries, 3, MapKey::Fork), 0);
}

#[test]
fn excerpts_are_one_short_line_or_say_what_the_message_holds() {
    let long = format!("Line one\n\n  line   two {}", "word ".repeat(40));
    let text = MessageNode::new("t", "c", Role::User, 0.0).with_text(&long);
    let shown = excerpt(&text);
    assert!(shown.starts_with("Line one line two word"), "{shown}");
    assert!(shown.ends_with('…'));
    assert!(shown.chars().count() <= EXCERPT_CHARS);
    let mut image = MessageNode::new("i", "c", Role::User, 0.0);
    image.parts.push(MessagePart::Image {
        blob_id: "b".into(),
        mime: "image/png".into(),
        name: None,
    });
    assert_eq!(
        excerpt(&image),
        "(no text: an image, a file or a tool call)"
    );
    assert_eq!(
        excerpt(&MessageNode::new("e", "c", Role::Assistant, 0.0)),
        "(empty)"
    );
    let short = MessageNode::new("s", "c", Role::User, 0.0).with_text("  Hi\tthere ");
    assert_eq!(excerpt(&short), "Hi there");
}

#[test]
fn keys_move_along_the_rows_and_left_goes_to_the_fork() {
    let map = BranchMap::of(&forked(), &HashSet::new());
    let entries = &map.entries;
    let at = |id| map.position_of(id).unwrap();
    assert_eq!(move_focus(entries, at("a1"), MapKey::Up), at("u1"));
    assert_eq!(move_focus(entries, 0, MapKey::Up), 0);
    assert_eq!(move_focus(entries, at("u2"), MapKey::Down), at("a2"));
    assert_eq!(
        move_focus(entries, entries.len() - 1, MapKey::Down),
        entries.len() - 1
    );
    assert_eq!(move_focus(entries, at("a3"), MapKey::Home), 0);
    assert_eq!(move_focus(entries, 0, MapKey::End), at("a1b"));
    // ← from anywhere in a version goes to the message it answers.
    assert_eq!(move_focus(entries, at("a3"), MapKey::Fork), at("u2"));
    assert_eq!(move_focus(entries, at("a2b"), MapKey::Fork), at("u2"));
    // At the top level there is nothing to go back to.
    assert_eq!(move_focus(entries, at("a1b"), MapKey::Fork), at("a1b"));
    assert_eq!(MapKey::from_key("ArrowLeft", false), Some(MapKey::Fork));
    assert_eq!(MapKey::from_key("ArrowRight", false), None);
    // Right to left, the indent is on the right: → goes back to the fork.
    assert_eq!(MapKey::from_key("ArrowRight", true), Some(MapKey::Fork));
    assert_eq!(MapKey::from_key("ArrowLeft", true), None);
    assert_eq!(MapKey::from_key("ArrowDown", true), Some(MapKey::Down));
    assert_eq!(MapKey::from_key("Enter", false), None);
}
