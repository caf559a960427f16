// Skein as a JavaScript module: the chat engine compiled to WebAssembly, with OpenAI's shapes.
//
//   const skein = await Skein.create({ providers: [{ protocol: 'openai', baseUrl, apiKey, model }] });
//   const completion = await skein.chat.completions.create({ model, messages });
//   for await (const chunk of await skein.chat.completions.create({ model, messages, stream: true })) { … }
//
// Every rule (routing a model to a provider, reading the request, retries, the chunks' shapes,
// the error kinds) is the engine's (`engine/src/api/`); this file only turns callbacks into
// promises and async iterators. Types: `index.d.ts`.

import init, { SkeinEngine } from './skein_wasm.js';

let loading;

/// Loads the WebAssembly module once, from beside this file (`Skein.create` and
/// `<skein-chat>` call it).
export function load() {
  loading ??= init();
  return loading;
}

/// A failure, with the engine's `kind` to branch on (`invalid_request`, `aborted`,
/// `authentication`, `rate_limit`, `server`, `network`, `timeout`, `request`, `blocked`,
/// `other`), the provider's HTTP `status` and how long it asked to wait (`retryAfterMs`).
export class SkeinError extends Error {
  constructor({ kind, message, status, retryAfterMs }) {
    super(message);
    this.name = 'SkeinError';
    this.kind = kind;
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

function toError(raw) {
  if (raw instanceof Error) return raw;
  if (raw && typeof raw === 'object' && typeof raw.kind === 'string') return new SkeinError(raw);
  return new SkeinError({ kind: 'other', message: String(raw) });
}

/// An abort controller that follows the caller's signal, if any.
function follow(signal) {
  const controller = new AbortController();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', () => controller.abort(), { once: true });
  return controller;
}

/// The chunks of one streamed completion, as an async iterable. Leaving the loop early stops
/// the request; `controller.abort()` does too.
export class ChatCompletionStream {
  #queue = [];
  #wake = null;
  #ended = false;
  #seen = false;
  #started;
  #completion;

  constructor(engine, body, { signal, onWarning } = {}) {
    this.controller = follow(signal);
    let start;
    let fail;
    this.#started = new Promise((resolve, reject) => { start = resolve; fail = reject; });
    const push = (item) => {
      if (item.error && !this.#seen) fail(item.error);
      else start();
      this.#seen = true;
      if (this.#wake) { const wake = this.#wake; this.#wake = null; wake(item); } else this.#queue.push(item);
    };
    this.#completion = engine
      .complete(body, this.controller.signal, (chunk) => push({ chunk }), onWarning)
      .then((completion) => { push({ done: true }); return completion; },
        (raw) => { const error = toError(raw); push({ error }); throw error; });
    this.#completion.catch(() => {});
  }

  /// Settles when the first chunk arrives (or rejects when the request failed before any).
  started() {
    return this.#started;
  }

  /// The whole answer as one `chat.completion`, once the stream has ended.
  finalChatCompletion() {
    return this.#completion;
  }

  async *[Symbol.asyncIterator]() {
    try {
      for (;;) {
        const item = this.#queue.length ? this.#queue.shift() : await new Promise((wake) => { this.#wake = wake; });
        if (item.chunk) yield item.chunk;
        else if (item.error) { this.#ended = true; throw item.error; }
        else { this.#ended = true; return; }
      }
    } finally {
      if (!this.#ended) this.controller.abort();
    }
  }
}

export class Skein {
  #engine;

  /// `providers`: `[{ id?, protocol: 'openai' | 'anthropic' | 'gemini', baseUrl?, apiKey?,
  /// model?, models?, headers?, body?, fallbacks? }]`.
  static async create({ providers } = {}) {
    await load();
    try {
      return new Skein(new SkeinEngine(providers));
    } catch (raw) {
      throw toError(raw);
    }
  }

  constructor(engine) {
    if (!(engine instanceof SkeinEngine)) throw new TypeError('use `await Skein.create({ providers })`');
    this.#engine = engine;
    this.chat = { completions: { create: (body, options) => this.#create(body, options) } };
    this.models = { list: (options) => this.#models(options) };
  }

  async #create(body, options = {}) {
    if (body?.stream === true) {
      const stream = new ChatCompletionStream(this.#engine, body, options);
      await stream.started();
      return stream;
    }
    const controller = follow(options.signal);
    try {
      return await this.#engine.complete(body, controller.signal, undefined, options.onWarning);
    } catch (raw) {
      throw toError(raw);
    }
  }

  async #models({ provider, signal } = {}) {
    try {
      return await this.#engine.listModels(provider, follow(signal).signal);
    } catch (raw) {
      throw toError(raw);
    }
  }
}

export default Skein;
