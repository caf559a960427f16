// End to end: the branch map. Every message of the conversation in one tree, the versions of an
// answer indented under the question, the branch on screen highlighted, a long run folded until
// opened; a click or the keyboard (↑ ↓ ← Enter, Esc) shows another branch, the chat scrolls to
// the message picked and the choice survives a reload.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import {
  DOCS_SCREENSHOTS, browser, mock, openApp, configureMockProvider, send, assistantTextIs, lastAssistant, mounted,
} from './harness.mjs';

const map = (page) => page.locator('[data-testid=branch-map]');
const rows = (page) => page.locator('[data-testid=branch-tree] [role=treeitem]');

/// Each row as the user reads it: indentation, version, excerpt, marks.
async function readMap(page) {
  return rows(page).evaluateAll((items) => items.map((row) => {
    const level = Number(row.getAttribute('aria-level')) - 1;
    const version = row.querySelector('.branch-version')?.textContent;
    const text = row.querySelector('[data-testid=branch-excerpt]')?.textContent ?? row.textContent.trim();
    const marks = (row.classList.contains('on-path') ? ' *' : '') + (row.querySelector('.branch-shown') ? ' <' : '');
    return `${'  '.repeat(level)}${text}${version ? ` ${version}` : ''}${marks}`;
  }));
}

const focusedRow = (page) => page.evaluate(() => document.activeElement?.dataset.row ?? null);

async function openMap(page) {
  await page.click('[data-testid=branch-map-button]');
  await page.locator('[data-testid=branch-tree]').waitFor();
}

test('the branch map shows every version, highlights the branch on screen, and switches by click and keyboard', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);

  // Four exchanges, then another version of the last answer.
  await mock('/admin/script', [{ chunks: ['Kyoto in May.'] }, { chunks: ['"Trip"'], stream: false }]);
  await send(page, 'Plan a trip');
  await assistantTextIs(page, 'Kyoto in May.');
  for (const [question, answer] of [['How long?', 'Five days.'], ['Budget?', 'About 1,500 euros.'], ['Where to stay?', 'Book the ryokan.']]) {
    await mock('/admin/script', [{ chunks: [answer] }]);
    await send(page, question);
    await assistantTextIs(page, answer);
  }
  await mock('/admin/script', [{ chunks: ['Try a business hotel.'] }]);
  await lastAssistant(page).locator('[data-testid=regenerate-button]').click();
  await assistantTextIs(page, 'Try a business hotel.');

  // The run before the fork is folded; both versions show, the second on screen.
  await openMap(page);
  assert.equal(await page.locator('[data-testid=branch-map-summary]').textContent(), '9 messages on 2 branches.');
  assert.deepEqual(await readMap(page), [
    'Plan a trip *',
    'Kyoto in May. *',
    '… 3 more messages without other versions *',
    'About 1,500 euros. *',
    'Where to stay? *',
    '  Book the ryokan. 1/2',
    '  Try a business hotel. 2/2 * <',
  ]);
  await page.waitForFunction(() => document.activeElement?.dataset.row === '6');
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL('branch-map.png', DOCS_SCREENSHOTS).pathname });

  // Opening the fold shows the run whole; the focus stays where it was.
  await rows(page).nth(2).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=branch-tree] [role=treeitem]').length === 9);
  assert.deepEqual((await readMap(page)).slice(2, 5), ['How long? *', 'Five days. *', 'Budget? *']);
  assert.equal(await map(page).isVisible(), true, 'unfolding keeps the map open');

  // Keyboard: End, ↑ to the first version, Enter shows it and the chat moves to it.
  await page.keyboard.press('End');
  assert.equal(await focusedRow(page), '8');
  await page.keyboard.press('ArrowUp');
  assert.equal(await focusedRow(page), '7');
  await page.keyboard.press('Enter');
  await map(page).waitFor({ state: 'detached' });
  await assistantTextIs(page, 'Book the ryokan.');
  assert.equal(await lastAssistant(page).locator('[data-testid=branch-indicator]').textContent(), '1/2');
  await page.waitForFunction(() => document.activeElement?.dataset.role === 'assistant'
    && document.activeElement.textContent.includes('Book the ryokan.'));

  // The map follows: the first version is now the one on screen. ← goes to the fork, Esc closes.
  await openMap(page);
  assert.deepEqual((await readMap(page)).slice(5), ['  Book the ryokan. 1/2 * <', '  Try a business hotel. 2/2']);
  await page.waitForFunction(() => document.activeElement?.dataset.row === '5');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await focusedRow(page), '4');
  await page.keyboard.press('Escape');
  await map(page).waitFor({ state: 'detached' });

  // A click on the other version shows it; the choice is saved.
  await openMap(page);
  await rows(page).filter({ hasText: 'Try a business hotel.' }).click();
  await assistantTextIs(page, 'Try a business hotel.');
  await page.reload();
  await mounted(page);
  await page.locator('[data-testid=conversation-item]', { hasText: 'Trip' }).click();
  await assistantTextIs(page, 'Try a business hotel.');

  // On a phone the map covers the screen and the rows stay on it.
  await page.setViewportSize({ width: 375, height: 760 });
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await openMap(page);
  const overflow = await page.locator('[data-testid=branch-tree]').evaluate((tree) => tree.scrollWidth - tree.clientWidth);
  assert.ok(overflow <= 0, `the rows fit 375 px (overflow ${overflow})`);
  await page.screenshot({ path: new URL('branch-map-phone.png', DOCS_SCREENSHOTS).pathname });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a chat with one branch says how to make another; the map reads untrusted text as text', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await mock('/admin/script', [{ chunks: ['<img src=x onerror="window.hacked=1"> plain'] }, { chunks: ['"Probe"'], stream: false }]);
  await send(page, 'probe');
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete]').waitFor();
  await openMap(page);
  assert.match(await page.locator('[data-testid=branch-map-summary]').textContent(), /^2 messages on one branch: regenerate an answer or edit a question/);
  assert.deepEqual(await readMap(page), ['probe *', '<img src=x onerror="window.hacked=1"> plain * <']);
  assert.equal(await page.locator('[data-testid=branch-tree] img').count(), 0);
  assert.equal(await page.evaluate(() => window.hacked), undefined);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('in a right-to-left interface → goes to the fork, as ← does left to right', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext({ locale: 'ar-EG', viewport: { width: 1280, height: 900 } });
  const page = await openApp(context);
  await configureMockProvider(page, { saved: 'حُفظ.' });
  await mock('/admin/script', [{ chunks: ['First answer.'] }, { chunks: ['"T"'], stream: false }]);
  await send(page, 'سؤال');
  await assistantTextIs(page, 'First answer.');
  await mock('/admin/script', [{ chunks: ['Second answer.'] }]);
  await lastAssistant(page).locator('[data-testid=regenerate-button]').click();
  await assistantTextIs(page, 'Second answer.');
  await openMap(page);
  await page.waitForFunction(() => document.activeElement?.dataset.row === '2');
  // ← points the other way here: it does not leave the version.
  await page.keyboard.press('ArrowLeft');
  assert.equal(await focusedRow(page), '2');
  await page.keyboard.press('ArrowRight');
  assert.equal(await focusedRow(page), '0');
  assert.deepEqual(page.errors, []);
  await context.close();
});
