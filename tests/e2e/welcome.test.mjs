// End to end: the first run. A newcomer goes from a fresh profile to a streamed answer through
// the welcome step (a provider card, Connect, the model it picked, Start), with the full
// settings one click away; and a local server answering on Ollama's usual port is offered
// first (here a second mock provider test fixture on 127.0.0.1:11434).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createConnection } from 'node:net';
import {
  MOCK, DOCS_SCREENSHOTS, browser, mock, openApp, send, assistantTextIs,
} from './harness.mjs';

const OLLAMA_PORT = 11434;

test('a newcomer connects from the welcome step and gets an answer; all settings stay one click away', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openApp(context);
  const welcome = page.locator('[data-testid=welcome]');
  await welcome.waitFor();
  assert.equal(await page.locator('[data-testid=provider-card]').count(), 7);
  assert.ok(!(await page.locator('[data-testid=composer-input]').isVisible()), 'the chat waits behind the welcome');

  // The full settings, and back.
  await page.click('[data-testid=welcome-settings]');
  await page.locator('[data-testid=settings]').waitFor();
  assert.ok(!(await welcome.isVisible()));
  await page.click('[data-testid=close-settings]');
  await welcome.waitFor();

  // A hosted provider asks for its key before anything is sent.
  await page.click('[data-testid=provider-card][data-provider=openai]');
  await page.click('[data-testid=welcome-connect]');
  await page.locator('[data-testid=welcome-error]', { hasText: 'needs an API key' }).waitFor();

  // "Other OpenAI-compatible": its address, Connect, the listed model, Start.
  await page.click('[data-testid=provider-card][data-provider=other]');
  assert.equal(await page.getAttribute('[data-testid=provider-card][data-provider=other]', 'aria-pressed'), 'true');
  await page.fill('[data-testid=welcome-base-url]', `${MOCK}/v1`);
  await page.click('[data-testid=welcome-connect]');
  await page.locator('[data-testid=welcome-model]').waitFor();
  assert.equal(await page.inputValue('[data-testid=welcome-model]'), 'mock-model');
  await page.screenshot({ path: new URL('welcome.png', DOCS_SCREENSHOTS).pathname });
  await page.click('[data-testid=welcome-start]');
  await welcome.waitFor({ state: 'detached' });
  await page.locator('[data-testid=notice]', { hasText: 'Connected to Other OpenAI-compatible' }).waitFor();

  await mock('/admin/script', [{ chunks: ['Welcome ', 'aboard.'] }]);
  await send(page, 'hello');
  await assistantTextIs(page, 'Welcome aboard.');

  // Saved: the next start goes straight to the chat.
  await page.reload();
  await page.locator('[data-testid=app][data-ready=true]').waitFor();
  assert.equal(await welcome.count(), 0);
  assert.deepEqual(page.errors, []);
  await context.close();
});

async function portInUse(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

test('a local server on its usual port is offered first, and used without a key', async () => {
  assert.ok(!(await portInUse(OLLAMA_PORT)), `port ${OLLAMA_PORT} is taken: stop the local Ollama to run this test`);
  const binary = fileURLToPath(new URL('../../target/debug/skein-mock-provider', import.meta.url));
  const local = spawn(binary, ['--port', String(OLLAMA_PORT)], { stdio: 'ignore' });
  try {
    for (let i = 0; i < 100 && !(await portInUse(OLLAMA_PORT)); i++) await new Promise((r) => setTimeout(r, 50));
    const localUrl = `http://127.0.0.1:${OLLAMA_PORT}`;
    await fetch(`${localUrl}/admin/script`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ chunks: ['From ', 'this ', 'computer.'] }]),
    });
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await openApp(context);
    const offer = page.locator('[data-testid=local-offer]');
    await offer.waitFor();
    assert.match(await offer.textContent(), /Ollama is running on this computer \(\d+ models?\)\. No key needed/);
    await page.screenshot({ path: new URL('phone-welcome.png', DOCS_SCREENSHOTS).pathname });
    await page.click('[data-testid=use-local]');
    await page.locator('[data-testid=welcome-model]').waitFor();
    await page.click('[data-testid=welcome-start]');
    await send(page, 'are you local?');
    await assistantTextIs(page, 'From this computer.');
    const requests = await (await fetch(`${localUrl}/admin/requests`)).json();
    assert.ok(requests.some((r) => r.stream === true), 'the answer came from the local server');
    assert.deepEqual(page.errors, []);
    await context.close();
  } finally {
    local.kill();
  }
});
