// End to end: every control the user can reach has an accessible name, as Chromium computes it
// (its accessibility tree over the DevTools protocol), on the chat and on the settings; and the
// keyboard reaches the composer and the send button in order.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  browser, mock, openApp, openSettings, configureMockProvider, send, assistantTextIs,
} from './harness.mjs';

const CONTROLS = new Set(['button', 'textbox', 'combobox', 'checkbox', 'spinbutton', 'searchbox',
  'listbox', 'slider', 'radio', 'switch', 'link', 'menuitem', 'tab', 'treeitem']);

/// The controls of the page without an accessible name, as "role (its properties)"; fails if
/// the tree shows fewer than `least` controls (the check would be looking at nothing).
async function unnamedControls(page, least) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  const controls = nodes.filter((n) => !n.ignored && CONTROLS.has(n.role?.value));
  assert.ok(controls.length >= least, `only ${controls.length} controls in the tree`);
  return controls
    .filter((n) => !(n.name?.value ?? '').trim())
    .map((n) => `${n.role.value} (${JSON.stringify(n.properties?.map((p) => p.name) ?? [])})`);
}

test('every control on the chat and the settings has an accessible name', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  // A conversation with an answer, a pending attachment and the sidebar filled in.
  await mock('/admin/script', [{ chunks: ['Here is `code`:\n\n```rust\nfn main() {}\n```\n'] }, { chunks: ['"Code"'], stream: false }]);
  await send(page, 'show me code');
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete]').waitFor();
  await page.setInputFiles('[data-testid=attach-input]', {
    name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes'),
  });
  await page.locator('[data-testid=pending-attachment]').waitFor();
  assert.deepEqual(await unnamedControls(page, 15), [], 'chat screen');
  // The check sees a control without a name (it is not looking past them).
  await page.evaluate(() => document.body.append(Object.assign(document.createElement('button'), { id: 'unnamed' })));
  assert.equal((await unnamedControls(page, 15)).length, 1);
  await page.evaluate(() => document.getElementById('unnamed').remove());
  // The branch map: its rows are named by who wrote them and what they say.
  await page.click('[data-testid=branch-map-button]');
  await page.locator('[data-testid=branch-tree] [role=treeitem]').first().waitFor();
  assert.deepEqual(await unnamedControls(page, 3), [], 'branch map');
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=branch-map]').waitFor({ state: 'detached' });

  // Keyboard: from the composer, Tab reaches the attach control, then Send.
  await page.fill('[data-testid=composer-input]', 'typed');
  await page.focus('[data-testid=composer-input]');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'attach-input');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'send-button');

  // Every section of the settings, with its folded parts open.
  for (const section of ['providers', 'assistants', 'knowledge', 'tools', 'appearance', 'data']) {
    await openSettings(page, section);
    const current = page.locator(`[data-testid=settings-section-${section}]`);
    assert.equal(await current.getAttribute('aria-current'), 'page');
    for (const summary of await page.locator(`[data-testid=settings-page-${section}] details > summary`).all()) await summary.click();
    if (section === 'assistants') await page.click('[data-testid=rule-add]');
    assert.deepEqual(await unnamedControls(page, 10), [], `settings: ${section}`);
  }
  // The workflows screen and its editor, with a step of each kind.
  await page.click('[data-testid=workflows-button]');
  await page.locator('[data-testid=workflows-screen]').waitFor();
  assert.deepEqual(await unnamedControls(page, 5), [], 'workflows');
  await page.click('[data-testid=workflow-new]');
  await page.click('[data-testid=workflow-add-dialogue]');
  assert.deepEqual(await unnamedControls(page, 10), [], 'workflow editor');
  await page.click('[data-testid=workflow-close]');
  assert.deepEqual(page.errors, []);
  await context.close();
});
