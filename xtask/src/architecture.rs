//! The crate-graph boundaries of `docs/architecture.md`, checked on the real dependency tree
//! (`cargo tree`), so a dependency added in the wrong crate fails the lint tier instead of eroding
//! the architecture quietly.

use crate::process;

/// (crate, dependencies it must never have, directly or through another crate, and why).
const RULES: [(&str, &[&str], &str); 4] = [
    (
        "skein-wire",
        &[
            "skein-engine",
            "serde",
            "serde_json",
            "wasm-bindgen",
            "web-sys",
            "js-sys",
            "leptos",
        ],
        "the wire decoders are compiled for speed, so they hold only bytes-to-text code: \
         every type or library they pulled in would be compiled for speed too",
    ),
    (
        "skein-engine",
        &[
            "wasm-bindgen",
            "web-sys",
            "js-sys",
            "leptos",
            "skein-platform",
            "skein-components",
        ],
        "the engine is pure Rust, tested on the host",
    ),
    (
        "skein-platform",
        &["leptos", "skein-components"],
        "the platform adapts the browser; it renders nothing",
    ),
    (
        "skein-components",
        &["skein-platform"],
        "components are views: no fetch, no IndexedDB",
    ),
];

/// Crate names in `cargo tree --prefix none` output (`name v1.2.3 (...)`).
pub fn crate_names(tree: &str) -> Vec<&str> {
    tree.lines()
        .filter_map(|line| line.split_whitespace().next())
        .collect()
}

/// Returns the forbidden crates found in `tree` for `rule_deps`.
pub fn violations<'a>(tree: &str, forbidden: &[&'a str]) -> Vec<&'a str> {
    let names = crate_names(tree);
    forbidden
        .iter()
        .copied()
        .filter(|f| names.contains(f))
        .collect()
}

pub fn check() -> Result<(), String> {
    let mut problems = Vec::new();
    for (krate, forbidden, why) in RULES {
        let out = process::cargo()
            .args(["tree", "-p", krate, "-e", "normal", "--prefix", "none"])
            .args(["--target", crate::tools::WASM_TARGET])
            .output()
            .map_err(|e| format!("cannot run cargo tree: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "cargo tree -p {krate} failed: {}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        let tree = String::from_utf8_lossy(&out.stdout);
        for bad in violations(&tree, forbidden) {
            problems.push(format!("{krate} depends on {bad}, but {why}"));
        }
    }
    if problems.is_empty() {
        println!("architecture: crate boundaries hold");
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

/// Reaches into a store in `code`, comments left out: `.store` field accesses, and the store
/// traits brought into scope (without them no store method can be called on the platform's
/// `IdbStore` either).
pub fn store_accesses(code: &str) -> usize {
    let code = crate::module_graph::strip_comments(code);
    let whole_word = |at: usize, len: usize| {
        !code[at + len..]
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    };
    let fields = code
        .match_indices(".store")
        .filter(|(at, m)| whole_word(*at, m.len()))
        .count();
    let traits = ["ChatStore", "LibraryStore"]
        .iter()
        .flat_map(|name| code.match_indices(name))
        .filter(|(at, m)| whole_word(*at, m.len()))
        .count();
    fields + traits
}

/// Fails when `src/` reaches into a store (`runtime.service.store…`): the app asks the engine,
/// which owns the rules around storage (the service's store field is also private to the
/// engine; this keeps a future accessor or a second store handle from bringing it back).
pub fn check_store_access(app_src: &std::path::Path) -> Result<(), String> {
    let mut reaches = Vec::new();
    let entries = std::fs::read_dir(app_src).map_err(|e| format!("{}: {e}", app_src.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.extension().is_some_and(|e| e == "rs") {
            let code = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
            let count = store_accesses(&code);
            if count > 0 {
                reaches.push(format!("{} ({count})", path.display()));
            }
        }
    }
    if reaches.is_empty() {
        println!("architecture: src/ never reaches into a store");
        Ok(())
    } else {
        Err(format!(
            "src/ reaches into the engine's store in {}: add an engine method instead",
            reaches.join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_accesses_are_counted_outside_comments() {
        let code = "let s = &runtime.service.store;\n// runtime.service.store.x\n\
                    runtime.service.store.save(x);\nself.stored.get(); self.store_name;";
        assert_eq!(store_accesses(code), 2);
        let traits = "use skein_engine::{ChatStore, Conversation};\n// LibraryStore\n\
                      fn f(s: &impl LibraryStore) {}\nstruct ChatStoreView;";
        assert_eq!(store_accesses(traits), 2);
    }

    #[test]
    fn forbidden_crates_are_found_in_a_tree() {
        let tree = "skein-engine v0.1.0 (/w/engine)\nserde v1.0.0\nweb-sys v0.3.80\n";
        assert_eq!(violations(tree, &["web-sys", "leptos"]), ["web-sys"]);
        assert!(violations("serde v1\n", &["web-sys"]).is_empty());
        // A crate whose name merely starts with a forbidden one is not a match.
        assert!(violations("leptos_macro v0.8\n", &["leptos"]).is_empty());
    }
}
