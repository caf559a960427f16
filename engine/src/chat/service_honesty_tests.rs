//! The honesty gates in a whole generation: an honest refusal without the model, a claimed
//! action corrected, a promise annotated, an honest answer untouched.

use super::*;
use crate::test_fixtures::*;
use crate::tools::ApprovalPolicy;
use crate::Assistant;

#[test]
fn a_request_no_tool_can_perform_is_refused_honestly_without_the_model() {
    let service = service(vec![]);
    let reply = send(&service, None, "Remind me to stretch at 4pm");
    assert!(
        service.client.transport().requests.borrow().is_empty(),
        "the model was not called"
    );
    assert!(reply.text().contains("You asked me to remind you"));
    assert_eq!(reply.status, MessageStatus::Complete);
    assert_eq!(reply.annotations, [crate::Annotation::HonestRefusal]);
    assert_eq!(stored(&service).1[1], reply, "persisted like any answer");

    // An assistant can turn the short-circuit off: then the model answers.
    let service =
        crate::test_fixtures::service(vec![sse(200, &content_chunks(&["Noted."], true), 8)]);
    let assistant = Assistant {
        honesty: crate::HonestyGates {
            refusal: Some(false),
            ..Default::default()
        },
        ..Assistant::default()
    };
    let reply = send_as(&service, None, "Remind me to stretch at 4pm", &assistant).unwrap();
    assert_eq!(reply.text(), "Noted.");
}

#[test]
fn a_claimed_action_is_corrected_and_a_promise_is_annotated() {
    let service = service(vec![sse(
        200,
        &content_chunks(
            &[
                "I've sent the email to Bob. ",
                "I'll let you know if he replies.",
            ],
            true,
        ),
        13,
    )]);
    let reply = send(&service, None, "Write Bob that I'm late");
    let original = "I've sent the email to Bob. I'll let you know if he replies.";
    assert_eq!(reply.text(), original, "the text is kept as written");
    assert_eq!(
        reply.annotations,
        [
            crate::Annotation::HonestyCorrection {
                claimed: "I've sent".into(),
                dismissed: false,
            },
            crate::Annotation::FollowUpPromise {
                phrase: "I'll let you know".into()
            },
        ]
    );
    assert_eq!(stored(&service).1[1], reply);
}

#[test]
fn an_honest_answer_passes_the_gates_untouched() {
    let service = service(vec![sse(
        200,
        &content_chunks(
            &["Here is a draft you can send: Dear Bob, I'm running late."],
            true,
        ),
        13,
    )]);
    let reply = send(&service, None, "Write Bob that I'm late");
    assert!(reply.text().starts_with("Here is a draft"));
    assert!(reply.annotations.is_empty());
}

#[test]
fn the_refusal_is_decided_per_request_from_the_tools_it_offers() {
    let ok = || Ok(crate::tools::ToolOutput::text("done"));
    let calculator = RecordingTool::with("calculate", ApprovalPolicy::Auto, move |_, _| ok());
    let reminders = RecordingTool::with("create_reminder", ApprovalPolicy::Auto, move |_, _| ok());
    let service = with_tools(
        vec![sse(200, &content_chunks(&["On it."], true), 8)],
        &[calculator, reminders],
    );
    // A tool is enabled, but not one that reminds: refused without the model, naming it.
    let reply = ask(
        &service,
        "Remind me to stretch at 4pm",
        &assistant_with(&["calculate"]),
    );
    assert!(
        reply
            .text()
            .contains("none of the tools enabled here (calculate) can do it"),
        "{}",
        reply.text()
    );
    assert_eq!(request_count(&service), 0);
    // With the reminder tool enabled, the same request goes to the model.
    let assistant = assistant_with(&["calculate", "create_reminder"]);
    let reply = ask(&service, "Remind me to stretch at 4pm", &assistant);
    assert_eq!(reply.text(), "On it.");
    assert_eq!(request_count(&service), 1);
}

