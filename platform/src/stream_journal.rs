//! The page's side of the stream journal (engine/src/chat/stream_journal.rs): the fetch worker
//! writes a streamed answer's bytes to `stream-journal/{conversation}/{message}` in the origin's
//! private file system as they arrive (`batched_body.js`); here they are read back after a
//! crash, and removed once the answer is saved whole or its conversation deleted.

use crate::opfs_workspace::{file_handle, folder, origin_folder, wait};
use wasm_bindgen::{JsCast, JsValue};

/// The journals' folder, as the worker names it.
const JOURNALS: &str = "stream-journal";

/// What the worker kept for a message; `None` when nothing was kept or it cannot be read now.
pub(crate) async fn read(conversation_id: &str, message_id: &str) -> Option<Vec<u8>> {
    let root = origin_folder().await.ok()?;
    let parent = folder(root, &[JOURNALS, conversation_id], false)
        .await
        .ok()??;
    let handle = file_handle(&parent, message_id, false).await.ok()??;
    let file: web_sys::File = wait(handle.get_file()).await.ok()?.unchecked_into();
    let bytes = wait(file.array_buffer()).await.ok()?;
    Some(js_sys::Uint8Array::new(&bytes).to_vec())
}

/// Removes a message's journal, or (`message_id` `None`) its conversation's, when there is one.
pub(crate) fn remove(conversation_id: &str, message_id: Option<&str>) {
    let (conversation_id, message_id) = (conversation_id.to_owned(), message_id.map(str::to_owned));
    wasm_bindgen_futures::spawn_local(async move {
        let Ok(root) = origin_folder().await else {
            return;
        };
        let names: &[&str] = match message_id {
            Some(_) => &[JOURNALS, conversation_id.as_str()],
            None => &[JOURNALS],
        };
        let Ok(Some(parent)) = folder(root, names, false).await else {
            return;
        };
        let options = web_sys::FileSystemRemoveOptions::new();
        options.set_recursive(true);
        let name = message_id.as_deref().unwrap_or(&conversation_id);
        // Not there, or held by a tab writing it: nothing to do.
        let _ = wait(parent.remove_entry_with_options(name, &options)).await;
    });
}

/// The journal the worker is asked to keep (`fetchBatched`'s `journal`).
pub(crate) fn request(target: &skein_engine::JournalTarget) -> JsValue {
    let object = js_sys::Object::new();
    let set = |key: &str, value: &JsValue| {
        let _ = js_sys::Reflect::set(&object, &JsValue::from_str(key), value);
    };
    set(
        "conversationId",
        &JsValue::from_str(&target.conversation_id),
    );
    set("messageId", &JsValue::from_str(&target.message_id));
    set(
        "head",
        &js_sys::Uint8Array::from(target.head.as_slice()).into(),
    );
    object.into()
}
