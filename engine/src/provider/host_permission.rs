//! What a browser extension must be granted to reach a provider: the host permission pattern of
//! its base URL (`https://api.example.com/*`). An extension page may call any origin it was
//! granted, CORS headers or not, so the extension asks for exactly the provider's host when the
//! user saves it, and never for every site up front.

/// The match pattern granting `base_url`'s host (any port, any path), or `None` when the base
/// URL is not an `http(s)` address with a host.
pub fn host_pattern(base_url: &str) -> Option<String> {
    let (scheme, rest) = base_url.trim().split_once("://")?;
    let scheme = scheme.to_ascii_lowercase();
    if scheme != "http" && scheme != "https" {
        return None;
    }
    let authority = rest.split(['/', '?', '#']).next()?;
    // Credentials never reach a permission; the port is not part of a match pattern's host.
    let host_port = authority.rsplit('@').next()?;
    let host = match host_port.strip_prefix('[') {
        Some(v6) => format!("[{}]", v6.split(']').next()?),
        None => host_port.split(':').next()?.to_owned(),
    };
    let host = host.to_ascii_lowercase();
    let valid = !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '[' | ']' | ':'));
    valid.then(|| format!("{scheme}://{host}/*"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_provider_is_granted_by_its_host_alone() {
        assert_eq!(
            host_pattern("https://api.openai.com/v1").as_deref(),
            Some("https://api.openai.com/*")
        );
        assert_eq!(
            host_pattern("http://127.0.0.1:11434/v1").as_deref(),
            Some("http://127.0.0.1/*")
        );
        assert_eq!(
            host_pattern(" HTTPS://user:secret@Example.COM:8443/x?y ").as_deref(),
            Some("https://example.com/*")
        );
        assert_eq!(
            host_pattern("http://[::1]:8080/v1").as_deref(),
            Some("http://[::1]/*")
        );
    }

    #[test]
    fn anything_else_asks_for_nothing() {
        for url in [
            "",
            "api.openai.com/v1",
            "file:///etc",
            "http:///v1",
            "https://*/v1",
            "javascript:alert(1)",
        ] {
            assert_eq!(host_pattern(url), None, "{url}");
        }
    }
}
