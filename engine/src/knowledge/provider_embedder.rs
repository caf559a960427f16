//! [`ProviderEmbedder`]: embeddings through the app's one [`ProviderClient`], so knowledge,
//! memory and the embedding run share chat's limits and circuit breakers. Each call reads the
//! provider settings of the moment and names its own model: embeddings go to the same server
//! as chat, without its fallbacks (a vector of another model would not be comparable).

use super::retriever::QueryEmbedder;
use crate::ports::cancel::CancelToken;
use crate::ports::clock::Clock;
use crate::ports::transport::Transport;
use crate::prompt::hooks::{HookError, HookFuture};
use crate::provider::client::ProviderClient;
use crate::provider::settings::ProviderSettings;
use std::rc::Rc;

/// Where the embedder reads the provider settings at each call.
pub type SettingsSource = Rc<dyn Fn() -> ProviderSettings>;

pub struct ProviderEmbedder<T, C> {
    client: Rc<ProviderClient<T, C>>,
    settings: SettingsSource,
}

impl<T, C> Clone for ProviderEmbedder<T, C> {
    fn clone(&self) -> Self {
        Self {
            client: self.client.clone(),
            settings: self.settings.clone(),
        }
    }
}

impl<T, C> ProviderEmbedder<T, C> {
    pub fn new(client: Rc<ProviderClient<T, C>>, settings: SettingsSource) -> Self {
        Self { client, settings }
    }

    /// The current provider settings with `model` as the model and no fallbacks.
    fn settings_for(&self, model: &str) -> ProviderSettings {
        ProviderSettings {
            model: model.to_owned(),
            fallbacks: Vec::new(),
            ..(self.settings)()
        }
    }
}

impl<T: Transport, C: Clock> QueryEmbedder for ProviderEmbedder<T, C> {
    fn embed_query<'a>(&'a self, model: &'a str, text: &'a str) -> HookFuture<'a, Vec<f32>> {
        Box::pin(async move {
            let texts = [text.to_owned()];
            let mut vectors = self.embed_texts(model, &texts).await?;
            vectors
                .pop()
                .ok_or_else(|| HookError("the provider returned no vector".into()))
        })
    }

    fn embed_texts<'a>(
        &'a self,
        model: &'a str,
        texts: &'a [String],
    ) -> HookFuture<'a, Vec<Vec<f32>>> {
        Box::pin(async move {
            self.client
                .embed(&self.settings_for(model), texts, &CancelToken::new())
                .await
                .map_err(|e| HookError(e.to_string()))
        })
    }
}
