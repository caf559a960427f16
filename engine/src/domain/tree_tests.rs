use super::*;
use proptest::prelude::*;

fn node(id: &str, role: Role, at: f64) -> MessageNode {
    MessageNode::new(id, "c", role, at).with_text(id)
}

fn child(id: &str, parent: &str, role: Role, at: f64) -> MessageNode {
    MessageNode {
        parent_id: Some(parent.into()),
        ..node(id, role, at)
    }
}

fn branch_ids(tree: &ConversationTree) -> Vec<&str> {
    tree.current_branch()
        .into_iter()
        .map(|n| n.id.as_str())
        .collect()
}

/// u1 → a1 → u2 → a2, built with `append`.
fn linear() -> ConversationTree {
    let mut tree = ConversationTree::new("c");
    for (i, (id, role)) in [
        ("u1", Role::User),
        ("a1", Role::Assistant),
        ("u2", Role::User),
        ("a2", Role::Assistant),
    ]
    .into_iter()
    .enumerate()
    {
        tree.append(node(id, role, i as f64)).unwrap();
    }
    tree
}

#[test]
fn append_builds_the_current_branch() {
    let tree = linear();
    assert_eq!(branch_ids(&tree), ["u1", "a1", "u2", "a2"]);
    assert_eq!(tree.get("u2").unwrap().parent_id.as_deref(), Some("a1"));
}

#[test]
fn a_new_version_made_in_the_same_millisecond_is_still_the_last() {
    // A retry made at once, with an ID that sorts first: still the newest version.
    let mut tree = linear();
    tree.regenerate("a2", node("0-retry", Role::Assistant, 3.0))
        .unwrap();
    let siblings = tree.siblings("0-retry").unwrap();
    assert_eq!(siblings.ids, ["a2", "0-retry"]);
    assert_eq!(siblings.position, 1);
    tree.edit_user_message("u2", node("0-edit", Role::User, 2.0))
        .unwrap();
    assert_eq!(tree.siblings("0-edit").unwrap().ids, ["u2", "0-edit"]);
}

#[test]
fn regenerate_adds_a_sibling_and_keeps_the_old_answer() {
    let mut tree = linear();
    let change = tree
        .regenerate("a2", node("a2b", Role::Assistant, 10.0))
        .unwrap();
    assert_eq!(change.saved.len(), 1);
    assert_eq!(change.saved[0].parent_id.as_deref(), Some("u2"));
    assert_eq!(branch_ids(&tree), ["u1", "a1", "u2", "a2b"]);
    let siblings = tree.siblings("a2b").unwrap();
    assert_eq!(
        (siblings.ids.as_slice(), siblings.position),
        (&["a2".to_owned(), "a2b".to_owned()][..], 1)
    );
    // ‹ back to the first answer
    assert_eq!(tree.switch_sibling("a2b", -1).unwrap(), "a2");
    assert_eq!(branch_ids(&tree), ["u1", "a1", "u2", "a2"]);
}

#[test]
fn regenerate_and_edit_check_roles() {
    let mut tree = linear();
    assert!(matches!(
        tree.regenerate("u2", node("x", Role::Assistant, 9.0)),
        Err(TreeError::WrongRole { .. })
    ));
    assert!(matches!(
        tree.edit_user_message("a1", node("x", Role::User, 9.0)),
        Err(TreeError::WrongRole { .. })
    ));
    assert_eq!(tree.len(), 4, "a refused operation changes nothing");
}

#[test]
fn editing_a_question_branches_and_keeps_its_answers() {
    let mut tree = linear();
    tree.edit_user_message("u2", node("u2b", Role::User, 10.0))
        .unwrap();
    assert_eq!(branch_ids(&tree), ["u1", "a1", "u2b"]);
    tree.append(node("a2c", Role::Assistant, 11.0)).unwrap();
    assert_eq!(branch_ids(&tree), ["u1", "a1", "u2b", "a2c"]);
    // The old question still has its answer below it.
    tree.switch_sibling("u2b", -1).unwrap();
    assert_eq!(branch_ids(&tree), ["u1", "a1", "u2", "a2"]);
}

#[test]
fn editing_the_first_message_makes_a_second_root() {
    let mut tree = linear();
    tree.edit_user_message("u1", node("u1b", Role::User, 10.0))
        .unwrap();
    assert_eq!(branch_ids(&tree), ["u1b"]);
    assert_eq!(tree.siblings("u1b").unwrap().count(), 2);
}

#[test]
fn selecting_a_fork_shows_its_most_recent_leaf() {
    let mut tree = linear();
    tree.regenerate("a1", node("a1b", Role::Assistant, 5.0))
        .unwrap();
    tree.append(node("u3", Role::User, 6.0)).unwrap();
    tree.select("u1").unwrap();
    assert_eq!(branch_ids(&tree), ["u1", "a1b", "u3"]);
    tree.select("a1").unwrap();
    assert_eq!(branch_ids(&tree), ["u1", "a1", "u2", "a2"]);
    tree.select_exact("a1").unwrap();
    assert_eq!(branch_ids(&tree), ["u1", "a1"]);
}

