//! Turns Trunk's output into the installable, offline-capable app under the strict policy of
//! [`crate::policy`]. Trunk writes its loader as an inline `<script type="module">` and has no
//! option to write it as a file, which a policy without `'unsafe-inline'` (and a browser
//! extension) cannot run; so after `trunk build`:
//!
//! 1. the inline loader becomes `loader-<hash>.js`, loaded by a `<script src>`, after the first
//!    screen's script (`shell-<hash>.js`, from `xtask/assets/shell.js`: the screen saved when the
//!    tab was last hidden, painted before the app's code has loaded);
//! 2. `index.html` gets the policy as a `<meta>`, the build's version and the service worker's
//!    file name (the app registers it only when it finds that name, so `trunk serve` builds run
//!    without one);
//! 3. `service-worker.js` is written from `xtask/assets/service-worker.js` with the build's
//!    version and the listing of every file in the build;
//! 4. `_headers` carries the whole policy and the other headers for static hosts.
//!
//! The build fails when `index.html` still holds an inline script or style after this.

use crate::files::{read, write};
use crate::policy;
use std::path::{Path, PathBuf};

const TEMPLATE: &str = include_str!("../assets/service-worker.js");
const SHELL: &str = include_str!("../assets/shell.js");
pub const SERVICE_WORKER: &str = "service-worker.js";
const HEADERS: &str = "_headers";
const BUILD_PLACEHOLDER: &str = "__SKEIN_BUILD__";

/// FNV-1a, 64 bits: names and versions files by their content (not a security hash).
pub fn fnv1a(state: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(state, |hash, byte| {
        (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3)
    })
}
pub const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// Splits Trunk's page into the page without its inline module script and the script's body.
pub fn take_inline_loader(html: &str) -> Result<(String, String), String> {
    const OPEN: &str = "<script type=\"module\">";
    let start = html
        .find(OPEN)
        .ok_or("index.html has no inline module loader (has Trunk's output changed?)")?;
    let body_start = start + OPEN.len();
    let end = html[body_start..]
        .find("</script>")
        .map(|i| body_start + i)
        .ok_or("the inline loader is not closed")?;
    let script = html[body_start..end].trim().to_owned();
    let page = format!("{}{}", &html[..start], &html[end + "</script>".len()..]);
    Ok((page, script))
}

/// Inline script or style left in the page: what the policy would block.
pub fn inline_code(html: &str) -> Vec<String> {
    let lower = html.to_ascii_lowercase();
    let mut found = Vec::new();
    let mut rest = lower.as_str();
    while let Some(i) = rest.find("<script") {
        let tag_end = rest[i..].find('>').map_or(rest.len(), |e| i + e);
        let tag = &rest[i..tag_end];
        if !tag.contains(" src=") {
            found.push("an inline <script>".to_owned());
        }
        rest = &rest[tag_end..];
    }
    if lower.contains("<style") {
        found.push("a <style> element".to_owned());
    }
    if lower.contains(" style=") {
        found.push("a style attribute".to_owned());
    }
    if lower.contains(" on") && has_handler_attribute(&lower) {
        found.push("an event-handler attribute".to_owned());
    }
    found
}

fn has_handler_attribute(lower: &str) -> bool {
    lower.match_indices(" on").any(|(i, _)| {
        let name: String = lower[i + 1..]
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        name.len() > 2 && lower[i + 1 + name.len()..].starts_with('=')
    })
}

/// Where the build runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A web site: installable, with the service worker and the host's `_headers`.
    Web,
    /// A browser extension's pages: the extension has its own worker and its policy in the
    /// manifest.
    Extension,
}

/// The elements the page gets right after `<meta charset>` (the policy must come before any
/// script or stylesheet to cover them), and the scripts at the end of its head: the first
/// screen's, then the app's loader (deferred scripts run in the page's order).
fn head_elements(shell_url: &str, loader_url: &str, target: Target) -> (String, String) {
    let worker = match target {
        Target::Web => {
            format!("\n  <meta name=\"skein-service-worker\" content=\"{SERVICE_WORKER}\">")
        }
        Target::Extension => String::new(),
    };
    let early = format!(
        "\n  <meta http-equiv=\"Content-Security-Policy\" content=\"{}\">\
         \n  <meta name=\"skein-build\" content=\"{BUILD_PLACEHOLDER}\">{worker}",
        policy::meta_policy()
    );
    let scripts = format!(
        "<script defer src=\"{shell_url}\"></script>\n\
         <script type=\"module\" src=\"{loader_url}\"></script>\n"
    );
    (early, scripts)
}

