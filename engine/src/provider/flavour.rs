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
