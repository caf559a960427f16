//! [`ChatService`](super::ChatService)'s whole public surface, by concept: every plain `pub`
//! method of its `impl` blocks, one line each, with the file it is in (in `engine/src/chat/`
//! unless a path says otherwise). The methods live beside the code they use; this is the one
//! place that lists them. The test below reads the engine's sources and fails when a public
//! method is missing here, or when a line here names a method that is no longer one.
//!
//! ## The service itself
//! - `new` — a service over its own provider client (service.rs)
//! - `with_client` — a service over a provider client others share (service.rs)
//! - `client` — the provider client (service.rs)
//! - `clock` — the clock every time comes from (service.rs)
//!
//! ## Conversations and branches
//! - `list_conversations` — every conversation, newest first (records.rs)
//! - `open_conversation` — loads a conversation, marking answers a closed tab left streaming (branches.rs)
//! - `open_tree` — a conversation's tree as shown, with the live reply and kept answers (answers_in_memory.rs)
//! - `branch_map` — the map of the whole conversation tree (branches.rs)
//! - `switch_branch` — shows a sibling version of a message (‹ −1, +1 ›) and saves the choice (branches.rs)
//! - `show_branch_through` — shows the branch through a message picked in the map (branches.rs)
//! - `rename_conversation` — gives a conversation the user's own title (records.rs)
//! - `set_conversation_assistant` — the assistant that answers a conversation from now on (records.rs)
//! - `set_conversation_system_prompt` — a conversation's own system prompt (personas.rs)
//! - `delete_message` — deletes a message and everything below it (branches.rs)
//! - `delete_conversation` — deletes a conversation, its messages and summaries (branches.rs)
//! - `dismiss_correction` — dismisses the anti-fabrication note on an answer (branches.rs)
//! - `search_messages` — messages whose text holds a query (records.rs)
//! - `load_blob` — a stored image of a message, if still there (records.rs)
//! - `context_usage` — how full the request window of the current branch is (context_window.rs)
//! - `is_temporary` — whether a conversation is a temporary chat (temporary_chats.rs)
//! - `keep_temporary` — stores a temporary chat whole (temporary_chats.rs)
//!
//! ## A turn
//! - `run` — runs one chat action, then the title and follow-up suggestions (action.rs)
//! - `send_message` — stores a new question and streams the answer (service.rs)
//! - `regenerate` — a new answer beside an old one (service.rs)
//! - `retry_reply` — answers a question again after its answer failed (service.rs)
//! - `edit_and_resend` — an edited question as a new sibling, with its own answer (service.rs)
//! - `continue_reply` — appends more text to an answer (service.rs)
//! - `decide_tool_call` — records the user's approval of a tool call; resumes when none waits (tool_loop.rs)
//! - `stop` — stops a conversation's generation, keeping what arrived (service.rs)
//! - `is_generating` — whether this service generates in a conversation (service.rs)
//! - `is_streaming` — whether an answer is being written in any conversation (answers_in_memory.rs)
//! - `title_and_suggestions` — a title and follow-up suggestions after an answer (after_answer.rs)
//! - `inspect_next` — the request sending a draft would make now (inspect.rs)
//! - `inspect_answer` — the request regenerating an answer would make now (inspect.rs)
//!
//! ## Offline
//! - `send_while_offline` — tries a local provider, else the question waits (offline.rs)
//! - `queue_question` — stores a question that waits for the connection (offline.rs)
//! - `cancel_waiting` — a waiting question no longer waits (offline.rs)
//!
//! ## Summaries
//! - `current_summary` — the summary standing in for the branch's oldest messages (summary_control.rs)
//! - `summarise_now` — summarises everything before the last exchange now (summary_control.rs)
//! - `edit_summary` — replaces the summary's text with the user's (summary_control.rs)
//! - `reset_summary` — deletes the branch's summaries (summary_control.rs)
//!
//! ## Recovery: interrupted answers and full storage
//! - `recover_interrupted` — takes back an interrupted answer's text from its stream journal (stream_journal.rs)
//! - `save_live_snapshots` — writes every reply being written as it is now (answers_in_memory.rs)
//! - `has_kept_answers` — whether answers wait in memory for storage room (answers_in_memory.rs)
//! - `save_kept_answers` — saves the answers kept while storage was full (answers_in_memory.rs)
//!
//! ## Library: assistants
//! - `list_assistants` — every assistant, the default first (records.rs)
//! - `save_assistant` — saves an assistant whose rules and templates are valid (records.rs)
//! - `delete_assistant` — deletes an assistant, its own memories and its picture (records.rs)
//!
//! ## Library: characters
//! - `import_character` — a character card file into a new assistant (characters.rs)
//! - `export_character` — an assistant's character card as a file (characters.rs)
//! - `start_character_chat` — a chat opening with the character's greetings (characters.rs)
//!
//! ## Library: personas
//! - `personas` — every persona and the default one (personas.rs)
//! - `save_persona` — saves a persona, new or changed (personas.rs)
//! - `delete_persona` — deletes a persona (personas.rs)
//! - `set_default_persona` — the persona chats use unless they have their own (personas.rs)
//! - `set_conversation_persona` — the persona the user speaks as in a conversation (personas.rs)
//!
//! ## Library: world books
//! - `world_books` — every world book (world_books.rs)
//! - `import_world_book` — a World Info file into a new book (world_books.rs)
//! - `save_world_book` — saves a book once every pattern compiles (world_books.rs)
//! - `delete_world_book` — deletes a book (world_books.rs)
//! - `set_world_book_global` — makes a book active in every chat, or not (world_books.rs)
//! - `set_conversation_world_books` — the books a conversation uses besides the others (world_books.rs)
//! - `export_world_book` — a book as a SillyTavern World Info file (world_books.rs)
//!
//! ## Library: dictionaries
//! - `dictionaries` — every dictionary (dictionaries.rs)
//! - `import_dictionary` — a dictionary file into a new dictionary (dictionaries.rs)
//! - `save_dictionary` — saves a dictionary once every pattern compiles (dictionaries.rs)
//! - `delete_dictionary` — deletes a dictionary (dictionaries.rs)
//! - `set_conversation_dictionaries` — the dictionaries a conversation uses besides its assistant's (dictionaries.rs)
//! - `export_dictionary` — a dictionary as a file (dictionaries.rs)
//!
//! ## Knowledge and memories
//! - `connect_library` — gives chats the memory and knowledge tools and retrieval (library.rs)
//! - `knowledge_overview` — every knowledge base, as the panel shows it (library.rs)
//! - `create_knowledge_base` — a new, empty knowledge base (library.rs)
//! - `add_document` — adds a document to a base, cut into chunks (library.rs)
//! - `delete_document` — deletes a document from its base (library.rs)
//! - `delete_knowledge_base` — deletes a knowledge base (library.rs)
//! - `set_embedding_model` — chooses a base's embedding model (library.rs)
//! - `set_chunking` — how documents added to a base are cut from now on (library.rs)
//! - `embeds_anything` — whether any base has an embedding model (library.rs)
//! - `embed_pending` — embeds every chunk that lacks a vector (library.rs)
//! - `knowledge_changed_elsewhere` — another tab wrote vectors: read them again (library.rs)
//! - `list_memories` — every memory, most recently changed first (records.rs)
//! - `edit_memory` — saves the user's edit of a memory (records.rs)
//! - `delete_memory` — deletes a memory (records.rs)
//!
//! ## Tools and MCP
//! - `add_tool` — adds a tool the app has; returns its name (service.rs)
//! - `add_tool_set` — adds tools that come and go, such as MCP servers' (tool_sources.rs)
//! - `connect_builtin_tools` — adds the time, calculator and conversation-search tools (tool_sources.rs)
//! - `tool_listing` — every tool the app has, for the assistant's settings (library.rs)
//! - `tool_refusals` — why tools are left out of the catalogue, in words (tool_sources.rs)
//! - `web_search_settings` — the web search settings (tool_sources.rs)
//! - `save_web_search` — saves the web search settings (tool_sources.rs)
//! - `mcp_servers` — every MCP server (mcp_servers.rs)
//! - `save_mcp_server` — saves an MCP server, new or changed (mcp_servers.rs)
//! - `delete_mcp_server` — removes an MCP server (mcp_servers.rs)
//!
//! ## Workspace
//! - `connect_workspace` — gives each conversation a workspace of files and its tools (workspace_files.rs)
//! - `workspace_files` — the files of a workspace, by path (workspace_files.rs)
//! - `read_workspace_file` — a workspace file's bytes (workspace_files.rs)
//! - `upload_workspace_file` — stores a file the user uploaded (workspace_files.rs)
//! - `delete_workspace_file` — deletes a workspace file (workspace_files.rs)
//!
//! ## Workflows
//! - `workflow_templates` — every workflow template (workflows.rs)
//! - `save_workflow_template` — saves a valid template (workflows.rs)
//! - `duplicate_workflow_template` — saves a copy of a template (workflows.rs)
//! - `delete_workflow_template` — deletes a template (workflows.rs)
//! - `import_workflow_template` — a template file into a new template (workflows.rs)
//! - `draft_workflow_template` — a template a model drafts for a goal, not stored (workflows.rs)
//! - `workflow_runs` — every run, most recently changed first (workflows.rs)
//! - `start_workflow_run` — starts a run of a template, frozen into it (workflows.rs)
//! - `delete_workflow_run` — deletes a run (workflows.rs)
//! - `advance_workflow_run` — carries a run forward until it needs the user (workflows.rs)
//! - `answer_workflow_step` — the user's answer to the current step, then advances (workflows.rs)
//! - `end_workflow_dialogue` — the user ends the current dialogue step (workflows.rs)
//! - `continue_workflow_as_chat` — hands a finished run over to a normal conversation (workflows.rs)
//!
//! ## Follow-ups
//! - `follow_ups` — every follow-up (follow_ups.rs)
//! - `set_follow_up_time` — when to remind the user of a follow-up (follow_ups.rs)
//! - `finish_follow_up` — marks a follow-up done, or open again (follow_ups.rs)
//! - `delete_follow_up` — deletes a follow-up (follow_ups.rs)
//! - `take_due_follow_ups` — the reminders due now, each returned once (follow_ups.rs)
//!
//! ## Sync
//! - `sync_state` — the stored sync state (sync.rs)
//! - `sync_connect` — joins or creates the sync account and saves the state (sync.rs)
//! - `sync_scope` — changes what syncs; the next round acts on it (sync.rs)
//! - `sync_round` — one sync round with the server (sync.rs)
//! - `sync_wait` — waits until the server has a change not pulled yet, or a timeout (sync.rs)
//! - `sync_pending` — how many changes here the next round would send (sync.rs)
//! - `sync_pause` — pauses or resumes syncing on this device (sync.rs)
//! - `sync_take_other_settings` — takes the settings that lost a conflict instead of those kept (sync.rs)
//! - `sync_forget` — stops syncing on this device; chats and the server's copy stay (sync.rs)
//!
//! ## Usage
//! - `usage_report` — the usage screen's figures for the last days (records.rs)
//! - `usage_csv` — every recorded call as CSV (records.rs)
//!
//! ## Import, export and backup
//! - `import_file` — imports a Skein export or ChatGPT's export, all or nothing (transfer.rs)
//! - `backup` — a full backup as JSON (transfer.rs)
//! - `export_conversation` — a conversation as a file to download (records.rs)
//!
//! ## Settings
//! - `load_provider_settings` — the saved provider settings, if any (records.rs)
//! - `save_provider_settings` — saves valid provider settings (records.rs)

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::{Path, PathBuf};

    /// This file, whose module doc is the list.
    const SURFACE: &str = include_str!("surface.rs");

    /// Every `.rs` file under `dir`, recursively, in a stable order.
    fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
            .map(|entry| entry.expect("a directory entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                rust_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }

    /// `source` with its comments, strings and character literals blanked (newlines kept), so
    /// that only code is left to count braces and find items in.
    fn code_only(source: &str) -> String {
        let chars: Vec<char> = source.chars().collect();
        let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
        let ident = |c: Option<&char>| c.is_some_and(|c| c.is_alphanumeric() || *c == '_');
        let mut out = String::with_capacity(source.len());
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let next = chars.get(i + 1).copied();
            if c == '/' && next == Some('/') {
                while i < chars.len() && chars[i] != '\n' {
                    out.push(' ');
                    i += 1;
                }
            } else if c == '/' && next == Some('*') {
                let mut depth = 0;
                while i < chars.len() {
                    let pair = (chars[i], chars.get(i + 1).copied());
                    if pair == ('/', Some('*')) {
                        depth += 1;
                    } else if pair == ('*', Some('/')) {
                        depth -= 1;
                    } else {
                        out.push(blank(chars[i]));
                        i += 1;
                        continue;
                    }
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                }
            } else if c == 'r'
                && (!ident(i.checked_sub(1).and_then(|p| chars.get(p)))
                    || (chars[i - 1] == 'b' && !ident(i.checked_sub(2).and_then(|p| chars.get(p)))))
                && matches!(next, Some('"' | '#'))
            {
                // A raw string: r"…", r#"…"#, br"…".
                let hashes = chars[i + 1..].iter().take_while(|c| **c == '#').count();
                if chars.get(i + 1 + hashes) != Some(&'"') {
                    out.push(c); // `r#ident`
                    i += 1;
                    continue;
                }
                let close: Vec<char> = std::iter::once('"')
                    .chain(std::iter::repeat_n('#', hashes))
                    .collect();
                let mut j = i + 2 + hashes;
                while j < chars.len() && !chars[j..].starts_with(&close) {
                    j += 1;
                }
                let end = (j + close.len()).min(chars.len());
                out.extend(chars[i..end].iter().map(|c| blank(*c)));
                i = end;
            } else if c == '"' {
                out.push(' ');
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    let step = if chars[i] == '\\' { 2 } else { 1 };
                    let end = (i + step).min(chars.len());
                    out.extend(chars[i..end].iter().map(|c| blank(*c)));
                    i = end;
                }
                out.push(' ');
                i += 1;
            } else if c == '\'' && (next == Some('\\') || chars.get(i + 2) == Some(&'\'')) {
                // A character literal ('{', '\'', '\u{7b}'); a lifetime ('a) is code.
                let mut j = i + 2;
                while j < chars.len() && chars[j] != '\'' {
                    j += 1;
                }
                let end = (j + 1).min(chars.len());
                out.extend(chars[i..end].iter().map(|c| blank(*c)));
                i = end;
            } else {
                out.push(c);
                i += 1;
            }
        }
        out
    }

    /// The name of the function a plain `pub` item line declares (`pub fn`, `pub async fn`);
    /// `pub(crate)` and `pub(super)` are not the surface.
    fn pub_fn_name(line: &str) -> Option<String> {
        let mut words = line.strip_prefix("pub ")?.split_whitespace();
        loop {
            match words.next()? {
                "fn" => break,
                "async" | "const" | "unsafe" | "extern" => {}
                _ => return None,
            }
        }
        let name: String = words
            .next()?
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        (!name.is_empty()).then_some(name)
    }

    /// Whether an `impl` header (up to its `{`) is an inherent impl of `ChatService`.
    fn is_chat_service_impl(header: &str) -> bool {
        let header = header.split('{').next().unwrap_or_default();
        let header = header.split(" where").next().unwrap_or_default();
        let words: Vec<&str> = header
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .collect();
        words.contains(&"ChatService") && !words.contains(&"for")
    }

    /// What a `{` opened that the scan is inside of.
    #[derive(Clone, Copy, PartialEq)]
    enum Region {
        /// An inherent `impl … ChatService<…>` block: its plain `pub fn`s are the surface.
        ChatService,
        /// A `#[cfg(test)]` item: nothing in it counts.
        TestOnly,
    }

    /// The plain `pub` methods of `code`'s inherent `ChatService` impls, outside `#[cfg(test)]`
    /// items, and the modules it declares `#[cfg(test)] mod name;` (in other files).
    fn scan(code: &str) -> (Vec<String>, Vec<String>) {
        let (mut methods, mut test_modules) = (Vec::new(), Vec::new());
        let mut depth = 0i64;
        let mut test_only_next = false;
        let mut header: Option<(String, bool)> = None;
        let mut region: Option<(i64, Region)> = None;
        for line in code.lines() {
            let t = line.trim();
            let at = depth;
            depth += line.matches('{').count() as i64 - line.matches('}').count() as i64;
            let item_line = !t.is_empty() && !t.starts_with("#[");
            match region {
                Some((open, Region::ChatService)) if at == open + 1 => {
                    if t.starts_with("#[cfg(test)]") {
                        test_only_next = true;
                    } else if let Some(name) = pub_fn_name(t) {
                        if !test_only_next {
                            methods.push(name);
                        }
                        test_only_next = false;
                    } else if item_line {
                        test_only_next = false;
                    }
                }
                Some(_) => {}
                None => {
                    let impl_header = if let Some((text, test_only)) = header.take() {
                        Some((format!("{text} {t}"), test_only))
                    } else if t.starts_with("impl<") || t.starts_with("impl ") {
                        Some((t.to_string(), std::mem::take(&mut test_only_next)))
                    } else {
                        if t.starts_with("#[cfg(test)]") {
                            test_only_next = true;
                        } else if item_line && std::mem::take(&mut test_only_next) {
                            if t.contains('{') {
                                region = Some((at, Region::TestOnly));
                            } else if let Some(name) = t
                                .trim_start_matches("pub(crate) ")
                                .trim_start_matches("pub ")
                                .strip_prefix("mod ")
                            {
                                test_modules.push(name.trim_end_matches(';').trim().to_string());
                            }
                        }
                        None
                    };
                    match impl_header {
                        // The header ends at its `{`: the block opens on this line.
                        Some((text, test_only)) if t.contains('{') => {
                            region = if test_only {
                                Some((at, Region::TestOnly))
                            } else if is_chat_service_impl(&text) {
                                Some((at, Region::ChatService))
                            } else {
                                None
                            };
                        }
                        Some(unfinished) => header = Some(unfinished),
                        None => {}
                    }
                }
            }
            if region.is_some_and(|(open, _)| depth <= open) {
                region = None;
                test_only_next = false;
            }
        }
        (methods, test_modules)
    }

    /// Where `file`'s `mod name;` is: the file and the directory of its children.
    fn child_module(file: &Path, name: &str) -> [PathBuf; 2] {
        let parent = file.parent().expect("a file in a directory");
        let owns_dir = matches!(
            file.file_name().and_then(|n| n.to_str()),
            Some("mod.rs" | "lib.rs" | "main.rs")
        );
        let base = if owns_dir {
            parent.to_path_buf()
        } else {
            parent.join(file.file_stem().expect("a file name"))
        };
        [base.join(format!("{name}.rs")), base.join(name)]
    }

    /// Every public method of `ChatService`, with the file it is in (relative to `src/chat/`
    /// when there, else to `src/`).
    fn public_methods() -> BTreeMap<String, BTreeSet<String>> {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        let scanned: Vec<(PathBuf, Vec<String>, Vec<String>)> = files
            .into_iter()
            .map(|file| {
                let source = std::fs::read_to_string(&file)
                    .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
                let (methods, test_modules) = scan(&code_only(&source));
                (file, methods, test_modules)
            })
            .collect();
        let test_only: Vec<PathBuf> = scanned
            .iter()
            .flat_map(|(file, _, modules)| modules.iter().flat_map(|m| child_module(file, m)))
            .collect();
        let mut found: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (file, methods, _) in scanned {
            let name = file
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            if name.ends_with("_tests.rs") || test_only.iter().any(|t| file.starts_with(t)) {
                continue;
            }
            let relative = file.strip_prefix(&src).expect("a file under src/");
            let relative = relative.strip_prefix("chat").unwrap_or(relative);
            let shown = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            for method in methods {
                found.entry(method).or_default().insert(shown.clone());
            }
        }
        found
    }

    /// The list above: each line's method and file, and the lines not in the list's shape.
    fn listed() -> (Vec<(String, String)>, Vec<String>) {
        let (mut entries, mut malformed) = (Vec::new(), Vec::new());
        for line in SURFACE.lines() {
            let Some(item) = line.strip_prefix("//! - ") else {
                continue;
            };
            let parsed = (|| {
                let rest = item.strip_prefix('`')?;
                let (name, rest) = rest.split_once('`')?;
                let rest = rest.strip_prefix(" — ")?.strip_suffix(')')?;
                let (what, file) = rest.rsplit_once(" (")?;
                (!name.is_empty() && !what.trim().is_empty() && !file.is_empty())
                    .then(|| (name.to_string(), file.to_string()))
            })();
            match parsed {
                Some(entry) => entries.push(entry),
                None => malformed.push(line.to_string()),
            }
        }
        (entries, malformed)
    }

    #[test]
    fn the_surface_lists_every_public_method_of_chat_service_and_nothing_else() {
        let found = public_methods();
        let (entries, malformed) = listed();
        let mut problems = Vec::new();
        for line in malformed {
            problems.push(format!(
                "not in the shape \"- `method` — what it does (file.rs)\": {line}"
            ));
        }
        let mut seen = BTreeSet::new();
        for (name, file) in &entries {
            if !seen.insert(name.as_str()) {
                problems.push(format!(
                    "remove the second line for `{name}` (listed twice)"
                ));
            }
            match found.get(name) {
                None => problems.push(format!(
                    "remove `{name}`: it is not a public method of ChatService (removed or renamed?)"
                )),
                Some(files) if !files.contains(file) => problems.push(format!(
                    "`{name}` is in {}, not in {file}: correct its line",
                    files.iter().cloned().collect::<Vec<_>>().join(", ")
                )),
                Some(_) => {}
            }
        }
        for (name, files) in &found {
            if !seen.contains(name.as_str()) {
                let files = files.iter().cloned().collect::<Vec<_>>().join(", ");
                problems.push(format!(
                    "add `{name}` ({files}): a public method of ChatService missing from the list"
                ));
            }
        }
        assert!(
            problems.is_empty(),
            "engine/src/chat/surface.rs and ChatService's public methods differ:\n  {}",
            problems.join("\n  ")
        );
    }

    #[test]
    fn the_scan_finds_plain_pub_methods_of_chat_service_impls_only() {
        let source = r#"
impl<T: Transport> ChatService<T, S, C, I> {
    /// A doc with `pub fn in_a_doc` and a brace {
    pub async fn listed(&self, s: &str) -> char {
        let _ = "pub fn in_a_string } {";
        let _ = '{';
        '}'
    }
    pub(crate) fn crate_only(&self) {}
    fn private(&self) {}
    #[cfg(test)]
    pub fn test_only(&self) {}
    pub fn generic<'a, D: Db>(&'a self) -> &'a str { "" }
}

impl<T, S, C, I> ChatService<T, S, C, I>
where
    T: Transport,
{
    pub fn after_a_where(&self) {}
}

impl Display for ChatService<T, S, C, I> {
    pub fn not_inherent(&self) {}
}

impl Other {
    pub fn elsewhere(&self) {}
}

#[cfg(test)]
impl<T, S, C, I> ChatService<T, S, C, I> {
    pub fn test_impl(&self) {}
}

#[cfg(test)]
mod tests {
    impl ChatService<A, B, C, D> {
        pub fn in_tests(&self) {}
    }
}

#[cfg(test)]
mod more_tests;
"#;
        let (methods, test_modules) = scan(&code_only(source));
        assert_eq!(methods, ["listed", "generic", "after_a_where"]);
        assert_eq!(test_modules, ["more_tests"]);
    }
}