/// Every file under `dir`, named relative to it with `/` separators, sorted.
pub fn files_under(dir: &Path) -> Result<Vec<String>, String> {
    fn walk(dir: &Path, base: &Path, out: &mut Vec<String>) -> Result<(), String> {
        let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, base, out)?;
            } else if let Ok(relative) = path.strip_prefix(base) {
                out.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out)?;
    out.sort();
    Ok(out)
}

/// Every file of the build, relative to `dir`; the service worker and the host's header file
/// are not part of the app.
pub fn listing(dir: &Path) -> Result<Vec<String>, String> {
    let mut files = files_under(dir)?;
    files.retain(|name| name != SERVICE_WORKER && name != HEADERS);
    Ok(files)
}

/// The service worker for a build of `version` made of `files`.
pub fn service_worker(version: &str, files: &[String]) -> String {
    let list = files
        .iter()
        .map(|f| format!("'{}'", f.replace('\\', "\\\\").replace('\'', "\\'")))
        .collect::<Vec<_>>()
        .join(",\n  ");
    TEMPLATE
        .replace(BUILD_PLACEHOLDER, version)
        .replace("__SKEIN_FILES__", &format!("[\n  {list},\n]"))
}

/// `seed` folded with the name and the contents of each of `files` (relative to `dir`), in
/// order: what names a build, or a directory of it, by its content.
pub fn hash_files<'a>(
    seed: u64,
    dir: &Path,
    files: impl IntoIterator<Item = &'a String>,
) -> Result<u64, String> {
    files.into_iter().try_fold(seed, |hash, file| {
        let hash = fnv1a(hash, file.as_bytes());
        Ok(fnv1a(hash, &read(&dir.join(file))?))
    })
}

/// Applies steps 1–4 to the Trunk build in `dir`, served under `public_url`. Returns the
/// build's version.
pub fn finish(dir: &Path, public_url: &str) -> Result<String, String> {
    finish_for(dir, public_url, Target::Web)
}

