// Sync's figure: one browser sends 10,000 messages (100 conversations of 100) to a
// CouchDB-protocol server, another receives them. The server is PouchDB Server in memory (the
// e2e suite's package, installed by `cargo xtask setup`), on loopback: the figure is the app's
// own work (reading, sealing, opening, writing) plus the server's, without a network between.

import { startCouch } from '../e2e/couch_server.mjs';
import { App } from './app_figures.mjs';

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

/// Creates an account on an empty database from an empty browser: the time from Connect to the
/// set-up shown (the Argon2id derivation is nearly all of it) and the page's longest task then.
async function joining(app, db) {
  const { page, context } = await app.open([]);
  await app.settings(page);
  await page.click('[data-testid=settings-section-sync]');
  await page.fill('[data-testid=sync-url]', db);
  await page.fill('[data-testid=sync-passphrase]', 'bench passphrase');
  await page.evaluate(() => {
    window.longestTask = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longestTask = Math.max(window.longestTask, entry.duration);
    }).observe({ type: 'longtask' });
  });
  const started = Date.now();
  await page.click('[data-testid=sync-connect]');
  await page.locator('[data-testid=sync-status]').waitFor({ timeout: 120_000 });
  const ms = Date.now() - started;
  const longestTaskMs = await page.evaluate(() => window.longestTask);
  await context.close();
  return { ms, longestTaskMs };
}

export async function syncFigures(browser, appUrl, mockUrl, fixture) {
  const couch = await startCouch();
  const app = new App(browser, appUrl, mockUrl);
  try {
    const join = await joining(app, `${couch.url}/bench-join`);
    const db = `${couch.url}/bench`;
    const sender = await app.open([fixture]);
    const push = await connectAndSync(app, sender.page, db);
    // A round with nothing new (what runs every minute and after each answer).
    const idle = await sender.page.evaluate(async () => {
      const status = () => Number(document.querySelector('[data-testid=sync-status]').dataset.rounds);
      const before = status();
      const longest = { ms: 0 };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longest.ms = Math.max(longest.ms, entry.duration);
      }).observe({ type: 'longtask' });
      const started = performance.now();
      document.querySelector('[data-testid=sync-now]').click();
      while (status() === before) await new Promise((r) => setTimeout(r, 20));
      return { ms: performance.now() - started, longestTaskMs: longest.ms };
    });
    const receiver = await app.open([]);
    const pull = await connectAndSync(app, receiver.page, db);
    const received = await receiver.page.evaluate(async () => {
      const items = document.querySelectorAll('[data-testid=conversation-item]').length;
      return items;
    });
    await sender.context.close();
    await receiver.context.close();
    return { messages: 10_000, conversations: 100, pushMs: push.ms, pullMs: pull.ms, idle, join,
      pushReport: push.report, pullReport: pull.report, listed: received };
  } finally {
    couch.stop();
  }
}
