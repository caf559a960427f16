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

/// The provider's name as people know it, for the model picker: the protocol's own service,
/// a known OpenAI-compatible server, else the host of the base URL.
pub fn provider_name(kind: crate::provider::settings::ProviderKind, base_url: &str) -> String {
    use crate::provider::settings::ProviderKind;
    let known = match kind {
        ProviderKind::Anthropic => Some("Anthropic"),
        ProviderKind::Gemini => Some("Google Gemini"),
        ProviderKind::OpenAi => match flavour(base_url) {
            Flavour::OpenAi => Some("OpenAI"),
            Flavour::OpenRouter => Some("OpenRouter"),
            Flavour::Groq => Some("Groq"),
            Flavour::Mistral => Some("Mistral"),
            Flavour::DeepSeek => Some("DeepSeek"),
            Flavour::Ollama => Some("Ollama"),
            Flavour::LlamaCpp => Some("llama.cpp"),
            Flavour::Vllm => Some("vLLM"),
            Flavour::Generic => None,
        },
    };
    known.map_or_else(|| host_of(base_url), str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::settings::ProviderKind;

    #[test]
    fn providers_are_named_by_protocol_then_host() {
        let name = |kind, url| provider_name(kind, url);
        assert_eq!(
            name(ProviderKind::Anthropic, "https://api.anthropic.com/v1"),
            "Anthropic"
        );
        assert_eq!(
            name(ProviderKind::Gemini, "https://proxy.example/v1beta"),
            "Google Gemini"
        );
        assert_eq!(
            name(ProviderKind::OpenAi, "https://openrouter.ai/api/v1"),
            "OpenRouter"
        );
        assert_eq!(
            name(ProviderKind::OpenAi, "http://127.0.0.1:11434/v1"),
            "Ollama"
        );
        assert_eq!(
            name(
                ProviderKind::OpenAi,
                "https://user:pw@LLM.Example.org:9443/v1"
            ),
            "llm.example.org:9443"
        );
    }
}
