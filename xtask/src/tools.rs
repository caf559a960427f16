//! The tools the project needs, the versions it pins, and how to read a tool's version.

/// Trunk: 0.22 needs a newer rustc than this machine's 1.95.
pub const TRUNK_VERSION: &str = "0.21.14";
/// Must equal the `wasm-bindgen` crate pinned in the root Cargo.toml (a test checks it).
pub const WASM_BINDGEN_VERSION: &str = "0.2.130";
/// Playwright drives the system Chromium; it never downloads a browser.
pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
pub const WASM_TARGET: &str = "wasm32-unknown-unknown";
/// The splitter the web build runs between `cargo build` and `wasm-bindgen` (xtask/src/split.rs);
/// the same tool cargo-leptos uses. Its CLI has no `--version`, so setup reads `cargo install
/// --list` instead.
pub const WASM_SPLIT_PACKAGE: &str = "wasm_split_cli_support";
pub const WASM_SPLIT_VERSION: &str = "0.2.4";

/// The version `cargo install --list` gives for `package` (`name vX.Y.Z:` lines).
pub fn installed_version<'a>(list: &'a str, package: &str) -> Option<&'a str> {
    list.lines().find_map(|line| {
        let rest = line.strip_prefix(package)?.strip_prefix(" v")?;
        rest.split([':', ' ']).next()
    })
}

/// The second word of `name X.Y.Z …` output (`trunk 0.21.14`, `wasm-bindgen 0.2.130 (…)`).
pub fn version_word(output: &str) -> Option<&str> {
    output.split_whitespace().nth(1)
}

/// The major version from `Chromium 156.0.8078.73 …` or `ChromeDriver 156.0.8078.73 (…)`.
pub fn major_version(output: &str) -> Option<u32> {
    output
        .split_whitespace()
        .find(|w| w.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .and_then(|w| w.split('.').next())
        .and_then(|m| m.parse().ok())
}

/// The version of `name` recorded in a Cargo.lock.
pub fn locked_version<'a>(lock: &'a str, name: &str) -> Option<&'a str> {
    let needle = format!("name = \"{name}\"\nversion = \"");
    let start = lock.find(&needle)? + needle.len();
    let end = lock[start..].find('"')?;
    Some(&lock[start..start + end])
}

/// The version of `node_modules/{name}` in an npm package-lock.json.
pub fn npm_locked_version<'a>(lock: &'a str, name: &str) -> Option<&'a str> {
    let start = lock.find(&format!("\"node_modules/{name}\""))?;
    json_string_field(&lock[start..], "version")
}

/// The first `"field": "value"` in `json` (enough for npm's flat manifests and lockfiles).
pub fn json_string_field<'a>(json: &'a str, field: &str) -> Option<&'a str> {
    let key = format!("\"{field}\"");
    let after_key = &json[json.find(&key)? + key.len()..];
    let after_colon = after_key.trim_start().strip_prefix(':')?.trim_start();
    let value = after_colon.strip_prefix('"')?;
    Some(&value[..value.find('"')?])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_read_from_tool_output() {
        assert_eq!(version_word("trunk 0.21.14\n"), Some("0.21.14"));
        assert_eq!(version_word("wasm-bindgen 0.2.130"), Some("0.2.130"));
        assert_eq!(version_word(""), None);
        assert_eq!(
            major_version("Chromium 156.0.8078.73 built on Debian"),
            Some(156)
        );
        assert_eq!(
            major_version("ChromeDriver 156.0.8078.73 (abc-refs/branch-heads/8078@{#1})"),
            Some(156)
        );
        assert_eq!(major_version("no digits here"), None);
    }

    #[test]
    fn the_pinned_wasm_bindgen_matches_the_lockfile_and_manifest() {
        let root = crate::process::root();
        let lock = std::fs::read_to_string(root.join("Cargo.lock")).unwrap();
        assert_eq!(
            locked_version(&lock, "wasm-bindgen"),
            Some(WASM_BINDGEN_VERSION)
        );
        let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
        assert!(
            manifest.contains(&format!("wasm-bindgen = \"={WASM_BINDGEN_VERSION}\"")),
            "the root Cargo.toml must pin wasm-bindgen exactly to {WASM_BINDGEN_VERSION}"
        );
    }

    #[test]
    fn npm_versions_are_read_from_lockfile_and_manifest() {
        let lock = r#"{"packages": {"": {"name": "e2e"},
            "node_modules/playwright-core": {
              "version": "1.57.0", "resolved": "x"}}}"#;
        assert_eq!(npm_locked_version(lock, "playwright-core"), Some("1.57.0"));
        assert_eq!(npm_locked_version(lock, "vite"), None);
        assert_eq!(
            json_string_field(r#"{"name":"p", "version" : "2.0.1"}"#, "version"),
            Some("2.0.1")
        );
    }

    #[test]
    fn installed_versions_are_read_from_cargo_install_list() {
        let list =
            "trunk v0.21.14:\n    trunk\nwasm_split_cli_support v0.2.4:\n    wasm-split-cli\n\
                    wasm_split_cli_support_extra v9.0.0 (/x):\n";
        assert_eq!(
            installed_version(list, "wasm_split_cli_support"),
            Some("0.2.4")
        );
        assert_eq!(installed_version(list, "trunk"), Some("0.21.14"));
        assert_eq!(installed_version(list, "wasm-bindgen-cli"), None);
    }

    #[test]
    fn locked_version_finds_the_exact_package() {
        let lock = "[[package]]\nname = \"wasm-bindgen-futures\"\nversion = \"0.4.1\"\n\n\
                    [[package]]\nname = \"wasm-bindgen\"\nversion = \"0.2.130\"\n";
        assert_eq!(locked_version(lock, "wasm-bindgen"), Some("0.2.130"));
        assert_eq!(locked_version(lock, "serde"), None);
    }
}
