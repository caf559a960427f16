// Sync's figure: one browser sends 10,000 messages (100 conversations of 100) to a
// CouchDB-protocol server, another receives them. The server is PouchDB Server in memory (the
// e2e suite's package, installed by `cargo xtask setup`), on loopback: the figure is the app's
// own work (reading, sealing, opening, writing) plus the server's, without a network between.

import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from './app_figures.mjs';

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function startCouch() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const bin = new URL('../e2e/node_modules/.bin/pouchdb-server', import.meta.url).pathname;
  const child = spawn(bin, ['--in-memory', '--port', String(port), '--host', '127.0.0.1'], {
    cwd: mkdtempSync(join(tmpdir(), 'skein-bench-couch-')), stdio: 'ignore',
  });
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${url}/`)).ok) break;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const [key, value] of [
    ['httpd/enable_cors', 'true'], ['cors/origins', '*'], ['cors/methods', 'GET, PUT, POST, HEAD, DELETE'],
    ['cors/headers', 'accept, authorization, content-type, origin, referer'],
  ]) {
    const answer = await fetch(`${url}/_config/${key}`, { method: 'PUT', body: JSON.stringify(value) });
    if (!answer.ok) throw new Error(`PouchDB Server config ${key}: ${answer.status}`);
  }
  return { url, stop: () => child.kill() };
}

/// Sets sync up on `page` and returns the milliseconds from the click to the end of the first
/// round (the key derivation included), with the round's report.
async function connectAndSync(app, page, db) {
  await app.settings(page);
  await page.click('[data-testid=settings-section-sync]');
  await page.fill('[data-testid=sync-url]', db);
  await page.fill('[data-testid=sync-passphrase]', 'bench passphrase');
  const started = Date.now();
  await page.click('[data-testid=sync-connect]');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=sync-status]')?.dataset.rounds) > 0,
    null, { timeout: 900_000 });
  const ms = Date.now() - started;
  const error = await page.locator('[data-testid=sync-error]').count();
  if (error) throw new Error(`sync failed: ${await page.textContent('[data-testid=sync-error]')}`);
  return { ms, report: await page.textContent('[data-testid=sync-report]') };
}

export async function syncFigures(browser, appUrl, mockUrl, fixture) {
  const couch = await startCouch();
  const app = new App(browser, appUrl, mockUrl);
  try {
    const db = `${couch.url}/bench`;
    const sender = await app.open([fixture]);
    const push = await connectAndSync(app, sender.page, db);
    const receiver = await app.open([]);
    const pull = await connectAndSync(app, receiver.page, db);
    const received = await receiver.page.evaluate(async () => {
      const items = document.querySelectorAll('[data-testid=conversation-item]').length;
      return items;
    });
    await sender.context.close();
    await receiver.context.close();
    return { messages: 10_000, conversations: 100, pushMs: push.ms, pullMs: pull.ms,
      pushReport: push.report, pullReport: pull.report, listed: received };
  } finally {
    couch.stop();
  }
}
