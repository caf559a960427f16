// End to end: the browser extension (`cargo xtask dist --extension`), loaded unpacked in
// Chromium. Its page runs the whole app under the extension's policy, reaches a provider that
// sends no CORS headers once its host is granted, and takes questions about a page from the
// extension's own service worker (the context-menu handler).
//
// Headless Chromium cannot click the browser's own permission prompt, so the test's copy of the
// extension has the test machine's host granted at install (`host_permissions`), which is what
// the user's "Allow" does, so saving that provider asks for nothing. A second provider on
// another host shows that the app does ask (`chrome.permissions.request`, left pending).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  MOCK, DOCS_SCREENSHOTS, appUrl, browser, mock, mounted, openApp, openSettings, closeSettings,
  configureMockProvider, send, assistantTextIs, assertText, overrides, persistentContext, connectSync,
  syncedOnce,
} from './harness.mjs';
import { startCouch } from './couch_server.mjs';

const ARTICLE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Spring tides</title>
</head><body><header>Site menu</header>
<main><h1>Spring tides</h1><p>Spring tides happen at new and full moon, when the sun and the moon pull together.</p>
<p>Neap tides come between them.</p></main></body></html>`;

async function loadExtension() {
  const source = process.env.SKEIN_EXTENSION_DIR;
  assert.ok(source, 'SKEIN_EXTENSION_DIR is not set: run the end-to-end tests with `cargo xtask test`');
  const unpacked = mkdtempSync(join(tmpdir(), 'skein-extension-'));
  cpSync(source, unpacked, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'));
  assert.deepEqual(manifest.host_permissions, undefined, 'the shipped extension asks for no host up front');
  manifest.host_permissions = ['http://127.0.0.1/*'];
  writeFileSync(join(unpacked, 'manifest.json'), JSON.stringify(manifest));
  const profile = mkdtempSync(join(tmpdir(), 'skein-extension-profile-'));
  const context = await persistentContext(profile, {
    viewport: { width: 400, height: 800 },
    args: [`--disable-extensions-except=${unpacked}`, `--load-extension=${unpacked}`],
  });
  const worker = context.serviceWorkers()[0] ?? await context.waitForEvent('serviceworker');
  const id = new URL(worker.url()).host;
  return {
    context, worker, id, manifest,
    close: async () => {
      await context.close();
      rmSync(unpacked, { recursive: true, force: true });
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

test('the extension panel streams from a provider without CORS, and asks about the page', async () => {
  await mock('/admin/reset', {});
  const extension = await loadExtension();
  const { context, worker, id } = extension;
  assert.equal(extension.manifest.version, readFileSync(new URL('../../Cargo.toml', import.meta.url), 'utf8').match(/\[package\][^[]*?version = "([^"]+)"/)[1]);

  const panel = await context.newPage();
  panel.errors = [];
  panel.on('pageerror', (error) => panel.errors.push(String(error)));
  await panel.goto(`chrome-extension://${id}/index.html`);
  await mounted(panel);

  // A provider that sends no CORS headers: a web page could not read it.
  await openSettings(panel);
  await panel.selectOption('[data-testid=provider-kind]', 'openai');
  await panel.fill('[data-testid=provider-base-url]', `${MOCK}/nocors/v1`);
  await panel.fill('[data-testid=settings-model]', 'mock-model');
  await panel.click('[data-testid=settings-save]');
  await assertText(panel.locator('[data-testid=settings-feedback]'), 'Saved.');
  await assertText(panel.locator('[data-testid=granted-host] code'), 'http://127.0.0.1/*');
  await openSettings(panel, 'data');
  await panel.locator('[data-testid=offline-status]', { hasText: 'Works offline' }).waitFor();
  await closeSettings(panel);
  await mock('/admin/script', [{ chunks: ['Straight from ', 'a provider without CORS.'] }, { chunks: ['"No CORS"'], stream: false }]);
  await send(panel, 'can you hear me?');
  await assistantTextIs(panel, 'Straight from a provider without CORS.');

  // A page the user reads, and the context menu's two entries (run by the extension's worker).
  const articlePath = `${new URL(appUrl).pathname}article.html`;
  overrides.set(articlePath, ARTICLE);
  try {
    const article = await context.newPage();
    await article.setViewportSize({ width: 880, height: 800 });
    await article.goto(new URL('article.html', appUrl).href);
    const ask = (info) => worker.evaluate(async ([info, url]) => {
      const [tab] = await chrome.tabs.query({ url });
      await self.skeinAsk(info, tab);
    }, [info, article.url()]);

    await ask({ menuItemId: 'skein-selection', selectionText: 'when the sun and the moon pull together' });
    await panel.waitForFunction(() => document.querySelector('[data-testid=composer-input]').value.startsWith('> when the sun'));
    assert.equal(await panel.inputValue('[data-testid=composer-input]'), '> when the sun and the moon pull together\n\n');
    assert.equal((await mock('/admin/requests')).length, 2, 'quoted, not sent');
    await panel.fill('[data-testid=composer-input]', '');

    await ask({ menuItemId: 'skein-page' });
    await panel.locator('[data-testid=notice]', { hasText: '“Spring tides” is attached' }).waitFor();
    await mock('/admin/script', [{ chunks: ['They come with new and full moons.'] }]);
    await send(panel, 'summarise this page');
    await assistantTextIs(panel, 'They come with new and full moons.');
    const sent = JSON.stringify((await mock('/admin/requests')).at(-1).messages.at(-1));
    assert.match(sent, /Page: Spring tides/);
    assert.match(sent, /Address: http:\/\/127\.0\.0\.1:\d+\/skein\/article\.html/);
    assert.match(sent, /pull together/);
    assert.doesNotMatch(sent, /Site menu/, 'the main text only');

    // The panel reads a page for the model, after asking (a granted host: no CORS needed).
    await openSettings(panel, 'assistants');
    await panel.locator('[data-testid=tool-policy][data-tool-name=read_url] select').selectOption('default');
    await panel.click('[data-testid=assistant-save]');
    await assertText(panel.locator('[data-testid=assistant-feedback]'), 'Saved.');
    await closeSettings(panel);
    await mock('/admin/script', [
      { chunks: [], tool_call: { name: 'read_url', arguments: JSON.stringify({ url: `${MOCK}/nocors/pages/tides.html` }) } },
      { chunks: ['Spring tides come at new and full moon.'] },
    ]);
    await send(panel, 'read the tides page');
    await panel.locator('[data-testid=approve-button]').click();
    await assistantTextIs(panel, 'Spring tides come at new and full moon.');
    const read = (await mock('/admin/requests')).at(-1).messages.find((m) => m.role === 'tool').content;
    assert.match(read, /^Spring tides\nhttp:\/\/127\.0\.0\.1:\d+\/nocors\/pages\/tides\.html\n\nSpring tides\nSpring tides happen at new and full moon/);
    assert.doesNotMatch(read, /Site menu|pwned|tides\.example/, 'menu, script and footer left out');
    assert.equal(await panel.locator('[data-testid=citation][data-kind=web]').count(), 1);

    // The panel beside the page (composed from two screenshots: headless Chromium draws no
    // browser side panel of its own).
    mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
    const left = (await article.screenshot()).toString('base64');
    const right = (await panel.screenshot()).toString('base64');
    const sheet = await context.newPage();
    await sheet.setViewportSize({ width: 1282, height: 800 });
    await sheet.setContent(`<body style="margin:0;display:flex;background:#999"><img src="data:image/png;base64,${left}"><img style="margin-left:2px" src="data:image/png;base64,${right}"></body>`);
    await sheet.screenshot({ path: new URL('extension-side-panel.png', DOCS_SCREENSHOTS).pathname });
    await sheet.close();
  } finally {
    overrides.delete(articlePath);
  }

  // A provider on a site not granted yet: the app asks the browser and says why beside the
  // prompt (which headless Chromium leaves unanswered), and the site is not listed as granted.
  await openSettings(panel);
  await panel.fill('[data-testid=provider-base-url]', `${MOCK.replace('127.0.0.1', 'localhost')}/nocors/v1`);
  await panel.click('[data-testid=settings-save]');
  await panel.locator('[data-testid=notice]', { hasText: "Allow Skein to reach http://localhost/* in your browser's prompt" }).waitFor();
  assert.deepEqual(await panel.locator('[data-testid=granted-host] code').allTextContents(), ['http://127.0.0.1/*']);
  // Revoke reaches the browser, which refuses for a host granted at install (the test's copy):
  // the refusal is said, and the host stays listed.
  await panel.click('[data-testid=revoke-host]');
  const refusal = panel.locator('[data-testid=error-banner]', { hasText: 'Skein could not give up its permission to reach http://127.0.0.1/*' });
  assert.match(await refusal.textContent(), /: You cannot remove required permissions\./);
  assert.deepEqual(await panel.locator('[data-testid=granted-host] code').allTextContents(), ['http://127.0.0.1/*']);

  assert.deepEqual(panel.errors, []);
  await extension.close();
});

