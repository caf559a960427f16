// Requests for the engine (platform/src/fetch_transport.rs), their bodies handed to wasm in
// batches, and read off the page's main thread when the browser allows.
//
// A streamed answer arrives as hundreds of small network chunks a second. Each one costs the thread
// that reads it a task; handing each to wasm would add a promise, the glue's closures and a
// wake-up of the Rust executor, while the screen shows new text at most every 83 ms anyway. So:
// - the request runs in a dedicated worker (this same file, loaded as a module worker), which
//   reads the body and posts every byte read since its last post, at once when that post is older
//   than `windowMs` (a slow stream waits for nothing), else when the window has passed: the page's
//   thread gets one message a window instead of a task per network chunk;
// - where there is no worker (the extension's service worker, a host page whose policy or origin
//   forbids one, a worker that did not start), the same reading loop runs on the calling thread
//   (`BatchedBody`), with the same batches.
// Either way the request is the same: no cookies, no referrer, aborted by the caller's signal.

/// How long (ms) a new worker has to say it is ready before requests run on the calling thread.
const WORKER_START_MS = 3000;

const IN_WORKER = typeof DedicatedWorkerGlobalScope !== 'undefined'
  && globalThis instanceof DedicatedWorkerGlobalScope;

function joined(chunks) {
  if (chunks.length === 1) return chunks[0];
  const bytes = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/// What `fetch` gets: the request as the engine built it, never with cookies or a referrer.
function requestInit(method, headers, body, signal) {
  return { method, headers, body, signal, credentials: 'omit', referrerPolicy: 'no-referrer' };
}

/// Bytes read and not yet taken, and the one `take()` waiting for them (both bodies below).
class HeldBytes {
  constructor() {
    this.chunks = [];
    this.ended = false;
    this.error = null;
    this.waiting = null;
  }

  /// Every byte read since the last call (a Uint8Array), or `undefined` at the end of the body.
  /// Rejects with the read's error once the bytes before it are taken.
  take() {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.wake();
    });
  }

  /// Whether a waiting `take()` has something to be answered with.
  answerable() {
    return this.waiting !== null && (this.chunks.length > 0 || this.ended);
  }

  /// Answers the waiting `take()`: the bytes held, else the error, else the end.
  answer() {
    const waiting = this.waiting;
    this.waiting = null;
    if (this.chunks.length > 0) {
      const chunks = this.chunks;
      this.chunks = [];
      waiting.resolve(joined(chunks));
    } else if (this.error !== null) waiting.reject(this.error);
    else waiting.resolve(undefined);
  }
}

/// A response body read on the calling thread and handed to wasm in batches; `journal` (in the
/// worker) keeps each network chunk as it is read.
export class BatchedBody extends HeldBytes {
  constructor(stream, windowMs, journal = null) {
    super();
    this.reader = stream.getReader();
    this.windowMs = windowMs;
    this.journal = journal;
    this.timer = undefined;
    this.lastTake = -Infinity;
    this.pump();
  }

  async pump() {
    try {
      for (;;) {
        const { done, value } = await this.reader.read();
        if (done) break;
        this.chunks.push(value);
        this.journal?.write(value);
        if (this.waiting !== null && this.timer === undefined) this.wake();
      }
    } catch (error) {
      this.error = error;
    }
    this.ended = true;
    this.wake();
  }

  wake() {
    if (!this.answerable()) return;
    const wait = this.ended ? 0 : this.lastTake + this.windowMs - performance.now();
    if (wait <= 0) this.deliver();
    // The timer's own word ends the window: asking the clock again could find it a fraction of a
    // millisecond early and set another timer for nothing.
    else if (this.timer === undefined) this.timer = setTimeout(() => this.deliver(), wait);
  }

  deliver() {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.lastTake = performance.now();
    this.answer();
  }

  /// Stops reading: the body is not wanted any more (the connection is released).
  cancel() {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.reader.cancel().catch(() => {});
  }
}

/// A response as wasm reads it, whichever thread fetched it.
export class BodyResponse {
  constructor(status, headers, body) {
    this.status = status;
    this.headers = headers;
    this.body = body;
  }

  /// A header's value, or `undefined` (only those the server exposes to CORS are there).
  header(name) {
    return this.headers.get(name) ?? undefined;
  }
}

/// A response body that arrives from the worker in batches (the worker keeps the window): `take`
/// and `cancel` as `BatchedBody`'s.
class WorkerBody extends HeldBytes {
  constructor(cancel) {
    super();
    this.cancelRequest = cancel;
  }

