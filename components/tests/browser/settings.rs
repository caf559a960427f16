//! Settings: provider protocol and model list, custom headers and body, the assistant form.

use super::*;

/// The provider settings form with default settings and `listed` models; what it saves is
/// recorded.
async fn mount_settings_form(
    listed: Option<Vec<skein_engine::provider::model_list::ModelInfo>>,
) -> (HtmlElement, Arc<Mutex<Vec<skein_engine::ProviderSettings>>>) {
    use skein_components::SettingsForm;
    use skein_engine::ProviderSettings;
    let root = container();
    let saved = Arc::new(Mutex::new(Vec::<ProviderSettings>::new()));
    let saved_in = saved.clone();
    let handle = leptos::mount::mount_to(root.clone(), move || {
        let saved = saved_in.clone();
        let listed = listed.clone();
        view! {
            <SettingsForm
                settings=Signal::derive(ProviderSettings::default)
                on_save=move |s: ProviderSettings| {
                    saved.lock().unwrap().push(s);
                    None
                }
                models=Signal::derive(move || listed.clone().map(Ok))
                on_fetch_models=|_s: ProviderSettings| {}
            />
        }
    });
    std::mem::forget(handle);
    settle().await;
    (root, saved)
}

#[wasm_bindgen_test]
async fn choosing_a_protocol_brings_its_url_and_is_saved() {
    english();
    use skein_engine::ProviderKind;
    let (root, saved) = mount_settings_form(None).await;
    let select: web_sys::HtmlSelectElement =
        query(&root, "[data-testid=provider-kind]").unchecked_into();
    select.set_value("anthropic");
    select
        .dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
    settle().await;
    let url: web_sys::HtmlInputElement =
        query(&root, "[data-testid=provider-base-url]").unchecked_into();
    // The default local URL was not typed by the user, but it is not a protocol default
    // either: it is kept, and replaced once cleared.
    assert_eq!(url.value(), "http://127.0.0.1:11434/v1");
    url.set_value("");
    url.dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    select.set_value("gemini");
    select
        .dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
    settle().await;
    assert_eq!(
        url.value(),
        "https://generativelanguage.googleapis.com/v1beta"
    );
    let model: web_sys::HtmlInputElement =
        query(&root, "[data-testid=settings-model]").unchecked_into();
    model.set_value("gemini-2.5-flash");
    model
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    query(&root, "[data-testid=settings-save]").click();
    settle().await;
    let saved = saved.lock().unwrap();
    assert_eq!(saved.len(), 1);
    assert_eq!(saved[0].kind, ProviderKind::Gemini);
    assert_eq!(
        saved[0].base_url,
        "https://generativelanguage.googleapis.com/v1beta"
    );
}

fn set_field(root: &HtmlElement, testid: &str, value: &str) {
    let element = query(root, &format!("[data-testid={testid}]"));
    js_sys::Reflect::set(&element, &"value".into(), &value.into()).unwrap();
    element
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
}

