// End to end: the assistant's tools (each with its approval policy) and regex rules, set in the
// settings and applied to real requests and answers.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  browser, mock, openApp, mounted, openSettings, closeSettings, configureMockProvider, assertText,
  send, assistantTextIs,
} from './harness.mjs';

test('a tool set to run without asking runs at once; an answer rule rewrites answers; a bad pattern is named', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await openSettings(page, 'assistants');
  const policy = (name) => page.locator(`[data-testid=tool-policy][data-tool-name=${name}] select`);
  assert.equal(await policy('create_memory').inputValue(), 'off');
  await policy('create_memory').selectOption('auto');
  await policy('search_memories').selectOption('default');

  // A rule with a broken pattern is refused, naming it; nothing is saved.
  await page.click('[data-testid=rule-add]');
  await page.fill('[data-testid=rule-name]', 'Hide codes');
  await page.fill('[data-testid=rule-pattern]', 'secret-(\\d+');
  await page.click('[data-testid=assistant-save]');
  assert.match(await page.locator('[data-testid=assistant-feedback]').textContent(), /"Hide codes"/);
  await page.fill('[data-testid=rule-pattern]', 'secret-\\d+');
  await page.fill('[data-testid=rule-replacement]', '[hidden]');
  await page.click('[data-testid=assistant-save]');
  await assertText(page.locator('[data-testid=assistant-feedback]'), 'Saved.');
  await closeSettings(page);

  await mock('/admin/script', [
    { chunks: [], tool_call: { name: 'create_memory', arguments: JSON.stringify({ text: 'Code is secret-42' }) } },
    { chunks: ['Saved your code ', 'secret-42.'] },
    { chunks: ['"Codes"'], stream: false },
  ]);
  await send(page, 'remember my code');
  await assistantTextIs(page, 'Saved your code [hidden].');
  const card = page.locator('[data-testid=tool-call][data-tool-name=create_memory]');
  assert.equal(await card.getAttribute('data-approval'), 'auto', 'no approval was asked');
  assert.equal(await page.locator('[data-testid=approve-button]').count(), 0);
  const request = (await mock('/admin/requests')).find((r) => r.stream === true);
  const offered = request.tools.map((t) => t.function.name);
  assert.ok(offered.includes('create_memory') && offered.includes('search_memories'), offered.join());
  assert.ok(!offered.includes('delete_memory'), 'tools left off are not offered');

  // Both survive a reload.
  await page.reload();
  await mounted(page);
  await openSettings(page, 'assistants');
  assert.equal(await policy('create_memory').inputValue(), 'auto');
  assert.equal(await page.inputValue('[data-testid=rule-pattern]'), 'secret-\\d+');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('several assistants: each conversation keeps its own, also after a reload', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await openSettings(page, 'assistants');
  assert.equal(await page.locator('[data-testid=assistant-delete]').isDisabled(), true, 'the default stays');
  await page.click('[data-testid=assistant-new]');
  await page.waitForFunction(() => document.querySelector('[data-testid=assistant-name]').value === 'Assistant 2');
  await page.fill('[data-testid=assistant-name]', 'Pirate');
  await page.fill('[data-testid=assistant-system-prompt]', 'Talk like a pirate.');
  await page.click('[data-testid=assistant-save]');
  await assertText(page.locator('[data-testid=assistant-feedback]'), 'Saved.');
  await closeSettings(page);
  const header = page.locator('[data-testid=assistant-select]');
  await page.waitForFunction(() => document.querySelector('[data-testid=assistant-select]').selectedOptions[0]?.textContent === 'Pirate');

  await mock('/admin/script', [{ chunks: ['Arr.'] }, { chunks: ['"Pirate talk"'], stream: false }]);
  await send(page, 'hello pirate');
  await assistantTextIs(page, 'Arr.');
  // A new chat with the default assistant.
  await page.click('[data-testid=new-chat-button]');
  await header.selectOption({ label: 'Skein' });
  await mock('/admin/script', [{ chunks: ['Hello.'] }, { chunks: ['"Plain talk"'], stream: false }]);
  await send(page, 'hello plain');
  await assistantTextIs(page, 'Hello.');
  const answers = (await mock('/admin/requests')).filter((r) => r.stream === true);
  assert.match(answers[0].messages[0].content, /Talk like a pirate\./);
  assert.doesNotMatch(answers[1].messages[0].content, /pirate/);

  // Each conversation shows its own assistant, after a reload too (once both got their titles).
  await page.waitForFunction(() => {
    const titles = [...document.querySelectorAll('[data-testid=conversation-item]')].map((e) => e.textContent);
    return titles.some((t) => t.includes('Pirate talk')) && titles.some((t) => t.includes('Plain talk'));
  });
  await page.reload();
  await mounted(page);
  const open = async (title) => {
    await page.locator('[data-testid=conversation-item]', { hasText: title }).click();
    await page.locator('[data-testid=message]').first().waitFor();
  };
  await open('Pirate talk');
  assert.equal(await header.evaluate((s) => s.selectedOptions[0].textContent), 'Pirate');
  await open('Plain talk');
  assert.equal(await header.evaluate((s) => s.selectedOptions[0].textContent), 'Skein');
  assert.deepEqual(page.errors, []);
  await context.close();
});
