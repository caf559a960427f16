//! The composer: sending, Enter and Ctrl+Enter, read-only storage, Stop, pasted and dropped files.

use super::*;

#[wasm_bindgen_test]
async fn send_passes_the_text_and_clears_the_box_only_when_accepted() {
    english();
    let chat = mount_chat(true);
    type_into(&chat.root, "hello there");
    settle().await;
    query(&chat.root, "[data-testid=send-button]").click();
    settle().await;
    assert_eq!(*chat.sent.lock().unwrap(), ["hello there"]);
    assert_eq!(chat.draft.text.get_untracked(), "");

    let refusing = mount_chat(false);
    type_into(&refusing.root, "keep me");
    settle().await;
    query(&refusing.root, "[data-testid=send-button]").click();
    settle().await;
    assert_eq!(*refusing.sent.lock().unwrap(), ["keep me"]);
    assert_eq!(
        refusing.draft.text.get_untracked(),
        "keep me",
        "a refused send keeps the text"
    );
}

#[wasm_bindgen_test]
async fn enter_sends_and_shift_enter_does_not() {
    english();
    let chat = mount_chat(true);
    type_into(&chat.root, "line one");
    settle().await;
    let input = query(&chat.root, "[data-testid=composer-input]");
    let key = enter_key;
    input.dispatch_event(&key(true)).unwrap();
    settle().await;
    assert!(chat.sent.lock().unwrap().is_empty());
    input.dispatch_event(&key(false)).unwrap();
    settle().await;
    assert_eq!(*chat.sent.lock().unwrap(), ["line one"]);
}

#[wasm_bindgen_test]
async fn with_enter_for_new_lines_ctrl_enter_sends() {
    english();
    let chat = mount_chat(true);
    chat.enter_sends.set(false);
    type_into(&chat.root, "two\nlines");
    settle().await;
    let input = query(&chat.root, "[data-testid=composer-input]");
    input.dispatch_event(&enter_key(false)).unwrap();
    settle().await;
    assert!(chat.sent.lock().unwrap().is_empty(), "Enter is a new line");
    input.dispatch_event(&enter_key_with(false, true)).unwrap();
    settle().await;
    assert_eq!(*chat.sent.lock().unwrap(), ["two\nlines"]);
}

#[wasm_bindgen_test]
async fn read_only_storage_keeps_the_typed_text_and_sends_nothing_until_writable() {
    english();
    let chat = mount_chat(true);
    chat.read_only.set(true);
    type_into(&chat.root, "wait for space");
    settle().await;
    let send = query(&chat.root, "[data-testid=send-button]");
    assert!(send.has_attribute("disabled"));
    query(&chat.root, "[data-testid=composer-input]")
        .dispatch_event(&enter_key(false))
        .unwrap();
    settle().await;
    assert!(chat.sent.lock().unwrap().is_empty());
    assert_eq!(chat.draft.text.get_untracked(), "wait for space");
    chat.read_only.set(false);
    settle().await;
    query(&chat.root, "[data-testid=send-button]").click();
    settle().await;
    assert_eq!(*chat.sent.lock().unwrap(), ["wait for space"]);
}

#[wasm_bindgen_test]
async fn while_generating_the_button_is_stop() {
    english();
    let chat = mount_chat(true);
    chat.generating.set(true);
    settle().await;
    assert!(query_all(&chat.root, "[data-testid=send-button]").is_empty());
    query(&chat.root, "[data-testid=stop-button]").click();
    settle().await;
    assert_eq!(*chat.stops.lock().unwrap(), 1);
    chat.generating.set(false);
    settle().await;
    assert_eq!(query_all(&chat.root, "[data-testid=send-button]").len(), 1);
}

/// Dispatches a paste (`clipboardData`) or drop (`dataTransfer`) event carrying a text file
/// named `name`, as Chromium builds them; returns whether the page prevented the default.
fn file_event(target: &HtmlElement, kind: &str, name: &str) -> bool {
    let make = js_sys::Function::new_with_args(
        "target, kind, name",
        "const data = new DataTransfer();
         data.items.add(new File(['notes'], name, { type: 'text/plain' }));
         const event = kind === 'paste'
             ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
             : new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
         return !target.dispatchEvent(event);",
    );
    make.call3(&JsValue::NULL, target, &kind.into(), &name.into())
        .unwrap()
        .as_bool()
        .unwrap()
}

