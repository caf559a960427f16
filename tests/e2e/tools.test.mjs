// End to end: the built-in tools that act. Web search against the mock's SearXNG-shaped
// fixture endpoint (results cited as links, hostile addresses dropped), the calculator, and the
// search of the user's earlier conversations (cited, and opened from the citation).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  browser, mock, MOCK, openApp, openSettings, closeSettings, configureMockProvider, assertText,
  send, assistantTextIs, DOCS_SCREENSHOTS,
} from './harness.mjs';

test('web search cites its results; the calculator and earlier conversations answer too', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);

  // An earlier conversation to find later.
  await mock('/admin/script', [{ chunks: ['Noted.'] }, { chunks: ['"Launch"'], stream: false }]);
  await send(page, 'Our launch code is blue-falcon.');
  await assistantTextIs(page, 'Noted.');

  // Web search set up: offered to assistants from then on.
  await openSettings(page, 'tools');
  await page.locator('[data-testid=web-search-problem]').waitFor();
  await page.fill('[data-testid=web-search-url]', `${MOCK}/searxng`);
  await page.fill('[data-testid=web-search-count]', '2');
  await page.selectOption('[data-testid=web-search-safe]', 'strict');
  await page.click('[data-testid=web-search-save]');
  await assertText(page.locator('[data-testid=web-search-feedback]'), 'Saved.');
  assert.equal(await page.locator('[data-testid=web-search-problem]').count(), 0);
  await page.screenshot({ path: new URL('tools-web-search.png', DOCS_SCREENSHOTS).pathname });
  await openSettings(page, 'assistants');
  const policy = (name) => page.locator(`[data-testid=tool-policy][data-tool-name=${name}] select`);
  for (const name of ['web_search', 'calculate', 'get_current_time', 'search_conversations']) {
    await policy(name).selectOption('default');
  }
  await page.click('[data-testid=assistant-save]');
  await assertText(page.locator('[data-testid=assistant-feedback]'), 'Saved.');
  await closeSettings(page);

  // A web search, answered with its results as cited links.
  await page.click('[data-testid=new-chat-button]');
  await mock('/admin/script', [
    { chunks: [], tool_call: { name: 'web_search', arguments: JSON.stringify({ query: 'rust wasm' }) } },
    { chunks: ['Rust compiles to wasm [1].'] },
    { chunks: ['"Rust"'], stream: false },
  ]);
  await send(page, 'search the web for rust wasm');
  await assistantTextIs(page, 'Rust compiles to wasm [1].');
  const web = page.locator('[data-testid=citation][data-kind=web]');
  assert.equal(await web.count(), 2, 'the count setting holds, the javascript: result is dropped');
  await web.first().locator('summary').click();
  const link = web.first().locator('[data-testid=citation-link]');
  assert.equal(await link.getAttribute('href'), 'https://search.example/rust-wasm/1');
  assert.match(await link.getAttribute('rel'), /noopener/);
  assert.equal(await page.locator('a[href^="javascript:"]').count(), 0);
  let requests = (await mock('/admin/requests')).filter((r) => r.stream === true);
  const offered = requests.at(-2).tools.map((t) => t.function.name);
  for (const name of ['web_search', 'calculate', 'get_current_time', 'search_conversations']) {
    assert.ok(offered.includes(name), `${name} offered: ${offered.join()}`);
  }
  const searched = requests.at(-1).messages.find((m) => m.role === 'tool').content;
  assert.match(searched, /\[1\] Result 1 about rust wasm — https:\/\/search\.example\/rust-wasm\/1/);
  assert.match(searched, /safesearch=2/);
  await page.screenshot({ path: new URL('web-search-citations.png', DOCS_SCREENSHOTS).pathname });

  // The calculator, then the earlier conversation found and cited.
  await mock('/admin/script', [
    { chunks: [], tool_call: { name: 'calculate', arguments: JSON.stringify({ expression: '(17.5 * 12) / 3' }) } },
    { chunks: [], tool_call: { name: 'search_conversations', arguments: JSON.stringify({ query: 'launch code' }) } },
    { chunks: ['70, and the code was blue-falcon [1].'] },
  ]);
  await send(page, 'what is 17.5*12/3, and what was our launch code?');
  await assistantTextIs(page, '70, and the code was blue-falcon [1].');
  requests = (await mock('/admin/requests')).filter((r) => r.stream === true);
  const results = requests.at(-1).messages.filter((m) => m.role === 'tool').map((m) => m.content);
  assert.ok(results.includes('(17.5 * 12) / 3 = 70'), results.join(' | '));
  assert.ok(results.some((r) => /“Launch”.*blue-falcon/.test(r)), results.join(' | '));
  const cited = page.locator('[data-testid=citation][data-kind=conversation]').last();
  await cited.locator('summary').click();
  await cited.locator('[data-testid=citation-open]').click();
  // The earlier conversation opens at the cited message.
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=message]')]
    .some((m) => m.textContent.includes('blue-falcon') && m.dataset.role === 'user'));
  await page.waitForFunction(() => document.activeElement?.closest('[data-testid=message]')?.textContent.includes('blue-falcon'));

  assert.deepEqual(page.errors, []);
  await context.close();
});

