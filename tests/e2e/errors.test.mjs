// End to end: failures and their banner, the settings a failure sends the user to.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MOCK, SCREENSHOTS, DOCS_SCREENSHOTS, browser, appUrl, mock, openApp, mounted, openSettings, closeSettings,
  configureMockProvider, assertText, send, lastAssistant, watchAssistantText, assistantTextIs,
} from './harness.mjs';

test('a failed answer is removed, its error named in a banner, and Retry answers the question', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await mock('/admin/script', [
    { status: 401, error_message: 'Invalid API key (mock)' },
    { chunks: ['Second ', 'time ', 'lucky.'] },
    { chunks: ['"Retry"'], stream: false },
  ]);
  await send(page, 'will this fail?');
  const banner = page.locator('[data-testid=error-banner][data-kind=authentication]');
  await banner.waitFor();
  assert.equal(await banner.locator('[data-testid=error-kind]').textContent(), 'Authentication');
  assert.match(await banner.textContent(), /Invalid API key \(mock\)/);
  assert.match(await banner.textContent(), /check it in the settings/);
  assert.match(await banner.textContent(), /^.*127\.0\.0\.1:\d+: The provider refused the API key/, 'names the provider');
  // The empty failed answer is gone; the question stays.
  await page.waitForFunction(() => !document.querySelector('[data-testid=message][data-role=assistant]'));
  assert.equal(
    await page.locator('[data-role=user] [data-testid=message-content]').textContent(),
    'will this fail?');
  await page.click('[data-testid=retry-button]');
  await assistantTextIs(page, 'Second time lucky.');
  assert.equal(await page.locator('[data-testid=error-banner]').count(), 0, 'the banner went');
  assert.equal(await page.locator('[data-testid=message]').count(), 2);
  await page.reload();
  await mounted(page);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=message]').length === 2);
  await context.close();
});

test('each kind of failure is named: rate limit, server, timeout, network/CORS', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  const expectKind = async (kind, label, text) => {
    const banner = page.locator(`[data-testid=error-banner][data-kind=${kind}]`);
    await banner.waitFor({ timeout: 20_000 });
    assert.equal(await banner.locator('[data-testid=error-kind]').textContent(), label);
    assert.match(await banner.textContent(), text);
    assert.equal(await banner.locator('[data-testid=retry-button]').count(), 1);
    await page.click('[data-testid=dismiss-banner]');
  };
  // A rate limit that asks for a long wait is reported at once, with the wait.
  await mock('/admin/script', { status: 429, error_message: 'Slow down (mock)', retry_after: '120' });
  await send(page, 'rate limited?');
  await expectKind('rate_limit', 'Rate limit', /wait 120 s/);
  // Server errors are retried (with backoff) before they are reported.
  const busy = { status: 503, error_message: 'Busy (mock)' };
  await mock('/admin/script', [busy, busy, busy]);
  await send(page, 'server error?');
  await expectKind('server', 'Server error', /Busy \(mock\)/);
  // A provider that sends nothing within the first-token timeout.
  await openSettings(page);
  await page.click('[data-testid=provider-limits]');
  await page.fill('[data-testid=provider-first-token-timeout]', '1');
  await page.click('[data-testid=settings-save]');
  await closeSettings(page);
  const slow = { chunks: ['late'], first_token_delay_ms: 2500 };
  await mock('/admin/script', [slow, slow, slow]);
  await send(page, 'too slow?');
  await expectKind('timeout', 'Timeout', /first-token timeout/);
  // Nothing listening at the base URL: a network (or CORS) failure, explained.
  await openSettings(page);
  await page.fill('[data-testid=provider-base-url]', 'http://127.0.0.1:9/v1');
  await page.click('[data-testid=settings-save]');
  await closeSettings(page);
  await send(page, 'anyone there?');
  await expectKind('network', 'Network or CORS', /CORS/);
  assert.equal(await page.locator('[data-testid=message][data-role=assistant]').count(), 0,
    'no empty failed answer is left behind');
  assert.equal(await page.locator('[data-testid=message][data-role=user]').count(), 4);
  await context.close();
});

test('the model list is fetched from the provider and a choice fills the model', async () => {
  const context = await browser.newContext();
  const page = await openApp(context);
  await openSettings(page);
  await page.fill('[data-testid=provider-base-url]', `${MOCK}/v1`);
  await page.click('[data-testid=fetch-models]');
  const select = page.locator('[data-testid=model-select]');
  await select.waitFor();
  assert.deepEqual(await select.locator('option:not([disabled])').allTextContents(), ['mock-model', 'mock-model-large']);
  await select.selectOption('mock-model-large');
  assert.equal(await page.inputValue('[data-testid=settings-model]'), 'mock-model-large');
  // A server that cannot be reached says so.
  await page.fill('[data-testid=provider-base-url]', 'http://127.0.0.1:9/v1');
  await page.click('[data-testid=fetch-models]');
  await page.locator('[data-testid=models-error]').waitFor();
  assert.match(await page.locator('[data-testid=models-error]').textContent(), /could not be listed/);
  await context.close();
});

test('sending without a model opens the settings and keeps the typed text', async () => {
  const context = await browser.newContext();
  const page = await openApp(context);
  // A first start shows the welcome; going to the chat without a provider and sending…
  await page.click('[data-testid=welcome-skip]');
  await send(page, 'not yet configured');
  await page.locator('[data-testid=error-banner]').waitFor();
  assert.match(await page.locator('[data-testid=error-banner]').textContent(), /model/);
  // The settings open (their code is loaded on first use).
  await page.locator('[data-testid=settings]').waitFor();
  await closeSettings(page);
  assert.equal(await page.inputValue('[data-testid=composer-input]'), 'not yet configured');
  assert.equal(await page.locator('[data-testid=message]').count(), 0);
  await context.close();
});

test('a retry that succeeds takes its notice down; a malformed first event is retried; a cut-off answer offers Continue', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await mock('/admin/script', [
    { status: 503, error_message: 'Busy (mock)' },
    { chunks: ['Back ', 'again.'], first_token_delay_ms: 400 },
  ]);
  await send(page, 'busy?');
  await page.locator('[data-testid=error-banner]', { hasText: 'Trying again' }).waitFor();
  await assistantTextIs(page, 'Back again.');
  await page.locator('[data-testid=error-banner]').waitFor({ state: 'detached' });

  // A malformed event before any text: tried again, like one after text.
  await mock('/admin/script', [
    { chunks: ['lost'], malformed_after: 0 },
    { chunks: ['Whole ', 'answer.'] },
  ]);
  await send(page, 'malformed?');
  await assistantTextIs(page, 'Whole answer.');
  assert.equal((await mock('/admin/requests')).filter((r) => r.stream === true).length, 4);

  // Cut at the token limit: incomplete, says why, and Continue gets the rest.
  await mock('/admin/script', [
    { chunks: ['The first half'], stop: 'length' },
    { chunks: [' and the rest.'] },
  ]);
  await send(page, 'long answer please');
  const cut = page.locator('[data-testid=message][data-role=assistant][data-status=incomplete]');
  await cut.locator('[data-testid=message-note]', { hasText: 'maximum length' }).waitFor();
  await cut.locator('[data-testid=continue-button]').click();
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete]',
    { hasText: 'The first half and the rest.' }).waitFor();
  assert.deepEqual(page.errors, []);
  await context.close();
});