#[wasm_bindgen_test]
async fn pasted_and_dropped_files_are_handed_over_and_files_alone_can_be_sent() {
    english();
    let chat = mount_chat(true);
    let input = query(&chat.root, "[data-testid=composer-input]");
    assert!(
        file_event(&input, "paste", "pasted.txt"),
        "the file is not pasted as text"
    );
    let composer = query(&chat.root, "[data-testid=composer]");
    assert!(
        file_event(&composer, "drop", "dropped.md"),
        "the browser does not open the file"
    );
    assert_eq!(*chat.files.lock().unwrap(), ["pasted.txt", "dropped.md"]);
    let picker = query(&chat.root, "[data-testid=attach-input]");
    assert_eq!(
        picker.get_attribute("aria-label").as_deref(),
        Some("Attach files")
    );

    // The app turned them into attachments: each shows with a remove button.
    let file = |name: &str| PendingAttachment {
        attachment: read_attachment(name, "text/plain", b"notes".to_vec()).unwrap(),
        preview: None,
    };
    chat.draft
        .attachments
        .set(vec![file("pasted.txt"), file("dropped.md")]);
    settle().await;
    let chips = query_all(&chat.root, "[data-testid=pending-attachment]");
    assert_eq!(chips.len(), 2);
    assert!(chips[0].text_content().unwrap().contains("pasted.txt"));
    let remove = query(&chips[0], "[data-testid=remove-attachment]");
    assert_eq!(
        remove.get_attribute("aria-label").as_deref(),
        Some("Remove pasted.txt")
    );
    remove.click();
    settle().await;
    assert_eq!(
        query_all(&chat.root, "[data-testid=pending-attachment]").len(),
        1
    );

    // No text, one file: Send is enabled and the file goes.
    assert!(!query(&chat.root, "[data-testid=send-button]").has_attribute("disabled"));
    query(&chat.root, "[data-testid=send-button]").click();
    settle().await;
    assert_eq!(
        *chat.sent_files.lock().unwrap(),
        [vec!["dropped.md".to_owned()]]
    );
    assert!(chat.draft.attachments.with_untracked(Vec::is_empty));
    assert!(query_all(&chat.root, "[data-testid=pending-attachment]").is_empty());
}

#[wasm_bindgen_test]
fn shortcuts_take_ctrl_or_escape_and_escape_depends_on_the_overlay() {
    english();
    use skein_components::{shortcut_for, KeyPress, Shortcut};
    let press = |key, command, shift| KeyPress {
        key,
        command,
        shift,
    };
    assert_eq!(
        shortcut_for(press("O", true, true), false),
        Some(Shortcut::NewChat)
    );
    assert_eq!(
        shortcut_for(press("o", true, false), false),
        None,
        "Ctrl+O alone is the browser's"
    );
    assert_eq!(
        shortcut_for(press("k", true, false), false),
        Some(Shortcut::Search)
    );
    assert_eq!(
        shortcut_for(press("F", true, true), false),
        Some(Shortcut::Find)
    );
    assert_eq!(
        shortcut_for(press("f", true, false), false),
        None,
        "Ctrl+F alone stays the browser's (and a screen reader's) find"
    );
    assert_eq!(
        shortcut_for(press("/", true, false), true),
        Some(Shortcut::ToggleHelp)
    );
    // A character key is never a shortcut: it belongs to the text and to a screen reader's
    // browse mode.
    assert_eq!(shortcut_for(press("?", false, true), false), None);
    assert_eq!(
        shortcut_for(press("Escape", false, true), true),
        Some(Shortcut::FocusComposer)
    );
    assert_eq!(
        shortcut_for(press("Escape", false, false), true),
        Some(Shortcut::CloseOverlay)
    );
    assert_eq!(
        shortcut_for(press("Escape", false, false), false),
        Some(Shortcut::Stop)
    );
    assert_eq!(shortcut_for(press("a", false, false), false), None);
}
