// End-to-end tests: the optimised `dist` build, served under a sub-path, in headless Chromium,
// talking to the mock provider (a test fixture started by `cargo xtask test`).
//
// Environment (set by `cargo xtask test`): SKEIN_DIST_DIR, SKEIN_PUBLIC_PATH, SKEIN_MOCK_URL,
// CHROMIUM.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { mkdirSync, readFileSync } from 'node:fs';
import { serveStatic } from './static_server.mjs';

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the end-to-end tests with \`cargo xtask test\``);
  return value;
};

const MOCK = env('SKEIN_MOCK_URL');
const PUBLIC_PATH = env('SKEIN_PUBLIC_PATH');
const SCREENSHOTS = new URL('../../target/e2e-screenshots/', import.meta.url);
/// The screenshots the README shows, taken by this run.
const DOCS_SCREENSHOTS = new URL('../../docs/screenshots/', import.meta.url);

let server;
let browser;
let appUrl;

before(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  server = await serveStatic(env('SKEIN_DIST_DIR'), PUBLIC_PATH);
  appUrl = `http://127.0.0.1:${server.port}${PUBLIC_PATH}`;
  browser = await chromium.launch({
    executablePath: env('CHROMIUM'),
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function mock(path, body) {
  const response = await fetch(`${MOCK}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(response.ok, `mock ${path} answered ${response.status}`);
  return response.status === 204 ? null : response.json();
}

/// A new page with every script error recorded; fails the test if the app does not mount.
/// `beforeLoad(page)` runs before the app is loaded.
async function openApp(context, { beforeLoad } = {}) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') page.errors.push(message.text());
  });
  if (beforeLoad) await beforeLoad(page);
  await page.goto(appUrl);
  await mounted(page);
  return page;
}

async function mounted(page) {
  // The composer exists only once the wasm app has mounted; `data-ready` once it has opened
  // storage and loaded the settings and the conversation list.
  await page.locator('[data-testid=composer]').waitFor({ state: 'attached', timeout: 30_000 });
  await page.locator('[data-testid=app][data-ready=true]').waitFor({ timeout: 30_000 });
}

/// Shows the settings screen (the chat stays behind it).
async function openSettings(page) {
  if (!(await page.locator('[data-testid=settings]').isVisible())) await page.click('[data-testid=settings-button]');
  await page.locator('[data-testid=settings]').waitFor();
}

async function closeSettings(page) {
  await page.click('[data-testid=close-settings]');
  await page.locator('[data-testid=composer-input]').waitFor();
}

async function configureMockProvider(page, { protocol = 'openai', path = '/v1' } = {}) {
  await openSettings(page);
  await page.selectOption('[data-testid=provider-kind]', protocol);
  await page.fill('[data-testid=provider-base-url]', `${MOCK}${path}`);
  await page.fill('[data-testid=provider-api-key]', 'sk-e2e');
  await page.fill('[data-testid=settings-model]', 'mock-model');
  await page.click('[data-testid=settings-save]');
  await assertText(page.locator('[data-testid=settings-feedback]'), 'Saved.');
  await closeSettings(page);
}

async function assertText(locator, expected) {
  await locator.waitFor();
  assert.equal((await locator.textContent()).trim(), expected);
}

async function send(page, text) {
  await page.fill('[data-testid=composer-input]', text);
  await page.press('[data-testid=composer-input]', 'Enter');
}

const lastAssistant = (page) => page.locator('[data-testid=message][data-role=assistant]').last();

/// Every distinct text the last assistant message showed until `done` resolved.
async function watchAssistantText(page) {
  return page.evaluate(() => new Promise((resolve) => {
    const seen = [];
    const poll = () => {
      const messages = document.querySelectorAll('[data-testid=message][data-role=assistant]');
      const last = messages[messages.length - 1];
      if (last) {
        const text = last.querySelector('[data-testid=message-content]').textContent;
        if (seen[seen.length - 1] !== text) seen.push(text);
        if (last.dataset.status !== 'streaming' && text.length > 0) return resolve(seen);
      }
      requestAnimationFrame(poll);
    };
    poll();
  }));
}

test('send streams token by token, stop keeps partial text, and both survive a reload', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);

  // 1. A streamed answer appears piece by piece.
  await mock('/admin/script', [
    { chunks: ['Alpha ', 'beta ', 'gamma ', 'delta'], delay_ms: 250 },
    // The title the app asks for after the first exchange (a non-streaming side request).
    { chunks: ['"Greek letters"'], stream: false },
  ]);
  const watching = watchAssistantText(page);
  await send(page, 'first question');
  const seen = await watching;
  // Rendered as Markdown: a paragraph's trailing space is not shown.
  assert.deepEqual(seen.filter((t) => t !== ''),
    ['Alpha', 'Alpha beta', 'Alpha beta gamma', 'Alpha beta gamma delta']);
  assert.equal(await lastAssistant(page).getAttribute('data-status'), 'complete');
  assert.equal(await page.inputValue('[data-testid=composer-input]'), '', 'the composer was cleared');

  // 2. A second conversation, stopped mid-stream.
  await page.click('[data-testid=new-chat-button]');
  await mock('/admin/script', { chunks: ['One ', 'two ', 'three ', 'four ', 'five'], delay_ms: 600 });
  await send(page, 'second question');
  await page.waitForFunction(() => {
    const texts = document.querySelectorAll('[data-role=assistant] [data-testid=message-content]');
    return texts.length > 0 && texts[texts.length - 1].textContent.includes('two');
  });
  await page.click('[data-testid=stop-button]');
  await page.locator('[data-testid=message][data-role=assistant][data-status=incomplete]').waitFor();
  const partial = await lastAssistant(page).locator('[data-testid=message-content]').textContent();
  assert.match(partial, /^One two\b/);
  assert.ok(!partial.includes('five'), `stopped before the end: ${partial}`);
  await page.locator('[data-testid=send-button]').waitFor();
  await page.screenshot({ path: new URL('after-stop.png', SCREENSHOTS).pathname });

  // 3. After a reload both conversations are still there, newest first, with their text.
  await page.reload();
  await mounted(page);
  const titles = page.locator('[data-testid=conversation-item]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 2);
  assert.deepEqual((await titles.allTextContents()).map((t) => t.trim()),
    ['second question', 'Greek letters'],
    'the finished first exchange got a generated title; the stopped one kept its question');
  await page.locator('[data-testid=message][data-role=assistant]').waitFor();
  assert.equal(await lastAssistant(page).locator('[data-testid=message-content]').textContent(), partial);
  assert.equal(await lastAssistant(page).getAttribute('data-status'), 'incomplete');

  // The provider settings were persisted too.
  await page.click('[data-testid=settings-button]');
  assert.equal(await page.inputValue('[data-testid=provider-base-url]'), `${MOCK}/v1`);
  assert.equal(await page.inputValue('[data-testid=settings-model]'), 'mock-model');
  assert.equal(await page.inputValue('[data-testid=provider-api-key]'), 'sk-e2e');
  // Storage: what the browser keeps for Skein and whether it may clear it.
  assert.match(await page.locator('[data-testid=storage-usage]').textContent(), /^Using \S+ \S*B of /);
  assert.match(await page.locator('[data-testid=storage-persistence]').textContent(), /persistent/);

  await titles.nth(1).click();
  await page.waitForFunction(() => {
    const text = document.querySelector('[data-role=assistant] [data-testid=message-content]');
    return text && text.textContent === 'Alpha beta gamma delta';
  });
  const userText = await page.locator('[data-role=user] [data-testid=message-content]').textContent();
  assert.equal(userText, 'first question');

  // 4. The provider got what the engine built: model, stream flag, the key, the user's words.
  const requests = await mock('/admin/requests');
  const answers = requests.filter((r) => r.stream === true);
  assert.equal(answers.length, 2);
  assert.equal(requests.length, 3, 'two answers and one title request');
  assert.equal(answers[0].model, 'mock-model');
  const titleRequest = requests.find((r) => r.stream === false);
  assert.match(titleRequest.messages.at(-1).content, /first question[\s\S]*Alpha beta gamma delta/);
  const second = answers[1].messages;
  assert.equal(second.length, 2);
  assert.equal(second[0].role, 'system');
  assert.match(second[0].content, /cannot call tools/, 'the model is told what it cannot do');
  assert.deepEqual(second[1], { role: 'user', content: 'second question' });
  await page.screenshot({ path: new URL('after-reload.png', SCREENSHOTS).pathname });

  assert.deepEqual(page.errors, [], 'no script errors');
  await context.close();
});

test('a failed answer is removed, its error named in a banner, and Retry answers the question', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await mock('/admin/script', [
    { status: 401, error_message: 'Invalid API key (mock)' },
    { chunks: ['Second ', 'time ', 'lucky.'] },
    { chunks: ['"Retry"'], stream: false },
  ]);
  await send(page, 'will this fail?');
  const banner = page.locator('[data-testid=error-banner][data-kind=authentication]');
  await banner.waitFor();
  assert.equal(await banner.locator('[data-testid=error-kind]').textContent(), 'Authentication');
  assert.match(await banner.textContent(), /Invalid API key \(mock\)/);
  assert.match(await banner.textContent(), /check it in the settings/);
  // The empty failed answer is gone; the question stays.
  await page.waitForFunction(() => !document.querySelector('[data-testid=message][data-role=assistant]'));
  assert.equal(
    await page.locator('[data-role=user] [data-testid=message-content]').textContent(),
    'will this fail?');
  await page.click('[data-testid=retry-button]');
  await assistantTextIs(page, 'Second time lucky.');
  assert.equal(await page.locator('[data-testid=error-banner]').count(), 0, 'the banner went');
  assert.equal(await page.locator('[data-testid=message]').count(), 2);
  await page.reload();
  await mounted(page);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=message]').length === 2);
  await context.close();
});

test('each kind of failure is named: rate limit, server, timeout, network/CORS', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  const expectKind = async (kind, label, text) => {
    const banner = page.locator(`[data-testid=error-banner][data-kind=${kind}]`);
    await banner.waitFor({ timeout: 20_000 });
    assert.equal(await banner.locator('[data-testid=error-kind]').textContent(), label);
    assert.match(await banner.textContent(), text);
    assert.equal(await banner.locator('[data-testid=retry-button]').count(), 1);
    await page.click('[data-testid=dismiss-banner]');
  };
  // A rate limit that asks for a long wait is reported at once, with the wait.
  await mock('/admin/script', { status: 429, error_message: 'Slow down (mock)', retry_after: '120' });
  await send(page, 'rate limited?');
  await expectKind('rate_limit', 'Rate limit', /wait 120 s/);
  // Server errors are retried (with backoff) before they are reported.
  const busy = { status: 503, error_message: 'Busy (mock)' };
  await mock('/admin/script', [busy, busy, busy]);
  await send(page, 'server error?');
  await expectKind('server', 'Server error', /Busy \(mock\)/);
  // A provider that sends nothing within the first-token timeout.
  await openSettings(page);
  await page.click('[data-testid=provider-limits]');
  await page.fill('[data-testid=provider-first-token-timeout]', '1');
  await page.click('[data-testid=settings-save]');
  await closeSettings(page);
  const slow = { chunks: ['late'], first_token_delay_ms: 2500 };
  await mock('/admin/script', [slow, slow, slow]);
  await send(page, 'too slow?');
  await expectKind('timeout', 'Timeout', /first-token timeout/);
  // Nothing listening at the base URL: a network (or CORS) failure, explained.
  await openSettings(page);
  await page.fill('[data-testid=provider-base-url]', 'http://127.0.0.1:9/v1');
  await page.click('[data-testid=settings-save]');
  await closeSettings(page);
  await send(page, 'anyone there?');
  await expectKind('network', 'Network or CORS', /CORS/);
  assert.equal(await page.locator('[data-testid=message][data-role=assistant]').count(), 0,
    'no empty failed answer is left behind');
  assert.equal(await page.locator('[data-testid=message][data-role=user]').count(), 4);
  await context.close();
});

test('the model list is fetched from the provider and a choice fills the model', async () => {
  const context = await browser.newContext();
  const page = await openApp(context);
  await openSettings(page);
  await page.fill('[data-testid=provider-base-url]', `${MOCK}/v1`);
  await page.click('[data-testid=fetch-models]');
  const select = page.locator('[data-testid=model-select]');
  await select.waitFor();
  assert.deepEqual(await select.locator('option:not([disabled])').allTextContents(), ['mock-model', 'mock-model-large']);
  await select.selectOption('mock-model-large');
  assert.equal(await page.inputValue('[data-testid=settings-model]'), 'mock-model-large');
  // A server that cannot be reached says so.
  await page.fill('[data-testid=provider-base-url]', 'http://127.0.0.1:9/v1');
  await page.click('[data-testid=fetch-models]');
  await page.locator('[data-testid=models-error]').waitFor();
  assert.match(await page.locator('[data-testid=models-error]').textContent(), /could not be listed/);
  await context.close();
});

test('sending without a model opens the settings and keeps the typed text', async () => {
  const context = await browser.newContext();
  const page = await openApp(context);
  // A first start shows the settings; going to the chat without a model and sending…
  await closeSettings(page);
  await send(page, 'not yet configured');
  await page.locator('[data-testid=error-banner]').waitFor();
  assert.match(await page.locator('[data-testid=error-banner]').textContent(), /model/);
  assert.ok(await page.locator('[data-testid=settings]').isVisible());
  await closeSettings(page);
  assert.equal(await page.inputValue('[data-testid=composer-input]'), 'not yet configured');
  assert.equal(await page.locator('[data-testid=message]').count(), 0);
  await context.close();
});

async function assistantTextIs(page, expected) {
  await page.waitForFunction((text) => {
    const answers = document.querySelectorAll('[data-role=assistant]');
    const last = answers[answers.length - 1];
    return last && last.dataset.status === 'complete'
      && last.querySelector('[data-testid=message-content]').textContent === text;
  }, expected);
}

test('regenerate keeps both answers; ‹ › switches between them, also after a reload', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await mock('/admin/script', [
    { chunks: ['First ', 'answer'], delay_ms: 20 },
    { chunks: ['Second ', 'answer'], delay_ms: 20 },
  ]);
  await send(page, 'pick a number');
  await assistantTextIs(page, 'First answer');

  await page.click('[data-testid=regenerate-button]');
  await assistantTextIs(page, 'Second answer');
  await assertText(page.locator('[data-testid=branch-indicator]'), '2/2');

  await page.click('[data-testid=branch-prev]');
  await assistantTextIs(page, 'First answer');
  await assertText(page.locator('[data-testid=branch-indicator]'), '1/2');

  await page.reload();
  await mounted(page);
  await assistantTextIs(page, 'First answer');
  await assertText(page.locator('[data-testid=branch-indicator]'), '1/2');
  assert.equal(await page.locator('[data-testid=message]').count(), 2);
  await context.close();
});

test('a fast stream is throttled on screen and its final text is complete', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  const chunks = Array.from({ length: 300 }, (_, i) => `w${i} `);
  await mock('/admin/script', { chunks, delay_ms: 2 });
  // Count how often the answer's text node changes while it streams.
  const counting = page.evaluate(() => new Promise((resolve) => {
    let renders = 0;
    const observer = new MutationObserver(() => {
      const answers = document.querySelectorAll('[data-role=assistant]');
      const last = answers[answers.length - 1];
      if (!last) return;
      renders += 1;
      if (last.dataset.status === 'complete') {
        observer.disconnect();
        resolve({ renders });
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  }));
  await send(page, 'count fast');
  const { renders } = await counting;
  await assistantTextIs(page, chunks.join('').trim());
  assert.ok(renders < chunks.length / 2, `throttled: ${renders} DOM updates for ${chunks.length} tokens`);
  await context.close();
});

test('an image in an answer is stored apart and shown from the page, also after a reload', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  const dot = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  await mock('/admin/script', { chunks: ['Here is a dot: ', `![dot](data:image/png;base64,${dot})`, ' done.'], delay_ms: 20 });
  await send(page, 'draw a dot');
  const shown = async () => {
    const img = page.locator('[data-testid=message-image] img');
    await img.waitFor();
    assert.match(await img.getAttribute('src'), /^blob:/);
    await page.waitForFunction(() => document.querySelector('[data-testid=message-image] img').naturalWidth === 1);
  };
  await shown();
  const text = await lastAssistant(page).locator('[data-testid=message-content]').textContent();
  assert.equal(text, 'Here is a dot:  done.', 'no base64 left in the text');
  await page.reload();
  await mounted(page);
  await shown();
  await context.close();
});

test('deleting a conversation can be undone; otherwise it is gone for good', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  for (const question of ['keep this chat', 'delete this chat']) {
    await page.click('[data-testid=new-chat-button]');
    // The generated title (a side request) repeats the question, so the list reads the same
    // before and after it arrives.
    await mock('/admin/script', [{ chunks: ['ok'], delay_ms: 5 }, { chunks: [question], stream: false }]);
    await send(page, question);
    await assistantTextIs(page, 'ok');
  }
  const items = page.locator('[data-testid=conversation-item]');
  const titles = async () => (await items.allTextContents()).map((t) => t.trim());
  assert.deepEqual(await titles(), ['delete this chat', 'keep this chat']);

  // Deleted at once from the list, with an undo that brings it back.
  await items.first().hover();
  await page.locator('[data-testid=conversation-delete]').first().click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 1);
  assert.equal(await page.locator('[data-testid=message]').count(), 0, 'the deleted chat left the screen');
  assert.match(await page.locator('[data-testid=undo-toast]').textContent(), /Deleted “delete this chat”/);
  await page.click('[data-testid=undo-button]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 2);
  assert.deepEqual(await titles(), ['delete this chat', 'keep this chat']);

  // Without undo it is deleted for good once the notice goes.
  await items.first().hover();
  await page.locator('[data-testid=conversation-delete]').first().click();
  await page.locator('[data-testid=undo-toast]').waitFor({ state: 'detached', timeout: 15_000 });
  await page.reload();
  await mounted(page);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 1);
  assert.deepEqual(await titles(), ['keep this chat']);
  await context.close();
});

test('search finds conversations by title and by what was said; a rename sticks', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  const chats = [
    ['tea question', 'Green tea wants water at 75 °C.', 'Tea temperature'],
    ['coffee question', 'A French press takes four minutes.', 'Coffee timing'],
  ];
  for (const [question, answer, title] of chats) {
    await page.click('[data-testid=new-chat-button]');
    await mock('/admin/script', [{ chunks: [answer] }, { chunks: [`"${title}"`], stream: false }]);
    await send(page, question);
    await assistantTextIs(page, answer);
    await page.waitForFunction((t) => [...document.querySelectorAll('[data-testid=conversation-item]')]
      .some((e) => e.textContent.includes(t)), title);
  }
  const items = page.locator('[data-testid=conversation-item]');
  // By title, at once.
  await page.fill('[data-testid=search-input]', 'COFFEE');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 1);
  assert.match(await items.first().textContent(), /Coffee timing/);
  // By message text, with the words that matched.
  await page.fill('[data-testid=search-input]', 'french press');
  await page.waitForFunction(() => document.querySelector('[data-testid=search-snippet]'));
  assert.equal(await items.count(), 1);
  assert.match(await page.locator('[data-testid=search-snippet]').textContent(), /A French press takes four minutes/);
  await page.fill('[data-testid=search-input]', 'nothing like this');
  await page.locator('[data-testid=no-results]').waitFor();
  await page.fill('[data-testid=search-input]', '');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 2);

  // Rename: the user's title stays, also after a reload.
  await items.last().hover();
  await page.locator('[data-testid=conversation-rename]').last().click();
  await page.fill('[data-testid=rename-input]', 'My tea notes');
  await page.press('[data-testid=rename-input]', 'Enter');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=conversation-item]')]
    .some((e) => e.textContent.includes('My tea notes')));
  await page.reload();
  await mounted(page);
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=conversation-item]')]
    .some((e) => e.textContent.includes('My tea notes')));
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('an answer that finishes in a background tab raises a notification, not in the foreground', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  // Headless Chromium shows no notifications; this recording stand-in for the browser's
  // Notification API (installed before the app loads) lets the test see what the app asks for.
  await context.addInitScript(() => {
    window.__notifications = [];
    window.__hidden = false;
    class RecordingNotification {
      static permission = 'default';
      static requestPermission() {
        RecordingNotification.permission = 'granted';
        return Promise.resolve('granted');
      }
      constructor(title, options) { window.__notifications.push({ title, body: options?.body }); }
    }
    window.Notification = RecordingNotification;
    Object.defineProperty(document, 'visibilityState', { get: () => (window.__hidden ? 'hidden' : 'visible') });
  });
  const page = await openApp(context);
  await configureMockProvider(page);
  await openSettings(page);
  await page.click('[data-testid=enable-notifications]');
  await page.locator('[data-testid=notifications] p').waitFor();
  assert.match(await page.locator('[data-testid=notifications]').textContent(), /Notifications are on/);
  await closeSettings(page);

  await mock('/admin/script', [
    { chunks: ['Visible answer.'], delay_ms: 10 },
    { chunks: ['Watching closely'], stream: false },
  ]);
  await send(page, 'while I watch');
  await assistantTextIs(page, 'Visible answer.');
  await page.waitForFunction(() => document.querySelector('[data-testid=conversation-item]')?.textContent.includes('Watching closely'));
  assert.deepEqual(await page.evaluate(() => window.__notifications), [], 'nothing while the tab is visible');

  await mock('/admin/script', { chunks: ['Background ', 'answer.'], delay_ms: 300 });
  await send(page, 'while I am away');
  await page.evaluate(() => { window.__hidden = true; });
  await page.waitForFunction(() => window.__notifications.length === 1);
  assert.deepEqual(await page.evaluate(() => window.__notifications),
    [{ title: 'Watching closely', body: 'Background answer.' }]);
  await context.close();
});

test('Anthropic and Gemini answers stream in the browser (their headers pass CORS)', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  for (const [protocol, path] of [['anthropic', '/v1'], ['gemini', '/v1beta']]) {
    await configureMockProvider(page, { protocol, path });
    await page.click('[data-testid=new-chat-button]');
    await mock('/admin/script', [
      { chunks: [`Answer `, `in ${protocol}.`], delay_ms: 20 },
      { chunks: [`${protocol} chat`], stream: false },
    ]);
    await send(page, `hello ${protocol}`);
    await page.waitForFunction((expected) => {
      const texts = document.querySelectorAll('[data-role=assistant] [data-testid=message-content]');
      return texts.length > 0 && texts[texts.length - 1].textContent === expected;
    }, `Answer in ${protocol}.`);
    assert.equal(await lastAssistant(page).getAttribute('data-status'), 'complete');
  }
  const requests = await mock('/admin/requests');
  const anthropic = requests.find((r) => r.stream === true && Array.isArray(r.messages));
  assert.equal(anthropic.messages[0].content[0].text, 'hello anthropic');
  assert.match(anthropic.system, /cannot call tools/);
  const gemini = requests.find((r) => r._path === 'mock-model:streamGenerateContent');
  assert.equal(gemini.contents[0].parts[0].text, 'hello gemini');
  assert.deepEqual(page.errors, [], 'no script errors');
  await context.close();
});

test('a tab closed mid-stream keeps every word it showed, marked incomplete when reopened', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  await context.addInitScript(() => {
    window.__hidden = false;
    Object.defineProperty(document, 'visibilityState', { get: () => (window.__hidden ? 'hidden' : 'visible') });
  });
  const page = await openApp(context);
  await configureMockProvider(page);
  // Three quick pieces, then the stream stalls: the throttled writes (at most one per 250 ms)
  // have saved none of them, so only the flush on hiding can keep them.
  await mock('/admin/script', { chunks: ['One ', 'two ', 'three ', 'never'], delay_ms: 20, stall_after: 3 });
  await send(page, 'count for me');
  await page.waitForFunction(() => {
    const texts = document.querySelectorAll('[data-role=assistant] [data-testid=message-content]');
    return texts.length > 0 && texts[texts.length - 1].textContent === 'One two three';
  });
  // The tab is hidden (often the last moment a mobile page runs), then closed.
  await page.evaluate(() => {
    window.__hidden = true;
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.waitForTimeout(300);
  await page.close();

  const reopened = await openApp(context);
  const answer = reopened.locator('[data-testid=message][data-role=assistant]').last();
  await reopened.locator('[data-testid=message][data-role=assistant][data-status=incomplete]').waitFor();
  assert.equal(await answer.locator('[data-testid=message-content]').textContent(), 'One two three');
  assert.deepEqual(reopened.errors, [], 'no script errors');
  await context.close();
});

test('a conversation exports as Markdown (its branch) and JSON (every branch), made in the page', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await openApp(context);
  await configureMockProvider(page);
  await mock('/admin/script', [
    { chunks: ['First ', 'answer'], delay_ms: 5 },
    { chunks: ['Export test'], stream: false },
    { chunks: ['Second ', 'answer'], delay_ms: 5 },
  ]);
  await send(page, 'export me');
  await assistantTextIs(page, 'First answer');
  await page.click('[data-testid=regenerate-button]');
  await assistantTextIs(page, 'Second answer');
  // Both answers and both title requests (the regenerated answer is a first exchange too) are
  // in before counting, so a late title request is not taken for one the export made.
  const settled = Date.now() + 10_000;
  while ((await mock('/admin/requests')).length < 4 && Date.now() < settled) {
    await page.waitForTimeout(50);
  }
  const requestsBefore = (await mock('/admin/requests')).length;
  assert.equal(requestsBefore, 4);

  const [markdown] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-markdown]')]);
  assert.match(markdown.suggestedFilename(), /\.md$/);
  const text = readFileSync(await markdown.path(), 'utf8');
  assert.match(text, /^# /);
  assert.match(text, /## User\n\nexport me/);
  assert.match(text, /## Assistant \(mock-model\)\n\nSecond answer/);
  assert.ok(!text.includes('First answer'), 'only the branch on screen');

  const [json] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-json]')]);
  const exported = JSON.parse(readFileSync(await json.path(), 'utf8'));
  assert.equal(exported.format, 'skein.conversation');
  const texts = exported.messages.map((m) => m.parts.filter((p) => p.type === 'text').map((p) => p.text).join(''));
  assert.ok(texts.includes('First answer') && texts.includes('Second answer'), 'every branch');
  assert.equal((await mock('/admin/requests')).length, requestsBefore, 'exporting sent nothing');
  await context.close();
});

test('importing ChatGPT conversations keeps their branches; a broken file changes nothing', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  const chatgpt = new URL('../fixtures/chatgpt/conversations.json', import.meta.url).pathname;
  await openSettings(page);
  await page.setInputFiles('[data-testid=import-file]', chatgpt);
  await assertText(page.locator('[data-testid=notice] span'), 'Imported 1 conversation from conversations.json.');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 1);
  assert.match(await page.locator('[data-testid=conversation-item]').first().textContent(), /Tea brewing/);
  await assistantTextIs(page, '2–3 minutes at 75 °C.\n[attachment not imported]');
  await assertText(page.locator('[data-testid=branch-indicator]'), '2/2');

  // A hostile file: refused with where the problem is, and nothing is added.
  await openSettings(page);
  await page.setInputFiles('[data-testid=import-file]', {
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('[{"title":"x","mapping":[]}]'),
  });
  await page.waitForFunction(() => document.querySelector('[data-testid=error-banner] span')?.textContent.includes('cannot be imported'));
  assert.match(await page.locator('[data-testid=error-banner] span').textContent(), /conversations\[0\]\.mapping/);
  assert.equal(await page.locator('[data-testid=conversation-item]').count(), 1);

  await page.reload();
  await mounted(page);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 1);
  assert.equal(await page.locator('[data-testid=message]').count(), 2);
  await context.close();
});

test('two tabs: a conversation made in one appears in the other, which follows its answer without calling it interrupted', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const writer = await openApp(context);
  await configureMockProvider(writer);
  const reader = await openApp(context);
  assert.equal(await reader.locator('[data-testid=conversation-item]').count(), 0);

  await mock('/admin/script', [
    { chunks: ['Slowly ', 'but ', 'surely ', 'done.'], delay_ms: 400 },
    { chunks: ['Two tabs'], stream: false },
  ]);
  await send(writer, 'from the first tab');
  // The other tab hears of it without a reload, and opens it while it is still streaming.
  await reader.locator('[data-testid=conversation-item]').first().waitFor();
  await reader.locator('[data-testid=conversation-item]').first().click();
  await reader.locator('[data-role=user] [data-testid=message-content]').waitFor();
  const earlyStatus = await reader.locator('[data-testid=message][data-role=assistant]').last().getAttribute('data-status');
  assert.notEqual(earlyStatus, 'incomplete', 'an answer being written in another tab is not "interrupted"');

  await assistantTextIs(writer, 'Slowly but surely done.');
  // When the writer finishes, the reader shows the finished answer.
  await assistantTextIs(reader, 'Slowly but surely done.');
  await reader.waitForFunction(() => document.querySelector('[data-testid=conversation-item]')?.textContent.includes('Two tabs'));
  assert.deepEqual(writer.errors, []);
  assert.deepEqual(reader.errors, []);
  await context.close();
});

test('a full backup restores a deleted conversation, without API keys unless asked', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await openApp(context);
  await configureMockProvider(page);
  await mock('/admin/script', [{ chunks: ['Worth ', 'keeping.'], delay_ms: 5 }, { chunks: ['Precious'], stream: false }]);
  await send(page, 'remember this');
  await assistantTextIs(page, 'Worth keeping.');
  await page.waitForFunction(() => document.querySelector('[data-testid=conversation-item]')?.textContent.includes('Precious'));

  await openSettings(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=backup]')]);
  const backup = readFileSync(await download.path(), 'utf8');
  assert.equal(JSON.parse(backup).format, 'skein.backup');
  assert.ok(!backup.includes('sk-e2e'), 'the API key stays out by default');

  await page.locator('[data-testid=conversation-item]').first().hover();
  await page.locator('[data-testid=conversation-delete]').first().click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 0);

  await openSettings(page);
  await page.setInputFiles('[data-testid=import-file]', { name: 'skein-backup.json', mimeType: 'application/json', buffer: Buffer.from(backup) });
  await page.waitForFunction(() => document.querySelector('[data-testid=conversation-item]')?.textContent.includes('Precious'));
  await assistantTextIs(page, 'Worth keeping.');
  await context.close();
});

/// An app whose origin has one stored exchange and then no room left: Chromium's real quota,
/// shrunk through the DevTools protocol. IndexedDB learns an origin's room when it first opens
/// and asks again only when a write needs more than that, so the quota is set small (400 kB)
/// before the app starts, then to exactly what is used. A write larger than 400 kB is then
/// refused with a real QuotaExceededError. `setQuota()` lifts the limit ("space was freed").
async function appWithFullStorage(context) {
  const origin = new URL(appUrl).origin;
  let cdp;
  const setQuota = (quotaSize) => cdp.send('Storage.overrideQuotaForOrigin',
    quotaSize === undefined ? { origin } : { origin, quotaSize });
  const page = await openApp(context, {
    beforeLoad: async (p) => { cdp = await context.newCDPSession(p); await setQuota(400_000); },
  });
  await configureMockProvider(page);
  await mock('/admin/script', [
    { chunks: ['Stored ', 'answer.'] },
    { chunks: ['"Disk space"'], stream: false },
  ]);
  await send(page, 'before the disk filled');
  await assistantTextIs(page, 'Stored answer.');
  await page.waitForFunction(() => document.querySelector('[data-testid=conversation-item]')?.textContent.includes('Disk space'));
  const { usage } = await cdp.send('Storage.getUsageAndQuota', { origin });
  await setQuota(usage + 1);
  return { page, setQuota };
}

/// Varied text (compression cannot shrink it) of about `lines` × 17 characters.
const bulkyText = (lines, label = 'line') =>
  Array.from({ length: lines }, (_, i) => `${label} ${i} ${(i * 7919) % 104729}`).join('\n');

test('full storage is said plainly, half-writes nothing, stays readable, and recovers once space is freed', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const { page, setQuota } = await appWithFullStorage(context);
  // A long pasted log (varied text, so it cannot be compressed away; larger than the whole
  // first quota, so IndexedDB has to ask again) no longer fits.
  const log = bulkyText(30_000);
  await page.locator('[data-testid=composer-input]').evaluate((input, text) => {
    input.value = text; // as a paste would (typing it through Playwright takes minutes)
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, log);
  await page.press('[data-testid=composer-input]', 'Enter');
  const alert = page.locator('[data-testid=storage-alert][data-kind=full]');
  await alert.waitFor();
  assert.match(await alert.textContent(), /Storage is full, so Skein is read-only/);
  assert.match(await page.locator('[data-testid=error-banner]').textContent(), /storage is full/i);
  assert.equal(await page.inputValue('[data-testid=composer-input]'), log,
    'the unsaved text stays in the composer');
  assert.ok(await page.locator('[data-testid=send-button]').isDisabled(), 'read-only: sending waits');
  assert.equal((await mock('/admin/requests')).length, 2, 'nothing unsaved was sent to the provider');
  // Reading still works: what was stored is on screen, nothing of the failed write.
  assert.deepEqual(await page.locator('[data-testid=message-content]').allTextContents(),
    ['before the disk filled', 'Stored answer.']);
  await page.screenshot({ path: new URL('storage-full.png', SCREENSHOTS).pathname });

  // "Check again" while still full keeps the notice.
  await page.click('[data-testid=storage-check]');
  await page.waitForTimeout(500);
  assert.ok(await alert.isVisible(), 'still full');

  // Space is freed: the check clears the notice and the kept text is sent.
  await setQuota(undefined);
  await page.click('[data-testid=storage-check]');
  await alert.waitFor({ state: 'detached' });
  await mock('/admin/script', { chunks: ['Saved ', 'again.'] });
  await page.press('[data-testid=composer-input]', 'Enter');
  await assistantTextIs(page, 'Saved again.');

  // After a reload: exactly the stored exchanges.
  await page.reload();
  await mounted(page);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=message]').length === 4);
  const texts = await page.locator('[data-testid=message-content]').allTextContents();
  assert.deepEqual(texts.map((t) => t.slice(0, 30)),
    ['before the disk filled', 'Stored answer.', log.slice(0, 30), 'Saved again.']);
  assert.deepEqual(page.errors, [], 'no script errors');
  await context.close();
});

test('an answer too big for the storage left stays on screen and is saved once space is freed', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const { page, setQuota } = await appWithFullStorage(context);
  // A short question (it fits) and an answer of about 500 kB (it does not).
  const pieces = bulkyText(30_000, 'row').match(/[\s\S]{1,5000}/g);
  await mock('/admin/script', { chunks: pieces });
  await send(page, 'print the whole table');
  const alert = page.locator('[data-testid=storage-alert][data-kind=full]');
  await alert.waitFor();
  const answer = pieces.join('');
  await page.waitForFunction((length) => {
    const answers = document.querySelectorAll('[data-role=assistant] [data-testid=message-content]');
    return answers[answers.length - 1]?.textContent.length === length;
  }, answer.length);
  assert.equal(await lastAssistant(page).locator('[data-testid=message-content]').textContent(), answer,
    'every word is on screen');

  await setQuota(undefined);
  await page.click('[data-testid=storage-check]');
  await alert.waitFor({ state: 'detached' });
  // Saved now (read straight from IndexedDB): a reload shows the whole answer, complete.
  await page.waitForFunction(async (length) => {
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('skein');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = await new Promise((resolve) => {
      const read = db.transaction('messages').objectStore('messages').getAll();
      read.onsuccess = () => resolve(read.result);
    });
    db.close();
    return all.some((m) => m.role === 'assistant' && m.status === 'complete'
      && m.parts.map((p) => p.text ?? '').join('').length === length);
  }, answer.length);
  await page.reload();
  await mounted(page);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=message]').length === 4);
  assert.equal(await lastAssistant(page).getAttribute('data-status'), 'complete');
  assert.equal(await lastAssistant(page).locator('[data-testid=message-content]').textContent(), answer);
  await context.close();
});

const HOSTILE_ANSWER = [
  '# Hostile output\n\n',
  '<script>window.__pwned = "script"</script>\n\n',
  'Inline <img src=x onerror="window.__pwned=\'img\'"> and <b onmouseover="window.__pwned=\'b\'">bold</b>.\n\n',
  '[js link](javascript:window.__pwned="link") [JS](JaVaScRiPt:void(window.__pwned="case")) ',
  '[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) [web](https://example.com/page)\n\n',
  '<svg onload="window.__pwned=\'svg\'"><circle r="5"/></svg>\n\n',
  '<iframe src="https://evil.example/frame"></iframe>\n\n',
  '<style>body { display: none }</style><link rel="stylesheet" href="https://evil.example/x.css">\n\n',
  '![tracking pixel](https://tracker.example/pixel.png?user=me)\n\n',
  '![svg image](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)\n\n',
  '<a href="https://evil.example" onclick="window.__pwned=\'a\'">raw anchor</a>\n\n',
  `${'> '.repeat(400)}deep quote\n\n`,
  `${'- '.repeat(200)}deep list\n\n`,
  '```html\n<script>window.__pwned = "code"</script>\n```\n\n',
  '| a | b |\n|---|---|\n| <img src=x onerror=alert(1)> | `x` |\n',
];

test('hostile model output runs no script and loads nothing until the user asks', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  const appOrigin = new URL(appUrl).origin;
  const elsewhere = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(appOrigin) && !url.startsWith(MOCK)) elsewhere.push(url);
  });
  await configureMockProvider(page);
  await mock('/admin/script', [{ chunks: HOSTILE_ANSWER, delay_ms: 5 }, { chunks: ['"Hostile"'], stream: false }]);
  await send(page, 'show me something nasty');
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete]').waitFor();
  await page.waitForTimeout(500);
  const content = page.locator('[data-role=assistant] [data-testid=message-content]').last();
  const report = await content.evaluate((root) => {
    const all = [...root.querySelectorAll('*')];
    return {
      pwned: window.__pwned ?? null,
      forbidden: all.filter((e) => ['SCRIPT', 'IFRAME', 'SVG', 'svg', 'STYLE', 'LINK', 'OBJECT', 'EMBED', 'IMG']
        .includes(e.tagName)).map((e) => e.tagName),
      handlers: all.flatMap((e) => [...e.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name)),
      links: [...root.querySelectorAll('a')].map((a) => ({ href: a.getAttribute('href'), rel: a.rel, target: a.target })),
      text: root.textContent,
      bodyShown: getComputedStyle(document.body).display !== 'none',
    };
  });
  assert.equal(report.pwned, null, 'no script ran');
  assert.deepEqual(report.forbidden, [], 'no active or remote-loading element');
  assert.deepEqual(report.handlers, [], 'no event-handler attribute');
  assert.deepEqual(report.links, [{ href: 'https://example.com/page', rel: 'noopener noreferrer', target: '_blank' }]);
  assert.ok(report.bodyShown, 'no style from the answer applies');
  assert.match(report.text, /<script>window.__pwned = "script"<\/script>/, 'raw HTML shows as text');
  assert.match(report.text, /deep quote/);
  assert.match(report.text, /deep list/);
  assert.deepEqual(elsewhere, [], 'nothing was requested from another server');

  // The remote image is an offer naming its host; only the user's click loads it.
  const offer = content.locator('[data-testid=remote-image]');
  assert.equal(await offer.count(), 1, 'the data: SVG image is not offered at all');
  assert.match(await offer.textContent(), /Load image from tracker\.example/);
  const requested = page.waitForRequest((r) => r.url().startsWith('https://tracker.example/'));
  await offer.click();
  await requested;
  assert.equal(await content.locator('img').getAttribute('referrerpolicy'), 'no-referrer');
  // The consented load fails here (no such host), which the console reports; nothing else.
  assert.deepEqual(page.errors.filter((e) => !e.includes('ERR_NAME_NOT_RESOLVED')), [], 'no script errors');
  await context.close();
});

test('an answer in Markdown shows headings, lists, tables and highlighted code with a copy button', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await openApp(context);
  await configureMockProvider(page);
  const answer = '## Steps\n\n1. Install **Rust**\n2. Run `cargo build`\n\n| Tool | Use |\n|:--|--:|\n| trunk | bundles |\n\n```rust\nfn main() {\n    println!("hi"); // greet\n}\n```\n\nSee [the book](https://doc.rust-lang.org/book/). Growth is $O(n^2)$:\n\n$$\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$$';
  await mock('/admin/script', [{ chunks: answer.match(/[\s\S]{1,7}/g), delay_ms: 3 }, { chunks: ['"Rust"'], stream: false }]);
  await send(page, 'how do I start with Rust?');
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete]').waitFor();
  const content = page.locator('[data-role=assistant] [data-testid=message-content]').last();
  await content.locator('table').waitFor();
  assert.equal(await content.locator('h4').textContent(), 'Steps');
  assert.deepEqual(await content.locator('ol > li').allTextContents(), ['Install Rust', 'Run cargo build']);
  assert.deepEqual(await content.locator('td').allTextContents(), ['trunk', 'bundles']);
  assert.equal(await content.locator('[data-testid=code-language]').textContent(), 'rust');
  assert.deepEqual(await content.locator('.tok-kw').allTextContents(), ['fn']);
  assert.equal(await content.locator('.tok-com').textContent(), '// greet');
  // Math is MathML the browser lays out: a fraction, a sum with limits, a superscript.
  assert.equal(await content.locator('math').count(), 2);
  assert.equal(await content.locator('math[display=block] mfrac').count(), 1);
  assert.equal(await content.locator('math[display=block] munderover > mo').first().textContent(), '∑');
  assert.equal(await content.locator('math[display=inline] msup').count(), 1);
  await content.locator('[data-testid=copy-code]').click();
  assert.equal(await content.locator('[data-testid=copy-code]').textContent(), 'Copied');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'fn main() {\n    println!("hi"); // greet\n}\n');
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL('chat-light.png', DOCS_SCREENSHOTS).pathname });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('memory tool calls wait for the user: approve runs it, deny tells the model, answer replaces it', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await openSettings(page);
  await page.check('[data-testid=memory-toggle]');
  await closeSettings(page);

  const remember = (text) => ({
    chunks: [], tool_call: { name: 'create_memory', arguments: JSON.stringify({ text }) },
  });
  // 1. Approve: the memory is saved and the model finishes its answer with the result.
  await mock('/admin/script', [
    remember('Likes green tea'),
    { chunks: ['Noted: ', 'green tea.'] },
    { chunks: ['"Tea memory"'], stream: false },
  ]);
  await send(page, 'remember that I like green tea');
  const card = page.locator('[data-testid=tool-call][data-tool-name=create_memory]').last();
  await card.locator('[data-testid=approve-button]').waitFor();
  assert.equal(await card.getAttribute('data-approval'), 'pending');
  assert.match(await card.locator('[data-testid=tool-arguments]').textContent(), /Likes green tea/);
  assert.equal(await lastAssistant(page).getAttribute('data-status'), 'awaiting-approval');
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL('pending-tool-call.png', DOCS_SCREENSHOTS).pathname });
  await card.locator('[data-testid=approve-button]').click();
  await assistantTextIs(page, 'Noted: green tea.');
  const approved = page.locator('[data-testid=tool-call][data-approval=approved]');
  assert.match(await approved.locator('[data-testid=tool-result]').textContent(), /"saved"/);
  let requests = (await mock('/admin/requests')).filter((r) => r.stream === true);
  const toolTurn = requests.at(-1).messages.at(-1);
  assert.equal(toolTurn.role, 'tool', 'the result went back to the model');
  assert.match(toolTurn.content, /saved/);
  assert.ok(requests[0].tools.some((t) => t.function.name === 'search_memories'), 'memory tools offered');

  // 2. Deny: nothing is saved; the model hears it was denied.
  await mock('/admin/script', [remember('Lives in Paris'), { chunks: ['Understood, I will not.'] }]);
  await send(page, 'remember where I live');
  await page.locator('[data-testid=tool-call][data-approval=pending] [data-testid=deny-button]').click();
  await assistantTextIs(page, 'Understood, I will not.');
  requests = (await mock('/admin/requests')).filter((r) => r.stream === true);
  assert.match(requests.at(-1).messages.at(-1).content, /denied/i);

  // 3. Answer…: the user's words are the tool's result.
  await mock('/admin/script', [remember('Has a cat'), { chunks: ['Thanks for telling me.'] }]);
  await send(page, 'remember my pet');
  const pending = page.locator('[data-testid=tool-call][data-approval=pending]');
  await pending.locator('[data-testid=answer-button]').click();
  await pending.locator('[data-testid=tool-answer-input]').fill('Not a cat: a dog.');
  await pending.locator('[data-testid=tool-answer-send]').click();
  await assistantTextIs(page, 'Thanks for telling me.');
  requests = (await mock('/admin/requests')).filter((r) => r.stream === true);
  assert.match(requests.at(-1).messages.at(-1).content, /Not a cat: a dog\./);
  assert.equal(await page.locator('[data-testid=tool-call][data-approval=answered]').count(), 1);

  // Only the approved memory exists: a later search sees it (read straight from storage).
  const memories = await page.evaluate(async () => {
    const db = await new Promise((resolve) => { const r = indexedDB.open('skein'); r.onsuccess = () => resolve(r.result); });
    const all = await new Promise((resolve) => {
      const read = db.transaction('memories').objectStore('memories').getAll();
      read.onsuccess = () => resolve(read.result);
    });
    db.close();
    return all.map((m) => m.text);
  });
  assert.deepEqual(memories, ['Likes green tea']);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('keyboard shortcuts, the shortcut list, a dark theme that stays, and jump to latest', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  const focused = () => page.evaluate(() => document.activeElement?.dataset.testid ?? null);

  await page.locator('body').press('?');
  await page.locator('[data-testid=shortcuts-help]').waitFor();
  assert.match(await page.locator('[data-testid=shortcuts-help]').textContent(), /Ctrl\+K/);
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=shortcuts-help]').waitFor({ state: 'detached' });
  await page.keyboard.press('Control+k');
  assert.equal(await focused(), 'search-input');
  await page.keyboard.press('Shift+Escape');
  assert.equal(await focused(), 'composer-input');

  // A long answer, streamed slowly: reading above it is not interrupted, and the button
  // brings the newest text back.
  const lines = Array.from({ length: 80 }, (_, i) => `Line ${i} of a long answer.\n\n`);
  await mock('/admin/script', [{ chunks: lines, delay_ms: 40 }, { chunks: ['"Long"'], stream: false }]);
  await send(page, 'write a lot');
  const scroller = page.locator('.messages-scroller');
  await page.waitForFunction(() => document.querySelectorAll('[data-role=assistant] p').length > 20);
  await scroller.evaluate((el) => { el.scrollTop = -600; el.dispatchEvent(new Event('scroll')); });
  await page.locator('[data-testid=jump-to-latest]').waitFor();
  await page.waitForTimeout(400);
  assert.ok(await scroller.evaluate((el) => el.scrollTop < -300), 'still reading where the reader was');
  await page.click('[data-testid=jump-to-latest]');
  await page.locator('[data-testid=jump-to-latest]').waitFor({ state: 'detached' });
  assert.ok(await scroller.evaluate((el) => el.scrollTop > -5), 'at the newest text');
  // Esc stops the answer being written; the words so far stay.
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=message][data-role=assistant][data-status=incomplete]').waitFor();

  // Dark theme: applied at once and kept after a reload.
  await openSettings(page);
  await page.selectOption('[data-testid=theme-select]', 'dark');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  await closeSettings(page);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(await background(), 'rgb(22, 22, 26)');
  await page.reload();
  await mounted(page);
  assert.equal(await background(), 'rgb(22, 22, 26)');

  // Ctrl+Shift+O: a new chat.
  await page.locator('[data-testid=message]').first().waitFor();
  await page.keyboard.press('Control+Shift+O');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=message]').length === 0);
  assert.deepEqual(page.errors, []);
  await context.close();
});