#[test]
fn switching_siblings_clamps_at_the_ends() {
    let mut tree = linear();
    tree.regenerate("a2", node("a2b", Role::Assistant, 10.0))
        .unwrap();
    assert_eq!(tree.switch_sibling("a2b", 5).unwrap(), "a2b");
    assert_eq!(tree.switch_sibling("a2b", -5).unwrap(), "a2");
}

#[test]
fn continue_selects_the_answer_to_extend() {
    let mut tree = linear();
    let text = tree.continue_from("a1").unwrap().text();
    assert_eq!(text, "a1");
    assert_eq!(branch_ids(&tree), ["u1", "a1"]);
    let mut longer = tree.get("a1").unwrap().clone();
    longer.push_text(" and more");
    let change = tree.update(longer).unwrap();
    assert_eq!(change.saved[0].text(), "a1 and more");
    assert!(tree.continue_from("u1").is_err());
}

#[test]
fn update_cannot_move_a_node() {
    let mut tree = linear();
    let mut moved = tree.get("a2").unwrap().clone();
    moved.parent_id = Some("u1".into());
    assert_eq!(tree.update(moved), Err(TreeError::Moved("a2".into())));
    assert!(matches!(
        tree.update(node("ghost", Role::User, 0.0)),
        Err(TreeError::UnknownId(_))
    ));
}

#[test]
fn deleting_a_subtree_moves_the_selection_to_what_remains() {
    let mut tree = linear();
    tree.regenerate("a2", node("a2b", Role::Assistant, 10.0))
        .unwrap();
    let change = tree.delete_subtree("a2b").unwrap();
    assert_eq!(change.deleted, ["a2b"]);
    assert_eq!(branch_ids(&tree), ["u1", "a1", "u2", "a2"]);

    let change = tree.delete_subtree("a1").unwrap();
    assert_eq!(change.deleted, ["a1", "a2", "u2"]);
    assert_eq!(branch_ids(&tree), ["u1"]);

    tree.delete_subtree("u1").unwrap();
    assert!(tree.is_empty());
    assert_eq!(tree.current_leaf(), None);
    assert_eq!(
        tree.delete_subtree("u1"),
        Err(TreeError::UnknownId("u1".into()))
    );
}

#[test]
fn deleting_another_branch_keeps_the_selection() {
    let mut tree = linear();
    tree.regenerate("a1", node("a1b", Role::Assistant, 5.0))
        .unwrap();
    tree.switch_sibling("a1b", -1).unwrap();
    tree.delete_subtree("a1b").unwrap();
    assert_eq!(branch_ids(&tree), ["u1", "a1", "u2", "a2"]);
}

#[test]
fn loading_rejects_broken_trees_with_typed_errors() {
    let check = |nodes: Vec<MessageNode>| ConversationTree::from_nodes("c", nodes, None);
    assert_eq!(
        check(vec![node("a", Role::User, 0.0), node("a", Role::User, 1.0)]),
        Err(TreeError::DuplicateId("a".into()))
    );
    assert_eq!(
        check(vec![child("b", "missing", Role::User, 0.0)]),
        Err(TreeError::Orphan {
            id: "b".into(),
            parent: "missing".into()
        })
    );
    assert!(matches!(
        check(vec![
            child("a", "b", Role::User, 0.0),
            child("b", "a", Role::Assistant, 1.0)
        ]),
        Err(TreeError::Cycle(_))
    ));
    assert!(matches!(
        check(vec![child("self", "self", Role::User, 0.0)]),
        Err(TreeError::Cycle(_))
    ));
    let mut foreign = node("x", Role::User, 0.0);
    foreign.conversation_id = "other".into();
    assert!(matches!(
        check(vec![foreign]),
        Err(TreeError::WrongConversation { .. })
    ));
}

#[test]
fn loading_with_a_dangling_selection_shows_the_newest_leaf() {
    let nodes = vec![
        node("u1", Role::User, 0.0),
        child("a1", "u1", Role::Assistant, 1.0),
        child("a1b", "u1", Role::Assistant, 2.0),
    ];
    let tree = ConversationTree::from_nodes("c", nodes.clone(), Some("gone")).unwrap();
    assert_eq!(branch_ids(&tree), ["u1", "a1b"]);
    let tree = ConversationTree::from_nodes("c", nodes, Some("a1")).unwrap();
    assert_eq!(branch_ids(&tree), ["u1", "a1"]);
}

// ---- property tests -------------------------------------------------------------------------

