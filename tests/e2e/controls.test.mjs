// End to end: what the engine decides, shown and steerable. Follow-up suggestions: off by
// default (the switch says what they cost), offered as chips under the latest answer once
// turned on, sent by a click, and gone once their answer no longer ends the branch on screen.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import {
  DOCS_SCREENSHOTS, browser, mock, openApp, openSettings, closeSettings, configureMockProvider, send,
  assistantTextIs, assertText, lastAssistant,
} from './harness.mjs';

const chips = (page) => page.locator('[data-testid=suggestion]');

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
  await assertText(lastAssistant(page).locator('[data-testid=message-details]'), 'mock-model · 1 tokens in, 1 out');
  assert.equal(await page.locator('[data-role=user] [data-testid=message-details]').count(), 0, 'a question has none');
  assert.deepEqual(page.errors, []);
  await context.close();
});
