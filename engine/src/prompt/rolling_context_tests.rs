use super::*;
use crate::domain::message_part::{ToolApproval, ToolCall, ToolResult};
use crate::domain::tree::ConversationTree;
use crate::provider::TokenUsage;
use proptest::prelude::*;

/// A message of about `tokens` estimated tokens ("word " is one token each).
fn sized(id: &str, role: Role, tokens: u64) -> MessageNode {
    let text = "word ".repeat(tokens.saturating_sub(MESSAGE_OVERHEAD_TOKENS) as usize);
    MessageNode::new(id, "c", role, 0.0).with_text(&text)
}

/// `n` alternating user/assistant messages, `tokens` each, u0 first.
fn conversation(n: usize, tokens: u64) -> Vec<MessageNode> {
    (0..n)
        .map(|i| {
            let role = if i % 2 == 0 {
                Role::User
            } else {
                Role::Assistant
            };
            sized(&format!("m{i}"), role, tokens)
        })
        .collect()
}

fn refs(nodes: &[MessageNode]) -> Vec<&MessageNode> {
    nodes.iter().collect()
}

fn summary_of(nodes: &[MessageNode], count: usize) -> RollingContextSummary {
    summary_covering(&refs(nodes), count, "summary so far".into(), 0.0).unwrap()
}

#[test]
fn threshold_defaults_and_model_caps() {
    for disabled in [None, Some(0), Some(-1)] {
        assert_eq!(
            effective_threshold(disabled, None),
            DEFAULT_THRESHOLD_TOKENS
        );
    }
    assert_eq!(effective_threshold(Some(12_000), None), 12_000);
    let small = ModelBudget {
        context_window: 32_768,
        max_output_tokens: 4_096,
    };
    // The window minus the output budget and a tenth of the window as a safety margin.
    assert_eq!(effective_threshold(Some(50_000), Some(small)), 25_396);
    let hundred_k = ModelBudget {
        context_window: 100_000,
        max_output_tokens: 10_000,
    };
    assert_eq!(
        effective_threshold(Some(1_000_000), Some(hundred_k)),
        80_000
    );
    // The output budget may not squeeze the threshold below half the window.
    let greedy = ModelBudget {
        context_window: 8_192,
        max_output_tokens: 8_000,
    };
    assert_eq!(effective_threshold(None, Some(greedy)), 4_096);
    let large = ModelBudget {
        context_window: 200_000,
        max_output_tokens: 8_192,
    };
    assert_eq!(
        effective_threshold(None, Some(large)),
        DEFAULT_THRESHOLD_TOKENS
    );
}

#[test]
fn the_threshold_never_goes_below_the_floor() {
    // A stored or imported threshold of 1 would summarise before every request.
    for tiny in [1, 10, 3_999] {
        assert_eq!(effective_threshold(Some(tiny), None), MIN_THRESHOLD_TOKENS);
    }
    let small_model = ModelBudget {
        context_window: 2_048,
        max_output_tokens: 512,
    };
    assert_eq!(
        effective_threshold(None, Some(small_model)),
        MIN_THRESHOLD_TOKENS
    );
    assert_eq!(effective_threshold(Some(i64::MAX), None), i64::MAX as u64);
}

#[test]
fn a_summary_asks_for_about_a_quarter_of_the_threshold() {
    assert_eq!(summary_length_target(32_000), 8_000);
    assert_eq!(summary_length_target(10_000), 2_500);
    assert_eq!(summary_length_target(MIN_THRESHOLD_TOKENS), 1_000);
    assert_eq!(summary_length_target(0), SUMMARY_TOKENS_MIN);
    assert_eq!(summary_length_target(1_000_000), SUMMARY_TOKENS_MAX);
    assert_eq!(summary_length_target(u64::MAX), SUMMARY_TOKENS_MAX);
}

