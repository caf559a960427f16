// End to end: the installed app. Installable (Chromium says so), served under a sub-path, starts
// and works without the network after one visit, keeps what is written offline and sends it when
// the connection returns, and switches to a new version only when the user says so and no answer
// is streaming.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  MOCK, SCREENSHOTS, browser, appUrl, mock, openApp, mounted, openSettings, closeSettings, configureMockProvider,
  send, lastAssistant, assistantTextIs, overrides, persistentContext,
} from './harness.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';

/// A module fetched on first use (xtask/src/split.rs): a screen's, the answers', or code two of
/// them share.
const LAZY_MODULE = /\/(split_[a-z_]+|chunk_[0-9]+)\.wasm$/;

/// Waits until the service worker controls the page (the app is cached from then on).
async function offlineReady(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 30_000 });
}

/// The build the active service worker holds.
function workerVersion(page) {
  return page.evaluate(() => new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    navigator.serviceWorker.controller.postMessage({ type: 'version' }, [channel.port2]);
  }));
}

/// Screenshots of the page at desktop width and at phone width (`<name>-phone.png`), back at
/// desktop width after.
async function shootBothWidths(page, name) {
  await page.screenshot({ path: new URL(`${name}.png`, SCREENSHOTS).pathname });
  await page.setViewportSize({ width: 390, height: 760 });
  await page.waitForTimeout(400); // the drawer's slide, when the layout turns narrow
  await page.screenshot({ path: new URL(`${name}-phone.png`, SCREENSHOTS).pathname });
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('Chromium finds the app installable, with its manifest and worker under the sub-path', async () => {
  const profile = mkdtempSync(join(tmpdir(), 'skein-install-'));
  const context = await persistentContext(profile);
  const page = await openApp(context);
  await offlineReady(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors, []);
  const manifest = await cdp.send('Page.getAppManifest');
  assert.deepEqual(manifest.errors, []);
  assert.equal(manifest.url, `${appUrl}manifest.webmanifest`);
  const data = JSON.parse(manifest.data);
  assert.equal(new URL(data.start_url, manifest.url).href, appUrl, 'starts at the sub-path');
  assert.equal(new URL(data.scope, manifest.url).href, appUrl);
  assert.equal(data.display, 'standalone');
  assert.deepEqual(data.icons.map((i) => [i.sizes, i.purpose]), [['192x192', 'any'], ['512x512', 'any'], ['512x512', 'maskable']]);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  assert.equal(scope, appUrl, 'the worker covers the sub-path only');
  // The version and that it works offline, in Settings.
  await openSettings(page, 'data');
  const build = await page.locator('meta[name=skein-build]').getAttribute('content');
  assert.match(await page.locator('[data-testid=app-version]').textContent(), new RegExp(`^Skein \\d+\\.\\d+\\.\\d+ \\(build ${build}\\)$`));
  await page.locator('[data-testid=offline-status]', { hasText: 'Works offline' }).waitFor();
  assert.equal(await workerVersion(page), build);
  assert.deepEqual(page.errors, []);
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

test('after one visit the app starts and works offline; a message written offline waits and goes out on reconnect', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await openApp(context);
  await configureMockProvider(page);
  await mock('/admin/script', [
    { chunks: ['Tides are ', 'pulled by the moon.'] }, { chunks: ['"Tides"'], stream: false },
    { chunks: ['A second version, with $g$.'] }, { chunks: ['"Tides"'], stream: false },
  ]);
  await send(page, 'why are there tides?');
  await assistantTextIs(page, 'Tides are pulled by the moon.');
  await page.locator('[data-testid=conversation-item]', { hasText: 'Tides' }).waitFor();
  await page.click('[data-testid=regenerate-button]');
  await assistantTextIs(page, 'A second version, with g.');
  await offlineReady(page);
  await page.locator('[data-testid=conversation-item]', { hasText: 'Tides' }).waitFor();

  // Offline: the reload comes from the worker's cache.
  await context.setOffline(true);
  const providerRequests = [];
  const providerResponses = [];
  page.on('request', (request) => {
    if (request.url().startsWith(MOCK)) providerRequests.push(request.url());
  });
  page.on('response', (response) => {
    if (response.url().startsWith(MOCK)) providerResponses.push(response.fromServiceWorker());
  });
  const fromWorker = [];
  const lazyFromWorker = [];
  page.on('response', (response) => {
    if (response.url().startsWith(appUrl)) fromWorker.push(response.fromServiceWorker());
    if (LAZY_MODULE.test(response.url())) lazyFromWorker.push([response.url().split('/').pop(), response.fromServiceWorker()]);
  });
  await page.reload();
  await mounted(page);
  assert.ok(fromWorker.length >= 4 && fromWorker.every(Boolean), 'every app file came from the worker');
  await page.locator('[data-testid=offline-badge]').waitFor();
  // Reading, branch switching, search, export and settings need no network.
  await page.locator('[data-testid=conversation-item]', { hasText: 'Tides' }).click();
  await assistantTextIs(page, 'A second version, with g.');
  // Math's code (a module of its own) comes from the worker too.
  await lastAssistant(page).locator('math mi').waitFor();
  assert.ok(lazyFromWorker.some(([file, worker]) => file === 'split_markup.wasm' && worker), `math loaded offline: ${lazyFromWorker}`);
  await page.click('[data-testid=branch-prev]');
  await assistantTextIs(page, 'Tides are pulled by the moon.');
  await page.fill('[data-testid=search-input]', 'moon');
  await page.locator('[data-testid=search-snippet]', { hasText: 'moon' }).waitFor();
  await page.fill('[data-testid=search-input]', '');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-markdown]')]);
  assert.match(readFileSync(await download.path(), 'utf8'), /pulled by the moon/);
  await openSettings(page);
  assert.ok(lazyFromWorker.some(([file]) => file === 'split_screens.wasm'), `the settings module was loaded: ${lazyFromWorker}`);
  assert.ok(lazyFromWorker.every(([, worker]) => worker), `modules loaded on first use came from the worker: ${lazyFromWorker}`);
  await page.fill('[data-testid=settings-model]', 'mock-model-large');
  await page.click('[data-testid=settings-save]');
  await page.locator('[data-testid=settings-feedback]', { hasText: 'Saved.' }).waitFor();
  await page.fill('[data-testid=settings-model]', 'mock-model');
  await page.click('[data-testid=settings-save]');
  await closeSettings(page);

  // A message written offline is saved and waits, also across a reload. (The mock is on this
  // machine, so Skein tries it first, as it would a local Ollama; the browser's offline
  // emulation lets nothing through, so it waits.)
  const seenByMock = (await mock('/admin/requests')).length;
  await send(page, 'and spring tides?');
  await page.locator('[data-testid=waiting-notice]', { hasText: 'Waiting for the connection' }).waitFor();
  assert.equal(await page.locator('[data-testid=message][data-role=user]').last().textContent().then((t) => t.includes('and spring tides?')), true);
  assert.equal(await page.inputValue('[data-testid=composer-input]'), '');
  await page.reload();
  await mounted(page);
  await page.locator('[data-testid=waiting-notice]').waitFor();
  assert.equal((await mock('/admin/requests')).length, seenByMock, 'nothing reached the provider while offline');
  assert.ok(providerRequests.length <= 3, `tried at most three times: ${providerRequests}`);
  assert.ok(lazyFromWorker.some(([file]) => file === 'split_generation.wasm'), `the answers' module was loaded: ${lazyFromWorker}`);
  assert.ok(lazyFromWorker.every(([, worker]) => worker), `modules loaded on first use came from the worker: ${lazyFromWorker}`);

  // Back online: it is answered, and the notice goes.
  await mock('/admin/script', [{ chunks: ['Spring tides come with new and full moons.'] }]);
  await context.setOffline(false);
  await assistantTextIs(page, 'Spring tides come with new and full moons.');
  await page.locator('[data-testid=waiting-notice]').waitFor({ state: 'detached' });
  await page.locator('[data-testid=offline-badge]').waitFor({ state: 'detached' });
  const sent = await mock('/admin/requests');
  assert.match(sent.at(-1).messages.at(-1).content, /<\/context>\n\nand spring tides\?$/);
  assert.ok(providerResponses.length > 0 && providerResponses.every((fromSw) => !fromSw), 'provider requests never go through the worker');

  // Offline again: the user may decide not to send; the question stays, unanswered.
  await context.setOffline(true);
  await send(page, 'never mind this one');
  await page.click('[data-testid=cancel-waiting]');
  await page.locator('[data-testid=waiting-notice]').waitFor({ state: 'detached' });
  await context.setOffline(false);
  await page.locator('[data-testid=offline-badge]').waitFor({ state: 'detached' });
  await page.waitForTimeout(300);
  assert.equal(await page.locator('[data-testid=message][data-role=user]').last().textContent().then((t) => t.includes('never mind this one')), true);
  assert.equal((await mock('/admin/requests')).length, sent.length, 'the cancelled question was not sent');
  assert.deepEqual(page.errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED')), []);
  await context.close();
});

test('a new version is announced; "Reload" waits for a streaming answer, then switches and drops the old cache', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await offlineReady(page);
  const before = await workerVersion(page);

  // The server now has another build: its worker differs.
  const dist = process.env.SKEIN_DIST_DIR;
  const next = readFileSync(join(dist, 'service-worker.js'), 'utf8').replace(`const VERSION = '${before}'`, "const VERSION = 'next-build'");
  assert.notEqual(next, readFileSync(join(dist, 'service-worker.js'), 'utf8'));
  overrides.set(`${new URL(appUrl).pathname}service-worker.js`, next);
  try {
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    const notice = page.locator('[data-testid=update-notice]');
    await notice.locator('text=A new version of Skein is ready.').waitFor();

    // An answer is streaming: Reload waits for it.
    await mock('/admin/script', [{ chunks: 'The answer keeps coming, word by word, until it is done.'.split(/(?= )/), delay_ms: 120 }, { chunks: ['"Streaming"'], stream: false }]);
    await send(page, 'tell me slowly');
    await lastAssistant(page).locator('[data-testid=message-content]').filter({ hasText: 'keeps' }).waitFor();
    await page.click('[data-testid=update-reload]');
    await notice.locator('text=reload to the new version when the answer finishes').waitFor();
    const reloaded = page.waitForEvent('load');
    await assistantTextIs(page, 'The answer keeps coming, word by word, until it is done.');
    await reloaded;
    await mounted(page);
    assert.equal(await workerVersion(page), 'next-build');
    await assistantTextIs(page, 'The answer keeps coming, word by word, until it is done.');
    assert.equal(await page.locator('[data-testid=update-notice]').count(), 0);
    const caches = await page.evaluate(() => caches.keys());
    assert.equal(caches.length, 1, `only the new build's cache is left: ${caches}`);
    assert.ok(caches[0].endsWith(':next-build'));
  } finally {
    overrides.clear();
  }
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('storage is made persistent after the first saved conversation, not at first load', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  await context.addInitScript(() => {
    window.__persistCalls = 0;
    const persist = navigator.storage.persist.bind(navigator.storage);
    navigator.storage.persist = () => { window.__persistCalls += 1; return persist(); };
  });
  const page = await openApp(context);
  await configureMockProvider(page);
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.__persistCalls), 0, 'not asked for an empty app');
  await send(page, 'remember this chat');
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete]').waitFor();
  await page.waitForFunction(() => window.__persistCalls === 1);
  await openSettings(page, 'data');
  const persistence = await page.locator('[data-testid=storage-persistence]').textContent();
  const persisted = await page.evaluate(() => navigator.storage.persisted());
  assert.match(persistence, persisted ? /^Storage is persistent/ : /^Storage is not persistent/);
  // A later visit with conversations asks at start, once (unless it was granted).
  await page.reload();
  await mounted(page);
  await page.waitForFunction((asked) => window.__persistCalls === asked, persisted ? 0 : 1);
  await send(page, 'and another');
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete]').nth(1).waitFor();
  await page.waitForTimeout(200);
  assert.equal(await page.evaluate(() => window.__persistCalls), persisted ? 0 : 1, 'once per page');
  await context.close();
});

