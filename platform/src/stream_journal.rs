//! The page's side of the stream journal (engine/src/chat/stream_journal.rs): the fetch worker
//! writes a streamed answer's bytes to `stream-journal/{conversation}/{message}` in the origin's
//! private file system as they arrive (`batched_body.js`); here they are read back after a
//! crash, and removed (by the worker, which may still hold the file) once the answer is saved
//! whole, or its message or conversation deleted.

use crate::opfs_workspace::{file_handle, folder, origin_folder, wait};
use wasm_bindgen::prelude::wasm_bindgen;
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

#[wasm_bindgen(module = "/src/batched_body.js")]
extern "C" {
    /// Removes a message's journal, or (`message_id` undefined) its conversation's: in the
    /// worker, once its requests let the files go. Never rejects.
    #[wasm_bindgen(js_name = removeJournal)]
    fn remove_journal(conversation_id: &str, message_id: Option<String>) -> js_sys::Promise;
}

/// Removes a message's journal, or (`message_id` `None`) its conversation's, when there is one.
pub(crate) fn remove(conversation_id: &str, message_id: Option<&str>) {
    let _ = remove_journal(conversation_id, message_id.map(str::to_owned));
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
