// What a browser killed in the middle of an answer loses: the browser (with a profile on disk) is
// killed with SIGKILL at a random moment of a 200-token/s stream, started again, and the answer it
// shows is compared with what the mock provider had sent. Every other run removes the stream
// journal (engine/src/chat/stream_journal.rs) before the app starts again, which leaves what the
// database alone kept (the answer written every 250 ms): the same kills, measured both ways.

import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killBrowser } from '../e2e/kill.mjs';
import { journalFiles, storedAnswers } from '../e2e/stored.mjs';
import { median } from './app_figures.mjs';

/// The stream: numbered tokens, one every `INTERVAL_MS`.
const INTERVAL_MS = 5;
const TOKENS = 2_000;

/// Removes the journals, from a page of the app's origin that is not the app.
async function removeJournals(context, appUrl) {
  const page = await context.newPage();
  await page.goto(`${appUrl}no-such-page`);
  await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    await root.removeEntry('stream-journal', { recursive: true }).catch(() => {});
  });
  await page.close();
}

/// How many tokens the answer of run `run` kept after the restart: once the app has marked it
/// interrupted (each run leaves one answer so) and taken back what its journal holds (the journal
/// is removed then), as IndexedDB holds it.
async function keptTokens(page, run) {
  await page.waitForFunction((count) => document
    .querySelectorAll('[data-testid=message][data-role=assistant][data-status=incomplete]').length === count, run + 1, { timeout: 60_000 });
  for (let tries = 0; await journalFiles(page) > 0; tries += 1) {
    if (tries > 600) throw new Error('the journal was never taken back');
    await page.waitForTimeout(100);
  }
  const { text } = (await storedAnswers(page)).at(-1);
  const numbers = [...text.matchAll(/k(\d+)/g)].map((m) => Number(m[1]));
  return numbers.length === 0 ? 0 : Math.max(...numbers) + 1;
}

export async function killFigures(launch, app, runs) {
  const profile = mkdtempSync(join(tmpdir(), 'skein-bench-kill-'));
  const start = () => chromium.launchPersistentContext(profile, { ...launch, viewport: { width: 1280, height: 800 } });
  const losses = { journal: [], database: [] };
  try {
    let context = await start();
    let page = await context.newPage();
    await page.goto(app.appUrl);
    await app.ready(page);
    await app.settings(page);
    await page.selectOption('[data-testid=provider-kind]', 'openai');
    await page.fill('[data-testid=provider-base-url]', `${app.mockUrl}/v1`);
    await page.fill('[data-testid=settings-model]', 'mock-model');
    await page.click('[data-testid=settings-save]');
    await page.locator('[data-testid=settings-feedback]').waitFor();
    await page.click('[data-testid=close-settings]');
    for (let run = 0; run < runs; run += 1) {
      const chunks = Array.from({ length: TOKENS }, (_, i) => `k${i} `);
      await app.mock('/admin/script', [{ chunks, delay_ms: INTERVAL_MS }, { chunks: ['"Bench"'], stream: false }]);
      await page.fill('[data-testid=composer-input]', `Count for me (${run}).`);
      await page.press('[data-testid=composer-input]', 'Enter');
      await page.waitForFunction(() => {
        const answers = document.querySelectorAll('[data-testid=message][data-role=assistant]');
        return answers[answers.length - 1]?.dataset.status === 'streaming' && /k\d+/.test(answers[answers.length - 1].textContent);
      });
      // Somewhere in the first seconds of the answer.
      await page.waitForTimeout(300 + Math.random() * 2_500);
      await killBrowser(context, profile);
      const { chunks: sent } = await app.mock('/admin/sent');
      const database = run % 2 === 1;
      context = await start();
      if (database) await removeJournals(context, app.appUrl);
      page = await context.newPage();
      await page.goto(app.appUrl);
      await app.ready(page);
      const kept = await keptTokens(page, run);
      (database ? losses.database : losses.journal).push(Math.max(0, sent - kept) * INTERVAL_MS);
    }
    await context.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
  const summary = (list) => ({
    runs: list.length,
    medianMs: median(list),
    maxMs: Math.max(...list),
    over100: list.filter((ms) => ms > 100).length,
    lossesMs: list,
  });
  return { intervalMs: INTERVAL_MS, journal: summary(losses.journal), database: summary(losses.database) };
}
