//! The web build's wasm, split into modules loaded on first use.
//!
//! Trunk 0.21 cannot run a splitting step between `cargo build` and `wasm-bindgen`, so for the
//! web build Trunk only does the page, the stylesheet and the static files (from a copy of
//! `index.html` without the Rust link, [`page_without_rust`]), and xtask builds the wasm:
//!
//! 1. `cargo rustc` with the `split` feature (the files of src/split/ turn their functions into
//!    split points) and `--emit-relocs` at link time, which the splitter reads. Only the app's
//!    own crate sees the extra flag, so the dependencies are shared with the other builds;
//! 2. `wasm-split-cli` cuts the module at the split points: `main.wasm`, one
//!    `split_<name>.wasm` per group, and `__wasm_split.js`, which fetches them;
//! 3. `wasm-bindgen` makes `main.js` and `main_bg.wasm` (keeping the exports the splitter's
//!    loader calls);
//! 4. `wasm-opt -Oz` on every module.
//!
//! The files go into `app-<hash>/`, named by their content, so their relative imports stay as
//! the tools wrote them and a new build never reuses an old name. The page gets the loader
//! (taken out into a file by [`crate::pwa::finish`]) and preload links with the subresource
//! integrity digests Trunk would have written.

use crate::files::{copy, read, write};
use crate::process::{self, root, run};
use crate::tools::WASM_TARGET;
use std::path::Path;
use std::process::Command;

/// The features every module is built with: Rust's defaults for wasm32 and SIMD (see
/// `.cargo/config.toml`). wasm-opt must know them because the split modules lose the section
/// that names them.
const WASM_FEATURES: &[&str] = &[
    "--enable-simd",
    "--enable-bulk-memory",
    "--enable-nontrapping-float-to-int",
    "--enable-sign-ext",
    "--enable-mutable-globals",
    "--enable-reference-types",
    "--enable-multivalue",
];

/// `index.html` without the `<link data-trunk rel="rust">` line, and with its `public/` paths
/// made relative to `target/web-page/`, where Trunk reads it from (a directory without a
/// `Cargo.toml`, so Trunk does not add a Rust build of its own).
pub fn page_without_rust(html: &str) -> Result<String, String> {
    let mut found = false;
    let page: Vec<&str> = html
        .lines()
        .filter(|line| {
            let rust = line.contains("data-trunk") && line.contains("rel=\"rust\"");
            found |= rust;
            !rust
        })
        .collect();
    if !found {
        return Err("index.html has no <link data-trunk rel=\"rust\"> line".into());
    }
    Ok(page
        .join("\n")
        .replace("href=\"public/", "href=\"../../public/")
        + "\n")
}

/// The module loader and the preload links, placed before `</head>`.
pub fn head_for(app_url: &str, digests: &Digests) -> String {
    let preload = |file: &str, digest: &str, extra: &str| {
        format!(
            "<link rel=\"{}\" href=\"{app_url}{file}\" crossorigin=\"anonymous\" \
             integrity=\"sha384-{digest}\"{extra}>",
            if extra.is_empty() {
                "modulepreload"
            } else {
                "preload"
            }
        )
    };
    // The event is the one Trunk's loader sends (the benchmarks read the memory from it).
    format!(
        "{}{}{}<script type=\"module\">\n\
         import init from '{app_url}main.js';\n\
         const wasm = await init({{ module_or_path: '{app_url}main_bg.wasm' }});\n\
         dispatchEvent(new CustomEvent('TrunkApplicationStarted', {{ detail: {{ wasm }} }}));\n\
         </script>\n",
        preload("main.js", &digests.main_js, ""),
        preload("__wasm_split.js", &digests.split_js, ""),
        preload(
            "main_bg.wasm",
            &digests.main_wasm,
            " as=\"fetch\" type=\"application/wasm\""
        ),
    )
}

/// SHA-384 digests (base64) of the files the page preloads.
pub struct Digests {
    pub main_js: String,
    pub split_js: String,
    pub main_wasm: String,
}

/// Builds the split wasm into `dist/app-<hash>/` and puts its loader into `dist/index.html`.
/// Returns the directory's name.
pub fn build_into(dist: &Path, public_url: &str) -> Result<String, String> {
    let work = root().join("target/web-split");
    let _ = std::fs::remove_dir_all(&work);
    let out = work.join("out");
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    run(process::cargo().args([
        "rustc",
        "--release",
        "--target",
        WASM_TARGET,
        "-p",
        "skein",
        "--bin",
        "skein",
        "--features",
        "split",
        "--",
        "-Clink-args=--emit-relocs",
    ]))?;
    let built = root().join(format!("target/{WASM_TARGET}/release/skein.wasm"));
    let split = work.join("split");
    run(Command::new("wasm-split-cli").arg(&built).arg(&split))?;
    run(Command::new("wasm-bindgen")
        .args([
            "--target",
            "web",
            "--keep-lld-exports",
            "--no-typescript",
            "--out-name",
            "main",
            "--out-dir",
        ])
        .arg(&out)
        .arg(split.join("main.wasm")))?;
    copy(&split.join("__wasm_split.js"), &out.join("__wasm_split.js"))?;
    for module in modules_in(&split)? {
        optimise(&split.join(&module), &out.join(&module))?;
    }
    let main = out.join("main_bg.wasm");
    optimise(&main, &main)?;

    let files = crate::pwa::files_under(&out)?;
    let hash = crate::pwa::hash_files(crate::pwa::FNV_OFFSET, &out, &files)?;
    let dir_name = format!("app-{hash:016x}");
    let target = dist.join(&dir_name);
    std::fs::rename(&out, &target).map_err(|e| format!("{}: {e}", target.display()))?;
    let digests = Digests {
        main_js: sha384(&target.join("main.js"))?,
        split_js: sha384(&target.join("__wasm_split.js"))?,
        main_wasm: sha384(&target.join("main_bg.wasm"))?,
    };
    let index = dist.join("index.html");
    let html = String::from_utf8(read(&index)?).map_err(|e| format!("index.html: {e}"))?;
    let head_end = html.find("</head>").ok_or("index.html has no </head>")?;
    let mut page = html;
    page.insert_str(
        head_end,
        &head_for(&format!("{public_url}{dir_name}/"), &digests),
    );
    write(&index, page)?;
    Ok(dir_name)
}

