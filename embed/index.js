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

/// What the engine pushes, read in order: `{ value }` items, then `{ done: true }` or `{ error }`.
class Channel {
  #queue = [];
  #wake = null;

  push(item) {
    if (this.#wake) {
      const wake = this.#wake;
      this.#wake = null;
      wake(item);
    } else {
      this.#queue.push(item);
    }
  }

  next() {
    return this.#queue.length ? Promise.resolve(this.#queue.shift()) : new Promise((wake) => { this.#wake = wake; });
  }
}

/// Reads `channel` until its end; `stop` runs when the reader leaves early.
async function* drain(channel, stop) {
  let ended = false;
  try {
    for (;;) {
      const item = await channel.next();
      if ('value' in item) yield item.value;
      else {
        ended = true;
        if (item.error) throw item.error;
        return;
      }
    }
  } finally {
    if (!ended) stop();
  }
}

/// Chunks read from `channel`, as the `openai` package's `Stream` offers them: an async
/// iterable, `tee()` into two that each see every chunk, and `toReadableStream()` (JSON lines,
/// as `Stream.fromReadableStream` reads them). `stop` runs when a reader leaves early.
class ChunkReader {
  #channel;
  #stop;
  #teed = false;

  constructor(channel, stop) {
    this.#channel = channel;
    this.#stop = stop;
  }

  [Symbol.asyncIterator]() {
    if (this.#teed) throw new Error('This stream was split with tee(): read its two halves instead.');
    return drain(this.#channel, this.#stop);
  }

  /// Two streams of the same chunks; leaving one early does not stop the other (nor the
  /// request: `controller.abort()` does).
  tee() {
    if (this.#teed) throw new Error('This stream was already split with tee().');
    this.#teed = true;
    const source = this.#channel;
    const [left, right] = [new Channel(), new Channel()];
    (async () => {
      for (;;) {
        const item = await source.next();
        left.push(item);
        right.push(item);
        if (!('value' in item)) return;
      }
    })();
    return [this.#branch(left), this.#branch(right)];
  }

  #branch(channel) {
    const branch = new ChunkReader(channel, () => {});
    branch.controller = this.controller;
    branch.finalChatCompletion = () => this.finalChatCompletion();
    return branch;
  }

  /// The chunks as a `ReadableStream` of bytes, one JSON chunk per line.
  toReadableStream() {
    const iterator = this[Symbol.asyncIterator]();
    const encoder = new TextEncoder();
    return new ReadableStream({
      async pull(controller) {
        const { value, done } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(`${JSON.stringify(value)}\n`));
      },
      async cancel() {
        await iterator.return?.();
      },
    });
  }
}

/// The chunks of one streamed completion, as an async iterable. Leaving the loop early stops
/// the request; `controller.abort()` does too.
export class ChatCompletionStream extends ChunkReader {
  #channel;
  #started;
  #completion;

  constructor(engine, body, { signal, onWarning } = {}) {
    const channel = new Channel();
    const controller = follow(signal);
    super(channel, () => controller.abort());
    this.#channel = channel;
    this.controller = controller;
    let seen = false;
    let start;
    let fail;
    this.#started = new Promise((resolve, reject) => { start = resolve; fail = reject; });
    const push = (item) => {
      if (item.error && !seen) fail(item.error);
      else start();
      seen = true;
      this.#channel.push(item);
    };
    this.#completion = engine
      .complete(body, this.controller.signal, (value) => push({ value }), onWarning)
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
}

/// One action in a conversation: its events as an async iterable (`delta`, `message`,
/// `finished`, `branch`, `warning`, `done`, …), the reply's record in `reply`, `stop()` to end
/// it. Leaving the loop early does not stop it (the answer goes on being saved).
export class Generation {
  #channel = new Channel();

  constructor(chats, action, { model, assistantId, signal, onEvent } = {}) {
    this.controller = follow(signal);
    this.reply = chats.then((c) => c.run(action, { model, assistantId }, this.controller.signal, (event) => {
      onEvent?.(event);
      this.#channel.push({ value: event });
    })).then((reply) => { this.#channel.push({ done: true }); return reply; },
      (raw) => { const error = toError(raw); this.#channel.push({ error }); throw error; });
    this.reply.catch(() => {});
  }

  stop() {
    this.controller.abort();
  }

  [Symbol.asyncIterator]() {
    return drain(this.#channel, () => {});
  }
}

/// The conversations of one storage, with the app's whole chat pipeline.
class Conversations {
  #chats;

  constructor(engine, storage) {
    this.#chats = engine.chats(storage).catch((raw) => { throw toError(raw); });
    this.#chats.catch(() => {});
  }

  async #call(method, ...args) {
    const chats = await this.#chats;
    try {
      return await chats[method](...args);
    } catch (raw) {
      throw toError(raw);
    }
  }

  list() { return this.#call('list'); }
  open(conversationId) { return this.#call('open', conversationId); }
  assistants() { return this.#call('assistants'); }
  switchBranch({ conversationId, messageId, offset }) { return this.#call('switchBranch', conversationId, messageId, offset); }
  async stop(conversationId) { return (await this.#chats).stop(conversationId); }

  send({ conversationId, text, ...options }, more = {}) {
    return new Generation(this.#chats, { type: 'send', conversationId, text }, { ...options, ...more });
  }
  regenerate({ conversationId, messageId, ...options }, more = {}) {
    return new Generation(this.#chats, { type: 'regenerate', conversationId, messageId }, { ...options, ...more });
  }
  continue({ conversationId, messageId, ...options }, more = {}) {
    return new Generation(this.#chats, { type: 'continue', conversationId, messageId }, { ...options, ...more });
  }
  retry({ conversationId, messageId, ...options }, more = {}) {
    return new Generation(this.#chats, { type: 'retry', conversationId, messageId }, { ...options, ...more });
  }
  edit({ conversationId, messageId, text, ...options }, more = {}) {
    return new Generation(this.#chats, { type: 'edit', conversationId, messageId, text }, { ...options, ...more });
  }
  decide({ conversationId, messageId, callId, decision, ...options }, more = {}) {
    return new Generation(this.#chats, { type: 'decide', conversationId, messageId, callId, decision }, { ...options, ...more });
  }
}

export class Skein {
  #engine;

  /// `providers`: `[{ id?, protocol: 'openai' | 'anthropic' | 'gemini', baseUrl?, apiKey?,
  /// model?, models?, headers?, body?, fallbacks? }]`. `storage`: the IndexedDB database of
  /// `conversations` (the app's own, `skein`, by default), or `'memory'`.
  static async create({ providers, storage = 'skein' } = {}) {
    await load();
    try {
      return new Skein(new SkeinEngine(providers), storage);
    } catch (raw) {
      throw toError(raw);
    }
  }

  #conversations;
  #storage;

  constructor(engine, storage) {
    if (!(engine instanceof SkeinEngine)) throw new TypeError('use `await Skein.create({ providers })`');
    this.#engine = engine;
    this.#storage = storage;
    this.chat = { completions: { create: (body, options) => this.#create(body, options) } };
    this.models = { list: (options) => this.#models(options) };
  }

  /// The conversations of this Skein's storage (opened at first use).
  get conversations() {
    this.#conversations ??= new Conversations(this.#engine, this.#storage);
    return this.#conversations;
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
