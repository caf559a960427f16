// End to end: the first screen (xtask/assets/shell.js). A visit after the first paints the
// screen saved when the tab was last hidden before the app's code has loaded; its composer takes
// text, which the app is handed (and sends, if the user sent it) once the app shows its own.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  browser, appUrl, mock, openApp, mounted, configureMockProvider, send, assistantTextIs, DOCS_SCREENSHOTS,
} from './harness.mjs';

const KEY = 'skein-first-screen';
const firstScreen = (page) => page.locator('body > .first-screen');

/// Holds the app's code (its loader) in `page` until `release()` is called. The page's requests bypass the
/// service worker (which would serve the loader from its cache), so they reach the page's routes.
async function holdTheApp(page) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.setBypassServiceWorker', { bypass: true });
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route(/\/loader-[0-9a-f]+\.js$/, async (route) => {
    await held;
    // A request of a page reloaded meanwhile is gone.
    await route.continue().catch(() => {});
  });
  // The route stays: once released, it lets every later request through at once.
  return release;
}

/// Where the last message, the conversation list and the composer are inside `root`, in whole
/// pixels.
async function boxes(root) {
  const boxOf = async (selector) => {
    const box = await root.locator(selector).last().boundingBox();
    return box && Object.fromEntries(Object.entries(box).map(([k, v]) => [k, Math.round(v)]));
  };
  return {
    message: await boxOf('.message'),
    list: await boxOf('.conversation-list'),
    composer: await boxOf('.composer textarea'),
  };
}

async function conversationWithAnAnswer(context) {
  const page = await openApp(context);
  await configureMockProvider(page);
  await mock('/admin/script', [{ chunks: ['The **answer** ', 'kept for the next visit, with $x^2$.'] }, { chunks: ['"Kept chat"'], stream: false }]);
  await send(page, 'a question worth keeping');
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete] math').waitFor();
  await page.locator('[data-testid=conversation-item]', { hasText: 'Kept chat' }).waitFor({ state: 'attached' });
  return page;
}

