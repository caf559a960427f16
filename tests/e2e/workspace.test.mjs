// End to end: the conversation list, tools, keyboard, themes and long threads.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MOCK, SCREENSHOTS, DOCS_SCREENSHOTS, browser, appUrl, mock, openApp, mounted, openSettings, closeSettings,
  configureMockProvider, assertText, send, lastAssistant, watchAssistantText, assistantTextIs,
} from './harness.mjs';
import { mkdirSync, readFileSync } from 'node:fs';

test('deleting a conversation can be undone; otherwise it is gone for good', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  for (const question of ['keep this chat', 'delete this chat']) {
    await page.click('[data-testid=new-chat-button]');
    // The generated title (a side request) repeats the question, so the list reads the same
    // before and after it arrives.
    await mock('/admin/script', [{ chunks: ['ok'], delay_ms: 5 }, { chunks: [question], stream: false }]);
    await send(page, question);
    await assistantTextIs(page, 'ok');
  }
  const items = page.locator('[data-testid=conversation-item]');
  const titles = async () => (await items.allTextContents()).map((t) => t.trim());
  assert.deepEqual(await titles(), ['delete this chat', 'keep this chat']);

  // Deleted at once from the list, with an undo that brings it back.
  await items.first().hover();
  await page.locator('[data-testid=conversation-delete]').first().click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 1);
  assert.equal(await page.locator('[data-testid=message]').count(), 0, 'the deleted chat left the screen');
  assert.match(await page.locator('[data-testid=undo-toast]').textContent(), /Deleted “delete this chat”/);
  await page.click('[data-testid=undo-button]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 2);
  assert.deepEqual(await titles(), ['delete this chat', 'keep this chat']);

  // Deleted again later and undone again: the first deletion's window, ending meanwhile,
  // does not carry the second one out.
  await page.waitForTimeout(5_000);
  await items.first().hover();
  await page.locator('[data-testid=conversation-delete]').first().click();
  await page.waitForTimeout(4_000);
  await page.click('[data-testid=undo-button]');
  await page.reload();
  await mounted(page);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 2);
  assert.deepEqual(await titles(), ['delete this chat', 'keep this chat']);

  // Without undo it is deleted for good once the notice goes.
  await items.first().hover();
  await page.locator('[data-testid=conversation-delete]').first().click();
  await page.locator('[data-testid=undo-toast]').waitFor({ state: 'detached', timeout: 15_000 });
  await page.reload();
  await mounted(page);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 1);
  assert.deepEqual(await titles(), ['keep this chat']);
  await context.close();
});

