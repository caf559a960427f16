// The end-to-end harness every test file shares: the optimised `dist` build, served under a
// sub-path, in headless Chromium, talking to the mock provider (a test fixture started by
// `cargo xtask test`). Importing it starts the browser and the server for that file.
//
// Environment (set by `cargo xtask test`): SKEIN_DIST_DIR, SKEIN_PUBLIC_PATH, SKEIN_MOCK_URL,
// CHROMIUM.

import { before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { serveStatic } from './static_server.mjs';

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the end-to-end tests with \`cargo xtask test\``);
  return value;
};

export const MOCK = env('SKEIN_MOCK_URL');
const PUBLIC_PATH = env('SKEIN_PUBLIC_PATH');
export const SCREENSHOTS = new URL('../../target/e2e-screenshots/', import.meta.url);
/// The screenshots the README shows, taken by this run.
export const DOCS_SCREENSHOTS = new URL('../../docs/screenshots/', import.meta.url);

const LAUNCH = {
  executablePath: process.env.CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--disable-dev-shm-usage',
  ],
};

/// A browser with a profile on disk (not "incognito", which Chromium never lets install an
/// app), watched for policy violations like every other context. Close it when done.
/// `options` may add launch arguments (`args`) and context options (a viewport).
/// A test that fails before closing one still has it closed after the file's tests, so the
/// file's process ends (a browser left running would keep the whole run waiting).
export async function persistentContext(userDataDir, { args = [], ...options } = {}) {
  const context = await chromium.launchPersistentContext(userDataDir, { ...LAUNCH, ...options, args: [...LAUNCH.args, ...args] });
  persistent.add(context);
  context.on('close', () => persistent.delete(context));
  await watchPolicy(context);
  return context;
}
const persistent = new Set();

let server;
export let browser;
export let appUrl;
/// What the test file's server serves instead of the build, by path (see `serveStatic`).
export const overrides = new Map();
export const served = { root: null };

/// Content Security Policy violations reported by any page of any context since the last test
/// ended: each test must cause none (the build ships the policy; see xtask/src/policy.rs).
const violations = [];

/// Every page of `context` reports its policy violations to the test.
export async function watchPolicy(context) {
  await context.exposeBinding('__skeinPolicyViolation', ({ page }, violation) => {
    violations.push({ page: page.url(), ...violation });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__skeinPolicyViolation({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
        sample: event.sample,
      });
    });
  });
}

afterEach(() => {
  const seen = violations.splice(0);
  assert.deepEqual(seen, [], 'the page broke its Content Security Policy');
});

before(async () => {
  env('CHROMIUM');
  mkdirSync(SCREENSHOTS, { recursive: true });
  server = await serveStatic(env('SKEIN_DIST_DIR'), PUBLIC_PATH, {
    override: (path) => overrides.get(path),
    root: () => served.root,
  });
  appUrl = `http://127.0.0.1:${server.port}${PUBLIC_PATH}`;
  browser = await chromium.launch(LAUNCH);
  // Every context any test opens is watched for policy violations.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    await watchPolicy(context);
    return context;
  };
});

after(async () => {
  for (const context of persistent) await context.close().catch(() => {});
  await browser?.close();
  await server?.close();
});

