//! Each crate's module graph, read from its sources: which module refers to which (`use
//! crate::…`, `use super::…`, and paths written inline), and the cycles in it. `cargo xtask
//! test` fails on any cycle (outside [`SELF_CONTAINED`] parser folders) that is not in its
//! crate's known cycles ([`CRATES`]): none in any crate.
//!
//! A node is a module file. Test code is left out: `*_tests.rs`, `tests.rs`, `test_fixtures.rs`,
//! and everything after a file's first `#[cfg(test)]`. The folders in [`SELF_CONTAINED`] are
//! parsers whose files may refer to each other freely; each counts as one node.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Parser folders whose files form one unit.
const SELF_CONTAINED: [&str; 2] = ["knowledge::pdf", "render::markdown"];

/// Every crate of ours by its source folder, with the cycles it may still have, each as its
/// sorted members joined by ` ↔ `. The engine's four, the components' two, the platform's one
/// and the app's circle of 43 files are broken; keep the lists empty (a cycle here must be
/// explained).
pub const CRATES: &[(&str, &[&str])] = &[
    ("wire/src", &[]),
    ("engine/src", &[]),
    ("platform/src", &[]),
    ("components/src", &[]),
    ("src", &[]),
    ("xtask/src", &[]),
    ("tests/mock-provider/src", &[]),
    ("tests/mcp-fixture/src", &[]),
    ("tests/bench/src", &[]),
];

/// The module path of a file under `src/` (`lib.rs` and `main.rs` are the crate root, `a/mod.rs`
/// is `a`).
pub fn module_of(relative: &Path) -> String {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if let Some(last) = parts.pop() {
        let stem = last.trim_end_matches(".rs");
        if stem != "mod" && stem != "lib" && !(stem == "main" && parts.is_empty()) {
            parts.push(stem.to_owned());
        }
    }
    parts.join("::")
}

/// Whether a file holds only test code.
fn is_test_file(relative: &Path) -> bool {
    let name = relative
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    name.ends_with("_tests.rs") || name == "tests.rs" || name == "test_fixtures.rs"
}

/// The code of a file before its first `#[cfg(test)]`.
fn non_test_code(source: &str) -> &str {
    source
        .find("#[cfg(test)]")
        .map_or(source, |at| &source[..at])
}

/// Every path the code names that starts at `crate`, `super` or `self`, resolved against
/// `module`, as lists of segments. Grouped `use` trees are expanded.
pub fn referenced_paths(module: &str, code: &str) -> Vec<Vec<String>> {
    let code = strip_comments(code);
    let tokens = tokens(&code);
    let mut paths = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if matches!(tokens[i].as_str(), "crate" | "super" | "self")
            && tokens.get(i + 1).is_some_and(|t| t == "::")
            && (i == 0 || tokens[i - 1] != "::")
        {
            let (mut found, next) = use_tree(&tokens, i);
            for path in &mut found {
                *path = resolve(module, path);
            }
            paths.extend(found);
            i = next;
        } else {
            i += 1;
        }
    }
    paths
}

/// The paths of the use tree (or inline path) starting at `tokens[at]`, and where it ends.
fn use_tree(tokens: &[String], at: usize) -> (Vec<Vec<String>>, usize) {
    let mut prefix = Vec::new();
    let mut i = at;
    while i < tokens.len() {
        let token = &tokens[i];
        if token == "{" {
            let mut paths = Vec::new();
            i += 1;
            while i < tokens.len() && tokens[i] != "}" {
                if tokens[i] == "," {
                    i += 1;
                    continue;
                }
                let (inner, next) = use_tree(tokens, i);
                for tail in inner {
                    let mut path = prefix.clone();
                    path.extend(tail);
                    paths.push(path);
                }
                i = next;
            }
            return (paths, i + 1);
        }
        if is_ident(token) {
            prefix.push(token.clone());
            if tokens.get(i + 1).is_some_and(|t| t == "::") {
                i += 2;
                continue;
            }
            return (vec![prefix], i + 1);
        }
        break;
    }
    (vec![prefix], i.max(at + 1))
}

/// `path` (starting with `crate`, `super` or `self`) as a path from the crate root.
fn resolve(module: &str, path: &[String]) -> Vec<String> {
    let mut base: Vec<String> = module
        .split("::")
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &rest[1..];
        }
        _ => {
            while let Some(first) = rest.first() {
                match first.as_str() {
                    "super" => {
                        base.pop();
                    }
                    "self" => {}
                    _ => break,
                }
                rest = &rest[1..];
            }
        }
    }
    base.extend(rest.iter().cloned());
    base
}

fn is_ident(token: &str) -> bool {
    token
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// Identifiers, `::` and the punctuation of use trees; string and char literals dropped.
fn tokens(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
            continue;
        }
        if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push("::".into());
            i += 2;
            continue;
        }
        if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            continue;
        }
        if !c.is_whitespace() {
            out.push(c.to_string());
        }
        i += 1;
    }
    out
}

