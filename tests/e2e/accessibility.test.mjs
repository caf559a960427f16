// End to end: every control the user can reach has an accessible name, as Chromium computes it
// (its accessibility tree over the DevTools protocol), on the chat and on the settings; and the
// keyboard reaches the composer and the send button in order.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  browser, mock, openApp, openSettings, closeSettings, configureMockProvider, send, assistantTextIs,
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

test('a streaming answer is announced a sentence at a time, and a tool waiting for approval at once', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await openSettings(page, 'assistants');
  await page.check('[data-testid=memory-toggle]');
  await closeSettings(page);
  // Everything each region is given, in order (the page keeps only the last few).
  await page.evaluate(() => {
    window.__said = { polite: [], assertive: [] };
    for (const kind of ['polite', 'assertive']) {
      const region = document.querySelector(`[data-testid=live-${kind}]`);
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) if (n.nodeName === 'P') window.__said[kind].push(n.textContent);
      }).observe(region, { childList: true });
    }
  });
  const tokens = ['The capital ', 'of Peru ', 'is Lima. ', 'It sits ', 'on the ', 'coast! ', 'Want ', 'more?'];
  await mock('/admin/script', [{ chunks: tokens, delay_ms: 120 }, { chunks: ['"Peru"'], stream: false }]);
  await send(page, 'capital of Peru?');
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete]').waitFor();
  await page.waitForFunction(() => window.__said.polite.length > 0 && window.__said.polite.join(' ').endsWith('more?'));
  const polite = await page.evaluate(() => window.__said.polite);
  // Never a token at a time: every announcement is one or more whole sentences.
  assert.ok(polite.length >= 2 && polite.length <= 3, JSON.stringify(polite));
  for (const said of polite) assert.match(said, /^[A-Z].*[.!?]$/, JSON.stringify(polite));
  assert.equal(polite.join(' '), 'The capital of Peru is Lima. It sits on the coast! Want more?');
  // The region is polite and out of sight; the answer itself is not a live region.
  assert.equal(await page.getAttribute('[data-testid=live-polite]', 'aria-live'), 'polite');
  assert.equal(await page.locator('[data-testid=message] [aria-live], [data-testid=messages][aria-live]').count(), 0);

  await mock('/admin/script', [
    { chunks: [], tool_call: { name: 'create_memory', arguments: JSON.stringify({ text: 'Likes Lima' }) } },
  ]);
  await send(page, 'Remember that I like Lima.');
  await page.locator('[data-testid=approve-button]').waitFor();
  await page.waitForFunction(() => window.__said.assertive.length > 0);
  assert.deepEqual(await page.evaluate(() => window.__said.assertive), ['Waiting for your approval to run: create_memory.']);
  assert.equal(await page.getAttribute('[data-testid=live-assertive]', 'aria-live'), 'assertive');
  assert.deepEqual(page.errors, []);
  await context.close();
});
