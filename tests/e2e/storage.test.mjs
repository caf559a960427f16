// End to end: what is kept, where, and what happens when storage is full, another tab
// writes, or a file comes in.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MOCK, SCREENSHOTS, DOCS_SCREENSHOTS, browser, appUrl, mock, openApp, mounted, openSettings, closeSettings,
  configureMockProvider, assertText, send, lastAssistant, watchAssistantText, assistantTextIs, persistentContext,
} from './harness.mjs';
import { killBrowser } from './kill.mjs';
import { journalFiles, storedAnswers } from './stored.mjs';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

test('a tab closed mid-stream keeps every word it showed, marked incomplete when reopened', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  await context.addInitScript(() => {
    window.__hidden = false;
    Object.defineProperty(document, 'visibilityState', { get: () => (window.__hidden ? 'hidden' : 'visible') });
  });
  const page = await openApp(context);
  await configureMockProvider(page);
  // Three quick pieces, then the stream stalls: the throttled writes (at most one per 250 ms)
  // have saved none of them, so only the flush on hiding can keep them.
  await mock('/admin/script', { chunks: ['One ', 'two ', 'three ', 'never'], delay_ms: 20, stall_after: 3 });
  await send(page, 'count for me');
  await page.waitForFunction(() => {
    const texts = document.querySelectorAll('[data-role=assistant] [data-testid=message-content]');
    return texts.length > 0 && texts[texts.length - 1].textContent === 'One two three';
  });
  // The tab is hidden (often the last moment a mobile page runs), then closed.
  await page.evaluate(() => {
    window.__hidden = true;
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.waitForTimeout(300);
  await page.close();

  const reopened = await openApp(context);
  const answer = reopened.locator('[data-testid=message][data-role=assistant]').last();
  await reopened.locator('[data-testid=message][data-role=assistant][data-status=incomplete]').waitFor();
  assert.equal(await answer.locator('[data-testid=message-content]').textContent(), 'One two three');
  assert.deepEqual(reopened.errors, [], 'no script errors');
  await context.close();
});

test('a browser killed mid-answer loses none of the words that reached it (the stream journal)', async () => {
  await mock('/admin/reset', {});
  const profile = mkdtempSync(join(tmpdir(), 'skein-kill-'));
  let context = await persistentContext(profile);
  let page = await openApp(context);
  await configureMockProvider(page);
  // Five pieces at once, then the stream stalls: the answer is saved at most every 250 ms, so
  // the database holds at most the first of them when the browser dies.
  const words = ['Every ', 'word ', 'that ', 'arrived ', 'stays.'];
  await mock('/admin/script', { chunks: [...words, ' never sent'], stall_after: words.length });
  await send(page, 'say something worth keeping');
  await page.waitForFunction((text) => {
    const texts = document.querySelectorAll('[data-role=assistant] [data-testid=message-content]');
    return texts.length > 0 && texts[texts.length - 1].textContent === text;
  }, words.join(''));
  const stored = await storedAnswers(page);
  assert.equal(stored.length, 1);
  assert.ok(stored[0].text.length < words.join('').length, `the database alone would lose words: ${JSON.stringify(stored[0])}`);
  await killBrowser(context, profile);

  context = await persistentContext(profile);
  page = await openApp(context);
  await page.locator('[data-testid=message][data-role=assistant][data-status=incomplete]').waitFor();
  // The journal's text joins the answer (the code that reads it loads behind the screen).
  await page.waitForFunction((text) => {
    const texts = document.querySelectorAll('[data-role=assistant] [data-testid=message-content]');
    return texts.length === 1 && texts[0].textContent === text;
  }, words.join(''));
  assert.equal(await lastAssistant(page).getAttribute('data-status'), 'incomplete');
  assert.deepEqual(await storedAnswers(page), [{ status: 'incomplete', text: words.join('') }], 'saved whole now');
  // The journal is removed once the answer is saved.
  for (let tries = 0; ; tries += 1) {
    const left = await journalFiles(page);
    if (left === 0) break;
    assert.ok(tries < 100, `${left} journal file(s) left`);
    await page.waitForTimeout(100);
  }
  assert.deepEqual(page.errors, [], 'no script errors');
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

test('a conversation exports as Markdown (its branch) and JSON (every branch), made in the page', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await openApp(context);
  await configureMockProvider(page);
  await mock('/admin/script', [
    { chunks: ['First ', 'answer'], delay_ms: 5 },
    { chunks: ['Export test'], stream: false },
    { chunks: ['Second ', 'answer'], delay_ms: 5 },
  ]);
  await send(page, 'export me');
  await assistantTextIs(page, 'First answer');
  await page.click('[data-testid=regenerate-button]');
  await assistantTextIs(page, 'Second answer');
  // Both answers and both title requests (the regenerated answer is a first exchange too) are
  // in before counting, so a late title request is not taken for one the export made.
  const settled = Date.now() + 10_000;
  while ((await mock('/admin/requests')).length < 4 && Date.now() < settled) {
    await page.waitForTimeout(50);
  }
  const requestsBefore = (await mock('/admin/requests')).length;
  assert.equal(requestsBefore, 4);

  const [markdown] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-markdown]')]);
  assert.match(markdown.suggestedFilename(), /\.md$/);
  const text = readFileSync(await markdown.path(), 'utf8');
  assert.match(text, /^# /);
  assert.match(text, /## User\n\nexport me/);
  assert.match(text, /## Assistant \(mock-model\)\n\nSecond answer/);
  assert.ok(!text.includes('First answer'), 'only the branch on screen');

  const [json] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-json]')]);
  const exported = JSON.parse(readFileSync(await json.path(), 'utf8'));
  assert.equal(exported.format, 'skein.conversation');
  const texts = exported.messages.map((m) => m.parts.filter((p) => p.type === 'text').map((p) => p.text).join(''));
  assert.ok(texts.includes('First answer') && texts.includes('Second answer'), 'every branch');
  assert.equal((await mock('/admin/requests')).length, requestsBefore, 'exporting sent nothing');
  await context.close();
});

test('importing ChatGPT conversations keeps their branches; a broken file changes nothing', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  const chatgpt = new URL('../fixtures/chatgpt/conversations.json', import.meta.url).pathname;
  await openSettings(page, 'data');
  await page.setInputFiles('[data-testid=import-file]', chatgpt);
  await assertText(page.locator('[data-testid=notice] span'), 'Imported 1 conversation from conversations.json.');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 1);
  assert.match(await page.locator('[data-testid=conversation-item]').first().textContent(), /Tea brewing/);
  await assistantTextIs(page, '2–3 minutes at 75 °C.\n[attachment not imported]');
  await assertText(page.locator('[data-testid=branch-indicator]'), '2/2');

  // A hostile file: refused with where the problem is, and nothing is added.
  await openSettings(page, 'data');
  await page.setInputFiles('[data-testid=import-file]', {
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('[{"title":"x","mapping":[]}]'),
  });
  await page.waitForFunction(() => document.querySelector('[data-testid=error-banner] span')?.textContent.includes('cannot be imported'));
  assert.match(await page.locator('[data-testid=error-banner] span').textContent(), /conversations\[0\]\.mapping/);
  assert.equal(await page.locator('[data-testid=conversation-item]').count(), 1);

  await page.reload();
  await mounted(page);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 1);
  assert.equal(await page.locator('[data-testid=message]').count(), 2);
  await context.close();
});

