//! The workspace through a generation: the reminder in the request, a file written (the
//! assistant's policy allowing it) and read back, a large output written to the workspace and
//! read on with `read_tool_output`, a skill loaded, and the user's own file operations.

use crate::store::ChatStore;
use crate::test_fixtures::RecordingTool;
use crate::test_fixtures::*;
use crate::tools::{ApprovalPolicy, EnabledTool};
use crate::workspace::{MemoryWorkspace, WorkspaceFiles, WorkspacePath};
use futures_executor::block_on;
use std::rc::Rc;

fn enabled(names: &[&str]) -> crate::Assistant {
    let mut assistant = assistant_with(names);
    // Writing asks by default; here it is allowed outright.
    for tool in &mut assistant.enabled_tools {
        if tool.name == "write_file" {
            *tool = EnabledTool {
                name: tool.name.clone(),
                approval: Some(ApprovalPolicy::Auto),
            };
        }
    }
    assistant
}

fn workspace_service(scripts: Vec<Script>) -> (Service, Rc<MemoryWorkspace>) {
    let service = service(scripts);
    let files = Rc::new(MemoryWorkspace::default());
    service.connect_workspace(files.clone()).unwrap();
    (service, files)
}

#[test]
fn the_model_writes_and_reads_files_and_is_told_what_the_workspace_holds() {
    let (service, files) = workspace_service(vec![
        tool_calls(&[(
            "c1",
            "write_file",
            r#"{"path": "notes/plan.md", "content": "Buy milk"}"#,
        )]),
        tool_calls(&[("c2", "read_file", r#"{"path": "notes/plan.md"}"#)]),
        answer("Done."),
        answer("Still there."),
    ]);
    let assistant = enabled(&["list_files", "read_file", "write_file", "load_skill"]);
    let reply = ask(&service, "note that I must buy milk", &assistant);
    assert_eq!(reply.text(), "Done.");
    let (conversation, _) = stored(&service);
    let root = crate::workspace::chat_root(&conversation.id);
    let path = WorkspacePath::parse("notes/plan.md").unwrap();
    assert_eq!(
        block_on(files.read(&root, &path)).unwrap().unwrap(),
        b"Buy milk"
    );
    let calls = calls_of(&reply);
    assert_eq!(calls[1].result.as_ref().unwrap().content, "Buy milk");
    // The reminder, made for each reply: first the empty workspace, then the file written.
    let first = request_body(&service, 0).to_string();
    assert!(
        first.contains("This conversation has a workspace of files")
            && first.contains("It is empty."),
        "{first}"
    );
    send_as(&service, Some(conversation.clone()), "and now?", &assistant).unwrap();
    let next = request_body(&service, 3).to_string();
    assert!(
        next.contains("It holds 1 file(s): notes/plan.md (8 B)"),
        "{next}"
    );
    // The user sees, reads and deletes it.
    let listed = block_on(service.workspace_files(&root)).unwrap();
    assert_eq!(listed[0].path.as_str(), "notes/plan.md");
    assert_eq!(
        block_on(service.read_workspace_file(&root, "notes/plan.md")).unwrap(),
        b"Buy milk"
    );
    block_on(service.delete_workspace_file(&root, "notes/plan.md")).unwrap();
    assert!(block_on(service.workspace_files(&root)).unwrap().is_empty());
    assert!(block_on(service.upload_workspace_file(&root, "../x", b"")).is_err());
}

#[test]
fn large_outputs_go_to_the_workspace_and_skills_load_from_it() {
    let long = "z".repeat(40 * 1024);
    let text = long.clone();
    let big = RecordingTool::with("big", ApprovalPolicy::Auto, move |_, _| {
        Ok(crate::tools::ToolOutput::text(text.clone()))
    });
    let service = with_tools(
        vec![
            tool_calls(&[("out", "big", "{}")]),
            tool_calls(&[(
                "r",
                "read_tool_output",
                r#"{"call_id": "out", "offset": 40000}"#,
            )]),
            tool_calls(&[("s", "load_skill", r#"{"name": "haiku"}"#)]),
            answer("Ok."),
        ],
        &[big],
    );
    let files = Rc::new(MemoryWorkspace::default());
    service.connect_workspace(files.clone()).unwrap();
    // The chat exists with a skill in its workspace before the question.
    let conversation = crate::Conversation::new("c9", "Skills", 1.0);
    block_on(service.store.save_conversation(&conversation)).unwrap();
    let root = crate::workspace::chat_root("c9");
    let skill = WorkspacePath::parse("skills/haiku.md").unwrap();
    block_on(files.write(&root, &skill, b"# Write haiku\n5-7-5.")).unwrap();

    let assistant = enabled(&["big", "load_skill", "list_files"]);
    let reply = send_as(&service, Some(conversation), "go", &assistant).unwrap();
    let calls = calls_of(&reply);
    let preview = &calls[0].result.as_ref().unwrap().content;
    assert!(preview.contains("stored as /tool_outputs/out.txt"));
    let stored_output = block_on(files.read(
        &root,
        &WorkspacePath::parse("tool_outputs/out.txt").unwrap(),
    ));
    assert_eq!(stored_output.unwrap().unwrap().len(), long.len());
    let read_on = calls[1].result.as_ref().unwrap();
    assert!(!read_on.is_error && read_on.content.starts_with("[Bytes 40000–40960 of 40960."));
    assert_eq!(
        calls[2].result.as_ref().unwrap().content,
        "Skill “haiku”:\n\n# Write haiku\n5-7-5."
    );
    let first = request_body(&service, 0).to_string();
    assert!(first.contains("- haiku: Write haiku"), "{first}");
}

#[test]
fn an_assistant_can_share_one_workspace_among_its_conversations() {
    let (service, files) = workspace_service(vec![
        tool_calls(&[(
            "w",
            "write_file",
            r#"{"path": "shared.md", "content": "for every chat"}"#,
        )]),
        answer("Written."),
        answer("I see it."),
    ]);
    let mut assistant = enabled(&["list_files", "write_file"]);
    assistant.shared_workspace = true;
    ask(&service, "write it", &assistant);
    // A second conversation of the same assistant is told of the file.
    ask(&service, "what is there?", &assistant);
    let second = request_body(&service, 2).to_string();
    assert!(second.contains("It holds 1 file(s): shared.md"), "{second}");
    let root = crate::workspace::workspace_root("any", &assistant);
    assert!(root.starts_with("assistant-"));
    assert_eq!(block_on(files.list(&root)).unwrap().len(), 1);
}