test('settings, workflows, the chat\'s panels and its export load on first use: not fetched at start, fetched once, and a failed fetch can be retried', async () => {
  // No service worker here: the test routes the module's request itself.
  const context = await browser.newContext({ serviceWorkers: 'block', acceptDownloads: true });
  const fetched = [];
  const anyLazy = [];
  let failNext = true;
  await context.route(LAZY_MODULE, async (route) => {
    // Counted: the screens' own module (code it shares with the answers' module comes along).
    const path = new URL(route.request().url()).pathname;
    anyLazy.push(path);
    if (path.endsWith('/split_screens.wasm')) fetched.push(path);
    if (failNext) await route.abort('connectionrefused');
    else await route.continue();
  });
  const started = [];
  context.on('request', (request) => started.push(new URL(request.url()).pathname));
  const page = await openApp(context);
  await page.waitForTimeout(500);
  assert.deepEqual(anyLazy, [], 'no lazy module is fetched at start');
  assert.ok(started.some((path) => path.endsWith('/main_bg.wasm')), `the main module is: ${started}`);

  // The first open fails: the screen says so, and the app goes on (a load failure left
  // unhandled would abort the whole wasm instance).
  await page.click('[data-testid=settings-button]');
  const failed = page.locator('[data-testid=screen-load-failed]');
  await failed.locator('text=Settings could not be loaded').waitFor();
  assert.equal(fetched.length, 1);
  await shootBothWidths(page, 'screen-load-failed');
  await page.click('[data-testid=settings-button]');
  await failed.waitFor({ state: 'detached' });
  assert.equal(await page.getAttribute('[data-testid=settings-button]', 'aria-expanded'), 'false');

  // Opening it again tries again; "Try again" does too, here with the network back.
  await page.click('[data-testid=settings-button]');
  await failed.waitFor();
  assert.equal(fetched.length, 2);
  failNext = false;
  await failed.locator('button', { hasText: 'Try again' }).click();
  await page.locator('[data-testid=settings-screen]').waitFor();
  await page.click('[data-testid=settings-section-appearance]');
  assert.equal(fetched.length, 3);

  // Workflows live in the same module: opening them fetches nothing more.
  await page.click('[data-testid=workflows-button]');
  await page.locator('[data-testid=workflows-screen]').waitFor();
  await page.click('[data-testid=settings-button]');
  await page.locator('[data-testid=settings-screen]').waitFor();
  assert.equal(fetched.length, 3, `fetched once after the failures: ${fetched}`);

  // The chat's panels are in the same module: after a reload, the branch map fetches it.
  await mock('/admin/reset', {});
  await configureMockProvider(page);
  await mock('/admin/script', [{ chunks: ['Paris.'] }, { chunks: ['"Capitals"'], stream: false }]);
  await send(page, 'capital of France?');
  await assistantTextIs(page, 'Paris.');
  await page.reload();
  await mounted(page);
  await page.locator('[data-testid=conversation-item]').first().click();
  await assistantTextIs(page, 'Paris.');
  // Exporting the chat is in it too: a failed fetch is said in the banner, and the next
  // click tries again.
  const beforeExport = fetched.length;
  failNext = true;
  await page.click('[data-testid=export-markdown]');
  await page.locator('[data-testid=error-banner]', { hasText: 'Export could not be loaded' }).waitFor();
  assert.equal(fetched.length, beforeExport + 1);
  failNext = false;
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-markdown]')]);
  assert.match(readFileSync(await download.path(), 'utf8'), /Paris\./);
  assert.equal(fetched.length, beforeExport + 2, 'the export loaded the module');
  await page.click('[data-testid=branch-map-button]');
  await page.locator('[data-testid=branch-map]').waitFor();
  assert.equal(fetched.length, beforeExport + 2, 'the branch map needed nothing more');
  // The failed fetch is logged by the module loader; nothing else went wrong.
  assert.deepEqual(page.errors.filter((e) => !/split_screens|Failed to fetch|ERR_CONNECTION_REFUSED|TypeError/.test(e)), []);
  await context.close();
});

