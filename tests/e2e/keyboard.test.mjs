// End to end: the whole app with the keyboard alone. After the page loads, nothing here clicks:
// every control is reached with Tab (or Shift+Tab) in the page's order, shows where the focus
// is, and is worked with Enter, Space, arrows or typing. The walk sets up a provider in the
// settings, sends, stops, regenerates, switches versions, edits, approves and denies tools,
// opens and leaves the panels over the chat (the keyboard stays inside them and comes back to
// where it was), imports a backup, uploads to a knowledge base, and moves between chats in the
// sidebar.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MOCK, browser, mock, openApp, assistantTextIs,
} from './harness.mjs';

/// What has focus: its test id, else its tag.
const focused = (page) => page.evaluate(() => {
  const el = document.activeElement;
  return el?.dataset.testid ?? el?.tagName.toLowerCase() ?? null;
});

/// Presses Tab (Shift+Tab with `back`) until the element matching `selector` has focus, at most
/// `max` times; fails if it is never reached or if nothing shows it has focus (an outline on it,
/// or on the label that holds a hidden file input).
async function tabTo(page, selector, { back = false, max = 60 } = {}) {
  for (let i = 0; i < max; i += 1) {
    const there = await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);
    if (there) {
      const visible = await page.evaluate(() => {
        const shows = (el) => {
          if (!el) return false;
          const style = getComputedStyle(el);
          return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        };
        const el = document.activeElement;
        return shows(el) || shows(el.closest('label'));
      });
      assert.ok(visible, `${selector} has focus but nothing shows it`);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  assert.fail(`${selector} was not reached with ${back ? 'Shift+Tab' : 'Tab'} (focus on ${await focused(page)})`);
}

/// Replaces the text of the focused field by typing.
async function typeOver(page, text) {
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
}

/// Chooses a file for the focused file input the way a keyboard user does: Space opens the
/// chooser. A chooser that never opens fails with where the focus was and is (the full run once
/// timed out here, and the default timeout said nothing more).
async function chooseFile(page, file) {
  const before = await focused(page);
  const opened = page.waitForEvent('filechooser', { timeout: 10_000 }).catch(async () => {
    assert.fail(`Space on ${before} opened no file chooser (focus now on ${await focused(page)})`);
  });
  const [chooser] = await Promise.all([opened, page.keyboard.press('Space')]);
  await chooser.setFiles(file);
}

const CHATGPT_EXPORT = new URL('../fixtures/chatgpt/conversations.json', import.meta.url).pathname;

test('every flow works with the keyboard alone, with the focus always visible', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openApp(context);
  // File choosers are intercepted for the whole walk. Playwright turns interception on when the
  // first 'filechooser' listener comes and off when the last goes, so each `waitForEvent` turned
  // it on again, which can race the Space that opens the chooser: 2 of 12 walks got no event,
  // 0 of 24 with this listener kept.
  page.on('filechooser', () => {});
  await page.locator('[data-testid=welcome]').waitFor();

  // Settings: a provider, then memory on (for the tool calls).
  await tabTo(page, '[data-testid=settings-button]');
  await page.keyboard.press('Enter');
  await tabTo(page, '[data-testid=settings-section-providers]');
  await page.keyboard.press('Enter');
  await tabTo(page, '[data-testid=provider-base-url]');
  await typeOver(page, `${MOCK}/v1`);
  await tabTo(page, '[data-testid=provider-api-key]');
  await typeOver(page, 'sk-e2e');
  await tabTo(page, '[data-testid=settings-model]');
  await typeOver(page, 'mock-model');
  await tabTo(page, '[data-testid=settings-save]');
  await page.keyboard.press('Enter');
  await page.locator('[data-testid=settings-feedback]').waitFor();
  assert.equal((await page.textContent('[data-testid=settings-feedback]')).trim(), 'Saved.');
  await tabTo(page, '[data-testid=settings-section-assistants]', { back: true });
  await page.keyboard.press('Enter');
  await tabTo(page, '[data-testid=memory-toggle]');
  await page.keyboard.press('Space');
  assert.equal(await page.isChecked('[data-testid=memory-toggle]'), true);
  await tabTo(page, '[data-testid=close-settings]', { back: true });
  await page.keyboard.press('Enter');

  // Send with Enter, and stop a slow answer from the Stop button.
  await page.locator('[data-testid=composer-input]').waitFor();
  await page.keyboard.press('Shift+Escape');
  assert.equal(await focused(page), 'composer-input');
  await mock('/admin/script', [
    { chunks: ['Kyoto ', 'in ', 'May.'] }, { chunks: ['"Kyoto"'], stream: false },
    { chunks: Array.from({ length: 60 }, (_, i) => `word${i} `), delay_ms: 80 },
    { chunks: ['Osaka in June.'] },
  ]);
  await page.keyboard.type('Plan a trip');
  await page.keyboard.press('Enter');
  await assistantTextIs(page, 'Kyoto in May.');
  await page.locator('[data-testid=conversation-item]', { hasText: 'Kyoto' }).waitFor();
  assert.equal(await focused(page), 'composer-input');
  await page.keyboard.type('Where else?');
  await page.keyboard.press('Enter');
  await page.locator('[data-testid=stop-button]').waitFor();
  await tabTo(page, '[data-testid=stop-button]');
  await page.keyboard.press('Enter');
  await page.locator('[data-testid=message][data-role=assistant][data-status=incomplete]').waitFor();

  // Regenerate the stopped answer, then go back to the first version with the version switcher.
  await tabTo(page, '[data-testid=regenerate-button]', { back: true });
  await page.keyboard.press('Enter');
  await assistantTextIs(page, 'Osaka in June.');
  assert.equal((await page.textContent('[data-testid=branch-indicator] >> nth=-1')).trim(), '2/2');
  await tabTo(page, '[data-testid=branch-prev]', { back: true });
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=branch-indicator]')].pop()?.textContent.trim() === '1/2');

  // Edit the first question: Enter on Edit, type, Enter saves and asks again.
  await mock('/admin/script', [{ chunks: ['Nara in April.'] }]);
  await page.keyboard.press('Shift+Escape');
  await tabTo(page, '[data-testid=edit-button]', { back: true, max: 80 });
  await page.keyboard.press('Enter');
  // The edit box takes focus (in the frame after it appears).
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'edit-input');
  await typeOver(page, 'Plan a spring trip');
  await tabTo(page, '[data-testid=edit-save]');
  await page.keyboard.press('Enter');
  await assistantTextIs(page, 'Nara in April.');
  // Saving asked again, so the keyboard is back in the composer.
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'composer-input');

  // A tool call waits: approve with the keyboard; a second one, deny.
  await mock('/admin/script', [
    { chunks: [], tool_call: { name: 'create_memory', arguments: JSON.stringify({ text: 'Likes Nara' }) } },
    { chunks: ['Noted.'] },
    { chunks: [], tool_call: { name: 'create_memory', arguments: JSON.stringify({ text: 'Likes deer' }) } },
    { chunks: ['Not noted.'] },
  ]);
  for (const [question, button, reply] of [
    ['Remember that I like Nara.', 'approve-button', 'Noted.'],
    ['And that I like deer.', 'deny-button', 'Not noted.'],
  ]) {
    await page.keyboard.press('Shift+Escape');
    await page.keyboard.type(question);
    await page.keyboard.press('Enter');
    await page.locator(`[data-testid=${button}]`).waitFor();
    await tabTo(page, `[data-testid=${button}]`, { back: true, max: 80 });
    await page.keyboard.press('Enter');
    await assistantTextIs(page, reply);
  }

  // A panel over the chat: focus goes in, Tab stays in, Esc leaves, focus comes back.
  await tabTo(page, '[data-testid=branch-map-button]');
  await page.keyboard.press('Enter');
  await page.locator('[data-testid=branch-map]').waitFor();
  await page.waitForFunction(() => document.activeElement?.closest('[data-testid=branch-map]'));
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    assert.ok(await page.evaluate(() => !!document.activeElement?.closest('[data-testid=branch-map]')), `Tab ${i} left the dialog`);
  }
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=branch-map]').waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'branch-map-button');
  // The shortcut list: Ctrl+/ opens it on its close button; Esc closes it, and focus is back.
  await page.keyboard.press('Control+/');
  await page.locator('[data-testid=shortcuts-help]').waitFor();
  assert.equal(await focused(page), 'close-shortcuts');
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), 'close-shortcuts');
  await page.keyboard.press('Enter');
  await page.locator('[data-testid=shortcuts-help]').waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'branch-map-button');

  // Import a backup and upload to a knowledge base: Space on the file field opens the chooser.
  await tabTo(page, '[data-testid=settings-button]', { back: true });
  await page.keyboard.press('Enter');
  await tabTo(page, '[data-testid=settings-section-data]');
  await page.keyboard.press('Enter');
  await tabTo(page, '[data-testid=import-file]');
  await chooseFile(page, CHATGPT_EXPORT);
  await page.waitForFunction(() => document.querySelector('[data-testid=notice] span')?.textContent.includes('Imported 1 conversation'));
  // The imported chat is on screen, the settings closed: back to them for the knowledge.
  assert.equal(await page.getAttribute('[data-testid=settings-button]', 'aria-expanded'), 'false');
  await tabTo(page, '[data-testid=settings-button]', { back: true });
  await page.keyboard.press('Enter');
  await tabTo(page, '[data-testid=settings-section-knowledge]');
  await page.keyboard.press('Enter');
  await tabTo(page, '[data-testid=knowledge-new-name]');
  await page.keyboard.type('Handbook');
  await tabTo(page, '[data-testid=knowledge-create]');
  await page.keyboard.press('Enter');
  await page.locator('[data-testid=knowledge-base][data-name=Handbook]').waitFor();
  await tabTo(page, '[data-testid=knowledge-file]');
  await chooseFile(page, { name: 'handbook.md', mimeType: 'text/markdown', buffer: Buffer.from('# Leave\n\nTwenty days a year.\n') });
  await page.locator('[data-testid=knowledge-document]').waitFor();
  assert.match(await page.textContent('[data-testid=knowledge-document]'), /handbook\.md/);
  await tabTo(page, '[data-testid=close-settings]', { back: true });
  await page.keyboard.press('Enter');

  // The sidebar: a new chat, then each chat in the list (the trip, the imported one).
  await tabTo(page, '[data-testid=new-chat-button]', { back: true });
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=message]').length === 0);
  const titles = [];
  for (let i = 0; i < 2; i += 1) {
    await page.keyboard.press('Tab');
    await tabTo(page, '[data-testid=conversation-item]');
    await page.keyboard.press('Enter');
    titles.push((await page.textContent('[data-testid=conversation-item][aria-current=page]')).trim());
  }
  assert.deepEqual(titles, ['Kyoto', 'Tea brewing']);
  await assistantTextIs(page, '2–3 minutes at 75 °C.\n[attachment not imported]');
  // Focus stays on the chosen chat in the list.
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-current')), 'page');
  assert.deepEqual(page.errors, []);
  await context.close();
});