/// [`finish`] for `target`: an extension gets steps 1 and 2 only.
pub fn finish_for(dir: &Path, public_url: &str, target: Target) -> Result<String, String> {
    let index: PathBuf = dir.join("index.html");
    let html = String::from_utf8(read(&index)?).map_err(|e| format!("index.html: {e}"))?;
    let (page, script) = take_inline_loader(&html)?;
    let loader_name = format!("loader-{:016x}.js", fnv1a(FNV_OFFSET, script.as_bytes()));
    write(&dir.join(&loader_name), format!("{script}\n"))?;
    let shell_name = format!("shell-{:016x}.js", fnv1a(FNV_OFFSET, SHELL.as_bytes()));
    write(&dir.join(&shell_name), SHELL)?;
    let (early, scripts) = head_elements(
        &format!("{public_url}{shell_name}"),
        &format!("{public_url}{loader_name}"),
        target,
    );
    let charset = "<meta charset=\"utf-8\">";
    let at = page
        .find(charset)
        .ok_or("index.html has no <meta charset=\"utf-8\">")?
        + charset.len();
    let mut page = format!("{}{early}{}", &page[..at], &page[at..]);
    let head_end = page.find("</head>").ok_or("index.html has no </head>")?;
    page.insert_str(head_end, &scripts);
    let inline = inline_code(&page);
    if !inline.is_empty() {
        return Err(format!(
            "index.html would break the Content Security Policy: {}",
            inline.join(", ")
        ));
    }
    // The version: every other file of the build, and the page as it is apart from it.
    let files = {
        write(&index, &page)?;
        listing(dir)?
    };
    let hash = hash_files(
        fnv1a(FNV_OFFSET, page.as_bytes()),
        dir,
        files.iter().filter(|f| *f != "index.html"),
    )?;
    let version = format!("{hash:016x}");
    write(&index, page.replace(BUILD_PLACEHOLDER, &version))?;
    if target == Target::Web {
        write(&dir.join(SERVICE_WORKER), service_worker(&version, &files))?;
        write(&dir.join(HEADERS), policy::headers_file(public_url))?;
    }
    Ok(version)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TRUNK_PAGE: &str = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n  <meta charset=\"utf-8\">\n  <title>Skein</title>\n  \n<script type=\"module\">\nimport init, * as bindings from '/p/skein-1.js';\nconst wasm = await init({ module_or_path: '/p/skein-1_bg.wasm' });\n</script>\n  <link rel=\"stylesheet\" href=\"/p/style-2.css\"/>\n</head>\n<body></body>\n</html>\n";

    #[test]
    fn the_inline_loader_is_taken_out_whole() {
        let (page, script) = take_inline_loader(TRUNK_PAGE).unwrap();
        assert!(script.starts_with("import init"));
        assert!(script.ends_with("'/p/skein-1_bg.wasm' });"));
        assert!(!page.contains("<script"));
        assert!(page.contains("<link rel=\"stylesheet\" href=\"/p/style-2.css\"/>"));
    }

    #[test]
    fn inline_code_is_found() {
        assert!(inline_code("<script type=\"module\" src=\"/a.js\"></script>").is_empty());
        assert_eq!(inline_code("<script>x()</script>"), ["an inline <script>"]);
        assert_eq!(
            inline_code("<p style=\"color:red\">"),
            ["a style attribute"]
        );
        assert_eq!(
            inline_code("<img onerror=\"x()\">"),
            ["an event-handler attribute"]
        );
        assert!(inline_code("<meta name=\"description\" content=\"only one\">").is_empty());
    }

    #[test]
    fn a_build_is_finished_into_the_policy_the_worker_and_the_headers() {
        let dir = std::env::temp_dir().join(format!("skein-pwa-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("icons")).unwrap();
        std::fs::write(dir.join("index.html"), TRUNK_PAGE).unwrap();
        std::fs::write(dir.join("skein-1.js"), "export default 1").unwrap();
        std::fs::write(dir.join("icons/icon-192.png"), [1u8, 2, 3]).unwrap();
        let version = finish(&dir, "/p/").unwrap();

        let page = std::fs::read_to_string(dir.join("index.html")).unwrap();
        let loader = listing(&dir)
            .unwrap()
            .into_iter()
            .find(|f| f.starts_with("loader-"))
            .unwrap();
        let shell = listing(&dir)
            .unwrap()
            .into_iter()
            .find(|f| f.starts_with("shell-"))
            .unwrap();
        assert!(page.contains(&format!(
            "<script defer src=\"/p/{shell}\"></script>\n\
             <script type=\"module\" src=\"/p/{loader}\"></script>"
        )));
        assert!(page.contains(&format!("content=\"{version}\"")));
        let csp = page.find("Content-Security-Policy").unwrap();
        assert!(csp < page.find("<link rel=\"stylesheet\"").unwrap());
        assert!(inline_code(&page).is_empty());
        let script = std::fs::read_to_string(dir.join(&loader)).unwrap();
        assert!(script.contains("await init"));

        let worker = std::fs::read_to_string(dir.join(SERVICE_WORKER)).unwrap();
        assert!(worker.contains(&format!("const VERSION = '{version}';")));
        for file in [
            "icons/icon-192.png",
            "index.html",
            "skein-1.js",
            loader.as_str(),
            shell.as_str(),
        ] {
            assert!(worker.contains(&format!("'{file}',")), "{file} precached");
        }
        assert!(!worker.contains("'_headers'") && !worker.contains("'service-worker.js'"));
        let headers = std::fs::read_to_string(dir.join(HEADERS)).unwrap();
        assert!(headers.starts_with("/p/*\n"));

        // The same input gives the same version; another file content another one.
        std::fs::write(dir.join("index.html"), TRUNK_PAGE).unwrap();
        assert_eq!(finish(&dir, "/p/").unwrap(), version);
        std::fs::write(dir.join("index.html"), TRUNK_PAGE).unwrap();
        std::fs::write(dir.join("icons/icon-192.png"), [9u8]).unwrap();
        assert_ne!(finish(&dir, "/p/").unwrap(), version);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_page_with_inline_script_fails_the_build() {
        let dir = std::env::temp_dir().join(format!("skein-pwa-inline-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let page = TRUNK_PAGE.replace("<body>", "<body><script>alert(1)</script>");
        std::fs::write(dir.join("index.html"), page).unwrap();
        let err = finish(&dir, "/p/").unwrap_err();
        assert!(err.contains("an inline <script>"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
