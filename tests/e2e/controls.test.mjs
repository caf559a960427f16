// End to end: what the engine decides, shown and steerable. Follow-up suggestions: off by
// default (the switch says what they cost), offered as chips under the latest answer once
// turned on, sent by a click, and gone once their answer no longer ends the branch on screen.
// Each answer's details line (model, provider, tokens, first token), and the usage page: the
// figures the mock reported per model and day, the user's prices, the CSV.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import {
  DOCS_SCREENSHOTS, MOCK, browser, mock, openApp, openSettings, closeSettings, configureMockProvider, send,
  assistantTextIs, assertText, lastAssistant, mounted,
} from './harness.mjs';

const chips = (page) => page.locator('[data-testid=suggestion]');
/// Waits until `locator` says `expected` (figures are read again after each change).
async function becomes(locator, expected) {
  await locator.filter({ hasText: new RegExp(`^\\s*${expected.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&')}\\s*$`) }).waitFor();
}

test('follow-up suggestions are chips under the latest answer; a click sends one', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);

  // Off by default: an answer brings no suggestions and no extra request.
  await mock('/admin/script', [{ chunks: ['Low tide is at 14:10.'] }, { chunks: ['"Tides"'], stream: false }]);
  await send(page, 'when is low tide?');
  await assistantTextIs(page, 'Low tide is at 14:10.');
  await page.locator('[data-testid=conversation-item]', { hasText: 'Tides' }).waitFor();
  assert.equal(await chips(page).count(), 0);
  assert.equal((await mock('/admin/requests')).filter((r) => r.stream !== true).length, 1, 'the title only');

  await openSettings(page, 'assistants');
  const toggle = page.locator('[data-testid=assistant-suggestions]');
  assert.equal(await toggle.isChecked(), false);
  assert.match(await page.locator('label', { has: toggle }).textContent(), /one extra request per answer/);
  await toggle.check();
  await page.click('[data-testid=assistant-save]');
  await assertText(page.locator('[data-testid=assistant-feedback]'), 'Saved.');
  await closeSettings(page);

  await mock('/admin/script', [
    { chunks: ['High tide is at 20:25.'] },
    { chunks: ['1. Is it safe to swim then?\n2. And tomorrow?'], stream: false },
  ]);
  await send(page, 'and high tide?');
  await assistantTextIs(page, 'High tide is at 20:25.');
  await page.locator('[data-testid=suggestions]').waitFor();
  assert.deepEqual(await chips(page).allTextContents(), ['Is it safe to swim then?', 'And tomorrow?']);

  // A click sends the suggestion as the next question; its answer brings its own.
  await mock('/admin/script', [
    { chunks: ['Tomorrow: 14:55 and 21:10.'] },
    { chunks: ['- Which beach is closest?'], stream: false },
  ]);
  await chips(page).nth(1).click();
  await assistantTextIs(page, 'Tomorrow: 14:55 and 21:10.');
  const asked = (await mock('/admin/requests')).filter((r) => r.stream === true).at(-1).messages.at(-1);
  assert.equal(asked.role, 'user');
  assert.match(JSON.stringify(asked.content), /And tomorrow\?/);
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=suggestion]')].map((b) => b.textContent).join('|') === 'Which beach is closest?');
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL('suggestions.png', DOCS_SCREENSHOTS).pathname });

  // Another version of the answer: the suggestions were for the other one, so none show.
  await mock('/admin/script', [{ chunks: ['At 14:55, then 21:10.'] }, { chunks: ['1. Where do I park?'], stream: false }]);
  await lastAssistant(page).locator('[data-testid=regenerate-button]').click();
  await assistantTextIs(page, 'At 14:55, then 21:10.');
  await page.waitForFunction(() => document.querySelector('[data-testid=suggestion]')?.textContent === 'Where do I park?');
  await lastAssistant(page).locator('[data-testid=branch-prev]').click();
  await assistantTextIs(page, 'Tomorrow: 14:55 and 21:10.');
  await page.locator('[data-testid=suggestions]').waitFor({ state: 'detached' });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a finished answer says which model wrote it and the tokens the provider counted', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  // The mock's Anthropic stream reports its model and 1 input and 1 output token.
  await configureMockProvider(page, { protocol: 'anthropic' });
  await mock('/admin/script', [{ chunks: ['Counted.'] }, { chunks: ['Counting'], stream: false }]);
  await send(page, 'count this');
  await assistantTextIs(page, 'Counted.');
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete]').waitFor();
  const host = new URL(MOCK).host;
  const details = await lastAssistant(page).locator('[data-testid=message-details]').textContent();
  assert.match(details, new RegExp(`^mock-model via ${host.replace(/\./g, '\\.')} · 1 tokens in, 1 out · first token \\d+\\.\\d\\d s`));
  assert.equal(await page.locator('[data-role=user] [data-testid=message-details]').count(), 0, 'a question has none');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the usage page adds up what the provider reported, prices it, and exports every call', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await openApp(context);
  await configureMockProvider(page);
  await mock('/admin/script', [
    { chunks: ['The first answer.'], usage: { prompt_tokens: 1200, completion_tokens: 300, cached_tokens: 1024, reasoning_tokens: 256 } },
    { chunks: ['"Usage"'], stream: false },
    { chunks: ['The second answer.'], usage: { prompt_tokens: 800, completion_tokens: 100 } },
  ]);
  await send(page, 'first');
  await assistantTextIs(page, 'The first answer.');
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete]').waitFor();
  assert.match(await lastAssistant(page).locator('[data-testid=message-details]').textContent(),
    / · 1,200 tokens in \(1,024 cached\), 300 out \(256 reasoning\) · first token /);
  await send(page, 'second');
  await assistantTextIs(page, 'The second answer.');
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete] >> nth=1').waitFor();

  await openSettings(page, 'usage');
  await assertText(page.locator('[data-testid=usage-summary]'), '2 calls · 2,000 tokens in · 400 out');
  const row = page.locator('[data-testid=usage-row][data-model=mock-model]');
  assert.deepEqual(
    await Promise.all(['usage-calls', 'usage-in', 'usage-out', 'usage-cost'].map((id) => row.locator(`[data-testid=${id}]`).textContent())),
    ['2', '2,000', '400', '—']);
  assert.match(await page.locator('[data-testid=usage-unpriced]').textContent(), /mock-model/);
  // One day, one model: one bar, its tooltip the day's total.
  const bars = page.locator('[data-testid=usage-chart] rect');
  assert.equal(await bars.count(), 1);
  assert.match(await bars.locator('title').textContent(), /mock-model: 2,400 tokens$/);

  // A price that is not a number is refused with what to type; nothing changes.
  await row.locator('[data-testid=price-in]').fill('two fifty');
  await row.locator('[data-testid=price-in]').press('Tab');
  await assertText(page.locator('[data-testid=price-error]'),
    'mock-model: Enter the price per million input tokens as a number, such as 2.50.');
  assert.equal(await row.locator('[data-testid=usage-cost]').textContent(), '—');
  // Prices per million: 2,000 × 2.50 + 400 × 10 = 0.009.
  await row.locator('[data-testid=price-in]').fill('$2.50');
  await row.locator('[data-testid=price-out]').fill('10');
  await row.locator('[data-testid=price-out]').press('Tab');
  await becomes(row.locator('[data-testid=usage-cost]'), '0.0090');
  await becomes(page.locator('[data-testid=usage-summary]'), '2 calls · 2,000 tokens in · 400 out · cost 0.0090');
  assert.equal(await page.locator('[data-testid=price-error]').count(), 0);

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=usage-export]')]);
  assert.equal(download.suggestedFilename(), 'skein-usage.csv');
  const lines = readFileSync(await download.path(), 'utf8').trim().split('\r\n');
  assert.equal(lines.length, 3, 'a header and a row a call');
  const header = lines[0].split(',');
  const first = Object.fromEntries(lines[1].split(',').map((cell, i) => [header[i], cell]));
  assert.deepEqual(
    [first.provider, first.host, first.model, first.outcome, first.prompt_tokens, first.completion_tokens, first.cached_tokens, first.reasoning_tokens, first.cost],
    ['openai', new URL(MOCK).host, 'mock-model', 'ok', '1200', '300', '1024', '256', '0.006000']);

  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: new URL(`usage-${scheme}.png`, DOCS_SCREENSHOTS).pathname, fullPage: true });
  }
  // The prices stay on this device: a reload (here at phone width) keeps them.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await mounted(page);
  await openSettings(page, 'usage');
  await becomes(page.locator('[data-testid=usage-row][data-model=mock-model] [data-testid=usage-cost]'), '0.0090');
  assert.equal(await page.locator('[data-testid=usage-row] [data-testid=price-in]').inputValue(), '2.5');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'nothing runs off a phone screen');
  await page.screenshot({ path: new URL('usage-phone.png', DOCS_SCREENSHOTS).pathname, fullPage: true });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('regenerate with another model: the answer\'s menu lists the models; the new version is that model\'s', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await mock('/admin/script', [{ chunks: ['From the usual model.'] }, { chunks: ['"Models"'], stream: false }]);
  await send(page, 'hello');
  await assistantTextIs(page, 'From the usual model.');
  const details = () => lastAssistant(page).locator('[data-testid=message-details]').textContent();
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete]').waitFor();
  assert.match(await details(), /^mock-model via /);

  // The menu lists the provider's models (fetched when it opens).
  await lastAssistant(page).locator('[data-testid=regenerate-model]').click();
  const large = lastAssistant(page).locator('[data-testid=regenerate-with][data-model=mock-model-large]');
  await large.waitFor();
  assert.deepEqual(await lastAssistant(page).locator('[data-testid=regenerate-with]').evaluateAll((items) => items.map((i) => i.dataset.model)),
    ['mock-model', 'mock-model-large']);
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL('regenerate-menu.png', DOCS_SCREENSHOTS).pathname });
  await mock('/admin/script', [{ chunks: ['From the large model.'] }]);
  await large.click();
  await assistantTextIs(page, 'From the large model.');
  assert.equal((await mock('/admin/requests')).filter((r) => r.stream === true).at(-1).model, 'mock-model-large');
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete]').waitFor();
  await page.waitForFunction(() => /^mock-model-large via /.test([...document.querySelectorAll('[data-role=assistant] [data-testid=message-details]')].at(-1)?.textContent ?? ''));
  assert.equal(await lastAssistant(page).locator('[data-testid=branch-indicator]').textContent(), '2/2');
  // The chat's own model is unchanged: the next question goes to it.
  assert.equal(await page.locator('[data-testid=chat-model-select]').inputValue(), 'mock-model');
  await lastAssistant(page).locator('[data-testid=branch-prev]').click();
  await assistantTextIs(page, 'From the usual model.');
  assert.match(await details(), /^mock-model via /);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('while a llama.cpp-style server reads the prompt, the answer shows how far it got', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await mock('/admin/script', [
    { prompt_progress: [[512, 2048], [1024, 2048], [2048, 2048]], delay_ms: 700, chunks: ['Read it all.'] },
    { chunks: ['"Progress"'], stream: false },
  ]);
  await send(page, 'a long prompt');
  const progress = page.locator('[data-testid=prompt-progress]');
  await page.waitForFunction(() => document.querySelector('[data-testid=prompt-progress]')?.textContent === 'Reading the prompt: 1,024 of 2,048 tokens');
  assert.equal(await progress.locator('progress').evaluate((bar) => bar.value), 0.5);
  await page.screenshot({ path: new URL('prompt-progress.png', DOCS_SCREENSHOTS).pathname });
  // The first word replaces it.
  await assistantTextIs(page, 'Read it all.');
  assert.equal(await progress.count(), 0);
  assert.deepEqual(page.errors, []);
  await context.close();
});