/// The code without `//` and `/* */` comments (doc comments name paths that are not uses).
pub fn strip_comments(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |at| &after[at..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |at| &after[at + 2..]);
        } else if rest.starts_with('"') {
            // A string literal is kept whole, so `//` inside it is not a comment.
            let end = string_end(rest);
            out.push_str(&rest[..end]);
            rest = &rest[end..];
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The byte length of the string literal at the start of `text`.
fn string_end(text: &str) -> usize {
    let mut escaped = false;
    for (at, c) in text.char_indices().skip(1) {
        match c {
            '\\' if !escaped => escaped = true,
            '"' if !escaped => return at + 1,
            _ => escaped = false,
        }
    }
    text.len()
}

/// The node a module belongs to: its self-contained folder, or itself.
fn node_of(module: &str) -> String {
    SELF_CONTAINED
        .iter()
        .find(|folder| module == **folder || module.starts_with(&format!("{folder}::")))
        .map_or_else(|| module.to_owned(), |folder| (*folder).to_owned())
}

/// The module graph of the sources under `src`: node → the nodes it refers to.
pub fn graph(src: &Path) -> Result<BTreeMap<String, BTreeSet<String>>, String> {
    let mut files = Vec::new();
    collect_files(src, src, &mut files)?;
    let modules: BTreeSet<String> = files.iter().map(|(module, _)| module.clone()).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, code) in &files {
        let from = node_of(module);
        let edges = graph.entry(from.clone()).or_default();
        for path in referenced_paths(module, code) {
            // The longest prefix of the path that is a module.
            let target = (1..=path.len())
                .rev()
                .map(|n| path[..n].join("::"))
                .find(|candidate| modules.contains(candidate));
            if let Some(target) = target.map(|t| node_of(&t)) {
                if target != from && !target.is_empty() {
                    edges.insert(target);
                }
            }
        }
    }
    Ok(graph)
}

fn collect_files(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            collect_files(root, &path, out)?;
            continue;
        }
        let relative = path.strip_prefix(root).map_err(|e| e.to_string())?;
        if path.extension().is_none_or(|e| e != "rs") || is_test_file(relative) {
            continue;
        }
        let source =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        out.push((module_of(relative), non_test_code(&source).to_owned()));
    }
    Ok(())
}

/// The cycles of `graph` (strongly connected components of more than one node), each as its
/// sorted members joined by ` ↔ `.
pub fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    // Tarjan's algorithm, iterative over the small graph.
    struct State<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        next: usize,
        found: Vec<String>,
    }
    fn visit<'a>(state: &mut State<'a>, node: &'a str) {
        state.index.insert(node, state.next);
        state.low.insert(node, state.next);
        state.next += 1;
        state.stack.push(node);
        state.on_stack.insert(node);
        let edges: Vec<&'a str> = state
            .graph
            .get(node)
            .map(|e| e.iter().map(String::as_str).collect())
            .unwrap_or_default();
        for next in edges {
            if !state.index.contains_key(next) {
                visit(state, next);
                let low = state.low[node].min(state.low[next]);
                state.low.insert(node, low);
            } else if state.on_stack.contains(next) {
                let low = state.low[node].min(state.index[next]);
                state.low.insert(node, low);
            }
        }
        if state.low[node] == state.index[node] {
            let mut members = Vec::new();
            while let Some(top) = state.stack.pop() {
                state.on_stack.remove(top);
                members.push(top);
                if top == node {
                    break;
                }
            }
            if members.len() > 1 {
                members.sort_unstable();
                state.found.push(members.join(" ↔ "));
            }
        }
    }
    let mut state = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        next: 0,
        found: Vec::new(),
    };
    for node in graph.keys() {
        if !state.index.contains_key(node.as_str()) {
            visit(&mut state, node);
        }
    }
    state.found.sort();
    state.found
}

/// The one global the app crate may hold: the embedding page's element, set before the app
/// mounts (everything else is handed down from start-up, `src/runtime.rs`).
const APP_GLOBALS: [&str; 1] = ["src/page/embedded.rs"];

/// Whether `text` declares a global that can change (see [`app_globals`]).
fn declares_global(text: &str) -> bool {
    const CHANGING: [&str; 8] = [
        "Cell<", "OnceCell", "OnceLock", "LazyLock", "LazyCell", "Mutex", "RwLock", "Atomic",
    ];
    text.lines()
        .map(|line| line.split("//").next().unwrap_or_default().trim())
        .any(|code| {
            code.contains("thread_local!")
                || code.contains("static mut ")
                || (code.split_whitespace().any(|word| word == "static")
                    && CHANGING.iter().any(|kind| code.contains(kind)))
        })
}

