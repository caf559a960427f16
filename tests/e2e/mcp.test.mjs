// End to end: an MCP server (the rmcp test fixture, started by `cargo xtask test`) added in
// Settings → Tools, its tools enabled for the assistant and called by the mock provider: a call
// approved (result on the card and in the next request), a call denied, a slow call stopped
// (the server hears the cancellation), and a change of the server's tool list picked up.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  browser, mock, openApp, mounted, openSettings, closeSettings, configureMockProvider, assertText,
  send, assistantTextIs, lastAssistant, DOCS_SCREENSHOTS,
} from './harness.mjs';

const MCP = process.env.SKEIN_MCP_URL;
if (!MCP) throw new Error('SKEIN_MCP_URL is not set: run the end-to-end tests with `cargo xtask test`');

async function fixture(path, body) {
  const response = await fetch(`${MCP}${path}`, { method: body === undefined ? 'GET' : 'POST' });
  assert.ok(response.ok, `fixture ${path} answered ${response.status}`);
  return response.status === 204 ? null : response.json();
}

/// Waits until the fixture's log has a line matching `pattern`.
async function logged(pattern) {
  for (let i = 0; i < 100; i += 1) {
    const log = await fixture('/admin/log');
    if (log.some((line) => pattern.test(line))) return log;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`the fixture never logged ${pattern}: ${JSON.stringify(await fixture('/admin/log'))}`);
}

const says = (page, testid, pattern) => page.waitForFunction(
  ([id, source]) => new RegExp(source).test(document.querySelector(`[data-testid=${id}]`)?.textContent ?? ''),
  [testid, pattern.source],
);

const server = (page) => page.locator('[data-testid=mcp-server][data-server-name=Fixture]');
const tool = (page, name) => page.locator(`[data-testid=mcp-tool][data-tool-name="${name}"]`);

