use super::*;

#[test]
fn every_pattern_compiles() {
    assert!(first_person_action().is_some());
    assert!(first_person_object_action().is_some());
    assert!(passive_action().is_some());
    assert!(searched_claim().is_some());
    assert!(follow_up_pattern().is_some());
    assert!(refusal_pattern().is_some());
}

#[test]
fn claimed_actions_are_caught_in_many_phrasings() {
    for (reply, verb) in [
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
        let claim = fabricated_action(reply).unwrap_or_else(|| panic!("missed: {reply}"));
        assert_eq!(claim.verb, verb, "{reply}");
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
        assert_eq!(fabricated_action(reply), None, "false positive: {reply}");
    }
}

#[test]
fn the_correction_says_what_did_not_happen_and_keeps_the_draft() {
    let reply = "I've sent the email:\n\nDear Bob, the heating is broken.";
    let claim = fabricated_action(reply).unwrap();
    let notice = correction_notice(&claim);
    assert!(notice.starts_with("Correction: nothing was actually sent"));
    assert!(notice.ends_with("\n\n"));
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