test('search finds conversations by title and by what was said; a rename sticks', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  const chats = [
    ['tea question', 'Green tea wants water at 75 °C.', 'Tea temperature'],
    ['coffee question', 'A French press takes four minutes.', 'Coffee timing'],
  ];
  for (const [question, answer, title] of chats) {
    await page.click('[data-testid=new-chat-button]');
    await mock('/admin/script', [{ chunks: [answer] }, { chunks: [`"${title}"`], stream: false }]);
    await send(page, question);
    await assistantTextIs(page, answer);
    await page.waitForFunction((t) => [...document.querySelectorAll('[data-testid=conversation-item]')]
      .some((e) => e.textContent.includes(t)), title);
  }
  const items = page.locator('[data-testid=conversation-item]');
  // By title, at once.
  await page.fill('[data-testid=search-input]', 'COFFEE');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 1);
  assert.match(await items.first().textContent(), /Coffee timing/);
  // By message text, with the words that matched.
  await page.fill('[data-testid=search-input]', 'french press');
  await page.waitForFunction(() => document.querySelector('[data-testid=search-snippet]'));
  assert.equal(await items.count(), 1);
  assert.match(await page.locator('[data-testid=search-snippet]').textContent(), /A French press takes four minutes/);
  await page.fill('[data-testid=search-input]', 'nothing like this');
  await page.locator('[data-testid=no-results]').waitFor();
  await page.fill('[data-testid=search-input]', '');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 2);

  // Rename: the user's title stays, also after a reload.
  await items.last().hover();
  await page.locator('[data-testid=conversation-rename]').last().click();
  await page.fill('[data-testid=rename-input]', 'My tea notes');
  await page.press('[data-testid=rename-input]', 'Enter');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=conversation-item]')]
    .some((e) => e.textContent.includes('My tea notes')));
  await page.reload();
  await mounted(page);
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=conversation-item]')]
    .some((e) => e.textContent.includes('My tea notes')));
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('memory tool calls wait for the user: approve runs it, deny tells the model, answer replaces it', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await openSettings(page, 'assistants');
  await page.check('[data-testid=memory-toggle]');
  await closeSettings(page);

  const remember = (text) => ({
    chunks: [], tool_call: { name: 'create_memory', arguments: JSON.stringify({ text }) },
  });
  // 1. Approve: the memory is saved and the model finishes its answer with the result.
  await mock('/admin/script', [
    remember('Likes green tea'),
    { chunks: ['Noted: ', 'green tea.'] },
    { chunks: ['"Tea memory"'], stream: false },
  ]);
  await send(page, 'remember that I like green tea');
  const card = page.locator('[data-testid=tool-call][data-tool-name=create_memory]').last();
  await card.locator('[data-testid=approve-button]').waitFor();
  assert.equal(await card.getAttribute('data-approval'), 'pending');
  assert.match(await card.locator('[data-testid=tool-arguments]').textContent(), /Likes green tea/);
  assert.equal(await lastAssistant(page).getAttribute('data-status'), 'awaiting-approval');
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL('pending-tool-call.png', DOCS_SCREENSHOTS).pathname });
  await card.locator('[data-testid=approve-button]').click();
  await assistantTextIs(page, 'Noted: green tea.');
  const approved = page.locator('[data-testid=tool-call][data-approval=approved]');
  assert.match(await approved.locator('[data-testid=tool-result]').textContent(), /"saved"/);
  let requests = (await mock('/admin/requests')).filter((r) => r.stream === true);
  const toolTurn = requests.at(-1).messages.at(-1);
  assert.equal(toolTurn.role, 'tool', 'the result went back to the model');
  assert.match(toolTurn.content, /saved/);
  assert.ok(requests[0].tools.some((t) => t.function.name === 'search_memories'), 'memory tools offered');

  // 2. Deny: nothing is saved; the model hears it was denied.
  await mock('/admin/script', [remember('Lives in Paris'), { chunks: ['Understood, I will not.'] }]);
  await send(page, 'remember where I live');
  await page.locator('[data-testid=tool-call][data-approval=pending] [data-testid=deny-button]').click();
  await assistantTextIs(page, 'Understood, I will not.');
  requests = (await mock('/admin/requests')).filter((r) => r.stream === true);
  assert.match(requests.at(-1).messages.at(-1).content, /denied/i);
  // What was remembered goes with the next request, as information.
  assert.match(requests.at(-2).messages[0].content, /<memory>[\s\S]*Likes green tea[\s\S]*<\/memory>/);

  // 3. Answer…: the user's words are the tool's result.
  await mock('/admin/script', [remember('Has a cat'), { chunks: ['Thanks for telling me.'] }]);
  await send(page, 'remember my pet');
  const pending = page.locator('[data-testid=tool-call][data-approval=pending]');
  await pending.locator('[data-testid=answer-button]').click();
  await pending.locator('[data-testid=tool-answer-input]').fill('Not a cat: a dog.');
  await pending.locator('[data-testid=tool-answer-send]').click();
  await assistantTextIs(page, 'Thanks for telling me.');
  requests = (await mock('/admin/requests')).filter((r) => r.stream === true);
  assert.match(requests.at(-1).messages.at(-1).content, /Not a cat: a dog\./);
  assert.equal(await page.locator('[data-testid=tool-call][data-approval=answered]').count(), 1);

  // Only the approved memory exists: a later search sees it (read straight from storage).
  const memories = await page.evaluate(async () => {
    const db = await new Promise((resolve) => { const r = indexedDB.open('skein'); r.onsuccess = () => resolve(r.result); });
    const all = await new Promise((resolve) => {
      const read = db.transaction('memories').objectStore('memories').getAll();
      read.onsuccess = () => resolve(read.result);
    });
    db.close();
    return all.map((m) => m.text);
  });
  assert.deepEqual(memories, ['Likes green tea']);

  // 4. The memories screen shows it; an edit sticks; forgetting removes it.
  await openSettings(page, 'knowledge');
  const memory = page.locator('[data-testid=memory]');
  await memory.waitFor();
  assert.equal(await memory.locator('[data-testid=memory-text]').inputValue(), 'Likes green tea');
  await memory.locator('[data-testid=memory-text]').fill('Likes green and black tea');
  await memory.locator('[data-testid=memory-save]').click();
  await closeSettings(page);
  await openSettings(page, 'knowledge');
  await page.waitForFunction(() => document.querySelector('[data-testid=memory-text]')?.value === 'Likes green and black tea');
  await page.locator('[data-testid=memory-delete]').click();
  await page.locator('[data-testid=no-memories]').waitFor();
  await closeSettings(page);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('keyboard shortcuts, the shortcut list, a dark theme that stays, and jump to latest', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  const focused = () => page.evaluate(() => document.activeElement?.dataset.testid ?? null);

  // A plain character is no shortcut (it belongs to a screen reader's browse mode); Ctrl+/ is.
  await page.locator('body').press('?');
  await page.waitForTimeout(100);
  assert.equal(await page.locator('[data-testid=shortcuts-help]').count(), 0);
  await page.keyboard.press('Control+/');
  await page.locator('[data-testid=shortcuts-help]').waitFor();
  assert.match(await page.locator('[data-testid=shortcuts-help]').textContent(), /Ctrl\+K/);
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=shortcuts-help]').waitFor({ state: 'detached' });
  await page.keyboard.press('Control+k');
  assert.equal(await focused(), 'search-input');
  await page.keyboard.press('Shift+Escape');
  assert.equal(await focused(), 'composer-input');

  // A long answer, streamed slowly: reading above it is not interrupted, and the button
  // brings the newest text back.
  const lines = Array.from({ length: 80 }, (_, i) => `Line ${i} of a long answer.\n\n`);
  await mock('/admin/script', [{ chunks: lines, delay_ms: 40 }, { chunks: ['"Long"'], stream: false }]);
  await send(page, 'write a lot');
  const scroller = page.locator('.messages-scroller');
  await page.waitForFunction(() => document.querySelectorAll('[data-role=assistant] p').length > 20);
  await scroller.evaluate((el) => { el.scrollTop = -600; el.dispatchEvent(new Event('scroll')); });
  await page.locator('[data-testid=jump-to-latest]').waitFor();
  await page.waitForTimeout(400);
  assert.ok(await scroller.evaluate((el) => el.scrollTop < -300), 'still reading where the reader was');
  await page.click('[data-testid=jump-to-latest]');
  await page.locator('[data-testid=jump-to-latest]').waitFor({ state: 'detached' });
  assert.ok(await scroller.evaluate((el) => el.scrollTop > -5), 'at the newest text');
  // Esc stops the answer being written; the words so far stay.
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=message][data-role=assistant][data-status=incomplete]').waitFor();

  // Dark theme: applied at once and kept after a reload.
  await openSettings(page, 'appearance');
  await page.selectOption('[data-testid=theme-select]', 'dark');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  await closeSettings(page);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(await background(), 'rgb(22, 22, 26)');
  await page.reload();
  await mounted(page);
  assert.equal(await background(), 'rgb(22, 22, 26)');

  // Ctrl+Shift+O: a new chat.
  await page.locator('[data-testid=message]').first().waitFor();
  await page.keyboard.press('Control+Shift+O');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=message]').length === 0);
  assert.deepEqual(page.errors, []);
  await context.close();
});