/// A context without a service worker that records the lazy modules requested (by file name)
/// and refuses `module` while `failing.on` is set.
async function refusingModule(module) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const fetched = [];
  const failing = { on: true };
  await context.route(LAZY_MODULE, async (route) => {
    const file = new URL(route.request().url()).pathname.split('/').pop();
    fetched.push(file);
    if (failing.on && file === module) await route.abort('connectionrefused');
    else await route.continue();
  });
  return { context, fetched, failing };
}

test('the code that writes answers loads when a question is started: not at start, once, and a failed fetch keeps the question', async () => {
  const { context, fetched, failing } = await refusingModule('split_generation.wasm');
  const page = await openApp(context);
  await page.waitForTimeout(500);
  assert.deepEqual(fetched.filter((f) => f.startsWith('split_generation')), [], 'not fetched at start');
  // The settings list the tools, which come with that module: opening them fetches it (and
  // here fails, quietly: nothing was asked of it yet).
  await mock('/admin/reset', {});
  await configureMockProvider(page);

  // The module cannot be fetched: nothing is sent, the question stays, the banner says why.
  await send(page, 'capital of Peru?');
  await page.locator('[data-testid=error-banner]', { hasText: 'could not load the part of itself that writes answers' }).waitFor();
  assert.equal(await page.inputValue('[data-testid=composer-input]'), 'capital of Peru?');
  assert.equal(await page.locator('[data-testid=message]').count(), 0);
  assert.ok(fetched.some((f) => f.startsWith('split_generation')), `tried: ${fetched}`);
  await shootBothWidths(page, 'generation-load-failed');

  // With the network back, the same question goes out; later answers fetch nothing more.
  failing.on = false;
  await mock('/admin/script', [{ chunks: ['Lima.'] }, { chunks: ['"Capitals"'], stream: false }, { chunks: ['Cusco, once.'] }]);
  await page.press('[data-testid=composer-input]', 'Enter');
  await assistantTextIs(page, 'Lima.');
  await page.locator('[data-testid=error-banner]').waitFor({ state: 'detached' });
  const afterFirst = fetched.length;
  await page.click('[data-testid=regenerate-button]');
  await assistantTextIs(page, 'Cusco, once.');
  assert.equal(fetched.length, afterFirst, `nothing more fetched: ${fetched}`);
  assert.deepEqual(page.errors.filter((e) => !/split_|chunk_|Failed to fetch|ERR_CONNECTION_REFUSED|TypeError/.test(e)), []);
  await context.close();
});