#[test]
fn message_size_counts_every_part_sent_again_and_reported_usage() {
    let plain = sized("a", Role::Assistant, 100);
    assert_eq!(message_tokens(&plain), 100);

    // Reasoning that is not sent again (unsigned) adds nothing; signed reasoning is sent.
    let mut with_reasoning = plain.clone();
    with_reasoning.push_reasoning(&"hmm ".repeat(50), 0.0);
    assert_eq!(message_tokens(&with_reasoning), 100);
    with_reasoning.sign_reasoning("sig", 1.0);
    assert_eq!(message_tokens(&with_reasoning), 150);

    let mut with_tool = plain.clone();
    with_tool.parts.push(MessagePart::ToolCall(ToolCall {
        id: "t".into(),
        name: "search".into(),
        arguments: "{}".into(),
        approval: ToolApproval::Auto,
        result: Some(ToolResult {
            content: "result ".repeat(200),
            is_error: false,
        }),
        step: 0,
    }));
    assert!(message_tokens(&with_tool) >= 300);

    let mut reported = plain;
    reported.usage = Some(TokenUsage::reported(9_000, 700));
    assert_eq!(message_tokens(&reported), 704, "hidden reasoning included");
}

#[test]
fn the_window_keeps_at_least_four_messages_and_starts_on_a_user_turn() {
    let nodes = conversation(10, 1_000);
    // Target 55% of 4,000 = 2,200 tokens: only two messages would fit, four are kept.
    assert_eq!(rolling_context_window_start_index(&refs(&nodes), 4_000), 6);
    // Target 55% of 12,000 = 6,600: six fit, and m4 is a user turn.
    assert_eq!(rolling_context_window_start_index(&refs(&nodes), 12_000), 4);
    // Target 55% of 10,000 = 5,500: five fit (m5..m9), but m5 is an assistant turn, so the
    // window moves back to m4 rather than detach a tool result from its request.
    assert_eq!(rolling_context_window_start_index(&refs(&nodes), 10_000), 4);
    assert_eq!(rolling_context_window_start_index(&[], 10_000), 0);
}

#[test]
fn nothing_is_planned_under_the_threshold() {
    let nodes = conversation(6, 1_000);
    assert_eq!(
        plan(&refs(&nodes), None, 32_000, false),
        RollingContextPlan::Send { start: 0 }
    );
}

#[test]
fn over_the_threshold_the_prefix_before_the_window_is_summarised() {
    let nodes = conversation(20, 1_000);
    assert_eq!(
        plan(&refs(&nodes), None, 10_000, false),
        RollingContextPlan::Summarize {
            new_from: 0,
            window_start: 14
        }
    );
}

#[test]
fn a_valid_summary_is_reused_and_refreshed_with_new_messages_only() {
    let nodes = conversation(20, 1_000);
    let summary = summary_of(&nodes, 14);
    // 14 covered; 6 × 1,000 + the summary fit under 10,000: send from m14.
    assert_eq!(
        plan(&refs(&nodes), Some(&summary), 10_000, false),
        RollingContextPlan::Send { start: 14 }
    );
    // The conversation grows: only m14..window start are new to the summary.
    let longer = conversation(30, 1_000);
    assert_eq!(
        plan(&refs(&longer), Some(&summary), 10_000, false),
        RollingContextPlan::Summarize {
            new_from: 14,
            window_start: 24
        }
    );
}

#[test]
fn manual_compression_summarises_everything_before_the_last_exchange() {
    // Far under the threshold: the forced plan still summarises all but the last exchange.
    let nodes = conversation(12, 500);
    assert_eq!(
        plan(&refs(&nodes), None, 32_000, true),
        RollingContextPlan::Summarize {
            new_from: 0,
            window_start: 10
        }
    );
    // The last exchange is the last user turn and what follows it.
    assert_eq!(
        plan(&refs(&nodes[..11]), None, 32_000, true),
        RollingContextPlan::Summarize {
            new_from: 0,
            window_start: 10
        }
    );
    // A valid summary already covering that prefix: nothing new to summarise.
    let summary = summary_of(&nodes, 10);
    assert_eq!(
        plan(&refs(&nodes), Some(&summary), 32_000, true),
        RollingContextPlan::Send { start: 10 }
    );
    // A single exchange has nothing before it.
    assert_eq!(
        plan(&refs(&nodes[..2]), None, 32_000, true),
        RollingContextPlan::Send { start: 0 }
    );
}

