//! The sidebar's conversation list and the storage alerts and figures.

use super::*;

#[wasm_bindgen_test]
async fn storage_alerts_say_what_to_do_and_offer_the_way_out() {
    english();
    use skein_components::{StorageAlert, StorageAlertBar};
    let root = container();
    let alert = RwSignal::new(None::<StorageAlert>);
    let clicks = Arc::new(Mutex::new(Vec::new()));
    let (checks, reloads) = (clicks.clone(), clicks.clone());
    let handle = leptos::mount::mount_to(root.clone(), move || {
        let checks = checks.clone();
        let reloads = reloads.clone();
        view! {
            <StorageAlertBar alert
                on_check=move |()| checks.lock().unwrap().push("check")
                on_reload=move |()| reloads.lock().unwrap().push("reload") />
        }
    });
    std::mem::forget(handle);
    settle().await;
    assert!(query_all(&root, "[data-testid=storage-alert]").is_empty());

    alert.set(Some(StorageAlert::Full));
    settle().await;
    let shown = query(&root, "[data-testid=storage-alert]");
    assert_eq!(shown.get_attribute("data-kind").as_deref(), Some("full"));
    let text = shown.text_content().unwrap();
    assert!(
        text.contains("read-only") && text.contains("Nothing saved was lost"),
        "{text}"
    );
    query(&root, "[data-testid=storage-check]").click();

    alert.set(Some(StorageAlert::Upgraded));
    settle().await;
    assert!(query_all(&root, "[data-testid=storage-check]").is_empty());
    query(&root, "[data-testid=storage-reload]").click();
    settle().await;
    assert_eq!(*clicks.lock().unwrap(), ["check", "reload"]);
    assert!(StorageAlert::Upgraded.read_only());
    assert!(!StorageAlert::WaitingForOtherTabs.read_only());
}

#[wasm_bindgen_test]
async fn sidebar_lists_conversations_and_reports_the_choice() {
    english();
    let root = container();
    let chosen = Arc::new(Mutex::new(Vec::<String>::new()));
    let chosen_in = chosen.clone();
    let conversations = vec![
        ConversationSummary {
            id: "1".into(),
            title: "<i>first</i>".into(),
            generating: true,
            snippet: None,
            heading: Some("Today".into()),
            temporary: false,
        },
        ConversationSummary {
            id: "2".into(),
            title: "second".into(),
            generating: false,
            snippet: Some("…the words that <b>matched</b>…".into()),
            heading: None,
            temporary: true,
        },
    ];
    let search_text = RwSignal::new(String::new());
    let renamed = Arc::new(Mutex::new(Vec::<(String, String)>::new()));
    let renamed_in = renamed.clone();
    let handle = leptos::mount::mount_to(root.clone(), move || {
        let chosen = chosen_in.clone();
        let renamed = renamed_in.clone();
        let conversations = conversations.clone();
        view! {
            <Sidebar
                conversations=Signal::derive(move || conversations.clone())
                selected=Signal::derive(|| Some("2".to_owned()))
                query=search_text
                on_select=move |id| chosen.lock().unwrap().push(id)
                on_new=|()| {}
                on_rename=move |change| renamed.lock().unwrap().push(change)
                on_delete=|_id: String| {}
            />
        }
    });
    std::mem::forget(handle);
    settle().await;
    let items = query_all(&root, "[data-testid=conversation-item]");
    assert_eq!(items.len(), 2);
    assert!(items[0].text_content().unwrap().starts_with("<i>first</i>"));
    assert_eq!(query_all(&root, "i").len(), 0);
    // One date heading, above the first conversation only.
    let headings = query_all(&root, "[data-testid=conversation-group]");
    assert_eq!(headings.len(), 1);
    assert_eq!(headings[0].text_content().as_deref(), Some("Today"));
    assert_eq!(query_all(&root, ".generating-marker").len(), 1);
    // Only the temporary chat says so.
    assert_eq!(query_all(&root, "[data-testid=temporary-tag]").len(), 1);
    assert!(items[1]
        .query_selector("[data-testid=temporary-tag]")
        .unwrap()
        .is_some());
    assert_eq!(
        items[1].get_attribute("aria-current").as_deref(),
        Some("page")
    );
    assert_eq!(
        query(&root, "[data-testid=search-snippet]")
            .text_content()
            .unwrap(),
        "…the words that <b>matched</b>…"
    );
    assert_eq!(query_all(&root, "b").len(), 0, "snippets are text");
    items[0].click();
    settle().await;
    assert_eq!(*chosen.lock().unwrap(), ["1"]);

    // Typing in the search box reaches the app's query.
    let search: web_sys::HtmlInputElement =
        query(&root, "[data-testid=search-input]").unchecked_into();
    search.set_value("tea");
    fire_input(&search);
    assert_eq!(search_text.get_untracked(), "tea");

    // Rename: the inline box reports the trimmed new title on Enter.
    query_all(&root, "[data-testid=conversation-rename]")[1].click();
    settle().await;
    let input: web_sys::HtmlInputElement =
        query(&root, "[data-testid=rename-input]").unchecked_into();
    input.set_value("  Better title ");
    fire_input(&input);
    input.dispatch_event(&enter_key(false)).unwrap();
    settle().await;
    assert_eq!(
        *renamed.lock().unwrap(),
        [("2".to_owned(), "Better title".to_owned())]
    );
    assert!(query_all(&root, "[data-testid=rename-input]").is_empty());
}