test('a returning visit shows the saved screen before the app has loaded; the app takes what was typed there', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await conversationWithAnAnswer(context);

  const release = await holdTheApp(page);
  await page.reload({ waitUntil: 'commit' });
  const shell = firstScreen(page);
  await shell.waitFor();
  // The latest conversation and the list, drawn as the app drew them, without the app.
  assert.equal(await page.locator('body > .app').count(), 0, 'the app has not started');
  assert.equal(await page.locator('[data-testid]').count(), 0, 'nothing of the app is in the page yet');
  assert.match(await shell.locator('.message').last().textContent(), /The answer kept for the next visit, with/);
  assert.equal(await shell.locator('.message strong').last().textContent(), 'answer', 'Markdown as the app showed it');
  assert.equal(await shell.locator('.message math msup').count(), 1, 'and its math');
  assert.equal(await shell.locator('.message math').evaluate((el) => el.namespaceURI), 'http://www.w3.org/1998/Math/MathML');
  assert.match(await shell.locator('.message').first().textContent(), /a question worth keeping/);
  await shell.locator('.conversation', { hasText: 'Kept chat' }).waitFor();
  await page.screenshot({ path: new URL('first-screen.png', DOCS_SCREENSHOTS).pathname });
  const copied = await boxes(shell);

  // Its composer takes text; nothing else of it acts.
  const input = shell.locator('.composer textarea');
  await input.click();
  await page.keyboard.type('typed before the app');
  assert.equal(await input.inputValue(), 'typed before the app');
  assert.equal(await shell.locator('.composer button[type=submit]').isDisabled(), false, 'send offered once there is text');

  await release();
  await mounted(page);
  await shell.waitFor({ state: 'detached' });
  const composer = page.locator('[data-testid=composer-input]');
  assert.equal(await composer.inputValue(), 'typed before the app', 'the app has the text');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'composer-input', 'and the focus');
  assert.equal(await page.locator('[data-testid=send-button]').isDisabled(), false);
  assert.equal(await page.locator('[data-testid=message]').count(), 2, 'nothing was sent');
  // The app's screen is where the copy was: nothing jumps when it goes.
  assert.deepEqual(await boxes(page.locator('[data-testid=app]')), copied);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a question sent from the first screen is sent by the app once it has started', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext({ viewport: { width: 375, height: 760 } });
  const page = await conversationWithAnAnswer(context);
  await mock('/admin/script', [{ chunks: ['Sent once the app was in.'] }]);

  const release = await holdTheApp(page);
  await page.reload({ waitUntil: 'commit' });
  const input = firstScreen(page).locator('.composer textarea');
  await input.waitFor();
  // Reloaded again before the app has started: the copy is still there for it.
  await page.reload({ waitUntil: 'commit' });
  await input.waitFor();
  await page.screenshot({ path: new URL('first-screen-phone.png', DOCS_SCREENSHOTS).pathname });
  await input.fill('sent before the app');
  await input.press('Enter');
  assert.equal(await input.inputValue(), 'sent before the app', 'kept while it waits for the app');
  assert.equal(await input.evaluate((el) => el.readOnly), true);

  await release();
  await mounted(page);
  await assistantTextIs(page, 'Sent once the app was in.');
  const users = page.locator('[data-testid=message][data-role=user]');
  assert.equal(await users.count(), 2);
  assert.match(await users.last().textContent(), /sent before the app/);
  assert.equal(await page.locator('[data-testid=composer-input]').inputValue(), '', 'sent, not left in the composer');
  const asked = (await mock('/admin/requests')).filter((r) => r.stream === true);
  assert.equal(asked.length, 2, 'sent once');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('only the conversation the app opens at start is kept: not an older one, a temporary chat or the settings', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await conversationWithAnAnswer(context);
  const saved = () => page.evaluate((key) => localStorage.getItem(key), KEY);
  const hide = async () => {
    await page.evaluate(() => dispatchEvent(new PageTransitionEvent('pagehide')));
    return saved();
  };
  assert.match(await hide(), /kept for the next visit/, 'the latest conversation is kept');

  await mock('/admin/script', [{ chunks: ['A newer one.'] }, { chunks: ['"Newer chat"'], stream: false }]);
  await page.click('[data-testid=new-chat-button]');
  assert.equal(await hide(), null, 'a new chat, not stored yet');
  await send(page, 'a newer question');
  await assistantTextIs(page, 'A newer one.');
  await page.locator('[data-testid=conversation-item]', { hasText: 'Newer chat' }).waitFor();
  assert.match(await hide(), /A newer one\./);

  // The older one on screen: the app would open the newer one, so nothing is kept.
  await page.click('[data-testid=conversation-item] >> text=Kept chat');
  await page.locator('[data-testid=message-content]', { hasText: 'kept for the next visit' }).waitFor();
  assert.equal(await hide(), null, 'an older conversation');

  await page.click('[data-testid=conversation-item] >> text=Newer chat');
  await page.locator('[data-testid=message-content]', { hasText: 'A newer one.' }).waitFor();
  await page.click('[data-testid=settings-button]');
  assert.equal(await hide(), null, 'the settings');
  await page.click('[data-testid=settings-button]');
  assert.match(await hide(), /A newer one\./);

  await page.click('[data-testid=new-chat-button]');
  await page.check('[data-testid=temporary-toggle]');
  await mock('/admin/script', [{ chunks: ['Not kept anywhere.'] }, { chunks: ['"Secret"'], stream: false }]);
  await send(page, 'a temporary secret');
  await assistantTextIs(page, 'Not kept anywhere.');
  assert.equal(await hide(), null, 'a temporary chat');
  // And none shows on the next visit.
  const release = await holdTheApp(page);
  await page.reload({ waitUntil: 'commit' });
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => /\/shell-[0-9a-f]+\.js$/.test(r.name)));
  await page.waitForTimeout(200);
  assert.equal(await firstScreen(page).count(), 0);
  await release();
  await mounted(page);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a screen too large to keep whole keeps its latest messages', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  // Four answers of about 200 KB: more than a copy may hold (600,000 characters) together.
  const big = (marker) => `Answer ${marker}. ${'word '.repeat(40_000)}`;
  const markers = ['one', 'two', 'three', 'four'];
  for (const [i, marker] of markers.entries()) {
    await mock('/admin/script', i === 0 ? [{ chunks: [big(marker)] }, { chunks: ['"Big"'], stream: false }] : [{ chunks: [big(marker)] }]);
    await send(page, `question ${marker}`);
    await page.waitForFunction((n) => document.querySelectorAll('[data-role=assistant][data-status=complete]').length === n, i + 1);
  }
  await page.locator('[data-testid=conversation-item]', { hasText: 'Big' }).waitFor();
  const saved = await page.evaluate((key) => {
    dispatchEvent(new PageTransitionEvent('pagehide'));
    return localStorage.getItem(key);
  }, KEY);
  assert.ok(saved, 'a copy is kept');
  assert.ok(saved.length <= 600_000, `${saved.length} characters`);
  assert.match(saved, /Answer four\./);
  assert.match(saved, /question four/);
  assert.doesNotMatch(saved, /Answer one\./, 'the oldest messages are left out');
  assert.deepEqual(page.errors, []);
  await context.close();
});