// A 1 × 1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('a model that cannot see images gets their text from the reading model; without one the user is told', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  const advanced = page.locator('details:has([data-testid=provider-supports-images])');
  const openAdvanced = async () => {
    if (!(await advanced.evaluate((d) => d.open))) await advanced.locator('> summary').click();
  };
  await openSettings(page, 'providers');
  await openAdvanced();
  await page.uncheck('[data-testid=provider-supports-images]');
  await page.fill('[data-testid=provider-ocr-model]', 'mock-vision');
  await page.click('[data-testid=settings-save]');
  await assertText(page.locator('[data-testid=settings-feedback]'), 'Saved.');
  await closeSettings(page);

  await mock('/admin/script', [
    { chunks: ['INVOICE 42'], stream: false },
    { chunks: ['It says invoice 42.'] },
    { chunks: ['"Invoice"'], stream: false },
  ]);
  await page.setInputFiles('[data-testid=attach-input]', { name: 'scan.png', mimeType: 'image/png', buffer: PNG });
  await page.locator('[data-testid=pending-attachment]').waitFor();
  await send(page, 'what does it say?');
  await assistantTextIs(page, 'It says invoice 42.');
  const [read, chat] = await mock('/admin/requests');
  assert.equal(read.model, 'mock-vision');
  assert.notEqual(read.stream, true);
  assert.match(JSON.stringify(read.messages), /data:image\/png;base64,/);
  assert.equal(chat.model, 'mock-model');
  assert.equal(chat.stream, true);
  assert.doesNotMatch(JSON.stringify(chat.messages), /image_url/);
  assert.match(JSON.stringify(chat.messages), /INVOICE 42/);

  // No reading model: the image is left out, and the user is told why.
  await openSettings(page, 'providers');
  await openAdvanced();
  await page.fill('[data-testid=provider-ocr-model]', '');
  await page.click('[data-testid=settings-save]');
  await closeSettings(page);
  await mock('/admin/script', [{ chunks: ['I cannot see it.'] }]);
  await page.setInputFiles('[data-testid=attach-input]', { name: 'scan.png', mimeType: 'image/png', buffer: PNG });
  await page.locator('[data-testid=pending-attachment]').waitFor();
  await send(page, 'and this one?');
  await assistantTextIs(page, 'I cannot see it.');
  await page.waitForFunction(() => /cannot see images and no model is set to read them/
    .test(document.querySelector('[data-testid=error-banner]')?.textContent ?? ''));
  const last = (await mock('/admin/requests')).at(-1);
  assert.doesNotMatch(JSON.stringify(last.messages), /image_url/);

  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a call whose arguments cannot run is never put to the user: it fails, and the model answers', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await openSettings(page, 'assistants');
  await page.check('[data-testid=memory-toggle]');
  await page.click('[data-testid=assistant-save]');
  await assertText(page.locator('[data-testid=assistant-feedback]'), 'Saved.');
  await closeSettings(page);
  await mock('/admin/script', [
    { chunks: [], tool_call: { name: 'create_memory', arguments: '{"text": "likes tea", ' } },
    { chunks: ['That call was broken; nothing was saved.'] },
    { chunks: ['"Tea"'], stream: false },
  ]);
  await send(page, 'Remember that I like tea.');
  await assistantTextIs(page, 'That call was broken; nothing was saved.');
  const card = page.locator('[data-testid=tool-call][data-tool-name=create_memory]');
  assert.equal(await card.getAttribute('data-state'), 'failed');
  assert.match(await card.locator('[data-testid=tool-result]').textContent(), /not valid JSON/);
  assert.equal(await page.locator('[data-testid=approve-button]').count(), 0, 'never asked');
  assert.deepEqual(page.errors, []);
  await context.close();
});
