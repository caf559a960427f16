//! Markdown on screen: the engine's safe display model ([`skein_engine::render::markdown`]) turned into
//! DOM nodes. Text is always inserted as text; no string of model output is ever parsed as
//! HTML. Links open in a new tab with `rel="noopener noreferrer"`; a remote image is a button
//! until the user asks for it.
//!
//! While a message streams, [`MarkdownText`] appends finished blocks once (a keyed batch per
//! update) and rebuilds only the growing tail, which the engine keeps under
//! [`markdown::MAX_TAIL_BYTES`]: each update costs about the same on a 1 MB answer as on a
//! short one. When the message is complete the whole text is parsed once more, and the DOM is
//! only touched if that reading differs.

use crate::i18n::{t, tf};
use crate::images::{RemoteImageState, RemoteImages};
use leptos::prelude::*;
use skein_engine::render::markdown::{
    self, Align, Block, Inline, ListItem, MarkdownStream, RemoteImage,
};

#[component]
pub fn MarkdownText(
    #[prop(into)] text: Signal<String>,
    /// While true, the text only grows and is parsed incrementally.
    #[prop(into)]
    streaming: Signal<bool>,
) -> impl IntoView {
    // Finished blocks in batches (the blocks one update finished), keyed by (generation,
    // index): appending a batch clones only the list of batch handles, not the blocks, and
    // mounts only the new batch. A full re-parse that reads differently starts a new
    // generation, so no stale DOM is kept under an old key.
    let finished = RwSignal::new(Vec::<Batch>::new());
    let tail = RwSignal::new(Vec::<Block>::new());
    let parser = StoredValue::new(MarkdownStream::new());
    let generation = StoredValue::new(0u32);
    Effect::new(move |_| {
        let streaming = streaming.get();
        text.with(|text| {
            if streaming {
                let update = parser
                    .try_update_value(|p| p.update(text))
                    .unwrap_or_else(|| markdown::StreamUpdate {
                        finished: Vec::new(),
                        tail: markdown::parse(text),
                    });
                push_finished(finished, generation.get_value(), update.finished);
                if tail.with_untracked(|t| *t != update.tail) {
                    tail.set(update.tail);
                }
            } else {
                parser.update_value(MarkdownStream::reset);
                let whole = markdown::parse(text);
                let same = finished.with_untracked(|f| {
                    tail.with_untracked(|t| {
                        f.iter()
                            .flat_map(|batch| batch.blocks.iter())
                            .chain(t.iter())
                            .eq(whole.iter())
                    })
                });
                if same {
                    let rest = tail.try_update(std::mem::take).unwrap_or_default();
                    push_finished(finished, generation.get_value(), rest);
                } else {
                    generation.update_value(|g| *g += 1);
                    finished.set(Vec::new());
                    tail.set(Vec::new());
                    push_finished(finished, generation.get_value(), whole);
                }
            }
        });
    });
    view! {
        <div class="markdown">
            <For
                each=move || finished.get()
                key=|batch| batch.key
                children=|batch| render_blocks(&batch.blocks, 0)
            />
            {move || tail.with(|blocks| render_blocks(blocks, 0))}
        </div>
    }
}

/// Blocks finished together, shared (cloning a batch is a reference count).
#[derive(Clone)]
struct Batch {
    key: (u32, usize),
    blocks: std::sync::Arc<[Block]>,
}

fn push_finished(finished: RwSignal<Vec<Batch>>, generation: u32, blocks: Vec<Block>) {
    if blocks.is_empty() {
        return;
    }
    finished.update(|list| {
        let key = (generation, list.len());
        list.push(Batch {
            key,
            blocks: blocks.into(),
        });
    });
}

fn render_blocks(blocks: &[Block], depth: usize) -> AnyView {
    blocks
        .iter()
        .map(|block| render_block(block, depth))
        .collect_view()
        .into_any()
}

fn render_block(block: &Block, depth: usize) -> AnyView {
    match block {
        Block::Paragraph(inlines) => view! { <p>{render_inlines(inlines)}</p> }.into_any(),
        Block::Heading { level, content } => {
            // Message headings sit below the page's own (h1, h2).
            let content = render_inlines(content);
            match level {
                1 => view! { <h3>{content}</h3> }.into_any(),
                2 => view! { <h4>{content}</h4> }.into_any(),
                3 => view! { <h5>{content}</h5> }.into_any(),
                _ => view! { <h6>{content}</h6> }.into_any(),
            }
        }
        Block::Code { language, code } => code_block(language.clone(), code.clone()),
        Block::Quote(blocks) => {
            view! { <blockquote>{render_blocks(blocks, depth + 1)}</blockquote> }.into_any()
        }
        Block::List { start, items } => {
            let items = items
                .iter()
                .map(|item| list_item(item, depth))
                .collect_view();
            match start {
                Some(start) => view! { <ol start=start.to_string()>{items}</ol> }.into_any(),
                None => view! { <ul>{items}</ul> }.into_any(),
            }
        }
        Block::Table {
            alignments,
            head,
            rows,
        } => table(alignments, head, rows),
        Block::Rule => view! { <hr /> }.into_any(),
        Block::Math(tex) => {
            view! { <div class="math-display">{crate::markup::math(tex, true)}</div> }.into_any()
        }
        Block::RawHtml(html) => view! { <p class="raw-html">{html.clone()}</p> }.into_any(),
    }
}

fn list_item(item: &ListItem, depth: usize) -> AnyView {
    let check = item.checked.map(|checked| {
        view! { <input type="checkbox" disabled=true checked=checked aria-label=t("markdown-task") /> }
    });
    view! { <li>{check}{render_blocks(&item.blocks, depth + 1)}</li> }.into_any()
}