/// One step of a random editing session; indices pick an existing node modulo the tree size.
#[derive(Debug, Clone)]
enum Op {
    Append(Role),
    Regenerate(usize),
    Edit(usize),
    Delete(usize),
    Select(usize),
    Switch(usize, isize),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => prop_oneof![Just(Role::User), Just(Role::Assistant)].prop_map(Op::Append),
        2 => any::<usize>().prop_map(Op::Regenerate),
        2 => any::<usize>().prop_map(Op::Edit),
        1 => any::<usize>().prop_map(Op::Delete),
        2 => any::<usize>().prop_map(Op::Select),
        2 => (any::<usize>(), -2isize..=2).prop_map(|(i, d)| Op::Switch(i, d)),
    ]
}

fn pick(tree: &ConversationTree, i: usize) -> Option<String> {
    let nodes = tree.nodes();
    (!nodes.is_empty()).then(|| nodes[i % nodes.len()].id.clone())
}

/// The structural invariants every tree must keep.
fn assert_invariants(tree: &ConversationTree) {
    let ids: HashSet<&str> = tree.nodes().iter().map(|n| n.id.as_str()).collect();
    assert_eq!(ids.len(), tree.len(), "unique IDs");
    for n in tree.nodes() {
        if let Some(p) = &n.parent_id {
            assert!(ids.contains(p.as_str()), "no orphan: {} → {p}", n.id);
        }
    }
    // Rebuilding from the records finds no cycle and the same selection.
    let rebuilt =
        ConversationTree::from_nodes("c", tree.nodes().to_vec(), tree.current_leaf()).unwrap();
    assert_eq!(rebuilt.current_leaf(), tree.current_leaf());
    // The index and parent links kept through the operations are those the records give.
    assert_eq!(&rebuilt, tree);
    // One root path: the branch starts at a root and each node is its predecessor's child.
    let branch = tree.current_branch();
    if let Some(first) = branch.first() {
        assert!(first.parent_id.is_none());
    }
    for pair in branch.windows(2) {
        assert_eq!(pair[1].parent_id.as_deref(), Some(pair[0].id.as_str()));
    }
    assert_eq!(branch.is_empty(), tree.is_empty());
    assert_eq!(branch.last().map(|n| n.id.as_str()), tree.current_leaf());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_sessions_keep_every_invariant(ops in proptest::collection::vec(op(), 1..60)) {
        let mut tree = ConversationTree::new("c");
        let mut next = 0u32;
        let mut fresh = |role: Role| {
            next += 1;
            node(&format!("n{next}"), role, f64::from(next))
        };
        for op in ops {
            let before: HashSet<String> = tree.nodes().iter().map(|n| n.id.clone()).collect();
            let old_branch: Vec<String> =
                tree.current_branch().iter().map(|n| n.id.clone()).collect();
            let old_leaf = tree.current_leaf().map(str::to_owned);
            match op {
                Op::Append(role) => {
                    tree.append(fresh(role)).unwrap();
                }
                Op::Regenerate(i) | Op::Edit(i) => {
                    let Some(id) = pick(&tree, i) else { continue };
                    let role = tree.get(&id).unwrap().role;
                    let result = if matches!(op, Op::Regenerate(_)) {
                        tree.regenerate(&id, fresh(Role::Assistant))
                    } else {
                        tree.edit_user_message(&id, fresh(Role::User))
                    };
                    let expected = if matches!(op, Op::Regenerate(_)) { Role::Assistant } else { Role::User };
                    prop_assert_eq!(result.is_ok(), role == expected);
                    if result.is_ok() {
                        // Reversible by switching branches: the old branch is intact and comes
                        // back exactly when its leaf is selected again.
                        let leaf = old_leaf.clone().unwrap();
                        tree.select_exact(&leaf).unwrap();
                        let restored: Vec<String> =
                            tree.current_branch().iter().map(|n| n.id.clone()).collect();
                        prop_assert_eq!(&restored, &old_branch);
                    }
                }
                Op::Delete(i) => {
                    let Some(id) = pick(&tree, i) else { continue };
                    let change = tree.delete_subtree(&id).unwrap();
                    let after: HashSet<String> =
                        tree.nodes().iter().map(|n| n.id.clone()).collect();
                    // Exactly the subtree went; nothing else.
                    let gone: HashSet<String> = before.difference(&after).cloned().collect();
                    prop_assert_eq!(gone, change.deleted.iter().cloned().collect::<HashSet<_>>());
                    prop_assert!(change.deleted.contains(&id));
                    assert_invariants(&tree);
                    continue;
                }
                Op::Select(i) => {
                    let Some(id) = pick(&tree, i) else { continue };
                    tree.select(&id).unwrap();
                    prop_assert!(tree.current_branch().iter().any(|n| n.id == id));
                }
                Op::Switch(i, offset) => {
                    let Some(id) = pick(&tree, i) else { continue };
                    let shown = tree.switch_sibling(&id, offset).unwrap();
                    prop_assert!(tree.current_branch().iter().any(|n| n.id == shown));
                }
            }
            // Selecting and adding never lose a node.
            let after: HashSet<String> = tree.nodes().iter().map(|n| n.id.clone()).collect();
            prop_assert!(before.is_subset(&after));
            assert_invariants(&tree);
        }
    }
}