#[test]
fn an_answer_records_what_its_turn_planned() {
    let ok = || Ok(crate::tools::ToolOutput::text("4"));
    let calculator = RecordingTool::with("calculate", ApprovalPolicy::Auto, move |_, _| ok());
    let service = with_tools(
        vec![sse(200, &content_chunks(&["Four."], true), 8)],
        &[calculator],
    );
    let reply = ask(&service, "What is 2+2?", &assistant_with(&["calculate"]));
    let plan = reply.plan.clone().unwrap();
    assert_eq!(
        plan.tools,
        ["calculate"],
        "built-in readers are not planned tools"
    );
    assert!(!plan.knowledge && !plan.memory);
    assert_eq!(
        stored(&service).1[1].plan,
        Some(plan),
        "stored with the answer"
    );
}

#[test]
fn a_refused_action_makes_no_side_request_either() {
    let service = service(vec![]);
    let log = crate::chat::events::EventLog::default();
    let (settings, assistant, cancel) = (settings(), Assistant::default(), CancelToken::new());
    let context = TurnContext::new(&settings, &assistant, &cancel, &log);
    let reply = futures_executor::block_on(service.run(
        None,
        crate::ChatAction::Send("Remind me to stretch at 4pm".into()),
        &context,
    ))
    .unwrap();
    assert_eq!(reply.annotations, [crate::Annotation::HonestRefusal]);
    assert_eq!(request_count(&service), 0, "no title or suggestion request");
    assert_eq!(stored(&service).0.title, "Remind me to stretch at 4pm");
}

#[test]
fn a_dismissed_correction_is_gone_for_good_and_the_text_is_untouched() {
    let service = service(vec![sse(
        200,
        &content_chunks(&["I've sent the email to Bob."], true),
        8,
    )]);
    let reply = send(&service, None, "Write Bob that I'm late");
    assert_eq!(reply.annotations.len(), 1);
    let (conversation, _) = stored(&service);
    let (_, branch) =
        futures_executor::block_on(service.dismiss_correction(conversation, &reply.id)).unwrap();
    let shown = &branch.last().unwrap().node;
    assert_eq!(
        shown.annotations,
        [crate::Annotation::HonestyCorrection {
            claimed: "I've sent".into(),
            dismissed: true
        }],
        "kept as dismissed, so a Continue does not bring it back"
    );
    assert_eq!(shown.text(), "I've sent the email to Bob.");
    assert_eq!(&stored(&service).1[1], shown, "saved");
}

#[test]
fn dismissing_an_older_correction_also_removes_the_text_it_put_in_front() {
    let service = service(vec![sse(
        200,
        &content_chunks(&["I've sent the email to Bob."], true),
        8,
    )]);
    let mut reply = send(&service, None, "Write Bob that I'm late");
    // As an earlier version stored it: a correction part before the model's text.
    reply.parts.insert(
        0,
        crate::domain::message_part::MessagePart::text(
            "Correction: nothing was actually sent — no tool ran for this reply.\n\n",
        ),
    );
    let (conversation, _) = stored(&service);
    futures_executor::block_on(service.store.save_message(&conversation, &reply)).unwrap();
    let (_, branch) =
        futures_executor::block_on(service.dismiss_correction(conversation, &reply.id)).unwrap();
    assert_eq!(
        branch.last().unwrap().node.text(),
        "I've sent the email to Bob."
    );
}

#[test]
fn a_character_gets_no_gate_unless_switched_on() {
    let story =
        "I sent the raven to Winterfell and booked you a room at the inn. I'll let you know.";
    let character = Assistant {
        character: Some(Box::new(
            crate::persona::card::CharacterCard::from_json(
                r#"{"name": "Ser Brienne", "description": "A knight."}"#,
            )
            .unwrap(),
        )),
        ..Assistant::default()
    };
    let service = service(vec![sse(200, &content_chunks(&[story], true), 8)]);
    let reply = send_as(
        &service,
        None,
        "Remind me to feed the dragons at 5pm",
        &character,
    )
    .unwrap();
    assert_eq!(reply.text(), story, "the model answered, not the refusal");
    assert!(reply.annotations.is_empty(), "{:?}", reply.annotations);

    let switched_on = Assistant {
        honesty: crate::HonestyGates {
            fabrication: Some(true),
            ..Default::default()
        },
        ..character
    };
    let again = crate::test_fixtures::service(vec![sse(200, &content_chunks(&[story], true), 8)]);
    let reply = send_as(&again, None, "What news?", &switched_on).unwrap();
    assert!(matches!(
        reply.annotations[..],
        [crate::Annotation::HonestyCorrection { .. }]
    ));
}