export async function mock(path, body) {
  const response = await fetch(`${MOCK}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(response.ok, `mock ${path} answered ${response.status}`);
  return response.status === 204 ? null : response.json();
}

/// A new page with every script error recorded; fails the test if the app does not mount.
/// The first run looks for local servers on their usual ports (`provider::presets`); where
/// none runs, the browser logs the refused request, which is expected.
export const LOCAL_SERVER_PROBES = ['http://127.0.0.1:11434/v1/models', 'http://127.0.0.1:8080/v1/models'];
const isLocalServerProbe = (message) => LOCAL_SERVER_PROBES.includes(message.location()?.url)
  && /ERR_CONNECTION_REFUSED|404/.test(message.text());

/// `beforeLoad(page)` runs before the app is loaded.
export async function openApp(context, { beforeLoad } = {}) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() !== 'error' || isLocalServerProbe(message)) return;
    page.errors.push(message.text());
  });
  if (beforeLoad) await beforeLoad(page);
  await page.goto(appUrl);
  await mounted(page);
  return page;
}

export async function mounted(page) {
  // The composer exists only once the wasm app has mounted; `data-ready` once it has opened
  // storage and loaded the settings and the conversation list.
  await page.locator('[data-testid=composer]').waitFor({ state: 'attached', timeout: 30_000 });
  await page.locator('[data-testid=app][data-ready=true]').waitFor({ timeout: 30_000 });
  // A returning visit may start with the screen saved on the last one (xtask/assets/shell.js),
  // over the app until the app shows its own.
  await page.locator('body > .first-screen').waitFor({ state: 'detached', timeout: 30_000 });
}

/// Shows the settings screen (the chat stays behind it) at one of its sections: providers,
/// assistants, knowledge, appearance or data.
export async function openSettings(page, section = 'providers') {
  // Open (or opening: its code may still be loading) when the button says so.
  if ((await page.getAttribute('[data-testid=settings-button]', 'aria-expanded')) !== 'true') await page.click('[data-testid=settings-button]');
  await page.click(`[data-testid=settings-section-${section}]`);
  await page.locator(`[data-testid=settings-page-${section}]`).waitFor();
}

export async function closeSettings(page) {
  await page.click('[data-testid=close-settings]');
  await page.locator('[data-testid=composer-input]').waitFor();
}

/// `saved` is what the settings say once saved, in the page's language.
export async function configureMockProvider(page, { protocol = 'openai', path = '/v1', saved = 'Saved.' } = {}) {
  await openSettings(page);
  await page.selectOption('[data-testid=provider-kind]', protocol);
  await page.fill('[data-testid=provider-base-url]', `${MOCK}${path}`);
  await page.fill('[data-testid=provider-api-key]', 'sk-e2e');
  await page.fill('[data-testid=settings-model]', 'mock-model');
  await page.click('[data-testid=settings-save]');
  await assertText(page.locator('[data-testid=settings-feedback]'), saved);
  await closeSettings(page);
}

export async function assertText(locator, expected) {
  await locator.waitFor();
  assert.equal((await locator.textContent()).trim(), expected);
}

export async function send(page, text) {
  await page.fill('[data-testid=composer-input]', text);
  await page.press('[data-testid=composer-input]', 'Enter');
}

export const lastAssistant = (page) => page.locator('[data-testid=message][data-role=assistant]').last();

/// Every distinct text the last assistant message showed until `done` resolved.
export async function watchAssistantText(page) {
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

export async function assistantTextIs(page, expected) {
  try {
    await page.waitForFunction((text) => {
      const answers = document.querySelectorAll('[data-role=assistant]');
      const last = answers[answers.length - 1];
      return last && last.dataset.status === 'complete'
        && last.querySelector('[data-testid=message-content]').textContent === text;
    }, expected);
  } catch (error) {
    throw new Error(`the last answer never read ${JSON.stringify(expected)}\n${await whatHappened(page)}`, { cause: error });
  }
}

/// For a failed wait: the messages on screen (role, status, start of the text) and the requests
/// the mock provider received (streaming or not, the end of the last message of each), so an
/// intermittent failure names its cause.
async function whatHappened(page) {
  const shown = await page.evaluate(() => [...document.querySelectorAll('[data-testid=message]')]
    .map((m) => `  ${m.dataset.role}/${m.dataset.status}: ${m.textContent.trim().slice(0, 60)}`)
    .join('\n')).catch((error) => `  (the page could not be read: ${error.message})`);
  const asked = await mock('/admin/requests').then((requests) => requests
    .map((r) => `  ${r._received_ms} ms, ${r.stream ? 'streaming' : 'not streaming'}: ${JSON.stringify(r.messages?.at(-1)?.content ?? r.contents?.at(-1) ?? null).slice(-60)}`)
    .join('\n')).catch((error) => `  (the mock could not be asked: ${error.message})`);
  return `messages on screen:\n${shown}\nrequests the mock provider received:\n${asked}`;
}

/// Sets sync up in the settings of `page` with the database at `db` (no user name).
export async function connectSync(page, db, passphrase, { settings = false, keys = false } = {}) {
  await openSettings(page, 'sync');
  await page.fill('[data-testid=sync-url]', db);
  await page.fill('[data-testid=sync-passphrase]', passphrase);
  await page.setChecked('[data-testid=sync-scope-settings]', settings);
  if (settings) await page.setChecked('[data-testid=sync-scope-keys]', keys);
  await page.click('[data-testid=sync-connect]');
}

/// Waits for the first sync round after set-up to end, and for the page to say so.
export async function syncedOnce(page) {
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=sync-status]')?.dataset.rounds) > 0
    && document.querySelector('[data-testid=sync-state]')?.textContent.startsWith('Last synced'), null, { timeout: 30_000 });
}
