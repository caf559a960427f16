//! The pictures tools return while an answer is written, made ready for its next model step.
//!
//! The request before the answer is made ready once (`prepare`); the answer's own turns are
//! rebuilt at every step ([`expand_node`](crate::prompt::request_builder::expand_node)), so the
//! pictures its tools returned arrive here still unloaded. They get what a question's images
//! get: loaded for a model that sees images; for one that does not, read by the reading model
//! when one is set (`ProviderOcr`), else left out and the user told.

use super::ocr::{ocr_settings, remove_images, transcribe_images, ProviderOcr};
use super::reply_writer::ReplyWriter;
use super::service::ChatService;
use crate::i18n::Cause;
use crate::ports::cancel::CancelToken;
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::prompt::request_builder::load_images;
use crate::provider::settings::ProviderSettings;
use crate::provider::ChatMessage;
use crate::store::ChatStore;

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    /// The messages of a model step with the pictures not loaded yet made ready for `settings`'
    /// model, or `None` when there are none. Only what happened to the pictures of the latest
    /// step is said to the user: the earlier ones were said at their own step.
    pub(crate) async fn ready_pictures(
        &self,
        settings: &ProviderSettings,
        messages: &[ChatMessage],
        cancel: &CancelToken,
        writer: &ReplyWriter<'_, S, C>,
    ) -> Option<Vec<ChatMessage>> {
        let unloaded = |m: &ChatMessage| m.images.iter().any(|i| i.data.is_empty());
        if !messages.iter().any(unloaded) {
            return None;
        }
        let mut messages = messages.to_vec();
        let latest = messages
            .iter()
            .rposition(|m| !m.tool_calls.is_empty())
            .map_or(0, |at| at + 1);
        let (earlier, fresh) = messages.split_at_mut(latest);
        self.ready(settings, earlier, cancel).await;
        for notice in self.ready(settings, fresh, cancel).await {
            writer.warn(notice);
        }
        Some(messages)
    }

    /// Makes the images of `messages` ready for `settings`' model, as `prepare` does for the
    /// request's; what could not be done, for the user.
    async fn ready(
        &self,
        settings: &ProviderSettings,
        messages: &mut [ChatMessage],
        cancel: &CancelToken,
    ) -> Vec<Cause> {
        if settings.supports_images {
            return load_images(messages, &self.store).await;
        }
        let Some(reader) = ocr_settings(settings) else {
            // The turn still says what the tool returned, and that the model cannot see it,
            // so it does not answer as if it had.
            for message in messages.iter_mut().filter(|m| !m.images.is_empty()) {
                message
                    .content
                    .push_str(" It was shown to the user; this model cannot see pictures.");
            }
            return match remove_images(messages) {
                0 => Vec::new(),
                n => vec![crate::prompt::notices::images_left_out(
                    settings.model_name(),
                    n,
                )],
            };
        };
        let ocr = ProviderOcr {
            client: &self.client,
            store: &self.store,
            settings: reader,
            cancel,
            transcripts: &self.transcripts,
        };
        let notices = transcribe_images(messages, &ocr).await;
        remove_images(messages);
        notices
    }
}

#[cfg(test)]
#[path = "tool_pictures_tests.rs"]
mod tests;
