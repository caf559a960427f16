//! The Content Security Policy and the other response headers every Skein build ships with:
//! as a `<meta>` in `index.html` (what a meta element can carry) and as HTTP headers for static
//! hosts (`_headers`, and the nginx snippet in the README).
//!
//! Why each directive is what it is:
//! - `script-src 'self' 'wasm-unsafe-eval'`: the app's own files only; no inline script, no
//!   `eval`; compiling the app's WebAssembly is the one exception.
//! - `style-src 'self'`: the stylesheet only. Leptos sets no style attributes (the views use
//!   classes; the few dynamic values are set through the CSSOM, which CSP does not govern), so
//!   nothing needs `'unsafe-inline'`, and text from a model can never bring its own styles.
//! - `img-src 'self' blob: data:`: the app's icons, images the user attached (`blob:` URLs from
//!   IndexedDB) and small inline images. A remote image in an answer is shown only when the user
//!   asks for it, and then it is fetched (under `connect-src`) and shown as a `blob:` URL, so the
//!   policy itself never allows a remote image to load on its own.
//! - `connect-src 'self' http: https:`: the providers are configured by the user at run time
//!   (a hosted API, a local Ollama, a llama.cpp server on the LAN), so a static policy cannot
//!   list them; the code sends each request only to the configured base URL. A deployment that
//!   knows its one provider can narrow this in `_headers`.
//! - `frame-ancestors 'none'` (headers only: browsers ignore it in a meta element), `base-uri
//!   'none'`, `form-action 'none'`, `object-src 'none'`, and `default-src 'none'` for the rest.

/// Every directive but those a `<meta>` cannot carry.
const DIRECTIVES: [(&str, &str); 11] = [
    ("default-src", "'none'"),
    ("script-src", "'self' 'wasm-unsafe-eval'"),
    ("style-src", "'self'"),
    ("img-src", "'self' blob: data:"),
    ("font-src", "'self'"),
    ("connect-src", "'self' http: https:"),
    ("manifest-src", "'self'"),
    ("worker-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'none'"),
    ("form-action", "'none'"),
];

/// Only honoured as an HTTP header.
const HEADER_ONLY: [(&str, &str); 1] = [("frame-ancestors", "'none'")];

/// The headers beside the policy.
pub const OTHER_HEADERS: [(&str, &str); 4] = [
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    (
        "Permissions-Policy",
        "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), \
         bluetooth=(), midi=(), interest-cohort=()",
    ),
    ("Cross-Origin-Opener-Policy", "same-origin"),
];

fn join(directives: &[(&str, &str)]) -> String {
    directives
        .iter()
        .map(|(name, value)| format!("{name} {value}"))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The policy as a `<meta http-equiv>` carries it.
pub fn meta_policy() -> String {
    join(&DIRECTIVES)
}

/// The whole policy, as an HTTP header.
pub fn header_policy() -> String {
    let mut all = DIRECTIVES.to_vec();
    all.extend(HEADER_ONLY);
    join(&all)
}

/// `_headers` (Netlify, Cloudflare Pages and others): the policy and the other headers for every
/// path under `public_url`; the service worker and the page are revalidated on every visit so an
/// update is seen (every other file has a content hash in its name).
pub fn headers_file(public_url: &str) -> String {
    let mut out = format!("{public_url}*\n");
    out += &format!("  Content-Security-Policy: {}\n", header_policy());
    for (name, value) in OTHER_HEADERS {
        out += &format!("  {name}: {value}\n");
    }
    for path in ["service-worker.js", "index.html", ""] {
        out += &format!("{public_url}{path}\n  Cache-Control: no-cache\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_meta_policy_has_no_header_only_directive_and_no_inline_script() {
        let meta = meta_policy();
        assert!(
            !meta.contains("frame-ancestors"),
            "ignored (and warned about) in a meta"
        );
        assert!(!meta.contains("unsafe-inline"));
        assert!(!meta.contains("'unsafe-eval'"));
        assert!(meta.contains("script-src 'self' 'wasm-unsafe-eval'"));
        assert!(header_policy().starts_with(&meta));
        assert!(header_policy().ends_with("frame-ancestors 'none'"));
    }

    #[test]
    fn the_headers_file_covers_the_public_path() {
        let file = headers_file("/chat/");
        assert!(file.starts_with("/chat/*\n  Content-Security-Policy: default-src 'none';"));
        assert!(file.contains("\n  Referrer-Policy: no-referrer\n"));
        assert!(file.contains("/chat/service-worker.js\n  Cache-Control: no-cache\n"));
    }

    /// The README's nginx snippet sends the same policy as the build.
    #[test]
    fn the_readme_nginx_snippet_matches_the_policy() {
        let readme = std::fs::read_to_string(crate::process::root().join("README.md")).unwrap();
        let header = format!(
            "add_header Content-Security-Policy \"{}\" always;",
            header_policy()
        );
        assert!(readme.contains(&header), "README lacks: {header}");
        for (name, value) in OTHER_HEADERS {
            let line = format!("add_header {name} \"{value}\" always;");
            assert!(readme.contains(&line), "README lacks: {line}");
        }
    }
}