/// A ChatGPT export of one conversation with `count` messages, alternating questions and
/// Markdown answers with code.
function longChatGptExport(count) {
  const mapping = { root: { id: 'root', message: null, parent: null, children: ['m0'] } };
  for (let i = 0; i < count; i += 1) {
    const role = i % 2 === 0 ? 'user' : 'assistant';
    const text = role === 'user'
      ? `Question ${i}: how does step ${i} work?`
      : `Answer ${i}: **step ${i}** works like this:\n\n- first part\n- second part\n\n\`\`\`js\nconst step = ${i};\n\`\`\``;
    mapping[`m${i}`] = {
      id: `m${i}`,
      message: { id: `m${i}`, author: { role }, content: { content_type: 'text', parts: [text] }, create_time: 1700000000 + i },
      parent: i === 0 ? 'root' : `m${i - 1}`,
      children: i + 1 < count ? [`m${i + 1}`] : [],
    };
  }
  return JSON.stringify([{ title: 'A very long conversation', create_time: 1700000000, update_time: 1700009999,
    conversation_id: 'long', current_node: `m${count - 1}`, mapping }]);
}

/// Imports a ChatGPT export of one conversation of `count` messages (Settings, Data) and opens
/// it at its latest answer.
async function openLongConversation(page, count) {
  await openSettings(page, 'data');
  await page.setInputFiles('[data-testid=import-file]', {
    name: 'conversations.json', mimeType: 'application/json', buffer: Buffer.from(longChatGptExport(count)),
  });
  await page.waitForFunction(() => document.querySelector('[data-testid=conversation-item]')?.textContent.includes('A very long conversation'));
  await page.locator('[data-testid=conversation-item]').first().click();
  await page.waitForFunction((last) => [...document.querySelectorAll('[data-testid=message-content]')].at(-1)?.textContent.includes(`Answer ${last}`), count - 1);
}