/// A ChatGPT export of one conversation with `count` messages, alternating questions and
/// Markdown answers with code.
function longChatGptExport(count) {
  const mapping = { root: { id: 'root', message: null, parent: null, children: ['m0'] } };
  for (let i = 0; i < count; i += 1) {
    const role = i % 2 === 0 ? 'user' : 'assistant';
    const text = role === 'user'
      ? `Question ${i}: how does step ${i} work?`
      : `Answer ${i}: **step ${i}** works like this:\n\n- first part\n- second part\n\n\`\`\`js\nconst step = ${i};\n\`\`\``;
    mapping[`m${i}`] = {
      id: `m${i}`,
      message: { id: `m${i}`, author: { role }, content: { content_type: 'text', parts: [text] }, create_time: 1700000000 + i },
      parent: i === 0 ? 'root' : `m${i - 1}`,
      children: i + 1 < count ? [`m${i + 1}`] : [],
    };
  }
  return JSON.stringify([{ title: 'A very long conversation', create_time: 1700000000, update_time: 1700009999,
    conversation_id: 'long', current_node: `m${count - 1}`, mapping }]);
}

test('a 2,000-message conversation opens at its latest messages; screenshots of the main screens', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await openSettings(page);
  await page.setInputFiles('[data-testid=import-file]', {
    name: 'conversations.json', mimeType: 'application/json', buffer: Buffer.from(longChatGptExport(2000)),
  });
  await page.waitForFunction(() => document.querySelector('[data-testid=conversation-item]')?.textContent.includes('A very long conversation'));
  await page.locator('[data-testid=conversation-item]').first().click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=message]').length > 0);
  const latest = page.locator('[data-testid=message]').last();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=message-content]')].at(-1)?.textContent.includes('Answer 1999'));
  assert.ok(await latest.isVisible(), 'the latest message is on screen');
  // The context meter: the whole thread is far past the summarising threshold.
  const tokens = page.locator('[data-testid=context-tokens]');
  await tokens.waitFor();
  const count = async () => Number((await tokens.textContent()).match(/≈ ([\d.]+)k/)[1]);
  assert.match(await tokens.textContent(), /of 32\.0k tokens/);
  const before = await count();
  assert.ok(before > 32, `${before}k tokens`);
  await page.fill('[data-testid=composer-input]', 'word '.repeat(2000));
  await page.waitForFunction((b) => Number(document.querySelector('[data-testid=context-tokens]').textContent.match(/≈ ([\d.]+)k/)[1]) > b, before);
  await page.fill('[data-testid=composer-input]', '');
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL('long-conversation.png', DOCS_SCREENSHOTS).pathname });

  // The main screens, light and dark.
  await openSettings(page);
  await page.screenshot({ path: new URL('settings-light.png', DOCS_SCREENSHOTS).pathname });
  await page.selectOption('[data-testid=theme-select]', 'dark');
  await page.screenshot({ path: new URL('settings-dark.png', DOCS_SCREENSHOTS).pathname });
  await closeSettings(page);
  await page.screenshot({ path: new URL('long-conversation-dark.png', DOCS_SCREENSHOTS).pathname });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('edit a question (the old branch stays), continue a stopped answer, two chats generating at once', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);

  // Continue: a stopped answer goes on from where it stopped.
  await mock('/admin/script', [
    { chunks: ['Once ', 'upon ', 'a ', 'time ', 'there ', 'was'], delay_ms: 400 },
    { chunks: ['"Story"'], stream: false },
    { chunks: [' a fox.'] },
  ]);
  await send(page, 'tell a story');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-role=assistant] [data-testid=message-content]')]
    .at(-1)?.textContent.includes('upon'));
  await page.click('[data-testid=stop-button]');
  await page.locator('[data-testid=message][data-role=assistant][data-status=incomplete]').waitFor();
  const stopped = await lastAssistant(page).locator('[data-testid=message-content]').textContent();
  await page.click('[data-testid=continue-button]');
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete]').waitFor();
  // (HTML shows runs of spaces as one; the stored text keeps the model's own spacing.)
  const squash = (text) => text.replace(/\s+/g, ' ');
  assert.equal(squash(await lastAssistant(page).locator('[data-testid=message-content]').textContent()), `${stopped} a fox.`);
  const continued = (await mock('/admin/requests')).filter((r) => r.stream === true).at(-1);
  assert.equal(continued.messages.at(-1).role, 'assistant', 'the continuation request ends with the partial answer');

  // Edit: the edited question gets its own answer; ‹ › goes back to the original.
  await mock('/admin/script', { chunks: ['About a bear.'] });
  await page.click('[data-testid=edit-button]');
  await page.fill('[data-testid=edit-input]', 'tell a story about a bear');
  await page.click('[data-testid=edit-save]');
  await assistantTextIs(page, 'About a bear.');
  const userMessage = page.locator('[data-testid=message][data-role=user]');
  await assertText(userMessage.locator('[data-testid=branch-indicator]'), '2/2');
  await userMessage.locator('[data-testid=branch-prev]').click();
  await page.waitForFunction(() => document.querySelector('[data-role=user] [data-testid=message-content]')?.textContent === 'tell a story');
  assert.equal(squash(await lastAssistant(page).locator('[data-testid=message-content]').textContent()), `${stopped} a fox.`);

  // Two conversations at once: the first keeps streaming while the second is asked and answered.
  await mock('/admin/script', [
    { chunks: ['Slow ', 'and ', 'steady ', 'wins.'], delay_ms: 500 },
    { chunks: ['Quick answer.'], delay_ms: 10 },
    // Titles, asked for as each first exchange ends: the quick one first.
    { chunks: ['"Quick one"'], stream: false },
    { chunks: ['"Slow one"'], stream: false },
  ]);
  await page.click('[data-testid=new-chat-button]');
  await send(page, 'first, slowly');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-role=assistant] [data-testid=message-content]')]
    .at(-1)?.textContent.includes('Slow'));
  await page.click('[data-testid=new-chat-button]');
  await send(page, 'second, quickly');
  await assistantTextIs(page, 'Quick answer.');
  assert.equal(await page.locator('[data-testid=generating-marker]').count(), 1, 'the first is still generating');
  await page.locator('[data-testid=generating-marker]').waitFor({ state: 'detached', timeout: 10_000 });
  await page.locator('[data-testid=conversation-item]', { hasText: 'Slow one' }).click();
  await assistantTextIs(page, 'Slow and steady wins.');
  assert.deepEqual(page.errors, []);
  await context.close();
});