  received(message) {
    if (message.kind === 'bytes') this.chunks.push(message.bytes);
    else if (message.kind === 'end') this.ended = true;
    else {
      this.ended = true;
      this.error = thrown(message);
    }
    this.wake();
  }

  wake() {
    if (this.answerable()) this.answer();
  }

  cancel() {
    if (!this.ended) this.cancelRequest();
    this.ended = true;
  }
}

/// An error as the worker described it, thrown again on this side (its name kept: an abort is
/// told from a network failure by it).
function thrown({ name, message }) {
  const error = new Error(message);
  error.name = name;
  return error;
}

/// The worker every request of this page shares: `null` where there is none, else a promise of
/// it that settles once it said it is ready (or of `null` when it failed to start in time).
let shared;
let nextId = 0;
const inFlight = new Map();

function worker() {
  if (shared !== undefined) return shared;
  if (typeof Worker === 'undefined') {
    shared = null;
    return shared;
  }
  shared = new Promise((resolve) => {
    let started;
    try {
      started = new Worker(new URL(import.meta.url), { type: 'module', name: 'skein-fetch' });
    } catch {
      resolve(null);
      return;
    }
    const giveUp = setTimeout(() => resolve(null), WORKER_START_MS);
    started.addEventListener('message', ({ data }) => {
      if (data.kind === 'ready') {
        clearTimeout(giveUp);
        resolve(started);
        return;
      }
      inFlight.get(data.id)?.(data);
    });
    // It could not be loaded, or it failed: what it was fetching fails, later requests stay here.
    started.addEventListener('error', (event) => {
      event.preventDefault();
      clearTimeout(giveUp);
      resolve(null);
      shared = null;
      for (const deliver of inFlight.values()) deliver({ kind: 'error', name: 'TypeError', message: 'the request worker stopped' });
      inFlight.clear();
    });
  });
  return shared;
}

/// Sends a request and resolves with a `BodyResponse` once its headers are in; rejects as `fetch`
/// does (an `AbortError` when `signal` aborted it). The body comes in batches at most every
/// `windowMs` while it streams. With a `journal` (`{ conversationId, messageId, head }`) the
/// worker also keeps the body, see `Journal` (on the calling thread nothing is kept).
export async function fetchBatched(url, method, headers, body, windowMs, signal, journal) {
  const remote = await worker();
  if (remote === null || signal.aborted) {
    const response = await fetch(url, requestInit(method, headers, body, signal));
    const batched = response.body === null ? null : new BatchedBody(response.body, windowMs);
    return new BodyResponse(response.status, response.headers, batched);
  }
  const id = (nextId += 1);
  const cancel = () => remote.postMessage({ id, cancel: true });
  return new Promise((resolve, reject) => {
    let responseBody = null;
    inFlight.set(id, (message) => {
      if (message.kind === 'head') {
        responseBody = message.hasBody ? new WorkerBody(cancel) : null;
        resolve(new BodyResponse(message.status, new Headers(message.headers), responseBody));
        if (responseBody === null) inFlight.delete(id);
        return;
      }
      if (message.kind !== 'bytes') inFlight.delete(id);
      if (responseBody === null) reject(thrown(message));
      else responseBody.received(message);
    });
    signal.addEventListener('abort', cancel, { once: true });
    remote.postMessage({ id, url, method, headers, body, windowMs, journal });
  });
}

/// The folder of the origin's private file system the journals are in: `{conversation}/{message}`
/// (the page reads and removes them, platform/src/stream_journal.rs).
const JOURNALS = 'stream-journal';

/// A streamed answer's body kept as it arrives (engine/src/chat/stream_journal.rs): its head,
/// then every network chunk, each written the moment it is read, before the page's thread is
/// handed it. A synchronous access handle writes straight to the file, so a page killed a moment
/// later loses nothing it was given, and no database transaction is spent on it. A journal that
/// cannot be kept (no private file system, storage full) keeps nothing and never stops the answer.
class Journal {
  constructor({ conversationId, messageId, head }) {
    this.key = `${conversationId}/${messageId}`;
    this.handle = null;
    this.at = 0;
    // Chunks read before the file is open (copies: the originals are handed on); `null` once
    // the file is open or given up.
    this.waiting = [head];
    this.closing = false;
    // A journal of the same message before this one (a retry, a fallback provider) lets the file
    // go first: its handle holds the file's only lock.
    const before = Journal.open.get(this.key);
    before?.close();
    Journal.open.set(this.key, this);
    this.settled = (before?.settled ?? Promise.resolve())
      .then(() => fileOf(conversationId, messageId, true))
      .then((file) => file.createSyncAccessHandle())
      .then((handle) => {
        this.handle = handle;
        const waiting = this.waiting;
        this.waiting = null;
        this.guard(() => handle.truncate(0));
        for (const bytes of waiting) this.write(bytes);
        if (this.closing) this.close();
      })
      .catch(() => this.giveUp());
  }