test('a 2,000-message conversation opens at its latest messages; screenshots of the main screens', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await openLongConversation(page, 2000);
  const latest = page.locator('[data-testid=message]').last();
  assert.ok(await latest.isVisible(), 'the latest message is on screen');

  // Only the latest messages are in the page; older ones join as the reader scrolls up.
  const inPage = () => page.locator('[data-testid=message]').count();
  const opened = await inPage();
  assert.ok(opened >= 40 && opened <= 80, `${opened} of 2,000 messages in the page at first`);
  assert.match(await page.locator('[data-testid=show-earlier]').textContent(), /^Show earlier messages \([\d,]+ more\)$/);
  await page.evaluate(() => { const s = document.querySelector('.messages-scroller'); s.scrollTop = -s.scrollHeight; });
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=message]').length > n, opened);
  assert.ok(await inPage() < 400, 'scrolling up brings older messages a step at a time, not all');

  // Find in the conversation reaches messages that are not in the page.
  await page.keyboard.press('Control+Shift+F');
  const findInput = page.locator('[data-testid=find-input]');
  await findInput.waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'find-input');
  await page.keyboard.type('Question 6:');
  await assertText(page.locator('[data-testid=find-count]'), '1 of 1');
  const hit = page.locator('[data-testid=message][data-find-current]');
  await page.waitForFunction(() => document.querySelector('[data-find-current]')?.textContent.includes('Question 6: how does step 6 work?'));
  const inView = () => hit.evaluate((el) => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; });
  await page.waitForFunction(() => { const r = document.querySelector('[data-find-current]').getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; });
  // Many matches: it starts at the newest, Enter goes on (wrapping to the oldest), Shift+Enter back.
  const expected = Array.from({ length: 2000 }, (_, i) => i).filter((i) => i % 2 === 0 && String(i).startsWith('10')).length;
  await page.fill('[data-testid=find-input]', 'how does step 10');
  await assertText(page.locator('[data-testid=find-count]'), `${expected} of ${expected}`);
  await page.waitForFunction(() => document.querySelector('[data-find-current]')?.textContent.includes('Question 1098:'));
  await page.keyboard.press('Enter');
  await assertText(page.locator('[data-testid=find-count]'), `1 of ${expected}`);
  await page.waitForFunction(() => document.querySelector('[data-find-current]')?.textContent.includes('Question 10: '));
  assert.ok(await inView(), 'the match is scrolled into view');
  await page.keyboard.press('Shift+Enter');
  await assertText(page.locator('[data-testid=find-count]'), `${expected} of ${expected}`);
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL('find-in-conversation.png', DOCS_SCREENSHOTS).pathname });
  await page.setViewportSize({ width: 390, height: 760 });
  await page.waitForTimeout(400); // the drawer's slide, when the layout turns narrow
  // The buttons step too (the narrower layout moved the match).
  await page.click('[data-testid=find-next]');
  await assertText(page.locator('[data-testid=find-count]'), `1 of ${expected}`);
  await page.click('[data-testid=find-prev]');
  await assertText(page.locator('[data-testid=find-count]'), `${expected} of ${expected}`);
  await page.waitForTimeout(100);
  assert.ok(await inView(), 'the match is scrolled into view on a phone');
  await page.screenshot({ path: new URL('find-in-conversation-phone.png', DOCS_SCREENSHOTS).pathname });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.fill('[data-testid=find-input]', 'no such words');
  await assertText(page.locator('[data-testid=find-count]'), 'No matches');
  assert.equal(await page.locator('[data-find-current]').count(), 0);
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=find-bar]').waitFor({ state: 'detached' });
  await page.click('[data-testid=find-button]');
  await findInput.waitFor();
  await page.click('[data-testid=find-close]');
  await page.locator('[data-testid=find-bar]').waitFor({ state: 'detached' });
  await page.click('[data-testid=jump-to-latest]');
  await page.waitForFunction(() => { const r = [...document.querySelectorAll('[data-testid=message]')].at(-1).getBoundingClientRect(); return r.top < innerHeight; });
  // The context meter: the whole thread is far past the summarising threshold.
  const tokens = page.locator('[data-testid=context-tokens]');
  await tokens.waitFor();
  const count = async () => Number((await tokens.textContent()).match(/≈ ([\d.]+)k/)[1]);
  assert.match(await tokens.textContent(), /of 32\.0k tokens/);
  const before = await count();
  assert.ok(before > 32, `${before}k tokens`);
  await page.fill('[data-testid=composer-input]', 'word '.repeat(2000));
  await page.waitForFunction((b) => Number(document.querySelector('[data-testid=context-tokens]').textContent.match(/≈ ([\d.]+)k/)[1]) > b, before);
  await page.fill('[data-testid=composer-input]', '');
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL('long-conversation.png', DOCS_SCREENSHOTS).pathname });

  // The main screens, light and dark.
  await openSettings(page);
  await page.screenshot({ path: new URL('settings-light.png', DOCS_SCREENSHOTS).pathname });
  await openSettings(page, 'appearance');
  await page.selectOption('[data-testid=theme-select]', 'dark');
  await openSettings(page, 'providers');
  await page.screenshot({ path: new URL('settings-dark.png', DOCS_SCREENSHOTS).pathname });
  await closeSettings(page);
  await page.screenshot({ path: new URL('long-conversation-dark.png', DOCS_SCREENSHOTS).pathname });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('only the messages near the screen are in the page: those far above or below leave, and come back when scrolled to', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await openApp(context);
  await configureMockProvider(page);
  await openLongConversation(page, 300);
  const inPage = () => page.locator('[data-testid=message]').count();
  const lastInPage = () => page.locator('[data-testid=message]').last().textContent();
  // Scrolls to one end of the conversation (the page's end, again and again, as messages join):
  // its first message at the start, its newest at the end with the scroller at its end.
  const scrollTo = (end) => page.evaluate(async (end) => {
    const scroller = document.querySelector('.messages-scroller');
    const frames = () => new Promise((next) => requestAnimationFrame(() => requestAnimationFrame(next)));
    const there = () => (end === 'start'
      ? !document.querySelector('[data-testid=show-earlier]')
      : /Answer 299/.test([...document.querySelectorAll('[data-testid=message]')].at(-1).textContent) && scroller.scrollTop === 0);
    for (let step = 0; step < 100 && !there(); step += 1) {
      scroller.scrollTop = end === 'start' ? -scroller.scrollHeight : 0;
      await frames();
    }
    await frames();
    return there();
  }, end);

  // Read up to the first message: the newest, far below, left the page.
  assert.ok(await scrollTo('start'));
  assert.match(await page.locator('[data-testid=message]').first().textContent(), /Question 0: how does step 0 work\?/);
  const atStart = await inPage();
  assert.ok(atStart <= 150, `${atStart} of 300 messages in the page at the start`);
  assert.doesNotMatch(await lastInPage(), /Answer 299/);
  await page.locator('[data-testid=jump-to-latest]').waitFor();

  // Scrolling down, newer messages join under the reader without moving what is on screen.
  const joined = await page.evaluate(async () => {
    const frames = (n) => new Promise((done) => { const next = (left) => (left === 0 ? done() : requestAnimationFrame(() => next(left - 1))); next(n); });
    const count = () => document.querySelectorAll('[data-testid=message]').length;
    const before = count();
    const probe = [...document.querySelectorAll('[data-testid=message]')].at(-3);
    probe.scrollIntoView({ block: 'end' });
    const top = probe.getBoundingClientRect().top;
    for (let i = 0; i < 60 && count() === before; i += 1) await frames(1);
    await frames(3);
    return { before, after: count(), top, now: probe.getBoundingClientRect().top };
  });
  assert.ok(joined.after > joined.before, `newer messages joined (${joined.before} → ${joined.after})`);
  assert.ok(Math.abs(joined.now - joined.top) < 1, `the message the reader sees stayed (${joined.top} → ${joined.now})`);

  // Down to the newest: the ones far above leave; the reader ends at the newest text.
  assert.ok(await scrollTo('end'));
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=message]').length <= 150);
  const left = await inPage();
  assert.match(await page.locator('[data-testid=show-earlier]').textContent(), new RegExp(`\\(${300 - left} more\\)`));
  await page.locator('[data-testid=jump-to-latest]').waitFor({ state: 'detached' });

  // Taking messages off the top moves nothing on screen: older ones brought in far above
  // (Show earlier) leave again at the next scroll event, and the newest stays where it was.
  const moved = await page.evaluate(async () => {
    const scroller = document.querySelector('.messages-scroller');
    const count = () => document.querySelectorAll('[data-testid=message]').length;
    const frames = (n) => new Promise((done) => { const next = (left) => (left === 0 ? done() : requestAnimationFrame(() => next(left - 1))); next(n); });
    const before = count();
    document.querySelector('[data-testid=show-earlier]').click();
    await frames(4);
    const joined = count();
    const newest = [...document.querySelectorAll('[data-testid=message]')].at(-1);
    const top = newest.getBoundingClientRect().top;
    scroller.dispatchEvent(new Event('scroll'));
    await frames(4);
    return { before, joined, after: count(), top, now: newest.getBoundingClientRect().top, scrollTop: scroller.scrollTop };
  });
  assert.ok(moved.joined > moved.before, `Show earlier brought messages in (${moved.before} → ${moved.joined})`);
  assert.ok(moved.after < moved.joined, `and they left again (${moved.joined} → ${moved.after})`);
  assert.equal(moved.now, moved.top, 'the newest message did not move');
  assert.equal(moved.scrollTop, 0);

  // Up to the start again, then the jump brings the newest back at once.
  assert.ok(await scrollTo('start'));
  await page.click('[data-testid=jump-to-latest]');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=message]')].at(-1)?.textContent.includes('Answer 299'));
  await page.waitForFunction(() => { const r = [...document.querySelectorAll('[data-testid=message]')].at(-1).getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0; });
  assert.ok(await inPage() <= 150, `${await inPage()} messages in the page after the jump`);

  // A find match far up brings it and the next few in, not everything after it; a question sent
  // from there shows the newest again, with the answer.
  await page.keyboard.press('Control+Shift+F');
  await page.locator('[data-testid=find-input]').waitFor();
  await page.keyboard.type('Question 10:');
  await page.waitForFunction(() => document.querySelector('[data-find-current]')?.textContent.includes('Question 10: how does step 10 work?'));
  assert.ok(await inPage() <= 150, `${await inPage()} messages in the page at a match far up`);
  assert.doesNotMatch(await lastInPage(), /Answer 299/);
  // The screen kept for the next visit's first paint (xtask/assets/shell.js) would be this
  // middle part, which the app does not open at: none is kept.
  const keptOnHide = () => page.evaluate(() => {
    dispatchEvent(new PageTransitionEvent('pagehide'));
    return localStorage.getItem('skein-first-screen');
  });
  assert.equal(await keptOnHide(), null, 'no copy of a screen far above the newest');
  await page.keyboard.press('Escape');
  await mock('/admin/script', [{ chunks: ['the newest answer'], delay_ms: 5 }]);
  await page.fill('[data-testid=composer-input]', 'a question from far up');
  await page.click('[data-testid=send-button]');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=message]')].at(-1)?.textContent.includes('the newest answer'));
  await page.waitForFunction(() => { const r = [...document.querySelectorAll('[data-testid=message]')].at(-1).getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0; });
  assert.match(await keptOnHide() ?? '', /the newest answer/, 'the newest on screen is kept again');
  assert.deepEqual(page.errors, []);
  await context.close();
});
