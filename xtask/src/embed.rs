//! `cargo xtask dist --embed`: Skein as a package another page imports, no bundler needed —
//! the app built with `--features embed` (the engine's JavaScript API, the UI mounted by the
//! page), `embed/index.js` and `embed/index.d.ts` around it, a `package.json` with the version
//! from `Cargo.toml`, and the package's README. `cargo xtask serve --example embed` serves
//! `examples/embed/` with the package under `skein/`.

use crate::extension::package_version;
use crate::files::copy;
use crate::process::{root, run};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The package folder.
pub const PACKAGE: &str = "dist-embed";
/// Where Trunk builds before the package is assembled.
const STAGING: &str = "target/embed-build";
/// The example page, and where it is assembled with the package.
const EXAMPLE: &str = "examples/embed";
pub const EXAMPLE_SITE: &str = "target/example-embed";

/// What the package holds: Trunk's output renamed, then the files from `embed/`.
const FROM_BUILD: [(&str, &str); 3] = [
    ("skein.js", "skein_wasm.js"),
    ("skein_bg.wasm", "skein_bg.wasm"),
    ("style.css", "skein.css"),
];
const SNIPPETS: &str = "snippets";
const LOCALES: &str = "locales";
const FROM_SOURCE: [&str; 5] = [
    "index.js",
    "index.d.ts",
    "element.js",
    "element.d.ts",
    "README.md",
];

fn fresh_dir(dir: &Path) -> Result<(), String> {
    if dir.exists() {
        std::fs::remove_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))
}

/// What the shadow root's stylesheet adds before the app's: the element starts from the
/// initial values of every property (the page's inherited font, colour and spacing stop at its
/// edge), is a block of a usable height the page may change, and is the container the narrow
/// layout follows.
const SHADOW_PRELUDE: &str = ":host { all: initial; display: block; height: 36rem; \
    position: relative; }\n.skein-root { height: 100%; container: skein / inline-size; }\n";
/// And after it: the app fills the element, not the window.
const SHADOW_END: &str = "\n.skein-root .app { height: 100%; }\n";

/// The app's stylesheet for the `<skein-chat>` shadow root: the document's root becomes the
/// host (its theme attribute included), the body becomes the mount point, and the narrow layout
/// follows the element's width instead of the window's. Fails when the stylesheet has a
/// selector this does not know how to move, so a new one is not silently lost.
pub fn shadow_css(css: &str) -> Result<String, String> {
    let moved = css
        .replace(
            ":root[data-theme=\"light\"]",
            ":host([data-theme=\"light\"])",
        )
        .replace(":root[data-theme=\"dark\"]", ":host([data-theme=\"dark\"])")
        .replace(":root {", ":host {")
        .replace("\nbody {", "\n.skein-root {")
        .replace(
            "@media (max-width: 700px) {",
            "@container skein (max-width: 700px) {",
        );
    if let Some(left) = [":root", "\nbody", "\nhtml"]
        .iter()
        .find(|s| moved.contains(*s))
    {
        return Err(format!(
            "public/style.css: `{}` has no place in the embed build's shadow root (xtask/src/embed.rs)",
            left.trim()
        ));
    }
    Ok(format!("{SHADOW_PRELUDE}{moved}{SHADOW_END}"))
}

/// `embed/package.json` with the version filled in.
pub fn package_json(template: &str, version: &str) -> String {
    template.replace("__SKEIN_VERSION__", version)
}