  /// Runs a write; on failure the journal keeps nothing more.
  guard(write) {
    try {
      write();
    } catch {
      this.giveUp();
    }
  }

  write(bytes) {
    if (this.handle !== null) this.guard(() => { this.at += this.handle.write(bytes, { at: this.at }); });
    else if (this.waiting !== null) this.waiting.push(bytes.slice());
  }

  giveUp() {
    this.waiting = null;
    this.close();
  }

  /// Done with the file, once what waits for it is written (the page removes it once the
  /// answer is saved whole).
  close() {
    this.closing = true;
    if (this.waiting !== null) return;
    try {
      this.handle?.close();
    } catch {
      // Closed already.
    }
    this.handle = null;
    if (Journal.open.get(this.key) === this) Journal.open.delete(this.key);
  }
}

/// The journal of each message whose request runs (or just ran) here.
Journal.open = new Map();

/// The file `{conversation}/{message}` of the journals' folder (created when `create`).
async function fileOf(conversationId, messageId, create) {
  const root = await navigator.storage.getDirectory();
  const all = await root.getDirectoryHandle(JOURNALS, { create });
  const folder = await all.getDirectoryHandle(conversationId, { create });
  return folder.getFileHandle(messageId, { create });
}

/// Removes a message's journal, or (`messageId` undefined) its conversation's: in the worker once
/// its requests let the files go, else here. Resolves when done; never rejects.
export async function removeJournal(conversationId, messageId) {
  const remote = IN_WORKER ? null : await worker();
  if (remote) {
    remote.postMessage({ removeJournal: { conversationId, messageId } });
    return;
  }
  const whose = messageId === undefined
    ? (key) => key.startsWith(`${conversationId}/`)
    : (key) => key === `${conversationId}/${messageId}`;
  const open = [...Journal.open.values()].filter((journal) => whose(journal.key));
  for (const journal of open) {
    journal.close();
    await journal.settled;
  }
  try {
    const root = await navigator.storage.getDirectory();
    const all = await root.getDirectoryHandle(JOURNALS);
    if (messageId === undefined) await all.removeEntry(conversationId, { recursive: true });
    else await (await all.getDirectoryHandle(conversationId)).removeEntry(messageId);
  } catch {
    // Not there (or no private file system): nothing to remove.
  }
}

// The worker's side: each request fetched here, its body read by a `BatchedBody` and each of its
// batches posted (the bytes read before a failure go before the failure).
async function serve({ id, url, method, headers, body, windowMs, journal }, controllers) {
  const controller = new AbortController();
  controllers.set(id, controller);
  const kept = journal ? new Journal(journal) : null;
  try {
    const response = await fetch(url, requestInit(method, headers, body, controller.signal));
    globalThis.postMessage({
      id, kind: 'head', status: response.status, headers: [...response.headers], hasBody: response.body !== null,
    });
    if (response.body !== null) {
      const batched = new BatchedBody(response.body, windowMs, kept);
      for (let bytes = await batched.take(); bytes !== undefined; bytes = await batched.take()) {
        // Moved, not copied, when the bytes are their buffer's only view.
        const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
        globalThis.postMessage({ id, kind: 'bytes', bytes }, whole ? [bytes.buffer] : []);
      }
      globalThis.postMessage({ id, kind: 'end' });
    }
  } catch (error) {
    globalThis.postMessage({ id, kind: 'error', name: error?.name ?? 'Error', message: String(error?.message ?? error) });
  } finally {
    kept?.close();
    controllers.delete(id);
  }
}

if (IN_WORKER) {
  const controllers = new Map();
  globalThis.addEventListener('message', ({ data }) => {
    if (data.cancel) controllers.get(data.id)?.abort();
    else if (data.removeJournal) removeJournal(data.removeJournal.conversationId, data.removeJournal.messageId);
    else serve(data, controllers);
  });
  globalThis.postMessage({ kind: 'ready' });
}
