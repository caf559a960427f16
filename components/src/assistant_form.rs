//! The assistant's settings: system prompt, sampling, output length, reasoning, streaming, the
//! rolling-context threshold, what happens after an answer, its tools with their approval
//! policies, and its regex rules. Empty number fields mean "the provider's default".

use crate::fields::number_input;
use crate::i18n::{t, tf};
use crate::pick_list::PickList;
use crate::regex_rules_form::{RegexRulesEditor, RuleRows};
use crate::template_field::TemplateField;
use crate::tool_policies::ToolPolicies;
use leptos::prelude::*;
use skein_engine::provider::params::ReasoningLevel;
use skein_engine::tools::choice::ToolInfo;
use skein_engine::Assistant;

const LEVELS: [(ReasoningLevel, &str, &str); 6] = [
    (ReasoningLevel::Auto, "auto", "reasoning-auto"),
    (ReasoningLevel::Off, "off", "reasoning-off"),
    (ReasoningLevel::Low, "low", "reasoning-low"),
    (ReasoningLevel::Medium, "medium", "reasoning-medium"),
    (ReasoningLevel::High, "high", "reasoning-high"),
    (ReasoningLevel::Max, "max", "reasoning-max"),
];

fn text_of<T: ToString>(value: Option<T>) -> String {
    value.map(|v| v.to_string()).unwrap_or_default()
}

/// Parses an optional number field; `Err` names the field and its range.
fn parse_number<T: std::str::FromStr + PartialOrd + Copy>(
    text: &str,
    name: &str,
    range: std::ops::RangeInclusive<T>,
    shown: &str,
) -> Result<Option<T>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<T>() {
        Ok(value) if range.contains(&value) => Ok(Some(value)),
        _ => Err(tf(
            "assistant-form-out-of-range",
            &[("field", name.into()), ("range", shown.into())],
        )),
    }
}

