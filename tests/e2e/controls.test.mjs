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

test('a fallback answers when the provider fails; after three failures the settings say it is skipped', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await openSettings(page, 'providers');
  await page.fill('[data-testid=fallback-base-url]', `${MOCK}/v1`);
  await page.fill('[data-testid=fallback-api-key]', 'sk-e2e');
  await page.fill('[data-testid=fallback-model]', 'mock-model-large');
  await page.click('[data-testid=fallback-add]');
  const host = new URL(MOCK).host;
  await page.locator('[data-testid=chain-entry] >> nth=1').waitFor();
  assert.deepEqual(await page.locator('[data-testid=chain-entry] .chain-label').allTextContents(),
    [`mock-model at ${host} (the provider)`, `mock-model-large at ${host}`]);
  await closeSettings(page);

  for (const n of [1, 2, 3]) {
    await mock('/admin/script', [{ status: 401, error_message: 'Invalid key' }, { chunks: [`Fallback answer ${n}.`] }]);
    await send(page, `question ${n}`);
    await assistantTextIs(page, `Fallback answer ${n}.`);
    await page.waitForFunction(() => /^mock-model-large via /.test([...document.querySelectorAll('[data-role=assistant] [data-testid=message-details]')].at(-1)?.textContent ?? ''));
  }
  const streamed = async () => (await mock('/admin/requests')).filter((r) => r.stream === true).map((r) => r.model);
  assert.deepEqual(await streamed(), ['mock-model', 'mock-model-large', 'mock-model', 'mock-model-large', 'mock-model', 'mock-model-large']);

  await openSettings(page, 'providers');
  assert.match(await page.locator('[data-testid=chain-entry] >> nth=0').locator('[data-testid=chain-health]').textContent(),
    /^Skipped for \d+ s after 3 failures in a row$/);
  await page.locator('[data-testid=fallbacks]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: new URL('fallbacks.png', DOCS_SCREENSHOTS).pathname });
  await closeSettings(page);

  // While it is skipped, questions go straight to the fallback.
  await mock('/admin/script', [{ chunks: ['Straight to the fallback.'] }]);
  await send(page, 'question 4');
  await assistantTextIs(page, 'Straight to the fallback.');
  assert.equal((await streamed()).at(-1), 'mock-model-large');
  assert.equal((await streamed()).filter((m) => m === 'mock-model').length, 3, 'no request to the skipped provider');

  // A second fallback, moved up, then the first removed; a bad URL is refused and nothing changes.
  await openSettings(page, 'providers');
  const labels = () => page.locator('[data-testid=chain-entry] .chain-label').allTextContents();
  await page.fill('[data-testid=fallback-base-url]', 'ftp://example.com/v1');
  await page.fill('[data-testid=fallback-model]', 'broken');
  await page.click('[data-testid=fallback-add]');
  assert.match(await page.locator('[data-testid=fallback-error]').textContent(), /^This fallback cannot be used: .*ftp:\/\/example\.com/);
  assert.equal(await page.locator('[data-testid=chain-entry]').count(), 2);
  await page.fill('[data-testid=fallback-base-url]', `${MOCK}/v1`);
  await page.fill('[data-testid=fallback-model]', 'mock-model-small');
  await page.click('[data-testid=fallback-add]');
  await page.locator('[data-testid=chain-entry] >> nth=2').waitFor();
  await page.click('[data-testid=chain-entry] >> nth=2 >> [data-testid=fallback-up]');
  await page.waitForFunction(() => /^mock-model-small/.test(document.querySelectorAll('[data-testid=chain-entry] .chain-label')[1]?.textContent ?? ''));
  await page.click('[data-testid=chain-entry] >> nth=2 >> [data-testid=fallback-remove]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=chain-entry]').length === 2);
  assert.deepEqual((await labels()).slice(1), [`mock-model-small at ${host}`]);
  // Saved: a reload (at phone width) shows the same chain.
  await page.setViewportSize({ width: 375, height: 760 });
  await page.reload();
  await openSettings(page, 'providers');
  await page.locator('[data-testid=chain-entry] >> nth=1').waitFor();
  assert.deepEqual((await labels()).slice(1), [`mock-model-small at ${host}`]);
  await page.locator('[data-testid=fallbacks]').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await page.screenshot({ path: new URL('fallbacks-phone.png', DOCS_SCREENSHOTS).pathname });
  assert.deepEqual(page.errors.filter((e) => !/status of 401/.test(e)), []);
  await context.close();
});

