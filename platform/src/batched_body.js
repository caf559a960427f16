// A response body read in JavaScript and handed to wasm in batches (platform/src/fetch_transport.rs).
//
// A streamed answer arrives as hundreds of small network chunks a second. Handing each one to
// wasm costs a promise, the glue's closures and a wake-up of the Rust executor; the text is shown
// at most every 40 ms anyway. So the reading loop runs here, and `take()` answers with every byte
// read since the last answer: at once when the last answer is older than `windowMs` (a slow
// stream waits for nothing), else when that window has passed (a fast one is handed over once a
// window).
export class BatchedBody {
  constructor(stream, windowMs) {
    this.reader = stream.getReader();
    this.windowMs = windowMs;
    this.chunks = [];
    this.ended = false;
    this.error = null;
    this.waiting = null;
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
        if (this.waiting !== null && this.timer === undefined) this.wake();
      }
    } catch (error) {
      this.error = error;
    }
    this.ended = true;
    this.wake();
  }

  /// Every byte read since the last call (a Uint8Array), or `undefined` at the end of the body.
  /// Rejects with the read's error once the bytes before it are taken.
  take() {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.wake();
    });
  }

  wake() {
    if (this.waiting === null || (this.chunks.length === 0 && !this.ended)) return;
    const wait = this.ended ? 0 : this.lastTake + this.windowMs - performance.now();
    if (wait <= 0) this.deliver();
    // The timer's own word ends the window: asking the clock again could find it a fraction of a
    // millisecond early and set another timer for nothing.
    else if (this.timer === undefined) this.timer = setTimeout(() => this.deliver(), wait);
  }

  deliver() {
    clearTimeout(this.timer);
    this.timer = undefined;
    const waiting = this.waiting;
    this.waiting = null;
    this.lastTake = performance.now();
    if (this.chunks.length > 0) waiting.resolve(this.joined());
    else if (this.error !== null) waiting.reject(this.error);
    else waiting.resolve(undefined);
  }

  joined() {
    const chunks = this.chunks;
    this.chunks = [];
    if (chunks.length === 1) return chunks[0];
    const bytes = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    return bytes;
  }

  /// Stops reading: the body is not wanted any more (the connection is released).
  cancel() {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.reader.cancel().catch(() => {});
  }
}