test('a long conversation list starts with its newest rows; older ones join on scrolling, on asking, and when one is opened', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  // 150 one-question chats in ChatGPT's export format, "Chat 149" the newest.
  const chat = (n) => {
    const title = `Chat ${String(n).padStart(3, '0')}`;
    const message = (id, role, text, parent, children) => ({
      id, parent, children,
      message: { id, author: { role }, content: { content_type: 'text', parts: [text] }, create_time: 1700000000 + n * 60 },
    });
    return {
      title, create_time: 1700000000 + n * 60, update_time: 1700000030 + n * 60, conversation_id: `c${n}`, current_node: 'a',
      mapping: { u: message('u', 'user', `question of ${title}`, null, ['a']), a: message('a', 'assistant', `answer of ${title}`, 'u', []) },
    };
  };
  await openSettings(page, 'data');
  await page.setInputFiles('[data-testid=import-file]', {
    name: 'conversations.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(Array.from({ length: 150 }, (_, n) => chat(n)))),
  });
  await assertText(page.locator('[data-testid=notice] span'), 'Imported 150 conversations from conversations.json.');

  await page.reload();
  await mounted(page);
  const rows = page.locator('[data-testid=conversation-item]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 60);
  assert.match(await rows.first().textContent(), /Chat 149/);
  assert.match(await rows.last().textContent(), /Chat 090/);
  const more = page.locator('[data-testid=show-more-conversations]');
  await assertText(more, 'Show older conversations (90 more)');

  // Scrolling to the end of the list brings the next rows in.
  await page.locator('[data-testid=sidebar]').evaluate((nav) => { nav.scrollTop = nav.scrollHeight; });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 120);
  // Asking brings the rest, and the button goes.
  await more.click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 150);
  assert.equal(await more.count(), 0);
  assert.match(await rows.last().textContent(), /Chat 000/);

  // After a reload only the first rows are back; a search finds the oldest all the same, and
  // the opened conversation keeps its row when the search is cleared.
  await page.reload();
  await mounted(page);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 60);
  await page.fill('[data-testid=search-input]', 'Chat 002');
  await page.locator('[data-testid=conversation-item]', { hasText: 'Chat 002' }).click();
  await assistantTextIs(page, 'answer of Chat 002');
  await page.fill('[data-testid=search-input]', '');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 150);
  assert.equal(await page.locator('[data-testid=conversation-item][aria-current=page]').textContent(), 'Chat 002');
  await page.screenshot({ path: new URL('conversation-list-opened.png', SCREENSHOTS).pathname });
  await context.close();
});

