//! The branch map: every message of the conversation as a tree (one row each, versions
//! indented under the message they answer), the branch on screen highlighted. A click, Enter
//! or Space on a row shows that message's branch; ↑ ↓ Home End move between rows and ← goes to
//! the message a branch forks from (the engine's `domain::branch_map` lays it out and says
//! where a key moves). Excerpts are plain text: they are model output.

use crate::i18n::{t, tf};
use crate::icons::icon;
use crate::message_item::role_icon;
use crate::side_sheet::SideSheet;
use leptos::attr::custom::custom_attribute;
use leptos::prelude::*;
use skein_engine::domain::branch_map::{move_focus, BranchMap, MapEntry, MapKey, MapNode};
use skein_engine::Role;

/// What the user asked the map to do.
#[derive(Debug, Clone, PartialEq)]
pub enum MapRequest {
    /// Show the branch through this message.
    Show(String),
    /// Show the folded run starting at this message whole.
    Unfold(String),
}

#[component]
pub fn BranchMapPanel(
    open: RwSignal<bool>,
    /// `None` while loading.
    #[prop(into)]
    map: Signal<Option<BranchMap>>,
    #[prop(into)] on_request: Callback<MapRequest>,
) -> impl IntoView {
    let list = NodeRef::<leptos::html::Ol>::new();
    let focused = RwSignal::new(0usize);
    let focus_row = move |row: usize| {
        focused.set(row);
        let Some(list) = list.get_untracked() else {
            return;
        };
        if let Ok(Some(element)) = list.query_selector(&format!("[data-row=\"{row}\"]")) {
            if let Ok(element) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(element) {
                let _ = element.focus();
            }
        }
    };
    // A new map (opened, unfolded or another branch shown) keeps the focus on its row, or
    // starts on the last message of the branch on screen.
    Effect::new(move |previous: Option<bool>| {
        let Some(map) = map.get() else {
            return false;
        };
        let start = if previous == Some(true) {
            focused
                .get_untracked()
                .min(map.entries.len().saturating_sub(1))
        } else {
            map.entries
                .iter()
                .position(|entry| matches!(entry, MapEntry::Node(node) if node.shown_leaf))
                .unwrap_or(0)
        };
        request_animation_frame(move || focus_row(start));
        true
    });
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let Some(entries) = map.with_untracked(|m| m.as_ref().map(|m| m.entries.clone())) else {
            return;
        };
        let from = focused.get_untracked();
        match ev.key().as_str() {
            "Enter" | " " => {
                if let Some(request) = entries.get(from).map(request_for) {
                    ev.prevent_default();
                    on_request.run(request);
                }
            }
            key => {
                if let Some(key) = MapKey::from_key(key, crate::i18n::language().right_to_left()) {
                    ev.prevent_default();
                    focus_row(move_focus(&entries, from, key));
                }
            }
        }
    };
    let close = move || open.set(false);
    let rows = move || {
        let map = map.get()?;
        let summary = match map.branches {
            0 => t("branch-map-empty").to_owned(),
            1 => tf(
                "branch-map-one-branch",
                &[("messages", map.messages.into())],
            ),
            n => tf(
                "branch-map-branches-summary",
                &[("messages", map.messages.into()), ("branches", n.into())],
            ),
        };
        let rows = map
            .entries
            .into_iter()
            .enumerate()
            .map(|(i, entry)| row(i, entry, focused, on_request))
            .collect_view();
        Some(view! {
            <p class="hint" data-testid="branch-map-summary">{summary}</p>
            <ol class="branch-tree" role="tree" aria-label=t("branch-map-label")
                data-testid="branch-tree" node_ref=list on:keydown=on_key>{rows}</ol>
        })
    };
    view! {
        <SideSheet open=open.into() title=t("branch-map-heading") id="branch-map" close_label=t("branch-map-close")
            close_testid="close-branch-map" on_close=move |()| close()>
            <p class="hint">{t("branch-map-hint")}</p>
            {rows}
        </SideSheet>
    }
}

fn request_for(entry: &MapEntry) -> MapRequest {
    match entry {
        MapEntry::Node(node) => MapRequest::Show(node.id.clone()),
        MapEntry::Folded { key, .. } => MapRequest::Unfold(key.clone()),
    }
}

fn row(
    index: usize,
    entry: MapEntry,
    focused: RwSignal<usize>,
    on_request: Callback<MapRequest>,
) -> impl IntoView {
    let level = entry.level();
    let request = request_for(&entry);
    let (on_path, content, testid, label) = match entry {
        // A message row is named by what it shows (who, the version, the excerpt).
        MapEntry::Node(node) => (
            node.on_path,
            node_view(node).into_any(),
            "branch-node",
            None,
        ),
        MapEntry::Folded { count, on_path, .. } => {
            let text = tf("branch-map-folded", &[("count", count.into())]);
            let content = view! { <span class="branch-folded">{format!("… {text}")}</span> };
            (
                on_path,
                content.into_any(),
                "branch-folded",
                Some(tf("branch-map-folded-show", &[("text", (&text).into())])),
            )
        }
    };
    view! {
        <li role="treeitem" class="branch-row" class:on-path=on_path data-testid=testid
            data-row=index.to_string()
            aria-selected=on_path.to_string() aria-label=label
            tabindex=move || if focused.get() == index { "0" } else { "-1" }
            style:padding-inline-start=format!("{}rem", 0.5 + 1.25 * level as f64)
            style:background-size=format!("{}rem 100%", 1.25 * level as f64)
            on:focus=move |_| focused.set(index)
            on:click=move |_| on_request.run(request.clone())>
            {content}
        </li>
    }
    // The macro knows no aria-level: the tree's depth goes on as a named attribute.
    .add_any_attr(custom_attribute("aria-level", (level + 1).to_string()))
}

fn node_view(node: MapNode) -> impl IntoView {
    let who = who(node.role);
    view! {
        <span class="branch-dot" class:user=node.role == Role::User aria-hidden="true">
            {role_icon(node.role).map(icon)}
        </span>
        <span class="branch-who">{who}</span>
        {node.version.map(|(n, of)| view! {
            <span class="branch-version" title=t("branch-map-version") aria-hidden="true">{format!("{n}/{of}")}</span>
            <span class="visually-hidden">{tf("branch-map-row-version", &[("n", n.into()), ("of", of.into())])}</span>
        })}
        <span class="branch-excerpt" data-testid="branch-excerpt">{node.excerpt}</span>
        {node.shown_leaf.then(|| view! { <span class="branch-shown">{t("branch-map-on-screen")}</span> })}
    }
}

fn who(role: Role) -> &'static str {
    match role {
        Role::User => t("branch-map-you"),
        Role::Assistant => t("branch-map-assistant"),
        Role::System => t("branch-map-system"),
    }
}
