//! The workspaces in headless Chromium, in the Origin Private File System and in the IndexedDB
//! fallback alike: files written (in folders), listed, read, replaced and deleted, workspaces
//! kept apart, a missing file said as missing.
#![cfg(target_arch = "wasm32")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a panic is the test failing"
)]

use skein_engine::workspace::{WorkspaceFiles, WorkspacePath};
use skein_platform::{BrowserWorkspace, IdbStore, IdbWorkspace, OpfsWorkspace};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn path(text: &str) -> WorkspacePath {
    WorkspacePath::parse(text).unwrap()
}

fn unique(prefix: &str) -> String {
    format!("{prefix}-{}", js_sys::Math::random().to_bits())
}

#[wasm_bindgen_test]
async fn files_round_trip_through_the_origin_private_file_system() {
    round_trip(&OpfsWorkspace).await;
}

#[wasm_bindgen_test]
async fn files_round_trip_through_the_indexeddb_fallback() {
    let store = IdbStore::open(&unique("skein-test-workspace"))
        .await
        .unwrap();
    round_trip(&IdbWorkspace::new(store.clone())).await;
    // The browser's workspace uses OPFS here (Chromium has it).
    round_trip(&BrowserWorkspace::new(store)).await;
}

async fn round_trip(files: &dyn WorkspaceFiles) {
    let root = unique("chat-test");
    assert!(
        files.list(&root).await.unwrap().is_empty(),
        "a new workspace is empty"
    );
    files
        .write(&root, &path("notes/plan.md"), b"one")
        .await
        .unwrap();
    files
        .write(&root, &path("a.txt"), "é".as_bytes())
        .await
        .unwrap();
    files
        .write(&root, &path("notes/plan.md"), b"replaced")
        .await
        .unwrap();
    let listed = files.list(&root).await.unwrap();
    let names: Vec<(&str, u64)> = listed.iter().map(|f| (f.path.as_str(), f.size)).collect();
    assert_eq!(names, [("a.txt", 2), ("notes/plan.md", 8)]);
    assert!(listed[0].modified_ms > 0.0);
    assert_eq!(
        files
            .read(&root, &path("notes/plan.md"))
            .await
            .unwrap()
            .unwrap(),
        b"replaced"
    );
    assert_eq!(files.read(&root, &path("missing.txt")).await.unwrap(), None);
    assert_eq!(
        files.read(&root, &path("nowhere/x.txt")).await.unwrap(),
        None
    );
    assert!(files
        .list(&format!("{root}-other"))
        .await
        .unwrap()
        .is_empty());
    assert!(files.delete(&root, &path("notes/plan.md")).await.unwrap());
    assert!(!files.delete(&root, &path("notes/plan.md")).await.unwrap());
    let left: Vec<String> = files
        .list(&root)
        .await
        .unwrap()
        .iter()
        .map(|f| f.path.to_string())
        .collect();
    assert_eq!(left, ["a.txt"]);
}