test('two tabs: a conversation made in one appears in the other, which follows its answer without calling it interrupted', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const writer = await openApp(context);
  await configureMockProvider(writer);
  const reader = await openApp(context);
  assert.equal(await reader.locator('[data-testid=conversation-item]').count(), 0);

  await mock('/admin/script', [
    { chunks: ['Slowly ', 'but ', 'surely ', 'done.'], delay_ms: 400 },
    { chunks: ['Two tabs'], stream: false },
  ]);
  await send(writer, 'from the first tab');
  // The other tab hears of it without a reload, and opens it while it is still streaming.
  await reader.locator('[data-testid=conversation-item]').first().waitFor();
  await reader.locator('[data-testid=conversation-item]').first().click();
  await reader.locator('[data-role=user] [data-testid=message-content]').waitFor();
  const earlyStatus = await reader.locator('[data-testid=message][data-role=assistant]').last().getAttribute('data-status');
  assert.notEqual(earlyStatus, 'incomplete', 'an answer being written in another tab is not "interrupted"');

  await assistantTextIs(writer, 'Slowly but surely done.');
  // When the writer finishes, the reader shows the finished answer.
  await assistantTextIs(reader, 'Slowly but surely done.');
  await reader.waitForFunction(() => document.querySelector('[data-testid=conversation-item]')?.textContent.includes('Two tabs'));
  assert.deepEqual(writer.errors, []);
  assert.deepEqual(reader.errors, []);
  await context.close();
});

test('a full backup restores a deleted conversation, without API keys unless asked', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await openApp(context);
  await configureMockProvider(page);
  await mock('/admin/script', [{ chunks: ['Worth ', 'keeping.'], delay_ms: 5 }, { chunks: ['Precious'], stream: false }]);
  await send(page, 'remember this');
  await assistantTextIs(page, 'Worth keeping.');
  await page.waitForFunction(() => document.querySelector('[data-testid=conversation-item]')?.textContent.includes('Precious'));

  await openSettings(page, 'data');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=backup]')]);
  const backup = readFileSync(await download.path(), 'utf8');
  assert.equal(JSON.parse(backup).format, 'skein.backup');
  assert.ok(!backup.includes('sk-e2e'), 'the API key stays out by default');

  await page.locator('[data-testid=conversation-item]').first().hover();
  await page.locator('[data-testid=conversation-delete]').first().click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 0);

  await openSettings(page, 'data');
  await page.setInputFiles('[data-testid=import-file]', { name: 'skein-backup.json', mimeType: 'application/json', buffer: Buffer.from(backup) });
  await page.waitForFunction(() => document.querySelector('[data-testid=conversation-item]')?.textContent.includes('Precious'));
  await assistantTextIs(page, 'Worth keeping.');
  await context.close();
});

/// An app whose origin has one stored exchange and then no room left: Chromium's real quota,
/// shrunk through the DevTools protocol. IndexedDB learns an origin's room when it first opens
/// and asks again only when a write needs more than that, so the quota is set small (400 kB)
/// before the app starts, then to exactly what is used. A write larger than 400 kB is then
/// refused with a real QuotaExceededError. `setQuota()` lifts the limit ("space was freed").
async function appWithFullStorage(context) {
  const origin = new URL(appUrl).origin;
  let cdp;
  const setQuota = (quotaSize) => cdp.send('Storage.overrideQuotaForOrigin',
    quotaSize === undefined ? { origin } : { origin, quotaSize });
  const page = await openApp(context, {
    beforeLoad: async (p) => { cdp = await context.newCDPSession(p); await setQuota(400_000); },
  });
  await configureMockProvider(page);
  await mock('/admin/script', [
    { chunks: ['Stored ', 'answer.'] },
    { chunks: ['"Disk space"'], stream: false },
  ]);
  await send(page, 'before the disk filled');
  await assistantTextIs(page, 'Stored answer.');
  await page.waitForFunction(() => document.querySelector('[data-testid=conversation-item]')?.textContent.includes('Disk space'));
  const { usage } = await cdp.send('Storage.getUsageAndQuota', { origin });
  await setQuota(usage + 1);
  return { page, setQuota };
}

