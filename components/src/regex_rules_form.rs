//! The assistant's regex rules: find-and-replace on what the user sends and on what the model
//! answers. Patterns are checked when the assistant is saved; an invalid one is named.

use crate::i18n::{t, tf};
use leptos::prelude::*;
use skein_engine::prompt::regex_rules::{RegexRule, RuleScope};

/// One rule being edited: a signal per field, so typing re-renders nothing else.
#[derive(Debug, Clone, Copy)]
pub struct RuleRow {
    key: u32,
    name: RwSignal<String>,
    pattern: RwSignal<String>,
    replacement: RwSignal<String>,
    on_user: RwSignal<bool>,
    on_answers: RwSignal<bool>,
    enabled: RwSignal<bool>,
}

impl RuleRow {
    fn new(key: u32, rule: &RegexRule) -> Self {
        Self {
            key,
            name: RwSignal::new(rule.name.clone()),
            pattern: RwSignal::new(rule.pattern.clone()),
            replacement: RwSignal::new(rule.replacement.clone()),
            on_user: RwSignal::new(rule.scopes.contains(&RuleScope::User)),
            on_answers: RwSignal::new(rule.scopes.contains(&RuleScope::Assistant)),
            enabled: RwSignal::new(rule.enabled),
        }
    }

    fn rule(&self) -> RegexRule {
        let scopes = [
            (self.on_user, RuleScope::User),
            (self.on_answers, RuleScope::Assistant),
        ]
        .into_iter()
        .filter(|(on, _)| on.get_untracked())
        .map(|(_, scope)| scope)
        .collect();
        RegexRule {
            name: self.name.get_untracked().trim().to_owned(),
            pattern: self.pattern.get_untracked(),
            replacement: self.replacement.get_untracked(),
            scopes,
            enabled: self.enabled.get_untracked(),
        }
    }
}

/// The rules as rows, and back.
#[derive(Debug, Clone, Copy)]
pub struct RuleRows {
    rows: RwSignal<Vec<RuleRow>>,
    next_key: RwSignal<u32>,
}

impl RuleRows {
    pub fn new() -> Self {
        Self {
            rows: RwSignal::new(Vec::new()),
            next_key: RwSignal::new(0),
        }
    }

    pub fn load(&self, rules: &[RegexRule]) {
        let start = self.next_key.get_untracked();
        self.rows.set(
            rules
                .iter()
                .zip(start..)
                .map(|(rule, key)| RuleRow::new(key, rule))
                .collect(),
        );
        self.next_key
            .set(start + u32::try_from(rules.len()).unwrap_or(0));
    }

    /// The rules as edited; a rule left without a name is named by its place.
    pub fn rules(&self) -> Vec<RegexRule> {
        self.rows.with_untracked(|rows| {
            rows.iter()
                .enumerate()
                .map(|(at, row)| {
                    let mut rule = row.rule();
                    if rule.name.is_empty() {
                        rule.name = tf("regex-rule-default-name", &[("n", (at + 1).into())]);
                    }
                    rule
                })
                .collect()
        })
    }

    fn add(&self) {
        let key = self.next_key.get_untracked();
        self.next_key.set(key + 1);
        let rule = RegexRule {
            name: String::new(),
            pattern: String::new(),
            replacement: String::new(),
            scopes: vec![RuleScope::Assistant],
            enabled: true,
        };
        self.rows.update(|rows| rows.push(RuleRow::new(key, &rule)));
    }

    fn remove(&self, key: u32) {
        self.rows.update(|rows| rows.retain(|row| row.key != key));
    }
}

impl Default for RuleRows {
    fn default() -> Self {
        Self::new()
    }
}

fn text_field(signal: RwSignal<String>, label: &'static str, id: &'static str) -> impl IntoView {
    view! {
        <input type="text" aria-label=label placeholder=label data-testid=id spellcheck="false"
            prop:value=move || signal.get()
            on:input=move |ev| signal.set(event_target_value(&ev)) />
    }
}

fn check_field(signal: RwSignal<bool>, label: &'static str, id: &'static str) -> impl IntoView {
    view! {
        <label class="checkbox">
            <input type="checkbox" data-testid=id prop:checked=move || signal.get()
                on:change=move |ev| signal.set(event_target_checked(&ev)) />
            {label}
        </label>
    }
}

#[component]
pub fn RegexRulesEditor(rows: RuleRows) -> impl IntoView {
    view! {
        <fieldset class="regex-rules" data-testid="regex-rules">
            <legend>{t("regex-heading")}</legend>
            <For
                each=move || rows.rows.get()
                key=|row| row.key
                children=move |row| view! {
                    <div class="regex-rule" data-testid="regex-rule">
                        {text_field(row.name, t("regex-name"), "rule-name")}
                        {text_field(row.pattern, t("regex-pattern"), "rule-pattern")}
                        {text_field(row.replacement, t("regex-replacement"), "rule-replacement")}
                        {check_field(row.on_user, t("regex-your-messages"), "rule-user")}
                        {check_field(row.on_answers, t("regex-answers"), "rule-answers")}
                        {check_field(row.enabled, t("regex-on"), "rule-enabled")}
                        <button type="button" data-testid="rule-remove"
                            aria-label=t("regex-remove-label")
                            on:click=move |_| rows.remove(row.key)>{t("regex-remove")}</button>
                    </div>
                }
            />
            <button type="button" data-testid="rule-add" on:click=move |_| rows.add()>{t("regex-add")}</button>
        </fieldset>
    }
}
