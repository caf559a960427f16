//! # skein-components: the views
//!
//! Leptos components that render Skein's state and report what the user did.
//!
//! How the crates fit together, the path of one message, and what the "seed 000 §N" rules cited
//! in comments say: `docs/architecture.md`.
//!
//! ## Architecture invariant
//! Props in, callbacks out. No component fetches, touches IndexedDB or runs the engine; the app
//! (`src/`) owns state and effects. Each message carries its own signals ([`MessageView`]), so a
//! streamed token re-renders one text node, not the list.
//!
//! Model output is untrusted: it is only ever inserted as text, never as HTML.

mod about_panel;
mod appearance;
mod assistant_form;
mod assistant_picker;
mod attachments;
mod backup_panel;
mod branch_map;
mod character_editor;
mod character_gallery;
mod chat_settings;
mod chat_view;
mod citations;
mod code_view;
mod composer;
mod context_meter;
mod dictionary_panel;
mod error_banner;
mod fallback_list;
mod fields;
mod file_pick;
mod find_bar;
mod follow_up_panel;
mod host_permissions;
mod i18n;
mod icons;
mod images;
mod knowledge_panel;
mod live_region;
mod markdown_view;
mod markup;
mod math_view;
mod mcp_panel;
mod memory_panel;
mod message_item;
mod modal_focus;
mod model_picker;
mod near_viewport;
mod notification_toggle;
mod page_window;
mod persona_panel;
mod pick_list;
mod prompt_inspector;
mod provider_fields;
mod regenerate_menu;
mod regex_rules_form;
mod settings_form;
mod settings_nav;
mod shortcuts_help;
mod side_sheet;
mod sidebar;
mod storage_alert;
mod storage_info;
mod summary_panel;
mod sync_panel;
mod template_field;
mod temporary_chat;
mod tool_call_card;
mod tool_policies;
mod undo_toast;
mod update_notice;
mod usage_chart;
mod usage_panel;
mod waiting_notice;
mod web_search_form;
mod welcome;
mod workflow_action;
mod workflow_editor;
mod workflow_run;
mod workflow_screen;
mod workspace_panel;
mod world_book_editor;
mod world_book_panel;

pub use about_panel::{AboutPanel, OfflineStatus};
pub use appearance::{apply_theme, AppearancePanel};
pub use assistant_form::AssistantForm;
pub use assistant_picker::AssistantPicker;
pub use attachments::{
    AttachedDocument, DocumentRef, Draft, PendingAttachment, PendingAttachments,
};
pub use backup_panel::{BackupPanel, ExportButtons};
pub use branch_map::{BranchMapPanel, MapRequest};
pub use character_gallery::{Avatar, CharacterAction, CharacterGallery};
pub use chat_settings::{ChatSettingsChange, ChatSettingsPanel};
pub use chat_view::ChatView;
pub use composer::Composer;
pub use context_meter::{short_tokens, ContextMeter};
pub use dictionary_panel::{DictionaryAction, DictionaryPanel};
pub use error_banner::{ErrorBanner, ErrorNotice};
pub use fallback_list::{FallbackChange, FallbackList};
pub use file_pick::{ImportButton, Said};
pub use follow_up_panel::{FollowUpAction, FollowUpPanel, FollowUpView};
pub use host_permissions::HostPermissions;
pub use i18n::{
    date_group_label, explain, format_bytes, install as install_localizer, language, t, tf,
    with_words, words, IntlRules,
};
pub use icons::{icon, Icon};
pub use images::{ImageRef, ImageUrls, MessageImage, RemoteImageState, RemoteImages};
pub use knowledge_panel::{DocumentView, KnowledgeAction, KnowledgePanel, KnowledgeView};
pub use live_region::{spoken_text, LiveRegion, LiveRegions};
pub use markdown_view::MarkdownText;
pub use markup::{LazyMarkup, MarkupParts, MARKUP_PARTS};
pub use mcp_panel::{McpAction, McpPanel, McpServerView};
pub use memory_panel::{MemoryAction, MemoryPanel};
pub use message_item::{error_of, MessageActions, MessageItem, MessageView, Speaker};
pub use model_picker::ModelPicker;
pub use notification_toggle::{NotificationStatus, NotificationToggle};
pub use persona_panel::{PersonaAction, PersonaPanel};
pub use prompt_inspector::{InspectorView, PromptInspector};
pub use settings_form::{listed_window, SettingsForm};
pub use settings_nav::{SettingsNav, SettingsPage, SettingsSection};
pub use shortcuts_help::{shortcut_for, KeyPress, Shortcut, ShortcutsHelp, SHORTCUTS};
pub use sidebar::{ConversationSummary, Sidebar};
pub use skein_engine::i18n::Arg;
pub use storage_alert::{StorageAlert, StorageAlertBar};
pub use storage_info::{StorageFigures, StorageInfo};
pub use summary_panel::{SummaryPanel, SummaryRequest};
pub use sync_panel::{SyncAction, SyncPanel, SyncView};
pub use temporary_chat::TemporaryChatBar;
pub use tool_call_card::{ToolCallCard, ToolCallView};
pub use undo_toast::UndoToast;
pub use update_notice::UpdateNotice;
pub use usage_panel::{PriceEntry, UsagePanel};
pub use waiting_notice::WaitingNotice;
pub use web_search_form::WebSearchForm;
pub use welcome::{LocalServer, WelcomeAction, WelcomeStep};
pub use workflow_action::WorkflowAction;
pub use workflow_screen::{WorkflowScreen, WorkflowView};
pub use workspace_panel::{WorkspaceAction, WorkspaceFileView, WorkspacePanel};
pub use world_book_panel::{WorldBookAction, WorldBookPanel};