/// The app's files that declare a global outside [`APP_GLOBALS`]: a `thread_local!`, a
/// `static mut`, or a `static` of a type that can change (a cell, a lock, an atomic, a value
/// made on first use). Comments are not read.
fn app_globals(root: &Path) -> Vec<String> {
    fn declaring(dir: &Path, found: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for path in entries.filter_map(Result::ok).map(|e| e.path()) {
            if path.is_dir() {
                declaring(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs")
                && std::fs::read_to_string(&path).is_ok_and(|t| declares_global(&t))
            {
                found.push(path.display().to_string());
            }
        }
    }
    let mut found = Vec::new();
    declaring(&root.join("src"), &mut found);
    found.sort();
    found.retain(|file| !APP_GLOBALS.iter().any(|allowed| file.ends_with(allowed)));
    found
}

/// Fails on a cycle in any crate that is not among its known ones, or a known cycle that is
/// gone (`root` is the repository), and on a global in the app crate beyond its one root.
pub fn check(root: &Path) -> Result<(), String> {
    let mut problems = Vec::new();
    let globals = app_globals(root);
    if !globals.is_empty() {
        problems.push(format!(
            "thread_local! in the app crate (hand the value down from start-up instead, \
             src/runtime.rs): {}",
            globals.join(", ")
        ));
    }
    let mut counts = Vec::new();
    for (folder, known) in CRATES {
        let found = cycles(&graph(&root.join(folder))?);
        let new: Vec<&str> = found
            .iter()
            .map(String::as_str)
            .filter(|c| !known.contains(c))
            .collect();
        let gone: Vec<&str> = known
            .iter()
            .copied()
            .filter(|c| !found.iter().any(|f| f == c))
            .collect();
        if !new.is_empty() {
            problems.push(format!("module cycles in {folder}: {}", new.join("; ")));
        }
        if !gone.is_empty() {
            problems.push(format!(
                "broken cycles of {folder} still listed in xtask/src/module_graph.rs CRATES \
                 (remove them): {}",
                gone.join("; ")
            ));
        }
        counts.push(format!("{folder} {}", found.len()));
    }
    if problems.is_empty() {
        println!(
            "architecture: module cycles (all known, none new): {}",
            counts.join(", ")
        );
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_global_is_a_thread_local_a_static_mut_or_a_static_that_can_change() {
        assert!(declares_global("thread_local! { static A: u8 = 0; }"));
        assert!(declares_global("static mut COUNT: u32 = 0;"));
        assert!(declares_global(
            "static SEEN: OnceLock<String> = OnceLock::new();"
        ));
        assert!(declares_global(
            "pub static N: AtomicU32 = AtomicU32::new(0);"
        ));
        assert!(!declares_global(
            "static NAMES: [&str; 2] = [\"a\", \"b\"];"
        ));
        assert!(!declares_global("const KEY: &str = \"skein\";"));
        assert!(!declares_global(
            "// no thread_local! here, nor a static mut"
        ));
        assert!(!declares_global(
            "fn f(cell: &Cell<u8>) -> &'static str { \"x\" }"
        ));
    }

    #[test]
    fn the_app_crate_has_no_cycle_and_no_global_but_its_root() {
        let root = crate::process::root();
        assert_eq!(
            cycles(&graph(&root.join("src")).unwrap()),
            Vec::<String>::new()
        );
        assert_eq!(app_globals(&root), Vec::<String>::new());
    }

    fn paths(module: &str, code: &str) -> Vec<String> {
        referenced_paths(module, code)
            .into_iter()
            .map(|p| p.join("::"))
            .collect()
    }

    #[test]
    fn use_trees_and_inline_paths_are_resolved_from_the_crate_root() {
        assert_eq!(
            paths(
                "provider::openai",
                "use super::{lenient::{null_as_default, TextOrParts}, ChatMessage};\n\
                 use crate::message_part::ProviderTimings;\n\
                 fn f() { crate::usage::host_of(\"crate::fake::path\"); self::g(); }"
            ),
            [
                "provider::lenient::null_as_default",
                "provider::lenient::TextOrParts",
                "provider::ChatMessage",
                "message_part::ProviderTimings",
                "usage::host_of",
                "provider::openai::g",
            ]
        );
        // Comments and doc comments name paths that are not uses.
        assert!(paths("a", "/// see [`crate::b`]\n// crate::c\n/* crate::d */").is_empty());
    }

    #[test]
    fn module_paths_follow_the_file_layout() {
        assert_eq!(module_of(Path::new("lib.rs")), "");
        assert_eq!(module_of(Path::new("provider/mod.rs")), "provider");
        assert_eq!(
            module_of(Path::new("provider/openai.rs")),
            "provider::openai"
        );
        assert_eq!(node_of("knowledge::pdf::document"), "knowledge::pdf");
        assert_eq!(node_of("knowledge::pdfx"), "knowledge::pdfx");
    }

    #[test]
    fn cycles_are_the_strongly_connected_parts() {
        let graph: BTreeMap<String, BTreeSet<String>> = [
            ("a", vec!["b"]),
            ("b", vec!["c"]),
            ("c", vec!["a", "d"]),
            ("d", vec![]),
            ("e", vec!["f"]),
            ("f", vec!["e"]),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.into_iter().map(str::to_owned).collect()))
        .collect();
        assert_eq!(cycles(&graph), ["a ↔ b ↔ c", "e ↔ f"]);
    }
}