#[wasm_bindgen_test]
async fn storage_figures_read_plainly_and_say_whether_the_browser_may_clear_them() {
    english();
    use skein_components::{format_bytes, StorageFigures, StorageInfo};
    assert_eq!(format_bytes(512.0), "512 byte");
    assert_eq!(format_bytes(1_500_000.0), "1.5 MB");
    assert_eq!(format_bytes(2_147_483_648.0), "2.1 GB");
    assert_eq!(format_bytes(-3.0), "0 byte");
    let root = container();
    let figures = RwSignal::new(Some(StorageFigures {
        usage_bytes: Some(1_500_000.0),
        quota_bytes: Some(2_147_483_648.0),
        persisted: Some(false),
    }));
    let handle = leptos::mount::mount_to(root.clone(), move || {
        view! { <StorageInfo figures=figures /> }
    });
    std::mem::forget(handle);
    settle().await;
    let usage = query(&root, "[data-testid=storage-usage]")
        .text_content()
        .unwrap();
    assert_eq!(usage, "Using 1.5 MB of 2.1 GB this browser allows.");
    let persistence = query(&root, "[data-testid=storage-persistence]")
        .text_content()
        .unwrap();
    assert!(persistence.contains("not persistent"), "{persistence}");
    figures.set(Some(StorageFigures {
        persisted: Some(true),
        ..StorageFigures::default()
    }));
    settle().await;
    let persistence = query(&root, "[data-testid=storage-persistence]")
        .text_content()
        .unwrap();
    assert!(
        persistence.starts_with("Storage is persistent"),
        "{persistence}"
    );
}

#[wasm_bindgen_test]
fn date_headings_are_words_and_months_come_from_intl() {
    english();
    use skein_components::date_group_label;
    use skein_engine::chat::date_groups::DateGroup;
    // No language installed: English.
    assert_eq!(date_group_label(DateGroup::Today), "Today");
    assert_eq!(
        date_group_label(DateGroup::Previous7Days),
        "Previous 7 days"
    );
    let november = DateGroup::Month {
        year: 2026,
        month: 11,
    };
    assert_eq!(date_group_label(november), "November 2026");
    // January stays January in every time zone (the month is read in UTC).
    assert_eq!(
        date_group_label(DateGroup::Month {
            year: 1970,
            month: 1
        }),
        "January 1970"
    );
}
