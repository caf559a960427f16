//! The chat dictionaries' wiring: imported from a file, made, saved (the engine checks every
//! pattern), exported and deleted.

use crate::shell::runtime::Ready;
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::DictionaryAction;
use skein_components::{t, tf};
use skein_engine::prompt::ChatDictionary;

/// Reads the dictionaries from storage (at start-up).
pub fn load(ready: Ready) {
    let state = ready.state;
    let runtime = ready.runtime;
    spawn_local(async move {
        match runtime.service.dictionaries().await {
            Ok(all) => state.library.dictionaries.set(all),
            Err(err) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
    });
}

fn say(state: AppState, said: Result<String, String>) {
    state.library.dictionary_feedback.set(Some(said));
}

pub fn act(ready: Ready, action: DictionaryAction) {
    let state = ready.state;
    let runtime = ready.runtime;
    spawn_local(async move {
        let service = &runtime.service;
        let changed = match action {
            DictionaryAction::Import(input) => {
                let (name, bytes) = match crate::chat::files::take_chosen(&input).await {
                    Ok(Some(file)) => file,
                    Ok(None) => return,
                    Err(err) => return say(state, Err(err)),
                };
                match service.import_dictionary(&bytes, &name).await {
                    Ok((d, all)) => Ok((
                        all,
                        tf(
                            "notice-imported-entries",
                            &[
                                ("item", (&d.name).into()),
                                ("entries", (d.entries.len()).into()),
                                ("name", (&name).into()),
                            ],
                        ),
                    )),
                    Err(err) => {
                        return say(
                            state,
                            Err(tf(
                                "notice-not-imported",
                                &[
                                    ("name", (&name).into()),
                                    ("err", skein_components::explain(&err).into()),
                                ],
                            )),
                        )
                    }
                }
            }
            DictionaryAction::New => {
                let count = state.library.dictionaries.with_untracked(|d| d.items.len());
                let fresh = ChatDictionary {
                    id: String::new(),
                    name: tf("dictionary-default-name", &[("n", (count + 1).into())]),
                    entries: Vec::new(),
                    token_budget: 500,
                };
                service.save_dictionary(fresh).await.map(|all| {
                    state
                        .library
                        .dictionary_editing
                        .set(all.items.last().map(|d| d.id.clone()));
                    (all, t("notice-dictionary-new").to_owned())
                })
            }
            DictionaryAction::Save(dictionary) => {
                let name = dictionary.name.clone();
                service.save_dictionary(dictionary).await.map(|all| {
                    state.library.dictionary_editing.set(None);
                    (all, tf("notice-saved-name", &[("name", (&name).into())]))
                })
            }
            DictionaryAction::Delete(id) => {
                let name = state
                    .library
                    .dictionaries
                    .with_untracked(|d| d.get(&id).map(|d| d.name.clone()))
                    .unwrap_or_default();
                if !crate::shell::confirm::confirm(&tf(
                    "confirm-delete-dictionary",
                    &[("name", (&name).into())],
                )) {
                    return;
                }
                service
                    .delete_dictionary(&id)
                    .await
                    .map(|all| (all, tf("notice-deleted-name", &[("name", (&name).into())])))
            }
            DictionaryAction::Export(id) => {
                let said = service
                    .export_dictionary(&id)
                    .await
                    .map_err(|e| skein_components::explain(&e))
                    .and_then(|file| crate::library::world_books::download(&file));
                return say(state, said);
            }
        };
        match changed {
            Ok((all, said)) => {
                state.library.dictionaries.set(all);
                say(state, Ok(said));
            }
            Err(err) => say(state, Err(skein_components::explain(&err))),
        }
    });
}