#[wasm_bindgen_test]
async fn the_model_list_brings_the_window_and_custom_headers_and_body_are_checked_and_saved() {
    english();
    use skein_engine::provider::model_list::ModelInfo;
    let (root, saved) = mount_settings_form(Some(vec![ModelInfo {
        id: "long-model".into(),
        display_name: None,
        context_window: Some(131_072),
        abilities: Default::default(),
    }]))
    .await;
    let select: web_sys::HtmlSelectElement =
        query(&root, "[data-testid=model-select]").unchecked_into();
    select.set_value("long-model");
    select
        .dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
    settle().await;
    let window: web_sys::HtmlInputElement =
        query(&root, "[data-testid=provider-context-window]").unchecked_into();
    assert_eq!(window.value(), "131072");

    set_field(&root, "provider-custom-headers", "X-Title Skein");
    query(&root, "[data-testid=settings-save]").click();
    settle().await;
    let feedback = query(&root, "[data-testid=settings-feedback]");
    assert!(feedback.text_content().unwrap().contains("X-Title Skein"));
    set_field(&root, "provider-custom-headers", "X-Title: Skein");
    set_field(&root, "provider-custom-body", "[1, 2]");
    query(&root, "[data-testid=settings-save]").click();
    settle().await;
    assert!(query(&root, "[data-testid=settings-feedback]")
        .text_content()
        .unwrap()
        .contains("JSON object"));
    assert!(saved.lock().unwrap().is_empty(), "nothing invalid is saved");
    set_field(&root, "provider-custom-body", r#"{"top_k": 40}"#);
    query(&root, "[data-testid=settings-save]").click();
    settle().await;
    let saved = saved.lock().unwrap();
    assert_eq!(saved.len(), 1);
    assert_eq!(saved[0].model, "long-model");
    assert_eq!(saved[0].context_window, Some(131_072));
    assert_eq!(
        saved[0].custom_headers,
        [("X-Title".to_owned(), "Skein".to_owned())]
    );
    assert_eq!(saved[0].custom_body["top_k"], 40);
}

#[wasm_bindgen_test]
async fn the_assistant_form_sets_each_tools_policy_and_edits_regex_rules() {
    english();
    use skein_components::AssistantForm;
    use skein_engine::prompt::regex_rules::RuleScope;
    use skein_engine::tools::choice::ToolInfo;
    use skein_engine::tools::{ApprovalPolicy, EnabledTool};
    use skein_engine::Assistant;
    let root = container();
    let saved = Arc::new(Mutex::new(Vec::<Assistant>::new()));
    let saved_in = saved.clone();
    let tools = vec![
        ToolInfo {
            name: "search_memories".into(),
            description: "Search what you remember".into(),
            default_policy: ApprovalPolicy::Auto,
        },
        ToolInfo {
            name: "create_memory".into(),
            description: "Remember a fact".into(),
            default_policy: ApprovalPolicy::Ask,
        },
    ];
    let handle = leptos::mount::mount_to(root.clone(), move || {
        let saved = saved_in.clone();
        let tools = tools.clone();
        view! {
            <AssistantForm
                assistant=Signal::derive(Assistant::default)
                on_save=move |a: Assistant| {
                    saved.lock().unwrap().push(a);
                    None
                }
                tools=Signal::derive(move || tools.clone())
            />
        }
    });
    std::mem::forget(handle);
    settle().await;
    let rows = query_all(&root, "[data-testid=tool-policy]");
    assert_eq!(rows.len(), 2);
    assert!(rows[1]
        .text_content()
        .unwrap()
        .contains("On (default: asks first)"));
    let choose = |row: &HtmlElement, value: &str| {
        let select: web_sys::HtmlSelectElement = query(row, "select").unchecked_into();
        assert_eq!(select.value(), "off", "tools start off");
        select.set_value(value);
        select
            .dispatch_event(&web_sys::Event::new("change").unwrap())
            .unwrap();
    };
    choose(&rows[0], "default");
    choose(&rows[1], "auto");

    query(&root, "[data-testid=rule-add]").click();
    settle().await;
    set_field(&root, "rule-pattern", r"secret-\d+");
    set_field(&root, "rule-replacement", "[hidden]");
    query(&root, "[data-testid=assistant-save]").click();
    settle().await;
    let saved = saved.lock().unwrap();
    let assistant = &saved[0];
    assert_eq!(
        assistant.enabled_tools,
        [
            EnabledTool {
                name: "search_memories".into(),
                approval: None
            },
            EnabledTool {
                name: "create_memory".into(),
                approval: Some(ApprovalPolicy::Auto)
            },
        ]
    );
    let rule = &assistant.regex_rules[0];
    assert_eq!(
        (
            rule.name.as_str(),
            rule.pattern.as_str(),
            rule.replacement.as_str()
        ),
        ("Rule 1", r"secret-\d+", "[hidden]")
    );
    assert_eq!(rule.scopes, [RuleScope::Assistant]);
    assert!(rule.enabled);
}