test('the summary panel: summarise now on a short chat, edit it, the next request sends it, reset', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await mock('/admin/script', [
    { chunks: ['Kyoto in May.'] }, { chunks: ['"Kyoto"'], stream: false }, { chunks: ['Book the ryokan.'] },
  ]);
  await send(page, 'Plan a trip');
  await assistantTextIs(page, 'Kyoto in May.');
  await send(page, 'Where to stay?');
  await assistantTextIs(page, 'Book the ryokan.');

  const panel = page.locator('[data-testid=summary-panel]');
  const text = panel.locator('[data-testid=summary-text]');
  await page.click('[data-testid=open-summary]');
  await panel.locator('[data-testid=summary-none]').waitFor();
  await mock('/admin/script', [{ chunks: ['They planned a trip to Kyoto in May.'], stream: false }]);
  await page.fill('[data-testid=summary-instructions-input]', 'Keep every date.');
  await page.click('[data-testid=summarise-now]');
  await becomes(text, 'They planned a trip to Kyoto in May.');
  assert.match(await panel.locator('[data-testid=summary-provenance]').textContent(),
    /^Made .+ by mock-model\. In requests it stands in for the first 2 messages/);
  assert.equal(await panel.locator('[data-testid=summary-instructions]').textContent(), 'Your instructions: Keep every date.');
  const requests = async () => mock('/admin/requests');
  const summaryRequest = (await requests()).find((r) => /running summary/.test(r.messages[0].content));
  assert.ok(summaryRequest.messages[0].content.endsWith('Keep every date.'));
  assert.match(summaryRequest.messages[1].content, /User: Plan a trip\n\nAssistant: Kyoto in May\./);
  assert.doesNotMatch(summaryRequest.messages[1].content, /Where to stay/);
  await panel.locator('summary').click();
  await page.screenshot({ path: new URL('summary-panel.png', DOCS_SCREENSHOTS).pathname });

  // A covered message, shown in the chat: the panel closes and the message has the focus.
  await panel.locator('[data-testid=summary-jump] >> nth=0').click();
  await panel.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement?.textContent?.includes('Plan a trip')), true);

  // The user's version, then the next request sends it in place of the first exchange.
  await page.click('[data-testid=open-summary]');
  await page.click('[data-testid=summary-edit]');
  await page.fill('[data-testid=summary-editor]', 'My version: Kyoto, 14–16 May.');
  await page.click('[data-testid=summary-save]');
  await becomes(text, 'My version: Kyoto, 14–16 May.');
  assert.match(await panel.locator('[data-testid=summary-provenance]').textContent(), /^Edited by you .* \(made by mock-model\)\./);
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  assert.equal(await page.locator('[data-testid=open-summary]').textContent(), 'A summary stands in for the first 2 messages');
  await mock('/admin/script', [{ chunks: ['Osaka is close.'] }]);
  await send(page, 'And Osaka?');
  await assistantTextIs(page, 'Osaka is close.');
  const lastStreamed = async () => (await requests()).filter((r) => r.stream === true).at(-1).messages;
  let sent = await lastStreamed();
  assert.match(sent[0].content, /My version: Kyoto, 14–16 May\./);
  assert.ok(sent.every((m) => !String(m.content).includes('Plan a trip')), 'the first exchange is only in the summary');
  assert.match(sent.at(-1).content, /<\/context>\n\nAnd Osaka\?$/);

  // Reset: the whole branch is sent again.
  await page.click('[data-testid=open-summary]');
  await becomes(text, 'My version: Kyoto, 14–16 May.');
  await page.setViewportSize({ width: 375, height: 760 });
  // The sidebar slides away as the layout narrows.
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await page.screenshot({ path: new URL('summary-panel-phone.png', DOCS_SCREENSHOTS).pathname });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.click('[data-testid=summary-reset]');
  await panel.locator('[data-testid=summary-none]').waitFor();
  await page.click('[data-testid=close-summary]');
  await mock('/admin/script', [{ chunks: ['All of it.'] }]);
  await send(page, 'Everything again?');
  await assistantTextIs(page, 'All of it.');
  sent = await lastStreamed();
  assert.doesNotMatch(sent[0].content, /My version/);
  assert.ok(sent.some((m) => m.content === 'Plan a trip'));
  assert.deepEqual(page.errors, []);
  await context.close();
});