#[test]
fn a_reported_prompt_over_the_threshold_compresses_even_a_short_chat() {
    // Three small messages by the estimate, but the provider counted 50,000 prompt tokens for
    // the answer (an attachment or a system prompt the estimate cannot see).
    let mut nodes = conversation(3, 100);
    nodes[1].usage = Some(TokenUsage::reported(50_000, 0));
    assert_eq!(
        plan(&refs(&nodes), None, 32_000, false),
        RollingContextPlan::Summarize {
            new_from: 0,
            window_start: 2
        }
    );
    assert_eq!(
        BranchSize::of(&refs(&nodes), 0).reported,
        Some(50_000 + 100 + 100)
    );
    // Under the threshold it changes nothing.
    nodes[1].usage = Some(TokenUsage::reported(20_000, 0));
    assert_eq!(
        plan(&refs(&nodes), None, 32_000, false),
        RollingContextPlan::Send { start: 0 }
    );
    // A long chat whose estimate fits but whose reported prompt does not.
    let mut long = conversation(10, 100);
    long[7].usage = Some(TokenUsage::reported(40_000, 0));
    assert!(matches!(
        plan(&refs(&long), None, 32_000, false),
        RollingContextPlan::Summarize { new_from: 0, .. }
    ));
}

#[test]
fn provider_numbers_near_the_limit_saturate_instead_of_wrapping() {
    let mut nodes = conversation(6, 100);
    for i in [1, 3, 5] {
        nodes[i].usage = Some(TokenUsage {
            prompt_tokens: u64::MAX - 1,
            completion_tokens: u64::MAX - 1,
            ..TokenUsage::default()
        });
    }
    assert_eq!(message_tokens(&nodes[1]), u64::MAX);
    assert_eq!(BranchSize::of(&refs(&nodes), 0).with_summary(0), u64::MAX);
    // A wrapped sum would look small and send everything.
    assert!(matches!(
        plan(&refs(&nodes), None, 32_000, false),
        RollingContextPlan::Summarize { .. }
    ));
    assert_eq!(saturating_sum([u64::MAX, 1, u64::MAX]), u64::MAX);
}

#[test]
fn without_a_user_turn_in_reach_the_window_starts_at_a_message_boundary() {
    // An imported run of assistant messages, 40,000 tokens, over a 10,000 threshold.
    let run: Vec<MessageNode> = (0..40)
        .map(|i| sized(&format!("a{i}"), Role::Assistant, 1_000))
        .collect();
    let start = rolling_context_window_start_index(&refs(&run), 10_000);
    assert!(start > 0 && start < 36, "{start}");
    assert_eq!(
        plan(&refs(&run), None, 10_000, false),
        RollingContextPlan::Summarize {
            new_from: 0,
            window_start: start
        }
    );
    // One question, then the long run: reaching the question would send it all.
    let mut asked = vec![sized("u", Role::User, 100)];
    asked.extend(run.iter().cloned());
    let start = rolling_context_window_start_index(&refs(&asked), 10_000);
    assert!(start > 1, "{start}");
    // A user turn one message back is still where the window starts.
    let chat = conversation(20, 1_000);
    let start = rolling_context_window_start_index(&refs(&chat), 10_000);
    assert_eq!(chat[start].role, Role::User);
}