test('the extension\'s welcome step asks for the site before connecting, and its failures give the extension\'s advice', async () => {
  await mock('/admin/reset', {});
  const extension = await loadExtension();
  const { context, id } = extension;
  const panel = await context.newPage();
  panel.errors = [];
  panel.on('pageerror', (error) => panel.errors.push(String(error)));
  await panel.goto(`chrome-extension://${id}/index.html`);
  await panel.locator('[data-testid=welcome]').waitFor();

  // A granted site that nothing answers on: the advice is the extension's, not CORS's.
  const closed = `http://127.0.0.1:${new URL(MOCK).port === '9' ? '10' : '9'}/v1`;
  await panel.click('[data-testid=provider-card][data-provider=other]');
  await panel.fill('[data-testid=welcome-base-url]', closed);
  await panel.click('[data-testid=welcome-connect]');
  const error = panel.locator('[data-testid=welcome-error]');
  await error.waitFor({ timeout: 20_000 });
  assert.match(await error.textContent(), /Skein may reach this site/);
  assert.doesNotMatch(await error.textContent(), /OLLAMA_ORIGINS|CORS/);

  // A site not granted yet: Connect asks the browser first (headless Chromium leaves the
  // prompt unanswered, so nothing is fetched meanwhile).
  const before = (await mock('/admin/requests')).length;
  await panel.fill('[data-testid=welcome-base-url]', `${MOCK.replace('127.0.0.1', 'localhost')}/v1`);
  await panel.click('[data-testid=welcome-connect]');
  await panel.locator('[data-testid=notice]', { hasText: "Allow Skein to reach http://localhost/* in your browser's prompt" }).waitFor();
  await panel.waitForTimeout(300);
  assert.equal((await mock('/admin/requests')).length, before, 'nothing is sent before the answer');
  assert.deepEqual(panel.errors, []);
  await extension.close();
});