/// The split-off modules the splitter wrote: `split_<name>.wasm` per split point, and
/// `chunk_<n>.wasm` for code that two of them share but the main module does not need (loaded
/// with whichever of them comes first).
fn modules_in(dir: &Path) -> Result<Vec<String>, String> {
    Ok(crate::pwa::files_under(dir)?
        .into_iter()
        .filter(|f| is_lazy_module(f))
        .collect())
}

/// Whether `file` is a module the app fetches on first use rather than at start.
pub fn is_lazy_module(file: &str) -> bool {
    (file.starts_with("split_") || file.starts_with("chunk_")) && file.ends_with(".wasm")
}

/// `SKEIN_WASM_NAMES=1` keeps the functions' names (for a profiler: `tests/bench/profile.mjs`);
/// otherwise they are stripped with the rest of the debug information.
fn optimise(input: &Path, output: &Path) -> Result<(), String> {
    let keep_names = std::env::var_os("SKEIN_WASM_NAMES").is_some_and(|v| v == "1");
    run(Command::new("wasm-opt")
        .arg("-Oz")
        .arg(if keep_names {
            "--debuginfo"
        } else {
            "--strip-debug"
        })
        .args(WASM_FEATURES)
        .arg(input)
        .arg("-o")
        .arg(output))
}

/// The SHA-384 digest of `path` in base64, as subresource integrity wants it (`sha384sum`
/// is part of coreutils; xtask uses the standard library only).
fn sha384(path: &Path) -> Result<String, String> {
    let out = Command::new("sha384sum")
        .arg(path)
        .output()
        .map_err(|e| format!("cannot start sha384sum: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let hex = text.split_whitespace().next().unwrap_or("");
    hex_to_base64(hex).ok_or_else(|| format!("sha384sum gave no digest for {}", path.display()))
}

/// `hex` (an even number of hex digits) as standard base64 with padding.
pub fn hex_to_base64(hex: &str) -> Option<String> {
    if hex.is_empty() || !hex.len().is_multiple_of(2) {
        return None;
    }
    let bytes = (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok())
        .collect::<Option<Vec<u8>>>()?;
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_the_standard_alphabet_and_padding() {
        assert_eq!(hex_to_base64("666f6f").as_deref(), Some("Zm9v"));
        assert_eq!(hex_to_base64("666f").as_deref(), Some("Zm8="));
        assert_eq!(hex_to_base64("66").as_deref(), Some("Zg=="));
        assert_eq!(hex_to_base64("fbff").as_deref(), Some("+/8="));
        assert_eq!(hex_to_base64("abc"), None);
        assert_eq!(hex_to_base64("zz"), None);
    }

    #[test]
    fn split_modules_and_their_shared_chunks_load_later_the_main_module_at_start() {
        assert!(is_lazy_module("split_screens.wasm"));
        assert!(is_lazy_module("split_generation.wasm"));
        assert!(is_lazy_module("chunk_3.wasm"));
        assert!(!is_lazy_module("main.wasm"));
        assert!(!is_lazy_module("__wasm_split.js"));
        assert!(!is_lazy_module("split_screens.wasm.map"));
    }

    #[test]
    fn the_page_loses_its_rust_link_and_finds_its_files_from_target() {
        let html = "<head>\n  <link data-trunk rel=\"rust\" data-bin=\"skein\">\n  \
                    <link data-trunk rel=\"css\" href=\"public/style.css\">\n</head>";
        let page = page_without_rust(html).unwrap();
        assert!(!page.contains("rel=\"rust\""));
        assert!(page.contains("href=\"../../public/style.css\""));
        assert!(page_without_rust("<head></head>").is_err());
    }

    #[test]
    fn the_loader_preloads_what_it_imports_with_integrity() {
        let digests = Digests {
            main_js: "A".into(),
            split_js: "B".into(),
            main_wasm: "C".into(),
        };
        let head = head_for("/chat/app-1/", &digests);
        assert!(head.contains(
            "<link rel=\"modulepreload\" href=\"/chat/app-1/main.js\" crossorigin=\"anonymous\" integrity=\"sha384-A\">"
        ));
        assert!(head.contains("href=\"/chat/app-1/__wasm_split.js\""));
        assert!(head.contains("rel=\"preload\" href=\"/chat/app-1/main_bg.wasm\""));
        assert!(head.contains("import init from '/chat/app-1/main.js';"));
        assert!(head.contains("module_or_path: '/chat/app-1/main_bg.wasm'"));
        // What pwa::finish moves into a file.
        let (_, script) = crate::pwa::take_inline_loader(&head).unwrap();
        assert!(script.starts_with("import init"));
    }
}