/// Builds the package into `dist-embed/`.
pub fn build_embed() -> Result<PathBuf, String> {
    run(Command::new("trunk")
        .args([
            "build",
            "--release",
            "--features",
            "embed",
            "--filehash",
            "false",
            "--public-url",
            "/",
            "--dist",
            STAGING,
        ])
        .current_dir(root()))?;
    let (staging, out) = (root().join(STAGING), root().join(PACKAGE));
    fresh_dir(&out)?;
    for (from, to) in FROM_BUILD {
        copy(&staging.join(from), &out.join(to))?;
    }
    // The interface languages, fetched from `locales/` beside the module (src/language.rs).
    let locales = staging.join(LOCALES);
    for name in crate::pwa::files_under(&locales)? {
        copy(&locales.join(&name), &out.join(LOCALES).join(&name))?;
    }
    // JavaScript the Rust crates bring (`#[wasm_bindgen(module = …)]`), imported by the glue
    // from `snippets/` beside it.
    let snippets = staging.join(SNIPPETS);
    for name in crate::pwa::files_under(&snippets)? {
        copy(&snippets.join(&name), &out.join(SNIPPETS).join(&name))?;
    }
    let css = std::fs::read_to_string(out.join("skein.css")).map_err(|e| e.to_string())?;
    std::fs::write(out.join("skein.css"), shadow_css(&css)?).map_err(|e| e.to_string())?;
    for name in FROM_SOURCE {
        copy(&root().join("embed").join(name), &out.join(name))?;
    }
    // The module is loaded under another name than Trunk gave it: its own file name never
    // appears in it (it finds the wasm by `skein_bg.wasm`), which this checks.
    let glue = std::fs::read_to_string(out.join("skein_wasm.js")).map_err(|e| e.to_string())?;
    if !glue.contains("new URL('skein_bg.wasm', import.meta.url)") {
        return Err("the wasm-bindgen module no longer finds skein_bg.wasm beside itself".into());
    }
    let cargo = std::fs::read_to_string(root().join("Cargo.toml")).map_err(|e| e.to_string())?;
    let version = package_version(&cargo).ok_or("no [package] version in Cargo.toml")?;
    let template = std::fs::read_to_string(root().join("embed/package.json"))
        .map_err(|e| format!("embed/package.json: {e}"))?;
    std::fs::write(out.join("package.json"), package_json(&template, version))
        .map_err(|e| e.to_string())?;
    let wasm = std::fs::metadata(out.join("skein_bg.wasm")).map_or(0, |m| m.len());
    println!(
        "embed {version}: package in {} (wasm {wasm} bytes)",
        out.display()
    );
    Ok(out)
}

/// The example page with the package beside it (`skein/`), ready to serve.
pub fn build_example_site() -> Result<PathBuf, String> {
    let package = build_embed()?;
    let site = root().join(EXAMPLE_SITE);
    fresh_dir(&site)?;
    for name in crate::pwa::files_under(&root().join(EXAMPLE))? {
        copy(&root().join(EXAMPLE).join(&name), &site.join(&name))?;
    }
    std::fs::create_dir_all(site.join("skein")).map_err(|e| e.to_string())?;
    for name in crate::pwa::files_under(&package)? {
        copy(&package.join(&name), &site.join("skein").join(&name))?;
    }
    std::fs::write(site.join("_headers"), crate::policy::headers_file("/"))
        .map_err(|e| e.to_string())?;
    Ok(site)
}

/// Type-checks `embed/index.d.ts` with TypeScript (`tsc --strict`) through
/// `embed/types_check.ts`: what a page writes compiles, and the mistakes it lists are refused.
pub fn check_types() -> Result<(), String> {
    let tsc = root().join("xtask/tools/node_modules/.bin/tsc");
    run(Command::new(tsc)
        .args([
            "--noEmit",
            "--strict",
            "--target",
            "es2022",
            "--module",
            "es2022",
            "--moduleResolution",
            "bundler",
            "--lib",
            "es2022,dom",
            "embed/types_check.ts",
            // What Skein returns, against the `openai` package's own types.
            "embed/openai_types_check.ts",
        ])
        .current_dir(root()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_apps_stylesheet_moves_into_the_shadow_root() {
        let css = std::fs::read_to_string(root().join("public/style.css")).unwrap();
        let shadow = shadow_css(&css).unwrap();
        assert!(shadow.starts_with(":host { all: initial;"));
        assert!(shadow.contains(":host([data-theme=\"dark\"]) { color-scheme: dark; }"));
        assert!(shadow.contains(":host([data-theme=\"light\"]) { color-scheme: light; }"));
        assert!(shadow.contains(":host {\n  color-scheme: light dark;"));
        assert!(shadow.contains("@container skein (max-width: 700px) {"));
        assert!(shadow.contains(".skein-root { margin: 0; background: var(--bg)"));
        assert!(!shadow.contains(":root"));
        assert!(shadow_css("html { color: red; }\nhtml { x: y }").is_err());
        assert!(shadow_css("a {}\n:root .x {}").is_err());
    }

    #[test]
    fn the_package_json_gets_the_version_and_points_at_the_files_it_ships() {
        let template = std::fs::read_to_string(root().join("embed/package.json")).unwrap();
        let json = package_json(&template, "1.2.3");
        assert!(json.contains("\"version\": \"1.2.3\""));
        assert!(!json.contains("__SKEIN"));
        for (_, name) in FROM_BUILD {
            assert!(
                json.contains(&format!("\"{name}\"")),
                "{name} is not listed"
            );
        }
        for name in FROM_SOURCE {
            assert!(
                json.contains(&format!("\"{name}\"")),
                "{name} is not listed"
            );
            assert!(root().join("embed").join(name).exists());
        }
    }
}
