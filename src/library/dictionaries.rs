//! The chat dictionaries' wiring: imported from a file, made, saved (the engine checks every
//! pattern), exported and deleted.

use crate::library::collection;
use crate::runtime::Ready;
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

pub fn act(ready: Ready, action: DictionaryAction) {
    let library = ready.state.library;
    let service = &ready.runtime.service;
    let (list, feedback, editing) = (
        library.dictionaries,
        library.dictionary_feedback,
        library.dictionary_editing,
    );
    let put = move |all| list.set(all);
    match action {
        DictionaryAction::Import(input) => collection::import(
            input,
            feedback,
            move |name, bytes| async move {
                let (d, all) = service.import_dictionary(&bytes, &name).await?;
                let entries = d.entries.len();
                let said = tf(
                    "notice-imported-entries",
                    &[
                        ("item", (&d.name).into()),
                        ("entries", entries.into()),
                        ("name", (&name).into()),
                    ],
                );
                Ok((all, said))
            },
            put,
        ),
        DictionaryAction::New => {
            let count = list.with_untracked(|d| d.items.len());
            let fresh = ChatDictionary {
                id: String::new(),
                name: tf("dictionary-default-name", &[("n", (count + 1).into())]),
                entries: Vec::new(),
                token_budget: 500,
            };
            let made = async move {
                let all = service.save_dictionary(fresh).await?;
                editing.set(all.items.last().map(|d| d.id.clone()));
                Ok((all, t("notice-dictionary-new").to_owned()))
            };
            collection::change(feedback, made, put);
        }
        DictionaryAction::Save(dictionary) => {
            let name = dictionary.name.clone();
            let saved = async move {
                let all = service.save_dictionary(dictionary).await?;
                editing.set(None);
                Ok((all, tf("notice-saved-name", &[("name", (&name).into())])))
            };
            collection::change(feedback, saved, put);
        }
        DictionaryAction::Delete(id) => {
            let name = list
                .with_untracked(|d| d.get(&id).map(|d| d.name.clone()))
                .unwrap_or_default();
            if !crate::page::confirm::confirm(&tf(
                "confirm-delete-dictionary",
                &[("name", (&name).into())],
            )) {
                return;
            }
            let deleted = async move {
                let all = service.delete_dictionary(&id).await?;
                Ok((all, tf("notice-deleted-name", &[("name", (&name).into())])))
            };
            collection::change(feedback, deleted, put);
        }
        DictionaryAction::Export(id) => collection::export(
            feedback,
            async move { service.export_dictionary(&id).await },
            |err| err,
        ),
    }
}