test('an MCP server is added and tested; its tools are approved, denied, stopped and grow', async () => {
  await mock('/admin/reset', {});
  await fixture('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);

  // A wrong token is explained; the right one connects and lists the tools.
  await openSettings(page, 'tools');
  await page.fill('[data-testid=mcp-new-name]', 'Fixture');
  await page.fill('[data-testid=mcp-new-url]', `${MCP}/mcp-auth`);
  await page.selectOption('[data-testid=mcp-new-auth]', 'bearer');
  await page.fill('[data-testid=mcp-new-token]', 'wrong-token');
  await page.click('[data-testid=mcp-new-save]');
  await says(page, 'mcp-status', /Not connected: The server refused the credentials \(HTTP 401\)/);
  // The browser logs the refused request; that one is expected.
  page.errors = page.errors.filter((e) => !/401/.test(e));
  await server(page).locator('[data-testid=mcp-edit]').click();
  await page.fill('[data-testid=mcp-edit-token]', 'fixture-token');
  await page.click('[data-testid=mcp-edit-save]');
  await says(page, 'mcp-status', /Connected · 8 tools/);
  assert.match(await server(page).locator('[data-testid=mcp-status]').textContent(), /rmcp/);
  // A server of the handshake revisions only: Skein shakes hands with it instead.
  await page.fill('[data-testid=mcp-new-name]', 'Legacy');
  await page.fill('[data-testid=mcp-new-url]', `${MCP}/mcp-legacy`);
  await page.click('[data-testid=mcp-new-save]');
  const legacy = page.locator('[data-testid=mcp-server][data-server-name=Legacy]');
  await page.waitForFunction(() => /Connected · 8 tools/.test(
    document.querySelector('[data-testid=mcp-server][data-server-name=Legacy] [data-testid=mcp-status]')?.textContent ?? ''));
  await legacy.locator('[data-testid=mcp-delete]').click();
  await legacy.waitFor({ state: 'detached' });
  // The browser logs the refused discovery (HTTP 400); that one is expected.
  page.errors = page.errors.filter((e) => !/400/.test(e));
  await server(page).locator('[data-testid=mcp-test]').click();
  await says(page, 'mcp-feedback', /^Fixture answered with 8 tools\.$/);
  assert.match(await tool(page, 'mcp__Fixture__echo').textContent(), /runs by itself/);
  assert.match(await tool(page, 'mcp__Fixture__add').textContent(), /asks first/);
  // A hostile name becomes a valid tool name; its markup is text, never run.
  const hostile = page.locator('[data-testid=mcp-tool]').filter({ hasText: 'onerror' });
  assert.match(await hostile.getAttribute('data-tool-name'), /^mcp__Fixture___b_look__b__at_me[\w-]*$/);
  assert.equal((await hostile.getAttribute('data-tool-name')).length, 64);
  assert.equal(await page.evaluate(() => window.__mcpPwned), undefined);
  assert.equal(await page.locator('.mcp-panel img').count(), 0);
  await page.screenshot({ path: new URL('mcp-servers.png', DOCS_SCREENSHOTS).pathname });
  await page.setViewportSize({ width: 375, height: 760 });
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await page.screenshot({ path: new URL('mcp-servers-phone.png', DOCS_SCREENSHOTS).pathname });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Enabled for the assistant with each tool's own policy.
  await openSettings(page, 'assistants');
  const policy = (name) => page.locator(`[data-testid=tool-policy][data-tool-name=${name}] select`);
  for (const name of ['add', 'slow', 'grow_tools', 'large', 'snapshot']) await policy(`mcp__Fixture__${name}`).selectOption('default');
  await page.click('[data-testid=assistant-save]');
  await assertText(page.locator('[data-testid=assistant-feedback]'), 'Saved.');
  await closeSettings(page);

  // Approved: the server runs it; the result is on the card and goes back to the model.
  await mock('/admin/script', [
    { chunks: [], tool_call: { name: 'mcp__Fixture__add', arguments: JSON.stringify({ a: 2, b: 3 }) } },
    { chunks: ['The sum is 5.'] },
    { chunks: ['"Sums"'], stream: false },
  ]);
  await send(page, 'add 2 and 3');
  await page.locator('[data-testid=approve-button]').click();
  await assistantTextIs(page, 'The sum is 5.');
  const card = page.locator('[data-testid=tool-call][data-tool-name=mcp__Fixture__add]');
  // (inside the card's folded details)
  assert.equal((await card.locator('[data-testid=tool-result]').textContent()).trim(), '5');
  let requests = (await mock('/admin/requests')).filter((r) => r.stream === true);
  const offered = requests[0].tools.map((t) => t.function.name);
  assert.ok(offered.includes('mcp__Fixture__add') && !offered.includes('mcp__Fixture__echo'), offered.join());
  const toolMessage = requests[1].messages.find((m) => m.role === 'tool');
  assert.equal(toolMessage.content, '5');
  assert.ok((await fixture('/admin/log')).includes('call add {"a":2,"b":3}'));

  // A picture the server returns is shown with the answer; the model is told so, and sees it
  // in a user turn right after the result (the portable form: not every protocol takes an image
  // inside a tool result).
  await mock('/admin/script', [
    { chunks: [], tool_call: { name: 'mcp__Fixture__snapshot', arguments: '{}' } },
    { chunks: ['There it is.'] },
  ]);
  await send(page, 'take a snapshot');
  await assistantTextIs(page, 'There it is.');
  await lastAssistant(page).locator('[data-testid=message-image] img').waitFor();
  requests = (await mock('/admin/requests')).filter((r) => r.stream === true);
  assert.match(requests.at(-1).messages.find((m) => m.role === 'tool' && /snapshot/i.test(m.content)).content,
    /image\/png image, \d+ bytes: shown to the user/);
  const sent = requests.at(-1).messages;
  const pictures = sent[sent.findIndex((m) => m.role === 'tool' && /snapshot/i.test(m.content)) + 1];
  assert.equal(pictures?.role, 'user', JSON.stringify(sent));
  assert.ok(Array.isArray(pictures.content), JSON.stringify(pictures));
  assert.match(pictures.content.find((p) => p.type === 'text')?.text ?? '',
    /^The picture the tool mcp__Fixture__snapshot returned/);
  assert.ok(pictures.content.some((p) => p.type === 'image_url'
    && /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/.test(p.image_url.url)), JSON.stringify(pictures.content));

  // Denied: the server never hears of it.
  await mock('/admin/script', [
    { chunks: [], tool_call: { name: 'mcp__Fixture__add', arguments: JSON.stringify({ a: 1, b: 1 }) } },
    { chunks: ['Not added.'] },
  ]);
  await send(page, 'add 1 and 1');
  await page.locator('[data-testid=deny-button]').click();
  await assistantTextIs(page, 'Not added.');
  assert.equal((await fixture('/admin/log')).filter((l) => l.startsWith('call add')).length, 1);

  // A slow call stopped with Stop: the server hears the cancellation.
  await mock('/admin/script', [
    { chunks: [], tool_call: { name: 'mcp__Fixture__slow', arguments: JSON.stringify({ seconds: 30 }) } },
  ]);
  await send(page, 'take your time');
  await logged(/^slow started$/);
  // The server's progress reports show on the card while it runs.
  await page.waitForFunction(() => /step \d+ of 300/.test(
    document.querySelector('[data-testid=tool-call][data-tool-name=mcp__Fixture__slow] [data-testid=tool-progress]')?.textContent ?? ''));
  await page.click('[data-testid=stop-button]');
  await page.locator('[data-testid=message][data-role=assistant][data-status=incomplete]').waitFor();
  await logged(/^slow cancelled$/);

  // An output over 32 KiB is stored as a file; the conversation keeps a 4 KiB preview.
  await mock('/admin/script', [
    { chunks: [], tool_call: { name: 'mcp__Fixture__large', arguments: JSON.stringify({ kib: 40 }) } },
    { chunks: ['That was long.'] },
  ]);
  await send(page, 'give me a lot');
  await assistantTextIs(page, 'That was long.');
  requests = (await mock('/admin/requests')).filter((r) => r.stream === true);
  const preview = requests.at(-1).messages.filter((m) => m.role === 'tool').at(-1).content;
  assert.match(preview, /^line 000001 of the large output/);
  assert.match(preview, /Output shortened: this is the first \d+ of 409\d\d bytes\. The full output is stored as \/tool_outputs\/call_mock\.txt/);
  assert.ok(preview.length < 5000, `preview of ${preview.length} characters`);
  // The file is in the chat's workspace, where the user sees it.
  await page.click('[data-testid=workspace-button]');
  await page.locator('[data-testid=workspace-file][data-path="tool_outputs/call_mock.txt"]', { hasText: '41.0 KB' }).waitFor();
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=workspace-panel]').waitFor({ state: 'detached' });

  // The server adds a tool: the list is read again and the new tool offered.
  await mock('/admin/script', [
    { chunks: [], tool_call: { name: 'mcp__Fixture__grow_tools', arguments: '{}' } },
    { chunks: ['Grown.'] },
  ]);
  await send(page, 'grow');
  await page.locator('[data-testid=approve-button]').click();
  await assistantTextIs(page, 'Grown.');
  await openSettings(page, 'assistants');
  await policy('mcp__Fixture__added_later').selectOption('auto');
  await page.click('[data-testid=assistant-save]');
  await assertText(page.locator('[data-testid=assistant-feedback]'), 'Saved.');
  await openSettings(page, 'tools');
  await says(page, 'mcp-status', /Connected · 9 tools/);
  await closeSettings(page);
  await mock('/admin/script', [{ chunks: ['Ok.'] }]);
  await send(page, 'and now?');
  await assistantTextIs(page, 'Ok.');
  requests = (await mock('/admin/requests')).filter((r) => r.stream === true);
  assert.ok(requests.at(-1).tools.some((t) => t.function.name === 'mcp__Fixture__added_later'));

  // A server without list subscriptions refuses `subscriptions/listen` with a 404, once.
  assert.deepEqual(page.errors.filter((e) => !/status of 404/.test(e)), []);
  assert.ok(page.errors.length <= 1, page.errors.join(' | '));

  // After a reload, a server that is on connects again at start (its client comes with the
  // code that writes answers, which the start loads for it) and its tools are offered.
  await page.reload();
  await mounted(page);
  await openSettings(page, 'tools');
  await says(page, 'mcp-status', /Connected · \d+ tools/);
  await closeSettings(page);
  await mock('/admin/script', [{ chunks: ['Still here.'] }]);
  await send(page, 'after a reload?');
  await assistantTextIs(page, 'Still here.');
  requests = (await mock('/admin/requests')).filter((r) => r.stream === true);
  const names = (request) => request.tools.map((t) => t.function.name);
  assert.ok(names(requests.at(-1)).includes('mcp__Fixture__added_later'));
  assert.deepEqual(names(requests.at(-1)), names(requests.at(-2)), 'the same tools as before the reload');
  await context.close();
});
