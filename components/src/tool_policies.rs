//! The assistant's tools: each off, or on with its own approval policy.

use crate::i18n::{t, tf};
use leptos::prelude::*;
use skein_engine::tools::choice::{set_tool_choice, tool_choice, ToolChoice, ToolInfo};
use skein_engine::tools::{ApprovalPolicy, EnabledTool};

fn choice_label(choice: ToolChoice, default: ApprovalPolicy) -> &'static str {
    match (choice, default) {
        (ToolChoice::Off, _) => t("tool-choice-off"),
        (ToolChoice::Default, ApprovalPolicy::Ask) => t("tool-choice-default-ask"),
        (ToolChoice::Default, ApprovalPolicy::Auto) => t("tool-choice-default-auto"),
        (ToolChoice::Ask, _) => t("tool-choice-ask"),
        (ToolChoice::Auto, _) => t("tool-choice-auto"),
    }
}

/// One row per tool the app has; `enabled` is the assistant's list being edited.
#[component]
pub fn ToolPolicies(
    #[prop(into)] tools: Signal<Vec<ToolInfo>>,
    enabled: RwSignal<Vec<EnabledTool>>,
) -> impl IntoView {
    view! {
        <fieldset class="tool-policies" data-testid="tool-policies">
            <legend>{t("tool-policies-heading")}</legend>
            {move || tools.with(Vec::is_empty).then(|| view! {
                <p class="hint">{t("tool-policies-none")}</p>
            })}
            <For
                each=move || tools.get()
                key=|tool| tool.name.clone()
                children=move |tool| {
                    let name = tool.name.clone();
                    let current = {
                        let name = name.clone();
                        move || enabled.with(|list| tool_choice(list, &name))
                    };
                    let change = {
                        let name = name.clone();
                        move |ev: leptos::ev::Event| {
                            if let Some(choice) = ToolChoice::from_id(&event_target_value(&ev)) {
                                enabled.update(|list| set_tool_choice(list, &name, choice));
                            }
                        }
                    };
                    let default = tool.default_policy;
                    view! {
                        <label class="tool-policy" data-testid="tool-policy" data-tool-name=name.clone()>
                            <span class="tool-name">{name.clone()}</span>
                            <span class="hint">{tool.description}</span>
                            <select aria-label=tf("tool-choice-label", &[("name", (&name).into())]) on:change=change>
                                {ToolChoice::ALL.into_iter().map(|choice| {
                                    let current = current.clone();
                                    view! {
                                        <option value=choice.id() selected=move || current() == choice>
                                            {choice_label(choice, default)}
                                        </option>
                                    }
                                }).collect_view()}
                            </select>
                        </label>
                    }
                }
            />
        </fieldset>
    }
}
