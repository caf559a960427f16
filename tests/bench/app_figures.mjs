// The figures measured on the real app (the release `dist`) in headless Chromium: streaming cost
// into a long conversation, opening a 2,000-message conversation, IndexedDB writes during a
// stream, cold start with 1,000 stored conversations, and a first visit against a repeat visit
// (service worker warm). Conversations are put in storage with
// the app's own import (Skein backups written by `skein-bench fixtures`).

/// Runs before the app: counts IndexedDB write transactions, long tasks and frames, and notes
/// when the composer became usable.
function instrument() {
  window.__bench = { writes: [], longTasks: [], frames: [], usableAt: null, memory: null, windowMs: null };
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (stores, mode, ...rest) {
    const tx = transaction.call(this, stores, mode, ...rest);
    if (mode === 'readwrite') {
      const entry = { stores: [].concat(stores).join(','), start: performance.now(), end: null };
      window.__bench.writes.push(entry);
      const done = () => { entry.end = performance.now(); };
      tx.addEventListener('complete', done);
      tx.addEventListener('abort', done);
      tx.addEventListener('error', done);
    }
    return tx;
  };
  // The batch window the app asks its request worker for (`BATCH_WINDOW_MS` in
  // platform/src/fetch_transport.rs): the worker floor reads with the same one.
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (typeof message?.windowMs === 'number') window.__bench.windowMs = message.windowMs;
    return post.call(this, message, ...rest);
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const frame = (t) => { window.__bench.frames.push(t); requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  addEventListener('TrunkApplicationStarted', (event) => { window.__bench.memory = event.detail?.wasm?.memory ?? null; });
  const usable = () => {
    const ready = document.querySelector('[data-testid=app][data-ready=true]');
    const input = document.querySelector('[data-testid=composer-input]');
    if (ready && input && !input.disabled) {
      window.__bench.usableAt = performance.now();
      return true;
    }
    return false;
  };
  const observer = new MutationObserver(() => { if (usable()) observer.disconnect(); });
  document.addEventListener('DOMContentLoaded', () => {
    observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
  });
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export class App {
  constructor(browser, appUrl, mockUrl) {
    Object.assign(this, { browser, appUrl, mockUrl });
  }

  async mock(path, body) {
    const response = await fetch(`${this.mockUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`mock ${path} answered ${response.status}`);
    return response.status === 204 ? null : response.json();
  }

  /// A fresh browser profile with the mock provider configured and `fixtures` imported.
  async open(fixtures = []) {
    const context = await this.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(instrument);
    const page = await context.newPage();
    page.errors = [];
    page.on('pageerror', (error) => page.errors.push(String(error)));
    await page.goto(this.appUrl);
    await this.ready(page);
    await this.settings(page);
    await page.selectOption('[data-testid=provider-kind]', 'openai');
    await page.fill('[data-testid=provider-base-url]', `${this.mockUrl}/v1`);
    await page.fill('[data-testid=settings-model]', 'mock-model');
    await page.click('[data-testid=settings-save]');
    await page.locator('[data-testid=settings-feedback]').waitFor();
    for (const file of fixtures) {
      await this.settings(page);
      await page.setInputFiles('[data-testid=import-file]', file);
      await page.waitForFunction(() => document.querySelector('[data-testid=notice] span')?.textContent.startsWith('Imported'), null, { timeout: 300_000 });
      await page.click('[data-testid=notice] button');
    }
    // An import shows the chat it added; otherwise leave the settings.
    if (await page.locator('[data-testid=close-settings]').isVisible()) await page.click('[data-testid=close-settings]');
    await page.locator('[data-testid=composer-input]').waitFor();
    return { context, page };
  }

  /// Shows the settings (they open by themselves on a first start; an import closes them).
  async settings(page) {
    // Open, or opening (their code loads on first use), when the button says so.
    if ((await page.getAttribute('[data-testid=settings-button]', 'aria-expanded')) !== 'true') await page.click('[data-testid=settings-button]');
    await page.locator('[data-testid=settings]').waitFor();
  }

  async ready(page) {
    await page.locator('[data-testid=app][data-ready=true]').waitFor({ timeout: 120_000 });
  }

  /// First visit (a new profile: nothing cached, no service worker) against the next visit
  /// (the service worker serves the build from its cache): page load to composer usable, ms.
  async visits(runs) {
    const first = [];
    const repeat = [];
    for (let run = 0; run < runs; run += 1) {
      const context = await this.browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(instrument);
      const page = await context.newPage();
      await page.goto(this.appUrl);
      await this.ready(page);
      await page.waitForFunction(() => window.__bench.usableAt !== null);
      first.push(await page.evaluate(() => window.__bench.usableAt));
      await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 60_000 });
      repeat.push(await this.coldStart(page));
      await context.close();
    }
    return { firstMs: median(first), repeatMs: median(repeat) };
  }

  /// Reloads and returns when the composer is usable, measured from navigation start.
  async coldStart(page) {
    await page.reload();
    await this.ready(page);
    await page.waitForFunction(() => window.__bench.usableAt !== null);
    return page.evaluate(() => window.__bench.usableAt);
  }

  /// When the page painted the screen saved on the last visit (xtask/assets/shell.js), ms from
  /// navigation start; null when it painted none.
  async firstScreenAt(page) {
    return page.evaluate(() => performance.getEntriesByName('skein-first-screen')[0]?.startTime ?? null);
  }

  /// Clicks the conversation whose title contains `title` and waits until its latest message
  /// is on screen and the composer takes input; milliseconds from the click.
  async openConversation(page, title) {
    return page.evaluate(async (title) => {
      const item = [...document.querySelectorAll('[data-testid=conversation-item]')].find((e) => e.textContent.includes(title));
      const messageCount = () => document.querySelectorAll('[data-testid=message]').length;
      // The app may have reopened this very conversation at start: leave it for a new chat
      // first, so the click really opens it.
      if (item.getAttribute('aria-current') === 'page') {
        document.querySelector('[data-testid=new-chat-button]').click();
        await new Promise((done) => {
          const wait = () => (messageCount() === 0 ? done() : requestAnimationFrame(wait));
          wait();
        });
      }
      // The conversation on screen before the click may still be in the page for a moment:
      // the latest message must not be its.
      const lastId = () => [...document.querySelectorAll('[data-testid=message]')].at(-1)?.dataset.messageId;
      const before = lastId();
      const start = performance.now();
      item.click();
      return new Promise((resolve) => {
        const check = () => {
          const messages = document.querySelectorAll('[data-testid=message]');
          const last = messages[messages.length - 1];
          const input = document.querySelector('[data-testid=composer-input]');
          const box = last?.getBoundingClientRect();
          if (messages.length > 1 && last && last.dataset.messageId !== before
              && box.height > 0 && box.top < innerHeight && input && !input.disabled) {
            // The frame after it is laid out is when the user sees it.
            requestAnimationFrame(() => resolve(performance.now() - start));
          } else {
            requestAnimationFrame(check);
          }
        };
        check();
      });
    }, title);
  }

  /// The JS heap after a garbage collection, and the wasm memory, in MB.
  async memory(page) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    await cdp.detach();
    const wasm = await page.evaluate(() => window.__bench.memory?.buffer.byteLength ?? null);
    return { jsHeapMb: usedSize / 1e6, wasmMb: wasm === null ? null : wasm / 1e6 };
  }

  /// The page's busy time per token while `read(mockUrl)` (run in the page) reads a plain stream
  /// of `tokens` chunks at `perSecond`.
  async floor(page, tokens, perSecond, read, extra) {
    const chunks = Array.from({ length: tokens }, (_, i) => `word${i % 97} `);
    await this.mock('/admin/script', [{ chunks, delay_ms: Math.round(1000 / perSecond) }]);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const metric = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
    const before = await metric();
    await page.evaluate(read, [this.mockUrl, extra]);
    const busy = (await metric()) - before;
    await cdp.detach();
    return { busyMsPerToken: (busy * 1000) / tokens };
  }

  /// The floor: the same stream read in the same page by a bare `fetch` reader that does
  /// nothing with the bytes (what the browser itself spends per network chunk).
  async bareFetch(page, tokens, perSecond) {
    return this.floor(page, tokens, perSecond, async ([url]) => {
      const response = await fetch(`${url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'mock-model', stream: true, messages: [{ role: 'user', content: 'x' }] }),
      });
      const reader = response.body.getReader();
      while (!(await reader.read()).done);
    });
  }

  /// The floor of the path the app reads streams by: the same stream fetched and read by the
  /// app's own request worker (`batched_body.js` as a module worker), its batches posted to the
  /// page as often as the app's own requests ask, where nothing is done with them. What the page's
  /// thread spends on a stream it does not read itself (the frames, the posted batches). Run after
  /// the app has streamed (its window is taken from its request).
  async bareWorkerFetch(page, tokens, perSecond) {
    const workerUrl = await page.evaluate(() => performance.getEntriesByType('resource')
      .map((entry) => entry.name).find((name) => name.endsWith('/batched_body.js')));
    if (!workerUrl) throw new Error('the app never loaded batched_body.js');
    const windowMs = await page.evaluate(() => window.__bench.windowMs);
    if (windowMs === null) throw new Error('the app sent no request through its worker');
    return this.floor(page, tokens, perSecond, async ([url, [script, windowMs]]) => {
      const worker = new Worker(script, { type: 'module' });
      await new Promise((ready) => worker.addEventListener('message', ({ data }) => { if (data.kind === 'ready') ready(); }, { once: true }));
      await new Promise((done) => {
        worker.addEventListener('message', ({ data }) => { if (data.kind === 'end' || data.kind === 'error') done(); });
        worker.postMessage({
          id: 1, url: `${url}/v1/chat/completions`, method: 'POST',
          headers: [['content-type', 'application/json']],
          body: JSON.stringify({ model: 'mock-model', stream: true, messages: [{ role: 'user', content: 'x' }] }),
          windowMs,
        });
      });
      worker.terminate();
    }, [workerUrl, windowMs]);
  }

  /// Scrolls the open conversation up until its first message is in the page (older messages
  /// join as the reader nears them), then back down to the newest text (newer ones join the
  /// same way); returns how many messages are in the page after that, once it has settled.
  async readToStartAndBack(page) {
    return page.evaluate(async () => {
      const scroller = document.querySelector('.messages-scroller');
      const frames = (n) => new Promise((done) => { const next = (left) => (left === 0 ? done() : requestAnimationFrame(() => next(left - 1))); next(n); });
      for (let step = 0; step < 500 && document.querySelector('[data-testid=show-earlier]'); step += 1) {
        scroller.scrollTop = -scroller.scrollHeight;
        await frames(2);
      }
      if (document.querySelector('[data-testid=show-earlier]')) throw new Error('the first message never joined the page');
      // Newer messages left the page on the way up; they join again as the reader nears them.
      const atNewest = () => scroller.scrollTop === 0 && !document.querySelector('[data-testid=jump-to-latest]');
      for (let step = 0; step < 500 && !atNewest(); step += 1) {
        scroller.scrollTop = 0;
        await frames(2);
      }
      if (!atNewest()) throw new Error('the newest message never joined the page again');
      await frames(10);
      return document.querySelectorAll('[data-testid=message]').length;
    });
  }

  /// Streams an answer of `tokens` tokens at `perSecond` into the open conversation; returns the
  /// main thread's busy time, long tasks, dropped frames and IndexedDB writes during it.
  async stream(page, tokens, perSecond) {
    const chunks = [];
    for (let i = 0; i < tokens; i += 1) {
      // Prose with some Markdown structure: paragraphs, a list, a code block.
      if (i % 400 === 0) chunks.push('\n\n```js\n');
      else if (i % 400 === 60) chunks.push('\n```\n\n');
      else if (i % 90 === 0) chunks.push('\n\n- ');
      else chunks.push(`word${i % 97} `);
    }
    await this.mock('/admin/script', [{ chunks, delay_ms: Math.round(1000 / perSecond) }, { chunks: ['"Bench"'], stream: false }]);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const metric = async (name) => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === name).value;
    const before = { task: await metric('TaskDuration'), at: await page.evaluate(() => performance.now()) };
    await page.evaluate(() => { window.__bench.writes = []; window.__bench.longTasks = []; window.__bench.frames = []; });
    const answersBefore = await page.locator('[data-testid=message][data-role=assistant]').count();
    await page.fill('[data-testid=composer-input]', 'Write a long answer.');
    await page.click('[data-testid=send-button]');
    await page.waitForFunction(([count, last]) => {
      const answers = document.querySelectorAll('[data-testid=message][data-role=assistant]');
      const answer = answers[count];
      return answers.length === count + 1 && answer.dataset.status === 'complete' && answer.textContent.includes(last);
    }, [answersBefore, `word${(tokens - 1) % 97}`], { timeout: 30_000 + (tokens / perSecond) * 3000, polling: 1000 });
    const task = await metric('TaskDuration');
    await cdp.detach();
    const during = await page.evaluate((since) => {
      const b = window.__bench;
      let dropped = 0;
      for (let i = 1; i < b.frames.length; i += 1) dropped += Math.max(0, Math.round((b.frames[i] - b.frames[i - 1]) / (1000 / 60)) - 1);
      const writes = b.writes.filter((w) => w.start >= since);
      return {
        elapsedMs: performance.now() - since,
        longTasks: b.longTasks.filter((t) => t.start >= since).length,
        longestTaskMs: Math.max(0, ...b.longTasks.map((t) => t.duration)),
        frames: b.frames.length,
        dropped,
        writes: writes.length,
        writeMs: writes.reduce((sum, w) => sum + ((w.end ?? w.start) - w.start), 0),
        stores: writes.reduce((counts, w) => ({ ...counts, [w.stores]: (counts[w.stores] ?? 0) + 1 }), {}),
        // The closest two of the answer's throttled writes: the question's own write and the
        // answer's first (both before any text) are aside, and so is the final one (it comes
        // when the stream ends, however soon after the last).
        minGapMs: (() => {
          const starts = writes.filter((w) => /messages/.test(w.stores)).map((w) => w.start).sort((a, b) => a - b);
          const gaps = starts.slice(2, -1).map((start, i) => start - starts[i + 1]);
          return gaps.length === 0 ? null : Math.min(...gaps);
        })(),
      };
    }, before.at);
    return { busyMsPerToken: ((task - before.task) * 1000) / tokens, ...during };
  }
}