/// A column's alignment as a class: a style attribute would need `'unsafe-inline'` in the
/// page's Content Security Policy.
fn align_class(align: Align) -> Option<&'static str> {
    match align {
        Align::None => None,
        Align::Left => Some("align-left"),
        Align::Center => Some("align-center"),
        Align::Right => Some("align-right"),
    }
}

fn table(alignments: &[Align], head: &[Vec<Inline>], rows: &[Vec<Vec<Inline>>]) -> AnyView {
    let class = |i: usize| align_class(alignments.get(i).copied().unwrap_or(Align::None));
    let head = head
        .iter()
        .enumerate()
        .map(|(i, cell)| view! { <th class=class(i)>{render_inlines(cell)}</th> })
        .collect_view();
    let rows = rows
        .iter()
        .map(|row| {
            let cells = row
                .iter()
                .enumerate()
                .map(|(i, cell)| view! { <td class=class(i)>{render_inlines(cell)}</td> })
                .collect_view();
            view! { <tr>{cells}</tr> }
        })
        .collect_view();
    view! {
        <div class="table-scroll">
            <table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>
        </div>
    }
    .into_any()
}

fn code_block(language: Option<String>, code: String) -> AnyView {
    let copied = RwSignal::new(false);
    let spans = crate::markup::code(language.clone(), code.clone());
    let label = language.clone().unwrap_or_else(|| "text".to_owned());
    let copy = move |_| {
        if crate::fields::copy_text(&code) {
            copied.set(true);
        }
    };
    view! {
        <figure class="code-block" data-testid="code-block">
            <figcaption>
                <span class="code-language" data-testid="code-language">{label}</span>
                <button type="button" class="copy" data-testid="copy-code"
                    aria-label=t("markdown-copy-code") on:click=copy>
                    {move || if copied.get() { t("copied") } else { t("copy") }}
                </button>
            </figcaption>
            <pre><code>{spans}</code></pre>
        </figure>
    }
    .into_any()
}

fn render_inlines(inlines: &[Inline]) -> AnyView {
    inlines.iter().map(render_inline).collect_view().into_any()
}

fn render_inline(inline: &Inline) -> AnyView {
    match inline {
        Inline::Text(text) => view! { {text.clone()} }.into_any(),
        Inline::Code(code) => view! { <code>{code.clone()}</code> }.into_any(),
        Inline::Emphasis(c) => view! { <em>{render_inlines(c)}</em> }.into_any(),
        Inline::Strong(c) => view! { <strong>{render_inlines(c)}</strong> }.into_any(),
        Inline::Strikethrough(c) => view! { <del>{render_inlines(c)}</del> }.into_any(),
        Inline::Link {
            href: Some(href),
            title,
            content,
        } => view! {
            <a href=href.clone() title=title.clone() target="_blank" rel="noopener noreferrer"
                referrerpolicy="no-referrer">{render_inlines(content)}</a>
        }
        .into_any(),
        Inline::Link {
            href: None,
            content,
            ..
        } => view! {
            <span class="unsafe-link" title=t("markdown-link-removed")>
                {render_inlines(content)}
            </span>
        }
        .into_any(),
        Inline::Image {
            src: Some(src),
            alt,
        } => remote_image(src.clone(), alt.clone()),
        Inline::Image { src: None, alt } => view! {
            <span class="image-removed" title=t("markdown-image-not-web")>
                {tf("markdown-image-alt", &[("alt", alt.into())])}
            </span>
        }
        .into_any(),
        Inline::Math { tex, display } => crate::markup::math(tex, *display),
        Inline::LineBreak => view! { <br /> }.into_any(),
    }
}

/// A remote image: a button naming its host until the user asks to load it; then the app
/// fetches it ([`RemoteImages`]) and it shows from a `blob:` URL, or the reason it cannot.
fn remote_image(image: RemoteImage, alt: String) -> AnyView {
    let images = use_context::<RemoteImages>();
    let url = image.url.clone();
    let state = move || images.and_then(|i| i.states.with(|s| s.get(&url).cloned()));
    let (host, link) = (image.host.clone(), image.url.clone());
    (move || match state() {
        None => {
            let (host, url) = (host.clone(), link.clone());
            view! {
                <button type="button" class="remote-image" data-testid="remote-image"
                    title=tf("markdown-image-tells", &[("host", (&host).into())])
                    on:click=move |_| {
                        if let Some(images) = images {
                            images.request.run(url.clone());
                        }
                    }>
                    {if alt.is_empty() {
                        tf("markdown-image-load", &[("host", (&host).into())])
                    } else {
                        tf("markdown-image-load-alt", &[("host", (&host).into()), ("alt", (&alt).into())])
                    }}
                </button>
            }
            .into_any()
        }
        Some(RemoteImageState::Loading) => view! {
            <span class="remote-image" data-testid="remote-image-loading">
                {tf("markdown-image-loading", &[("host", (&host).into())])}
            </span>
        }
        .into_any(),
        Some(RemoteImageState::Shown(src)) => {
            view! { <img src=src alt=alt.clone() data-testid="remote-image-shown" /> }.into_any()
        }
        Some(RemoteImageState::Failed(reason)) => view! {
            <span class="remote-image failed" data-testid="remote-image-failed">
                {tf("markdown-image-failed", &[("host", (&host).into()), ("reason", reason.into())])}" "
                <a href=link.clone() target="_blank" rel="noopener noreferrer">{t("markdown-open-it")}</a>
            </span>
        }
        .into_any(),
    })
    .into_any()
}
