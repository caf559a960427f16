// End to end: axe-core's WCAG 2.2 A and AA rules (through @axe-core/playwright) on every screen
// and state the suite visits: the welcome step; a chat with reasoning, math, a table, code (a
// keyword, a string, a number and a comment, each in its colour) and a
// tool waiting for approval; a provider error; the find bar; each panel over the chat (this
// chat, the summary, the branch map, the prompt inspector, the workspace, the follow-ups); the
// shortcut list; every settings section with its folded parts open; the workflows and their
// editor; and the chat list as a phone's drawer. In English, Chinese and Arabic (right to left),
// each in the light and the dark theme (colour contrast is one of the rules). No serious or
// critical violation is allowed; every one found is listed at the end, with where it was.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import {
  browser, mock, openApp, openSettings, closeSettings, configureMockProvider, send,
} from './harness.mjs';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const LANGUAGES = [
  { locale: 'en-US', saved: 'Saved.' },
  { locale: 'zh-CN', saved: '已保存。' },
  { locale: 'ar-EG', saved: 'حُفظ.' },
];
const SECTIONS = ['providers', 'assistants', 'characters', 'world-books', 'knowledge', 'tools',
  'appearance', 'usage', 'data'];

const ANSWER = [
  '<think>', 'A formula, then a check. ', '</think>',
  'The sum of the first $n$ numbers is\n\n$$\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$$\n\n',
  '| n | sum |\n|--:|--:|\n| 3 | 6 |\n| 10 | 55 |\n\n',
  '```python\nLABEL = "closed form"\n\ndef total(n):\n    return n * (n + 1) // 2  # closed form\n```\n\nSee [the notes](https://example.com/notes).\n',
];

/// Runs axe on the page in both themes; adds each serious or critical violation to `found`.
async function audit(page, where, found) {
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    const { violations, passes } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    // The audit looked at something: at least the page's language and names were checked.
    assert.ok(passes.length > 5, `${where}: axe checked ${passes.length} rules`);
    for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
      found.push(`${where} (${scheme}): ${v.id} [${v.impact}] ${v.help}\n    ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}: ${n.failureSummary.replaceAll('\n', ' ')}`).join('\n    ')}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/// Opens a panel over the chat with `button`, audits it, and closes it with Esc.
async function auditSheet(page, button, sheet, where, found) {
  await page.click(`[data-testid=${button}]`);
  await page.locator(`[data-testid=${sheet}]`).waitFor();
  await audit(page, where, found);
  await page.keyboard.press('Escape');
  await page.locator(`[data-testid=${sheet}]`).waitFor({ state: 'detached' });
}

for (const { locale, saved } of LANGUAGES) {
  test(`axe finds nothing serious on any screen in ${locale}, light and dark`, async () => {
    await mock('/admin/reset', {});
    const found = [];
    const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
    const page = await openApp(context);
    await page.locator('[data-testid=welcome]').waitFor();
    await audit(page, 'welcome', found);

    await configureMockProvider(page, { saved });
    await mock('/admin/script', [
      { chunks: ANSWER },
      { chunks: ['"Sums"'], stream: false },
      { chunks: [], tool_call: { name: 'create_memory', arguments: JSON.stringify({ text: 'Likes closed forms' }) } },
    ]);
    await openSettings(page, 'assistants');
    await page.check('[data-testid=memory-toggle]');
    await closeSettings(page);
    await send(page, 'What is 1 + 2 + … + n?');
    await page.locator('[data-testid=message][data-role=assistant][data-status=complete]').waitFor();
    await send(page, 'Remember that I like closed forms.');
    await page.locator('[data-testid=approve-button]').waitFor();
    await audit(page, 'chat with a tool waiting', found);
    const asked = (await mock('/admin/requests')).length;
    await page.click('[data-testid=deny-button]');
    // The model is told of the denial in a request of its own: the next script is not for it.
    // Set before that request arrived, the rate limit answered it instead of the next question.
    while ((await mock('/admin/requests')).length === asked) await page.waitForTimeout(50);
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=message][data-role=assistant]')]
      .at(-1)?.dataset.status === 'complete');

    await mock('/admin/script', { status: 429, error_message: 'Slow down (mock)', retry_after: '120' });
    await send(page, 'again');
    await page.locator('[data-testid=error-banner]').waitFor();
    await audit(page, 'provider error', found);

    // A promise in an answer becomes a follow-up (its panel is audited below).
    await mock('/admin/script', [{ chunks: ["I'll let you know when he replies."] }]);
    await send(page, 'Write to Bob');
    await page.locator('[data-testid=follow-ups-button]').waitFor();

    await page.click('[data-testid=find-button]');
    await page.locator('[data-testid=find-input]').fill('sum');
    await audit(page, 'find bar', found);
    await page.keyboard.press('Escape');

    await auditSheet(page, 'chat-settings-button', 'chat-settings', 'this chat', found);
    await auditSheet(page, 'open-summary', 'summary-panel', 'summary', found);
    await auditSheet(page, 'branch-map-button', 'branch-map', 'branch map', found);
    await auditSheet(page, 'inspect-next', 'prompt-inspector', 'prompt inspector', found);
    await auditSheet(page, 'workspace-button', 'workspace-panel', 'workspace', found);
    await auditSheet(page, 'follow-ups-button', 'follow-ups', 'follow-ups', found);

    await page.keyboard.press('Control+/');
    await page.locator('[data-testid=shortcuts-help]').waitFor();
    await audit(page, 'shortcuts', found);
    await page.keyboard.press('Escape');

    for (const section of SECTIONS) {
      await openSettings(page, section);
      const closed = page.locator(`[data-testid=settings-page-${section}] details:not([open]) > summary`).filter({ visible: true });
      for (let i = 0; i < 30 && await closed.count() > 0; i += 1) await closed.first().click();
      await audit(page, `settings: ${section}`, found);
    }
    await closeSettings(page);

    await page.click('[data-testid=workflows-button]');
    await page.locator('[data-testid=workflows-screen]').waitFor();
    await audit(page, 'workflows', found);
    await page.click('[data-testid=workflow-new]');
    await page.click('[data-testid=workflow-add-dialogue]');
    await audit(page, 'workflow editor', found);
    await page.click('[data-testid=workflow-close]');

    await page.setViewportSize({ width: 375, height: 812 });
    await page.click('[data-testid=menu-button]');
    await page.locator('[data-testid=sidebar]').waitFor({ state: 'visible' });
    await page.waitForTimeout(250); // the drawer slides in
    await audit(page, 'phone: the chat list', found);

    assert.deepEqual(found, [], `axe found:\n${found.join('\n')}`);
    // The provider's 429 above is logged by the browser; nothing else may be.
    assert.deepEqual(page.errors.filter((e) => !e.includes('status of 429')), []);
    await context.close();
  });
}