test('math and highlighting load with the first formula or code block: not before, and a failed fetch leaves the source readable until one loads', async () => {
  const { context, fetched, failing } = await refusingModule('split_markup.wasm');
  const markup = () => fetched.filter((f) => f === 'split_markup.wasm').length;
  const page = await openApp(context);
  await mock('/admin/reset', {});
  await configureMockProvider(page);
  await mock('/admin/script', [
    { chunks: ['Plain words only.'] }, { chunks: ['"Words"'], stream: false },
    { chunks: ['Area is $r^2$ times π:\n\n$$A = \\pi r^2$$\n\n```python\ndef area(r):\n    return 3.14 * r ** 2\n```\n'] },
    { chunks: ['And $$\\frac{a}{b}$$'] },
  ]);
  await send(page, 'say something plain');
  await assistantTextIs(page, 'Plain words only.');
  assert.equal(markup(), 0, `an answer without math or code fetches nothing: ${fetched}`);

  // The fetch fails: the formula stays as its TeX source, the code as plain text.
  await send(page, 'area of a circle?');
  const first = page.locator('[data-testid=message][data-role=assistant]').nth(1);
  await first.locator('[data-testid=math-source]', { hasText: /^r\^2$/ }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-role=assistant][data-status=complete]').length === 2);
  assert.ok(markup() >= 1, `tried: ${fetched}`);
  assert.equal(await first.locator('pre code').textContent(), 'def area(r):\n    return 3.14 * r ** 2\n');
  assert.equal(await first.locator('.tok-kw').count(), 0);
  assert.equal(await first.locator('math').count(), 0);
  assert.equal(await first.locator('[data-testid=math-source].block').textContent(), 'A = \\pi r^2');
  await shootBothWidths(page, 'markup-load-failed');

  // The next formula tries again; once loaded, the waiting ones are drawn too.
  failing.on = false;
  await send(page, 'and a fraction?');
  await lastAssistant(page).locator('math mfrac').waitFor();
  await first.locator('math[display=inline] msup').waitFor();
  await first.locator('math[display=block]').waitFor();
  assert.deepEqual(await first.locator('.tok-kw').allTextContents(), ['def', 'return']);
  assert.equal(await page.locator('[data-testid=math-source]').count(), 0);
  assert.deepEqual(page.errors.filter((e) => !/split_|chunk_|Failed to fetch|ERR_CONNECTION_REFUSED|TypeError/.test(e)), []);
  await context.close();
});

test('offline by the browser\'s word, a provider on this machine still answers', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  // The browser says it is offline (as with the network cable out), but nothing is blocked:
  // a local Ollama or llama.cpp still answers.
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
  });
  const page = await openApp(context);
  await configureMockProvider(page);
  await page.locator('[data-testid=offline-badge]').waitFor();
  await mock('/admin/script', [{ chunks: ['Answered ', 'from this machine.'] }]);
  await send(page, 'are you there?');
  await assistantTextIs(page, 'Answered from this machine.');
  assert.equal(await page.locator('[data-testid=waiting-notice]').count(), 0, 'it did not wait');
  assert.deepEqual(page.errors, []);
  await context.close();
});