#[component]
pub fn AssistantForm(
    #[prop(into)] assistant: Signal<Assistant>,
    /// Called with the edited assistant; returns an error to show, or `None` when saved.
    #[prop(into)]
    on_save: Callback<Assistant, Option<String>>,
    /// Every tool the app has.
    #[prop(into)]
    tools: Signal<Vec<ToolInfo>>,
    /// The knowledge bases (ID, name) the assistant can be bound to.
    #[prop(into, optional)]
    knowledge_bases: Signal<Vec<(String, String)>>,
    /// Every stored world book and chat dictionary: (ID, name, active everywhere).
    #[prop(into, optional)]
    world_books: Signal<Vec<(String, String, bool)>>,
    #[prop(into, optional)] dictionaries: Signal<Vec<(String, String, bool)>>,
) -> impl IntoView {
    let name = RwSignal::new(String::new());
    let system_prompt = RwSignal::new(String::new());
    let temperature = RwSignal::new(String::new());
    let top_p = RwSignal::new(String::new());
    let max_tokens = RwSignal::new(String::new());
    let threshold = RwSignal::new(String::new());
    let reasoning = RwSignal::new(ReasoningLevel::Auto);
    let stream = RwSignal::new(true);
    let titles = RwSignal::new(true);
    let suggestions = RwSignal::new(false);
    let shared_workspace = RwSignal::new(false);
    let enabled_tools = RwSignal::new(Vec::new());
    let bound = RwSignal::new(Vec::<String>::new());
    let rules = RuleRows::new();
    let template = RwSignal::new(String::new());
    let time_reminder = RwSignal::new(false);
    let name_preamble = RwSignal::new(true);
    let optional_hints = RwSignal::new(true);
    let refusal_gate = RwSignal::new(true);
    let fabrication_gate = RwSignal::new(true);
    let follow_up_gate = RwSignal::new(true);
    let guidance = RwSignal::new(String::new());
    let own_prompts = RwSignal::new(true);
    let user_name = RwSignal::new(String::new());
    let book_ids = RwSignal::new(Vec::<String>::new());
    let dictionary_ids = RwSignal::new(Vec::<String>::new());
    let feedback = RwSignal::new(None::<Result<String, String>>);
    Effect::new(move || {
        let a = assistant.get();
        refusal_gate.set(a.refusal_gate());
        fabrication_gate.set(a.fabrication_gate());
        follow_up_gate.set(a.follow_up_gate());
        name.set(a.name);
        system_prompt.set(a.system_prompt);
        temperature.set(text_of(a.params.temperature));
        top_p.set(text_of(a.params.top_p));
        max_tokens.set(text_of(a.params.max_output_tokens));
        threshold.set(text_of(a.context_threshold_tokens.filter(|t| *t > 0)));
        reasoning.set(a.params.reasoning);
        stream.set(a.stream);
        titles.set(a.generate_titles);
        shared_workspace.set(a.shared_workspace);
        suggestions.set(a.follow_up_suggestions);
        enabled_tools.set(a.enabled_tools);
        bound.set(a.knowledge_base_ids);
        rules.load(&a.regex_rules);
        template.set(a.message_template.unwrap_or_default());
        time_reminder.set(a.time_reminder);
        name_preamble.set(a.name_preamble);
        optional_hints.set(a.optional_hints);
        guidance.set(a.runtime_guidance);
        own_prompts.set(a.allow_conversation_system_prompt);
        user_name.set(a.user_name);
        book_ids.set(a.world_book_ids);
        dictionary_ids.set(a.dictionary_ids);
    });
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let parsed = (|| {
            Ok::<_, String>((
                parse_number(
                    &temperature.get_untracked(),
                    t("assistant-field-temperature"),
                    0.0f32..=2.0,
                    t("assistant-range-temperature"),
                )?,
                parse_number(
                    &top_p.get_untracked(),
                    t("assistant-field-top-p"),
                    0.0f32..=1.0,
                    t("assistant-range-top-p"),
                )?,
                parse_number(
                    &max_tokens.get_untracked(),
                    t("assistant-field-max-tokens"),
                    1u32..=1_000_000,
                    t("assistant-range-max-tokens"),
                )?,
                parse_number(
                    &threshold.get_untracked(),
                    t("assistant-field-threshold"),
                    1_000i64..=10_000_000,
                    t("assistant-range-threshold"),
                )?,
            ))
        })();
        let (temperature, top_p, max_tokens, threshold) = match parsed {
            Ok(values) => values,
            Err(error) => return feedback.set(Some(Err(error))),
        };
        let mut edited = assistant.get_untracked();
        let edited_name = name.get_untracked().trim().to_owned();
        if edited_name.is_empty() {
            return feedback.set(Some(Err(t("assistant-form-needs-name").to_owned())));
        }
        edited.name = edited_name;
        edited.system_prompt = system_prompt.get_untracked();
        edited.params.temperature = temperature;
        edited.params.top_p = top_p;
        edited.params.max_output_tokens = max_tokens;
        edited.params.reasoning = reasoning.get_untracked();
        edited.context_threshold_tokens = threshold;
        edited.stream = stream.get_untracked();
        edited.generate_titles = titles.get_untracked();
        edited.follow_up_suggestions = suggestions.get_untracked();
        edited.shared_workspace = shared_workspace.get_untracked();
        edited.enabled_tools = enabled_tools.get_untracked();
        edited.knowledge_base_ids = bound.get_untracked();
        edited.regex_rules = rules.rules();
        let template = template.get_untracked();
        edited.message_template = (!template.trim().is_empty()).then_some(template);
        edited.time_reminder = time_reminder.get_untracked();
        edited.name_preamble = name_preamble.get_untracked();
        edited.optional_hints = optional_hints.get_untracked();
        edited.set_honesty_gates(
            refusal_gate.get_untracked(),
            fabrication_gate.get_untracked(),
            follow_up_gate.get_untracked(),
        );
        edited.runtime_guidance = guidance.get_untracked().trim().to_owned();
        edited.allow_conversation_system_prompt = own_prompts.get_untracked();
        let user_name = user_name.get_untracked().trim().to_owned();
        edited.world_book_ids = book_ids.get_untracked();
        edited.dictionary_ids = dictionary_ids.get_untracked();
        edited.user_name = if user_name.is_empty() {
            "User".to_owned()
        } else {
            user_name
        };
        feedback.set(Some(match on_save.run(edited) {
            None => Ok(t("saved").to_owned()),
            Some(error) => Err(error),
        }));
    };
    let check = |signal: RwSignal<bool>, id: &'static str| {
        view! {
            <input type="checkbox" data-testid=id prop:checked=move || signal.get()
                on:change=move |ev| signal.set(event_target_checked(&ev)) />
        }
    };
    view! {
        <form class="settings assistant-form" data-testid="assistant-form" on:submit=submit>
            <h4>{t("assistant-form-heading")}</h4>
            <label>{t("assistant-form-name")}
                <input type="text" data-testid="assistant-name" required
                    prop:value=move || name.get()
                    on:input=move |ev| name.set(event_target_value(&ev)) />
            </label>
            <label>{t("assistant-form-system-prompt")}
                <textarea data-testid="assistant-system-prompt" rows="4"
                    placeholder=t("assistant-form-system-prompt-placeholder")
                    prop:value=move || system_prompt.get()
                    on:input=move |ev| system_prompt.set(event_target_value(&ev))></textarea>
            </label>
            <label>{check(own_prompts, "assistant-allow-chat-prompt")}" "{t("assistant-form-chat-prompt")}</label>
            <label>{check(name_preamble, "assistant-name-preamble")}" "{t("assistant-form-name-preamble")}</label>
            <label>{t("assistant-form-guidance")}
                <textarea data-testid="assistant-guidance" rows="2"
                    placeholder=t("assistant-form-guidance-placeholder")
                    prop:value=move || guidance.get()
                    on:input=move |ev| guidance.set(event_target_value(&ev))></textarea>
            </label>
            <label>{t("assistant-form-user-name")}
                <input type="text" data-testid="assistant-user-name"
                    prop:value=move || user_name.get()
                    on:input=move |ev| user_name.set(event_target_value(&ev)) />
            </label>
            <TemplateField value=template />
            <label>{check(time_reminder, "assistant-time-reminder")}" "{t("assistant-form-time-reminder")}</label>
            <label>{check(optional_hints, "assistant-hints")}" "{t("assistant-form-hints")}</label>
            <label>{t("assistant-form-temperature")} {number_input(temperature, "assistant-temperature", "0.1")}</label>
            <label>{t("assistant-form-top-p")} {number_input(top_p, "assistant-top-p", "0.05")}</label>
            <label>{t("assistant-form-max-tokens")} {number_input(max_tokens, "assistant-max-tokens", "1")}</label>
            <label>{t("assistant-form-reasoning")}
                <select data-testid="assistant-reasoning"
                    on:change=move |ev| {
                        let value = event_target_value(&ev);
                        if let Some((level, _, _)) = LEVELS.iter().find(|(_, id, _)| *id == value) {
                            reasoning.set(*level);
                        }
                    }>
                    {LEVELS.iter().map(|(level, id, label)| {
                        let level = *level;
                        view! { <option value=*id selected=move || reasoning.get() == level>{t(label)}</option> }
                    }).collect_view()}
                </select>
            </label>
            <label>{t("assistant-form-context-threshold")}
                {number_input(threshold, "assistant-context-threshold", "1000")}
            </label>
            <label>{check(stream, "assistant-stream")}" "{t("assistant-form-stream")}</label>
            <label>{check(titles, "assistant-titles")}" "{t("assistant-form-titles")}</label>
            <label>{check(suggestions, "assistant-suggestions")}" "{t("assistant-form-suggestions")}</label>
            <fieldset class="tool-policies" data-testid="assistant-honesty">
                <legend>{t("assistant-form-honesty")}</legend>
                <label>{check(refusal_gate, "assistant-gate-refusal")}" "{t("assistant-form-gate-refusal")}</label>
                <label>{check(fabrication_gate, "assistant-gate-fabrication")}" "{t("assistant-form-gate-fabrication")}</label>
                <label>{check(follow_up_gate, "assistant-gate-follow-up")}" "{t("assistant-form-gate-follow-up")}</label>
                <p class="hint">{t("assistant-form-honesty-hint")}</p>
            </fieldset>
            <ToolPolicies tools enabled=enabled_tools />
            <label>{check(shared_workspace, "assistant-shared-workspace")}" "{t("assistant-form-shared-workspace")}</label>
            <fieldset class="tool-policies" data-testid="assistant-knowledge">
                <legend>{t("assistant-form-knowledge")}</legend>
                {move || knowledge_bases.with(Vec::is_empty).then(|| view! {
                    <p class="hint">{t("assistant-form-knowledge-none")}</p>
                })}
                {move || knowledge_bases.get().into_iter().map(|(id, name)| {
                    let checked = {
                        let id = id.clone();
                        move || bound.with(|b| b.contains(&id))
                    };
                    view! {
                        <label class="checkbox">
                            <input type="checkbox" data-testid="assistant-knowledge-base" data-name=name.clone()
                                prop:checked=checked
                                on:change=move |ev| {
                                    let on = event_target_checked(&ev);
                                    let id = id.clone();
                                    bound.update(|b| {
                                        b.retain(|x| *x != id);
                                        if on { b.push(id); }
                                    });
                                } />
                            {name}
                        </label>
                    }
                }).collect_view()}
            </fieldset>
            <PickList legend=t("assistant-form-world-books") test_id="assistant-world-book"
                empty=t("assistant-form-world-books-none")
                items=world_books chosen=book_ids on_change=move |ids| book_ids.set(ids) />
            <PickList legend=t("assistant-form-dictionaries") test_id="assistant-dictionary"
                empty=t("assistant-form-dictionaries-none")
                items=dictionaries chosen=dictionary_ids on_change=move |ids| dictionary_ids.set(ids) />
            <RegexRulesEditor rows=rules />
            <button type="submit" class="primary" data-testid="assistant-save">{t("assistant-form-save")}</button>
            {move || feedback.get().map(|f| match f {
                Ok(text) => view! { <p class="ok" data-testid="assistant-feedback" role="status">{text}</p> },
                Err(text) => view! { <p class="error" data-testid="assistant-feedback" role="alert">{text}</p> },
            })}
        </form>
    }
}