/// A page whose storage holds `saved` as the copy when it loads, with the app's code held.
async function pageWithCopy(context, saved) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(String(error)));
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [KEY, saved]);
  const release = await holdTheApp(page);
  await page.goto(appUrl, { waitUntil: 'commit' });
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => /\/shell-[0-9a-f]+\.js$/.test(r.name)));
  await page.waitForTimeout(200);
  return { page, release };
}

test('a saved screen is untrusted: what it holds is rebuilt without scripts, handlers, URLs or styles', async () => {
  const context = await browser.newContext();
  // A copy written by anything else with access to this origin's storage.
  const hostile = JSON.stringify({
    format: 1, lang: 'en" onload="x', dir: 'ltr', theme: 'dark',
    screen: ['div', { class: 'app', onclick: 'window.__pwned = 1' },
      ['img', { src: 'https://example.com/x.png', onerror: 'window.__pwned = 2' }],
      ['script', {}, 'window.__pwned = 3'],
      ['iframe', { src: 'javascript:parent.__pwned = 4' }],
      ['a', { href: 'javascript:window.__pwned = 5', class: 'link' }, 'a link'],
      ['p', { style: 'background: url(https://example.com/y.png)', 'data-kept': 'yes', id: 'x' }, 'words'],
      ['svg', { viewBox: '0 0 1 1' }, ['script', {}, 'window.__pwned = 6'], ['a', { href: 'javascript:0' }, ['path', { d: 'M0 0' }]],
        ['foreignObject', {}, ['img', { src: 'x', onerror: 'window.__pwned = 7' }]], ['path', { d: 'M0 1', onclick: 'x' }]],
      ['math', { display: 'block' }, ['mi', { onclick: 'window.__pwned = 8' }, 'y'],
        ['mtext', {}, ['img', { src: 'x', onerror: 'window.__pwned = 9' }]], ['maction', { actiontype: 'statusline' }, 'z']],
      ['form', { class: 'composer' }, ['textarea', { rows: '3' }], ['button', { type: 'submit', formaction: 'https://example.com' }, 'Send']],
    ],
  });
  const { page, release } = await pageWithCopy(context, hostile);
  const shell = firstScreen(page);
  await shell.waitFor();
  assert.equal(await page.evaluate(() => window.__pwned), undefined, 'nothing ran');
  assert.equal(await shell.locator('img, script, iframe, foreignObject').count(), 0);
  const html = await shell.evaluate((el) => el.outerHTML);
  assert.doesNotMatch(html, /onclick|onerror|href|style=|src=|formaction|id="x"|example\.com/);
  assert.match(html, /<p data-kept="yes">words<\/p>/);
  assert.match(html, /<a class="link"( tabindex="-1")?>a link<\/a>/);
  assert.match(html, /<path d="M0 1"><\/path>/, 'an SVG path is kept, without its handler');
  assert.match(html, /<math display="block"><mi>y<\/mi><mtext><\/mtext><\/math>/, 'math is kept, without handlers, HTML or actions');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en', 'a language that is not one is not set');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  // Enter in its composer submits nothing anywhere.
  await shell.locator('textarea').fill('hello');
  await shell.locator('textarea').press('Enter');
  await shell.locator('button').click({ force: true });
  await page.waitForTimeout(100);
  assert.match(page.url(), /\/$/, 'no navigation');
  await release();
  await mounted(page);
  await shell.waitFor({ state: 'detached' });
  assert.deepEqual(page.errors, []);
  await page.close();

  // A copy that is not one paints nothing.
  const broken = ['{', '"text"', 'null', JSON.stringify({ format: 1, screen: 'div' }),
    JSON.stringify({ format: 2, screen: ['div', {}, ['form', { class: 'composer' }, ['textarea', {}]]] }),
    JSON.stringify({ format: 1, screen: ['script', {}, ['form', { class: 'composer' }, ['textarea', {}]]] })];
  for (const saved of broken) {
    const { page: other, release: go } = await pageWithCopy(context, saved);
    assert.equal(await firstScreen(other).count(), 0, saved);
    await go();
    await mounted(other);
    assert.deepEqual(other.errors, [], saved);
    await other.close();
  }
  await context.close();
});
