//! Images for a model that cannot see them (seed 000's OCR transformer): a vision model of the
//! same provider, chosen by the user (`ProviderSettings::ocr_model`), transcribes each image, and
//! the transcript joins the request as delimited data in the image's place. Without one, the
//! images are left out and the user is told.

use crate::domain::base64;
use crate::ports::cancel::CancelToken;
use crate::ports::clock::Clock;
use crate::ports::transport::Transport;
use crate::prompt::hooks::{HookError, HookFuture, OcrHook};
use crate::prompt::pipeline::image_text;
use crate::provider::settings::ProviderSettings;
use crate::provider::{ChatMessage, ImageInput, ProviderClient};
use crate::store::ChatStore;

/// What the reading model is asked.
pub const OCR_INSTRUCTION: &str = "Transcribe all text in this image exactly, line by line. If \
     it has no text, describe what it shows in one or two sentences. Answer with the \
     transcription or the description only.";

/// The most a transcript may be, in tokens asked for.
const MAX_TRANSCRIPT_TOKENS: u32 = 2_048;

/// The most transcripts kept; past it they are forgotten all at once.
const MAX_TRANSCRIPTS: usize = 256;

/// What a reading model found in each image it read, by image and model (its address and
/// name): an image sent again
/// (a question's on every later turn, a tool's picture at every later step) is not read again.
#[derive(Default)]
pub(crate) struct Transcripts(
    std::cell::RefCell<std::collections::HashMap<(String, String, String), String>>,
);

impl Transcripts {
    fn key(blob_id: &str, reader: &ProviderSettings) -> (String, String, String) {
        let (url, model) = (&reader.base_url, &reader.model);
        (blob_id.to_owned(), url.clone(), model.clone())
    }

    fn get(&self, blob_id: &str, reader: &ProviderSettings) -> Option<String> {
        self.0.borrow().get(&Self::key(blob_id, reader)).cloned()
    }

    fn keep(&self, blob_id: &str, reader: &ProviderSettings, text: &str) {
        let mut read = self.0.borrow_mut();
        if read.len() >= MAX_TRANSCRIPTS {
            read.clear();
        }
        read.insert(Self::key(blob_id, reader), text.to_owned());
    }
}

pub(crate) struct ProviderOcr<'a, T, S, C> {
    pub client: &'a ProviderClient<T, C>,
    pub store: &'a S,
    /// The chat's settings with the reading model in place of the chat model.
    pub settings: ProviderSettings,
    pub cancel: &'a CancelToken,
    pub transcripts: &'a Transcripts,
}

/// The settings the reading model is called with, when the chat's model cannot see images and
/// a reading model is set.
pub(crate) fn ocr_settings(settings: &ProviderSettings) -> Option<ProviderSettings> {
    let model = settings.ocr_model.trim();
    (!settings.supports_images && !model.is_empty()).then(|| ProviderSettings {
        model: model.to_owned(),
        supports_images: true,
        // The reading model's own failures are reported, not passed along a chain.
        fallbacks: Vec::new(),
        ..settings.clone()
    })
}

impl<T: Transport, S: ChatStore, C: Clock> OcrHook for ProviderOcr<'_, T, S, C> {
    fn recognize<'a>(&'a self, blob_id: &'a str, mime: &'a str) -> HookFuture<'a, String> {
        Box::pin(async move {
            if let Some(text) = self.transcripts.get(blob_id, &self.settings) {
                return Ok(text);
            }
            let blob = self
                .store
                .load_blob(blob_id)
                .await
                .map_err(|err| HookError(err.to_string()))?
                .ok_or_else(|| HookError("the image is no longer stored".into()))?;
            let mut message = ChatMessage::text(crate::Role::User, OCR_INSTRUCTION);
            message.images.push(ImageInput {
                blob_id: blob_id.to_owned(),
                mime: mime.to_owned(),
                data: base64::encode(&blob.bytes),
            });
            let text = self
                .client
                .complete(
                    &self.settings,
                    &[message],
                    Some(MAX_TRANSCRIPT_TOKENS),
                    self.cancel,
                )
                .await
                .map_err(|err| {
                    HookError(format!("{} could not read it: {err}", self.settings.model))
                })?;
            self.transcripts.keep(blob_id, &self.settings, &text);
            Ok(text)
        })
    }
}

/// Reads the images of `messages` with `ocr`, as the input pipeline's OCR transformer reads a
/// request's: each text recognised joins its message's text in the same DATA block. The images
/// stay (take them out with [`remove_images`]); the notices say which could not be read.
pub(crate) async fn transcribe_images(
    messages: &mut [ChatMessage],
    ocr: &dyn OcrHook,
) -> Vec<crate::i18n::Cause> {
    let mut notices = Vec::new();
    for message in messages.iter_mut() {
        for image in &message.images {
            match ocr.recognize(&image.blob_id, &image.mime).await {
                Ok(text) if !text.trim().is_empty() => {
                    if !message.content.is_empty() {
                        message.content.push_str("\n\n");
                    }
                    message.content.push_str(&image_text(&text));
                }
                Ok(_) => {}
                Err(err) => notices.push(crate::prompt::notices::image_text_unreadable(&err)),
            }
        }
    }
    notices
}

/// Takes the images out of `messages` (for a model that cannot see them); how many there were.
pub(crate) fn remove_images(messages: &mut [ChatMessage]) -> usize {
    messages
        .iter_mut()
        .map(|message| std::mem::take(&mut message.images).len())
        .sum()
}