#[test]
fn few_messages_are_not_summarised_unless_one_turn_is_huge() {
    let nodes = conversation(3, 20_000);
    assert_eq!(
        plan(&refs(&nodes[..2]), None, 10_000, false),
        RollingContextPlan::Send { start: 0 },
        "two messages: the last one is the question, nothing before it to compact"
    );
    // u0 (a pasted book) + a0 + u2: u0 alone exceeds the recent window.
    assert_eq!(
        plan(&refs(&nodes), None, 10_000, false),
        RollingContextPlan::Summarize {
            new_from: 0,
            window_start: 2
        }
    );
    let modest = conversation(3, 3_000);
    assert_eq!(
        plan(&refs(&modest), None, 8_000, false),
        RollingContextPlan::Send { start: 0 }
    );
}

#[test]
fn summaries_follow_the_branch() {
    let mut tree = ConversationTree::new("c");
    for node in conversation(8, 100) {
        tree.append(node).unwrap();
    }
    let branch: Vec<MessageNode> = tree.current_branch().into_iter().cloned().collect();
    let summary = summary_of(&branch, 4);
    assert!(summary.is_valid_for(&tree.current_branch()));

    // Editing a covered question moves to a branch the summary does not describe.
    tree.edit_user_message("m2", sized("m2-edited", Role::User, 100))
        .unwrap();
    tree.append(sized("a-new", Role::Assistant, 100)).unwrap();
    assert!(!summary.is_valid_for(&tree.current_branch()));
    // Switching back makes it valid again; nothing was recomputed.
    tree.switch_sibling("m2-edited", -1).unwrap();
    assert!(summary.is_valid_for(&tree.current_branch()));

    // Deleting a covered message invalidates it for good.
    tree.delete_subtree("m3").unwrap();
    assert!(!summary.is_valid_for(&tree.current_branch()));

    // A summary covering the whole branch is of no use (nothing would follow it).
    let all = summary_of(&branch, 8);
    assert!(!all.is_valid_for(&refs(&branch)));
}

#[test]
fn the_longest_valid_summary_wins() {
    let nodes = conversation(10, 100);
    let summaries = [summary_of(&nodes, 2), summary_of(&nodes, 6), {
        let mut stale = summary_of(&nodes, 8);
        stale.covered_ids[3] = "edited-away".into();
        stale
    }];
    let chosen = valid_summary(&summaries, &refs(&nodes)).unwrap();
    assert_eq!(chosen.covered_ids.len(), 6);
}

#[test]
fn splitting_prefers_paragraph_and_line_breaks() {
    let text = format!(
        "{}\n\n{}\n{}",
        "alpha ".repeat(30),
        "beta ".repeat(30),
        "gamma ".repeat(30)
    );
    let pieces = split_by_token_budget(&text, 40);
    assert_eq!(pieces.concat(), text);
    assert!(pieces[0].ends_with("\n\n"), "{pieces:?}");
    assert!(pieces.iter().all(|p| estimate_tokens(p) <= 40));
}

#[test]
fn splitting_is_linear_in_the_text() {
    // 400 KB with no paragraph breaks; the old search re-read the whole rest for every piece.
    let text = "lorem ipsum dolor sit amet, ".repeat(15_000);
    let mut examined = 0usize;
    let pieces = split_by_token_budget_with(&text, 1_000, &mut |piece: &str| {
        examined += piece.len();
        estimate_tokens(piece)
    });
    assert_eq!(pieces.concat(), text);
    assert!(pieces.len() > 50);
    assert!(
        examined < 64 * text.len(),
        "{examined} bytes estimated for {} bytes of text",
        text.len()
    );
}

proptest! {
    #[test]
    fn splitting_never_loses_or_splits_a_character(
        text in "(\\PC|\\s|[你好世界🎉é]){0,400}",
        budget in 1u64..60,
    ) {
        let pieces = split_by_token_budget(&text, budget);
        prop_assert_eq!(pieces.concat(), text.clone());
        for piece in &pieces {
            prop_assert!(!piece.is_empty());
            // A piece over budget is a single character that alone exceeds it.
            prop_assert!(estimate_tokens(piece) <= budget || piece.chars().count() == 1);
        }
    }
}
