//! `cargo xtask dist --extension`: the same app as a Manifest V3 browser extension. The app is
//! the side panel (`index.html`); `extension/background.js` is the extension's service worker
//! (toolbar button, keyboard command, context menu); `extension/manifest.json` gets the version
//! from `Cargo.toml` and the page policy of [`crate::policy`]. Written as an unpacked folder
//! and as a zip for a store upload.

use crate::files::copy;
use crate::process::{root, run};
use crate::pwa::{finish_for, Target};
use std::path::PathBuf;
use std::process::Command;

/// The unpacked extension, and the zip beside it.
pub const UNPACKED: &str = "dist-extension";
pub const ZIP: &str = "skein-extension.zip";

/// The package version in the workspace manifest (`[package] version = "…"`).
pub fn package_version(manifest: &str) -> Option<&str> {
    let package = &manifest[manifest.find("[package]")?..];
    let line = package
        .lines()
        .find(|l| l.trim_start().starts_with("version"))?;
    line.split('"').nth(1)
}

/// `extension/manifest.json` with the version and policy filled in.
pub fn manifest(template: &str, version: &str) -> String {
    template
        .replace("__SKEIN_VERSION__", version)
        .replace("__SKEIN_POLICY__", &crate::policy::meta_policy())
}

/// Builds the extension into `dir` (relative to the workspace) and the zip beside it.
pub fn build_extension(dir: &str) -> Result<PathBuf, String> {
    run(Command::new("trunk")
        .args(["build", "--release", "--public-url", "/", "--dist", dir])
        .current_dir(root()))?;
    let out = root().join(dir);
    let version = finish_for(&out, "/", Target::Extension)?;
    let cargo = std::fs::read_to_string(root().join("Cargo.toml")).map_err(|e| e.to_string())?;
    let package = package_version(&cargo).ok_or("no [package] version in Cargo.toml")?;
    let template = std::fs::read_to_string(root().join("extension/manifest.json"))
        .map_err(|e| format!("extension/manifest.json: {e}"))?;
    std::fs::write(out.join("manifest.json"), manifest(&template, package))
        .map_err(|e| e.to_string())?;
    copy(
        &root().join("extension/background.js"),
        &out.join("background.js"),
    )?;
    let zip = crate::zip::archive(&crate::zip::folder(&out)?)?;
    let zip_path = out.with_file_name(ZIP);
    std::fs::write(&zip_path, zip).map_err(|e| e.to_string())?;
    println!(
        "extension {package} (build {version}): unpacked in {}, zipped in {}",
        out.display(),
        zip_path.display()
    );
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_manifest_gets_the_package_version_and_the_policy() {
        let cargo =
            "[workspace]\nversion = \"9\"\n[package]\nname = \"skein\"\nversion = \"1.2.3\"\n";
        assert_eq!(package_version(cargo), Some("1.2.3"));
        let template = std::fs::read_to_string(root().join("extension/manifest.json")).unwrap();
        let manifest = manifest(&template, "1.2.3");
        assert!(manifest.contains("\"version\": \"1.2.3\""));
        assert!(manifest.contains("script-src 'self' 'wasm-unsafe-eval'"));
        assert!(!manifest.contains("__SKEIN"));
        assert!(
            !manifest.contains("<all_urls>"),
            "no host is granted up front"
        );
    }
}
