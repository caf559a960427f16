use super::*;

#[test]
fn every_pattern_compiles() {
    assert!(super::refusal::all_compile());
    assert!(super::fabrication::all_compile());
    assert!(super::follow_up::all_compile());
}

#[test]
fn claimed_actions_are_caught_in_many_phrasings() {
    for (reply, claimed) in [
        ("Done! I've sent the email to Bob.", "sent"),
        ("I have emailed your landlord about the heating.", "emailed"),
        ("Sure — I just booked a table for two at 7pm.", "booked"),
        ("I’ve scheduled the meeting for Tuesday.", "scheduled"),
        ("Your meeting has been scheduled for 3pm.", "scheduled"),
        ("It has been successfully sent.", "sent"),
        (
            "I've gone ahead and ordered the replacement part.",
            "ordered",
        ),
        ("I saved the file to your Documents folder.", "saved"),
        ("I've added the event to your calendar.", "added"),
        ("I deleted the 3 old emails you mentioned.", "deleted"),
        ("I set a reminder for 5pm.", "set"),
        (
            "I've searched the web and the latest version is 2.1.",
            "searched",
        ),
        (
            "I checked your calendar: you are free on Friday.",
            "checked",
        ),
        ("OK. The reminder has been created.", "created"),
        ("I phoned the clinic and they open at 9.", "phoned"),
    ] {
        let claim = fabricated_action(reply, "").unwrap_or_else(|| panic!("missed: {reply}"));
        assert!(claim.phrase.contains(claimed), "{reply}: {}", claim.phrase);
    }
}

#[test]
fn hypotheticals_negations_questions_and_code_talk_are_not_claims() {
    for reply in [
        "I can't send emails, but here is a draft you can send.",
        "I haven't sent anything; you need to press send yourself.",
        "Once you've sent the form, the office will reply within a week.",
        "If I sent that message, it would look like this:",
        "Should I have booked it earlier?",
        "I will send it once you confirm.",
        "Here is an example: \"I've sent the invoice.\"",
        "I removed the unused import and renamed the variable in the code above.",
        "I created a function called `parse` below.",
        "I set x to 5 in this example.",
        "I called the helper twice so the loop stays short.",
        "I added a comment explaining the loop.",
        "In the story, the knight sent a letter to the king.",
        "Have you booked the flight yet?",
        "You could email the landlord. I would not call before 9.",
    ] {
        assert_eq!(
            fabricated_action(reply, ""),
            None,
            "false positive: {reply}"
        );
    }
}

#[test]
fn follow_up_promises_are_found_but_not_rewritten() {
    assert_eq!(
        follow_up_promises("I'll let you know when it's done. Also, I will keep you posted!"),
        ["I'll let you know", "I will keep you posted"]
    );
    assert_eq!(
        follow_up_promises("We’ll get back to you tomorrow."),
        ["We'll get back to you"]
    );
    for none in [
        "Let me know if anything changes.",
        "If I'll remind you, you won't forget.",
        "I won't be able to follow up, so set a reminder yourself.",
        "The app will notify you when the parcel arrives.",
    ] {
        assert!(
            follow_up_promises(none).is_empty(),
            "false positive: {none}"
        );
    }
}

#[test]
fn requests_for_unavailable_actions_get_an_honest_refusal() {
    for request in [
        "Remind me to call mom at 5pm",
        "please set an alarm for 6:30",
        "Can you send an email to Bob saying I'm late?",
        "Book a table for two at Luigi's tonight",
        "hey, schedule a meeting with Ana next week",
        "Order me some coffee beans",
        "Call my dentist and move the appointment",
        "text mom that I'll be late",
    ] {
        let refusal = honest_refusal(request, &[]).unwrap_or_else(|| panic!("missed: {request}"));
        assert!(
            refusal.contains("I can't do that here: no tool is enabled"),
            "{refusal}"
        );
        assert!(refusal.contains("won't pretend"), "{refusal}");
    }
    for fine in [
        "How do I set an alarm on my phone?",
        "Write an email to Bob saying I'm late.",
        "Draft a text to my sister",
        "What should I order at a Thai restaurant?",
        "Explain how to schedule a cron job",
        "My boss asked me to remind me... never mind, summarise this article",
        "Call me Ishmael. Now continue the story.",
        "Email etiquette tips for managers",
        "Text analysis of this paragraph, please",
        "",
    ] {
        assert_eq!(honest_refusal(fine, &[]), None, "false positive: {fine}");
    }
}