/// Settings → "Back up everything", as text.
async function backUp(page) {
  await openSettings(page, 'data');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=backup]')]);
  return readFileSync(await download.path(), 'utf8');
}

async function restore(page, backup, title) {
  await openSettings(page, 'data');
  await page.setInputFiles('[data-testid=import-file]', { name: 'skein-backup.json', mimeType: 'application/json', buffer: Buffer.from(backup) });
  // Attached: in the narrow panel the list is a drawer.
  await page.locator('[data-testid=conversation-item]', { hasText: title }).waitFor({ state: 'attached' });
}

test('a backup from the web app restores in the extension, and one from the extension in the web app', async () => {
  await mock('/admin/reset', {});
  const web = await browser.newContext({ acceptDownloads: true });
  const page = await openApp(web);
  await configureMockProvider(page);
  await mock('/admin/script', [{ chunks: ['Made on the web.'] }, { chunks: ['"From the web"'], stream: false }]);
  await send(page, 'written in a tab');
  await assistantTextIs(page, 'Made on the web.');
  await page.locator('[data-testid=conversation-item]', { hasText: 'From the web' }).waitFor();
  const fromWeb = await backUp(page);
  await web.close();

  const extension = await loadExtension();
  const panel = await extension.context.newPage();
  await panel.goto(`chrome-extension://${extension.id}/index.html`);
  await mounted(panel);
  await restore(panel, fromWeb, 'From the web');
  await assistantTextIs(panel, 'Made on the web.');
  const fromExtension = await backUp(panel);
  await extension.close();

  const back = await browser.newContext();
  const again = await openApp(back);
  await restore(again, fromExtension, 'From the web');
  await assistantTextIs(again, 'Made on the web.');
  await back.close();
});

test('the extension syncs with the web app through the same server', async () => {
  await mock('/admin/reset', {});
  const couch = await startCouch();
  const db = `${couch.url}/skein-extension`;
  try {
    const web = await browser.newContext();
    const page = await openApp(web);
    await configureMockProvider(page);
    await mock('/admin/script', [{ chunks: ['Written in a tab.'] }, { chunks: ['"Tab notes"'], stream: false }]);
    await send(page, 'a question asked in a tab');
    await assistantTextIs(page, 'Written in a tab.');
    await page.locator('[data-testid=conversation-item]', { hasText: 'Tab notes' }).waitFor();
    await connectSync(page, db, 'one passphrase for all my browsers');
    await syncedOnce(page);

    const extension = await loadExtension();
    const panel = await extension.context.newPage();
    panel.errors = [];
    panel.on('pageerror', (error) => panel.errors.push(String(error)));
    await panel.goto(`chrome-extension://${extension.id}/index.html`);
    await mounted(panel);
    await configureMockProvider(panel);
    await connectSync(panel, db, 'one passphrase for all my browsers');
    await syncedOnce(panel);
    await closeSettings(panel);
    // The panel is narrow: its conversation list is a drawer.
    if (await panel.locator('[data-testid=menu-button]').isVisible()) await panel.click('[data-testid=menu-button]');
    await panel.locator('[data-testid=conversation-item]', { hasText: 'Tab notes' }).click();
    await assistantTextIs(panel, 'Written in a tab.');
    assert.deepEqual(panel.errors, []);
    await extension.close();
    await web.close();
  } finally {
    couch.stop();
  }
});
