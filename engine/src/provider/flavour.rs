//! Which server a base URL points at, read from its host alone: the capability registry
//! ([`super::capabilities`]) decides what each one is sent, and the settings which model name
//! it expects.

/// Which OpenAI-compatible server a base URL points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flavour {
    OpenAi,
    Ollama,
    LlamaCpp,
    Vllm,
    OpenRouter,
    Groq,
    Mistral,
    DeepSeek,
    /// Anything else: only the core fields are sent.
    Generic,
}

/// The server `base_url` points at: by its host name, else by the usual local port.
pub fn flavour(base_url: &str) -> Flavour {
    let host = host_of(base_url);
    let name = host.split(':').next().unwrap_or("");
    let port = host.split(':').nth(1);
    match name {
        "api.openai.com" => Flavour::OpenAi,
        "openrouter.ai" => Flavour::OpenRouter,
        "api.groq.com" => Flavour::Groq,
        "api.mistral.ai" => Flavour::Mistral,
        "api.deepseek.com" => Flavour::DeepSeek,
        _ => match port {
            Some("11434") => Flavour::Ollama,
            // llama.cpp's server defaults to 8080; vLLM's to 8000.
            Some("8080") => Flavour::LlamaCpp,
            Some("8000") => Flavour::Vllm,
            _ => Flavour::Generic,
        },
    }
}

/// Whether `base_url` is a server on this machine or its local network (`localhost`,
/// loopback, a private or link-local address, a `.local` or `.lan` name): one the browser may
/// reach while it says it is offline, as a local Ollama or llama.cpp.
pub fn on_this_network(base_url: &str) -> bool {
    let host = host_of(base_url);
    // `[::1]:11434` or `name:port`.
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(""),
        None => host.split(':').next().unwrap_or(""),
    };
    if name == "localhost"
        || name.ends_with(".localhost")
        || name.ends_with(".local")
        || name.ends_with(".lan")
        || name.ends_with(".home.arpa")
    {
        return true;
    }
    match name.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V4(ip)) => {
            ip.is_loopback() || ip.is_private() || ip.is_link_local() || ip.is_unspecified()
        }
        Ok(std::net::IpAddr::V6(ip)) => {
            let first = ip.segments()[0];
            ip.is_loopback()
                || ip.is_unspecified()
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
        }
        Err(_) => false,
    }
}

/// The host of a base URL (for usage records, warnings and the capability registry): scheme,
/// path and query are left out.
pub fn host_of(base_url: &str) -> String {
    let rest = base_url
        .trim()
        .split_once("://")
        .map_or(base_url.trim(), |(_, rest)| rest);
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    // Credentials in a URL (`user:pass@host`) never reach a record.
    host.rsplit('@').next().unwrap_or("").to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn servers_on_this_machine_or_network_are_told_apart() {
        for local in [
            "http://127.0.0.1:11434/v1",
            "http://localhost:8080",
            "http://[::1]:8080/v1",
            "http://192.168.1.20:11434/v1",
            "http://10.0.0.5/v1",
            "http://172.16.3.4:8000",
            "http://gpu-box.local:11434/v1",
            "http://user:pass@localhost:1234",
        ] {
            assert!(on_this_network(local), "{local}");
        }
        for remote in [
            "https://api.openai.com/v1",
            "https://openrouter.ai/api/v1",
            "http://172.32.0.1",
            "https://127.0.0.1.example.com/v1",
            "",
        ] {
            assert!(!on_this_network(remote), "{remote}");
        }
    }
}
