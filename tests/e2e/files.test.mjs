// End to end: a chat's workspace (the browser's Origin Private File System). The model writes a
// file after the user approves, the user sees and views it in the Files sheet, the model reads
// it back, a skill uploaded into skills/ is offered to the model and loaded, and a file is
// deleted. Everything survives a reload.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  browser, mock, openApp, mounted, openSettings, closeSettings, configureMockProvider, assertText,
  send, assistantTextIs, DOCS_SCREENSHOTS,
} from './harness.mjs';

const says = (page, testid, pattern) => page.waitForFunction(
  ([id, source]) => new RegExp(source).test(document.querySelector(`[data-testid=${id}]`)?.textContent ?? ''),
  [testid, pattern.source],
);
const file = (page, path) => page.locator(`[data-testid=workspace-file][data-path="${path}"]`);
const toolResults = async () => (await mock('/admin/requests')).filter((r) => r.stream === true)
  .at(-1).messages.filter((m) => m.role === 'tool').map((m) => m.content);

test('the model writes a file after approval, reads it back and loads a skill; the user sees, views and deletes files', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await openSettings(page, 'assistants');
  for (const name of ['list_files', 'read_file', 'write_file', 'search_files', 'load_skill']) {
    await page.locator(`[data-testid=tool-policy][data-tool-name=${name}] select`).selectOption('default');
  }
  assert.match(await page.locator('[data-testid=tool-policy][data-tool-name=write_file]').textContent(), /asks first/);
  await page.click('[data-testid=assistant-save]');
  await assertText(page.locator('[data-testid=assistant-feedback]'), 'Saved.');
  await closeSettings(page);

  // Writing asks first; the file is then in the chat's workspace.
  await mock('/admin/script', [
    { chunks: [], tool_call: { name: 'write_file', arguments: JSON.stringify({ path: 'notes/plan.md', content: 'Buy milk\nCall Ada' }) } },
    { chunks: ['Saved the plan.'] },
    { chunks: ['"Plans"'], stream: false },
  ]);
  await send(page, 'keep my plan: buy milk, call Ada');
  await page.locator('[data-testid=approve-button]').click();
  await assistantTextIs(page, 'Saved the plan.');
  const first = (await mock('/admin/requests')).find((r) => r.stream === true);
  assert.match(first.messages[0].content, /This conversation has a workspace of files[^]*It is empty\./);

  await page.click('[data-testid=workspace-button]');
  await file(page, 'notes/plan.md').waitFor();
  await file(page, 'notes/plan.md').locator('[data-testid=workspace-view]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=workspace-content]')?.textContent === 'Buy milk\nCall Ada');

  // A skill, uploaded into skills/.
  await page.fill('[data-testid=workspace-folder]', 'skills');
  await page.setInputFiles('[data-testid=workspace-upload]', {
    name: 'haiku.md', mimeType: 'text/markdown',
    buffer: Buffer.from('---\ndescription: Write haiku in 5-7-5 syllables.\n---\n# Haiku\nThree lines: 5, 7, 5.'),
  });
  await says(page, 'workspace-feedback', /^Stored skills\/haiku\.md\.$/);
  await file(page, 'skills/haiku.md').waitFor();
  await page.screenshot({ path: new URL('workspace-files.png', DOCS_SCREENSHOTS).pathname });
  await page.setViewportSize({ width: 375, height: 760 });
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await page.screenshot({ path: new URL('workspace-files-phone.png', DOCS_SCREENSHOTS).pathname });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=workspace-panel]').waitFor({ state: 'detached' });

  // Read back, and the skill offered (in the reminder) and loaded.
  await mock('/admin/script', [
    { chunks: [], tool_call: { name: 'read_file', arguments: JSON.stringify({ path: 'notes/plan.md' }) } },
    { chunks: [], tool_call: { name: 'load_skill', arguments: JSON.stringify({ name: 'haiku' }) } },
    { chunks: ['Milk and Ada, in haiku.'] },
  ]);
  await send(page, 'what is my plan? answer as a haiku');
  await assistantTextIs(page, 'Milk and Ada, in haiku.');
  const results = await toolResults();
  assert.deepEqual(results.slice(-2), [
    'Buy milk\nCall Ada',
    'Skill “haiku”:\n\n---\ndescription: Write haiku in 5-7-5 syllables.\n---\n# Haiku\nThree lines: 5, 7, 5.',
  ]);
  const system = (await mock('/admin/requests')).filter((r) => r.stream === true).at(-1).messages[0].content;
  assert.match(system, /It holds 2 file\(s\): notes\/plan\.md \(17 B\), skills\/haiku\.md/);
  assert.match(system, /- haiku: Write haiku in 5-7-5 syllables\./);

  // After a reload the files are still there; one is deleted.
  await page.reload();
  await mounted(page);
  await page.locator('[data-testid=conversation-item]', { hasText: 'Plans' }).click();
  await page.click('[data-testid=workspace-button]');
  await file(page, 'notes/plan.md').locator('[data-testid=workspace-delete]').click();
  await says(page, 'workspace-feedback', /^Deleted notes\/plan\.md\.$/);
  await file(page, 'notes/plan.md').waitFor({ state: 'detached' });
  assert.equal(await page.locator('[data-testid=workspace-file]').count(), 1);
  await page.keyboard.press('Escape');

  // An assistant may share one workspace among its chats: a file put there in one new chat is
  // in the next one too.
  await openSettings(page, 'assistants');
  await page.check('[data-testid=assistant-shared-workspace]');
  await page.click('[data-testid=assistant-save]');
  await assertText(page.locator('[data-testid=assistant-feedback]'), 'Saved.');
  await closeSettings(page);
  for (const [question, title] of [['first shared', '"Shared one"'], ['second shared', '"Shared two"']]) {
    await page.click('[data-testid=new-chat-button]');
    await mock('/admin/script', [{ chunks: ['Ok.'] }, { chunks: [title], stream: false }]);
    await send(page, question);
    await assistantTextIs(page, 'Ok.');
    await page.click('[data-testid=workspace-button]');
    if (question === 'first shared') {
      await page.locator('[data-testid=workspace-empty]').waitFor();
      await page.setInputFiles('[data-testid=workspace-upload]', { name: 'common.txt', mimeType: 'text/plain', buffer: Buffer.from('for all') });
    }
    await file(page, 'common.txt').waitFor();
    assert.equal(await page.locator('[data-testid=workspace-file]').count(), 1, 'only the shared workspace');
    await page.keyboard.press('Escape');
  }

  assert.deepEqual(page.errors, []);
  await context.close();
});