#[test]
fn the_refusal_is_decided_by_what_the_request_can_do() {
    let calculator = ("calculate", "Evaluates arithmetic.");
    let refusal = honest_refusal("Remind me to stretch at 4pm", &[calculator]).unwrap();
    assert!(
        refusal.contains("none of the tools enabled here (calculate) can do it"),
        "{refusal}"
    );
    // A tool that can do it: the model answers (and calls it).
    let reminders = (
        "mcp__home__create_reminder",
        "Creates a reminder on the phone.",
    );
    assert_eq!(
        honest_refusal("Remind me to stretch at 4pm", &[calculator, reminders]),
        None
    );
    let mail = ("send_mail", "Sends an e-mail from the user's account.");
    assert_eq!(
        honest_refusal("Send an email to Bob saying hi", &[mail]),
        None
    );
    assert!(honest_refusal("Book a table for two", &[mail]).is_some());
    let calendar = ("add_event", "Adds an event to the user's calendar.");
    assert_eq!(
        honest_refusal("Schedule a meeting with Ana", &[calendar]),
        None
    );
}

#[test]
fn everyday_requests_that_start_like_actions_are_not_refused() {
    // The requests the issue found refused: questions, code, drafts, sorting, plans.
    for fine in [
        "Remind me what a monad is",
        "Set a timer in JavaScript that fires after 5 seconds",
        "Order these dates: 1999, 1066, 2024",
        "Schedule a study plan for my exams",
        "Text my friend a birthday message — write three options",
        "Book recommendations for a ten-year-old who likes dragons",
        "remind me the difference between TCP and UDP",
        "提醒我一下什么是单子",
        "用JavaScript设置一个5秒后触发的定时器",
        "ذكرني ما هو الموناد",
        "*I send a raven to the king* Now what does the king answer?",
    ] {
        assert_eq!(honest_refusal(fine, &[]), None, "refused: {fine}");
    }
}

#[test]
fn chinese_and_arabic_action_requests_are_refused_in_their_language() {
    let zh = honest_refusal("提醒我明天早上八点开会", &[]).expect("zh reminder");
    assert!(zh.contains("提醒你") && zh.contains("不会假装"), "{zh}");
    let ar = honest_refusal("ذكرني غدا الساعة الخامسة بالاجتماع", &[]).expect("ar reminder");
    assert!(ar.contains("تذكيرك"), "{ar}");
    assert!(honest_refusal("帮我订一张明天去上海的机票", &[]).is_some());
    assert!(honest_refusal("احجز لي طاولة لشخصين الليلة", &[]).is_some());
}

#[test]
fn narration_and_edits_in_text_are_not_claims() {
    for reply in [
        "I sent the raven to Winterfell, my lord.",
        "I booked passage on the next ship to Lisbon.",
        "I ordered the list alphabetically.",
        "I scheduled the tasks in your study plan below.",
        "他说：「我已经把邮件发给老板了。」",
        "我把代码里没用的导入删除了。",
    ] {
        assert_eq!(fabricated_action(reply, ""), None, "flagged: {reply}");
    }
    // A story the user asked for: its "I" is a character's.
    assert_eq!(
        fabricated_action(
            "I've sent the email to the duke.",
            "Write a story about a spy"
        ),
        None
    );
    for (reply, language) in [
        ("我已经帮你把邮件发给老板了。", "zh"),
        ("已为您预订明晚七点的两人桌。", "zh"),
        ("لقد أرسلت البريد الإلكتروني إلى مديرك.", "ar"),
        ("تم حجز طاولتك الساعة السابعة.", "ar"),
    ] {
        assert!(
            fabricated_action(reply, "").is_some(),
            "{language}: {reply}"
        );
    }
}