/// Every record of every IndexedDB database of the page, as JSON text.
async function storedText(page) {
  return page.evaluate(async () => {
    const done = (request) => new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const out = [];
    for (const { name } of await indexedDB.databases()) {
      const db = await done(indexedDB.open(name));
      for (const store of db.objectStoreNames) {
        out.push(JSON.stringify(await done(db.transaction(store).objectStore(store).getAll())));
      }
      db.close();
    }
    return out.join('\n');
  });
}

test('a temporary chat leaves no record in IndexedDB until it is kept; one not kept is gone after a reload', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await page.check('[data-testid=temporary-toggle]');
  await mock('/admin/script', [{ chunks: ['Noted, and not saved.'] }, { chunks: ['"Secret plan"'], stream: false }]);
  await send(page, 'my secret plan');
  await assistantTextIs(page, 'Noted, and not saved.');
  const bar = page.locator('[data-testid=temporary-bar]');
  await bar.waitFor();
  await page.locator('[data-testid=conversation-item]', { hasText: 'Secret plan' }).waitFor();
  assert.equal(await page.locator('[data-testid=temporary-tag]').count(), 1);
  let stored = await storedText(page);
  assert.match(stored, /mock-model/, 'the dump reads the stores (the settings are there)');
  assert.doesNotMatch(stored, /secret plan|Noted, and not saved|Secret plan/);
  await page.screenshot({ path: new URL('temporary-chat.png', DOCS_SCREENSHOTS).pathname });

  // Kept: stored whole, no longer marked.
  await page.click('[data-testid=keep-chat]');
  await bar.waitFor({ state: 'detached' });
  assert.equal(await page.locator('[data-testid=temporary-tag]').count(), 0);
  stored = await storedText(page);
  assert.match(stored, /my secret plan/);
  assert.match(stored, /Noted, and not saved\./);

  // Another one, not kept, and an ordinary chat.
  await page.click('[data-testid=new-chat-button]');
  assert.equal(await page.locator('[data-testid=temporary-toggle]').isChecked(), false, 'each new chat starts ordinary');
  await page.check('[data-testid=temporary-toggle]');
  await page.setViewportSize({ width: 375, height: 760 });
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await page.screenshot({ path: new URL('temporary-switch-phone.png', DOCS_SCREENSHOTS).pathname });
  await page.setViewportSize({ width: 1280, height: 720 });
  await mock('/admin/script', [{ chunks: ['Gone soon.'] }, { chunks: ['"Ephemeral"'], stream: false }]);
  await send(page, 'an ephemeral note');
  await assistantTextIs(page, 'Gone soon.');
  await bar.waitFor();
  assert.doesNotMatch(await storedText(page), /ephemeral note|Gone soon/);
  await page.reload();
  await mounted(page);
  const titles = await page.locator('[data-testid=conversation-item] .conversation-title').allTextContents();
  assert.deepEqual(titles, ['Secret plan']);
  assert.doesNotMatch(await storedText(page), /ephemeral note|Gone soon/);
  assert.deepEqual(page.errors, []);
  await context.close();
});