/// Varied text (compression cannot shrink it) of about `lines` × 17 characters.
const bulkyText = (lines, label = 'line') =>
  Array.from({ length: lines }, (_, i) => `${label} ${i} ${(i * 7919) % 104729}`).join('\n');

test('full storage is said plainly, half-writes nothing, stays readable, and recovers once space is freed', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const { page, setQuota } = await appWithFullStorage(context);
  // A long pasted log (varied text, so it cannot be compressed away; larger than the whole
  // first quota, so IndexedDB has to ask again) no longer fits.
  const log = bulkyText(30_000);
  await page.locator('[data-testid=composer-input]').evaluate((input, text) => {
    input.value = text; // as a paste would (typing it through Playwright takes minutes)
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, log);
  await page.press('[data-testid=composer-input]', 'Enter');
  const alert = page.locator('[data-testid=storage-alert][data-kind=full]');
  await alert.waitFor();
  assert.match(await alert.textContent(), /Storage is full, so Skein is read-only/);
  assert.match(await page.locator('[data-testid=error-banner]').textContent(), /storage is full/i);
  assert.equal(await page.inputValue('[data-testid=composer-input]'), log,
    'the unsaved text stays in the composer');
  assert.ok(await page.locator('[data-testid=send-button]').isDisabled(), 'read-only: sending waits');
  assert.equal((await mock('/admin/requests')).length, 2, 'nothing unsaved was sent to the provider');
  // Reading still works: what was stored is on screen, nothing of the failed write.
  assert.deepEqual(await page.locator('[data-testid=message-content]').allTextContents(),
    ['before the disk filled', 'Stored answer.']);
  await page.screenshot({ path: new URL('storage-full.png', SCREENSHOTS).pathname });

  // "Check again" while still full keeps the notice.
  await page.click('[data-testid=storage-check]');
  await page.waitForTimeout(500);
  assert.ok(await alert.isVisible(), 'still full');

  // Space is freed: the check clears the notice and the kept text is sent.
  await setQuota(undefined);
  await page.click('[data-testid=storage-check]');
  await alert.waitFor({ state: 'detached' });
  await mock('/admin/script', { chunks: ['Saved ', 'again.'] });
  await page.press('[data-testid=composer-input]', 'Enter');
  await assistantTextIs(page, 'Saved again.');

  // After a reload: exactly the stored exchanges.
  await page.reload();
  await mounted(page);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=message]').length === 4);
  const texts = await page.locator('[data-testid=message-content]').allTextContents();
  assert.deepEqual(texts.map((t) => t.slice(0, 30)),
    ['before the disk filled', 'Stored answer.', log.slice(0, 30), 'Saved again.']);
  assert.deepEqual(page.errors, [], 'no script errors');
  await context.close();
});

test('an answer too big for the storage left stays on screen and is saved once space is freed', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const { page, setQuota } = await appWithFullStorage(context);
  // A short question (it fits) and an answer of about 500 kB (it does not).
  const pieces = bulkyText(30_000, 'row').match(/[\s\S]{1,5000}/g);
  await mock('/admin/script', { chunks: pieces });
  await send(page, 'print the whole table');
  const alert = page.locator('[data-testid=storage-alert][data-kind=full]');
  await alert.waitFor();
  const answer = pieces.join('');
  await page.waitForFunction((length) => {
    const answers = document.querySelectorAll('[data-role=assistant] [data-testid=message-content]');
    return answers[answers.length - 1]?.textContent.length === length;
  }, answer.length);
  assert.equal(await lastAssistant(page).locator('[data-testid=message-content]').textContent(), answer,
    'every word is on screen');

  await setQuota(undefined);
  await page.click('[data-testid=storage-check]');
  await alert.waitFor({ state: 'detached' });
  // Saved now (read straight from IndexedDB): a reload shows the whole answer, complete.
  for (let tries = 0; ; tries += 1) {
    const stored = await storedAnswers(page);
    if (stored.some((m) => m.status === 'complete' && m.text.length === answer.length)) break;
    assert.ok(tries < 300, `the answer was never saved whole: ${JSON.stringify(stored.map((m) => [m.status, m.text.length]))}`);
    await page.waitForTimeout(100);
  }
  await page.reload();
  await mounted(page);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=message]').length === 4);
  assert.equal(await lastAssistant(page).getAttribute('data-status'), 'complete');
  assert.equal(await lastAssistant(page).locator('[data-testid=message-content]').textContent(), answer);
  await context.close();
});