#[test]
fn the_gates_leave_the_text_as_written_and_follow_their_switches() {
    use crate::domain::message::{MessageNode, Role};
    let reply = || {
        MessageNode::new("r", "c", Role::Assistant, 0.0)
            .with_text("I've sent the email to Bob. I'll let you know if he replies.")
    };
    let all = ReplyGates {
        fabrication: true,
        follow_up: true,
        question: "Write Bob that I'm late".into(),
    };
    let mut node = reply();
    apply_reply_gates(&mut node, &all, false);
    assert_eq!(
        node.text(),
        "I've sent the email to Bob. I'll let you know if he replies."
    );
    assert_eq!(node.annotations.len(), 2, "{:?}", node.annotations);
    let mut node = reply();
    apply_reply_gates(&mut node, &all, true);
    assert_eq!(node.annotations.len(), 1, "a tool ran: only the promise");
    let mut node = reply();
    apply_reply_gates(&mut node, &ReplyGates::default(), false);
    assert!(node.annotations.is_empty(), "switched off");
}

#[test]
fn promises_after_a_wide_sentence_mark_are_read_without_a_panic() {
    assert_eq!(follow_up_promises("好的。我会通知你"), ["我会通知你"]);
    assert_eq!(follow_up_promises("هل تريد؟ سأخبرك غدا").len(), 1);
    assert_eq!(
        follow_up_promises("I'll let you know. I'll let you know!"),
        ["I'll let you know"],
        "each promise once"
    );
}

#[test]
fn nouns_before_that_and_orders_already_made_are_not_requests() {
    for fine in [
        "Text editors that support Vim keybindings",
        "Email clients that support PGP",
        "Message queues that guarantee ordering",
        "Ring buffers that are lock-free",
        "Phone plans that include roaming",
        "Message hero section copy ideas",
        "我昨天下单了一个耳机，物流三天没动了",
        "淘宝下单后多久发货",
    ] {
        assert_eq!(honest_refusal(fine, &[]), None, "refused: {fine}");
    }
    assert!(honest_refusal("Text Sarah that I'm running late", &[]).is_some());
    assert!(honest_refusal("Message the group chat that the game is cancelled", &[]).is_some());
}

#[test]
fn a_continued_answer_is_not_noted_twice() {
    use crate::domain::message::{MessageNode, Role};
    let gates = ReplyGates {
        fabrication: true,
        follow_up: true,
        question: String::new(),
    };
    let mut node = MessageNode::new("r", "c", Role::Assistant, 0.0)
        .with_text("I've sent the email to Bob. I'll let you know.");
    apply_reply_gates(&mut node, &gates, false);
    node.push_text(" More words.");
    apply_reply_gates(&mut node, &gates, false);
    assert_eq!(node.annotations.len(), 2, "{:?}", node.annotations);
}

#[test]
fn a_claim_is_quoted_as_written() {
    let claim = fabricated_action("لقد أرسلتُ البريدَ الإلكتروني إلى مديرك.", "").unwrap();
    assert_eq!(claim.phrase, "لقد أرسلتُ البريدَ الإلكتروني إلى مديرك");
    let claim = fabricated_action("Done. I’ve sent the email to Bob.", "").unwrap();
    assert_eq!(claim.phrase, "I’ve sent");
}

#[test]
fn a_meeting_is_not_a_future() {
    assert!(fabricated_action("会议已为您安排好了。", "").is_some());
    assert!(fabricated_action("I called them `lo` and `hi` in the code.", "").is_none());
    assert!(fabricated_action("好的，我为你安排了一个三天的北京行程：", "").is_none());
}
