//! A list of things to pick by ticking them (the world books or dictionaries a chat, a
//! character or an assistant uses); those active everywhere show ticked and locked.

use crate::i18n::t;
use leptos::prelude::*;

#[component]
pub fn PickList(
    legend: &'static str,
    /// Said when there is nothing to pick.
    empty: &'static str,
    /// The `data-testid` of each checkbox.
    test_id: &'static str,
    /// (ID, name, active everywhere).
    #[prop(into)]
    items: Signal<Vec<(String, String, bool)>>,
    #[prop(into)] chosen: Signal<Vec<String>>,
    /// Called with the IDs picked after a change.
    #[prop(into)]
    on_change: Callback<Vec<String>>,
) -> impl IntoView {
    view! {
        <fieldset class="pick-list">
            <legend>{legend}</legend>
            {move || items.with(Vec::is_empty).then(|| view! { <p class="hint">{empty}</p> })}
            {move || items.get().into_iter().map(|(id, name, everywhere)| {
                let checked = {
                    let id = id.clone();
                    move || everywhere || chosen.with(|c| c.contains(&id))
                };
                let toggle = move |ev: leptos::ev::Event| {
                    let on = event_target_checked(&ev);
                    let mut ids = chosen.get_untracked();
                    ids.retain(|i| *i != id);
                    if on {
                        ids.push(id.clone());
                    }
                    on_change.run(ids);
                };
                view! {
                    <label class="check">
                        <input type="checkbox" data-testid=test_id disabled=everywhere
                            prop:checked=checked on:change=toggle />
                        {name}{everywhere.then(|| format!(" {}", t("pick-list-everywhere")))}
                    </label>
                }
            }).collect_view()}
        </fieldset>
    }
}
