//! The chat's workspace as a side sheet: its files (path, size), each viewed as text, downloaded
//! or deleted, and files uploaded into it. The assistant reaches the same files with its
//! workspace tools (when an assistant turns them on); skills go in `skills/`.
//!
//! File names and contents may come from the model: shown as text only.

use crate::file_pick::{ImportButton, Said};
use crate::i18n::{t, tf};
use crate::side_sheet::SideSheet;
use leptos::prelude::*;

/// A file as the list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkspaceFileView {
    pub path: String,
    /// `1.2 KB`
    pub size: String,
}

/// What the user did in the workspace.
#[derive(Debug, Clone)]
pub enum WorkspaceAction {
    /// A chosen file, stored in the folder given (empty: at the top).
    Upload(web_sys::HtmlInputElement, String),
    View(String),
    Download(String),
    Delete(String),
}

#[component]
pub fn WorkspacePanel(
    open: RwSignal<bool>,
    /// `None` while loading.
    #[prop(into)]
    files: Signal<Option<Vec<WorkspaceFileView>>>,
    /// The file being viewed: its path and its text (or why it cannot be shown).
    #[prop(into)]
    viewing: Signal<Option<(String, String)>>,
    #[prop(into)] feedback: Signal<Option<Result<String, String>>>,
    #[prop(into)] on_action: Callback<WorkspaceAction>,
) -> impl IntoView {
    let folder = RwSignal::new(String::new());
    view! {
        <SideSheet open=open.into() title=t("workspace-label") id="workspace-panel"
            close_label=t("workspace-close") close_testid="workspace-close"
            on_close=move |()| open.set(false)>
            <p class="hint">{t("workspace-intro")}</p>
            <div class="form-actions workspace-upload">
                <label class="field"><span>{t("workspace-folder")}</span>
                    <input type="text" data-testid="workspace-folder" placeholder=t("workspace-folder-placeholder")
                        prop:value=move || folder.get() on:input=move |ev| folder.set(event_target_value(&ev)) /></label>
                <ImportButton label=t("workspace-upload") test_id="workspace-upload" accept=""
                    on_pick=move |input| on_action.run(WorkspaceAction::Upload(input, folder.get_untracked())) />
            </div>
            <Said said=feedback test_id="workspace-feedback" />
            {move || match files.get() {
                None => view! { <p class="hint" role="status">{t("workspace-reading")}</p> }.into_any(),
                Some(list) if list.is_empty() => view! {
                    <p class="hint" data-testid="workspace-empty">{t("workspace-none")}</p>
                }.into_any(),
                Some(list) => view! {
                    <ul class="workspace-files" aria-label=t("workspace-files")>
                        {list.into_iter().map(|file| {
                            let (view_path, download_path, delete_path) =
                                (file.path.clone(), file.path.clone(), file.path.clone());
                            view! {
                                <li class="workspace-file" data-testid="workspace-file" data-path=file.path.clone()>
                                    <code class="workspace-path">{file.path.clone()}</code>
                                    <span class="hint">{file.size}</span>
                                    <div class="form-actions">
                                        <button type="button" data-testid="workspace-view"
                                            on:click=move |_| on_action.run(WorkspaceAction::View(view_path.clone()))>{t("workspace-view")}</button>
                                        <button type="button" data-testid="workspace-download"
                                            on:click=move |_| on_action.run(WorkspaceAction::Download(download_path.clone()))>{t("workspace-download")}</button>
                                        <button type="button" class="danger" data-testid="workspace-delete"
                                            on:click=move |_| on_action.run(WorkspaceAction::Delete(delete_path.clone()))>{t("workspace-delete")}</button>
                                    </div>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                }.into_any(),
            }}
            {move || viewing.get().map(|(path, text)| {
                let label = tf("workspace-file-label", &[("path", (&path).into())]);
                view! {
                <section class="workspace-viewer" aria-label=label>
                    <h3><code>{path}</code></h3>
                    <pre data-testid="workspace-content">{text}</pre>
                </section>
                }
            })}
        </SideSheet>
    }
}
