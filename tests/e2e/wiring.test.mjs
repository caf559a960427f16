// End to end: the app's wiring between features (src/chat/turns.rs, src/shell/changed.rs,
// src/sync/mod.rs): a turn's start and stop as the screen shows them, what one tab's change
// means for another tab on the same storage, and when sync rounds run by themselves (after an
// answer ends, after a rename, never while an answer streams).
//
// Everything is polled from Node (`until`), reading the page through locators and
// `page.evaluate`, and the sync server through its HTTP API.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCouch } from './couch_server.mjs';
import {
  browser, mock, openApp, mounted, closeSettings, configureMockProvider, send, lastAssistant,
  assistantTextIs, connectSync, syncedOnce,
} from './harness.mjs';

/// The CouchDB-protocol server of the sync test (PouchDB Server, in memory, as sync.test.mjs).
let server;
before(async () => { server = await startCouch(); });
after(() => server?.stop());

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/// Polls `check` until it returns something truthy (returned); fails after `timeout` ms with
/// `what`, and what `explain` (if given) says of the state then.
async function until(what, check, { timeout = 15_000, every = 100, explain } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) {
      const said = explain ? `\n${await explain().catch((e) => `(could not say: ${e.message})`)}` : '';
      throw new Error(`waited ${timeout} ms in vain until ${what}${said}`);
    }
    await sleep(every);
  }
}

/// The titles the conversation list shows, top first.
const titles = (page) => page.$$eval('[data-testid=conversation-item] .conversation-title',
  (els) => els.map((e) => e.textContent.trim()));

/// The messages on screen: role, status and text.
const shown = (page) => page.$$eval('[data-testid=message]', (els) => els.map((m) => ({
  role: m.dataset.role,
  status: m.dataset.status,
  text: m.querySelector('[data-testid=message-content]')?.textContent ?? '',
})));

/// The list row (the item and its rename and delete buttons) of the conversation titled `title`.
const row = (page, title) => page.locator('[data-testid=conversation-item]', { hasText: title }).locator('xpath=..');

/// Renames the conversation titled `from` through the sidebar, and waits for the list to say so.
async function rename(page, from, to) {
  await row(page, from).hover();
  await row(page, from).locator('[data-testid=conversation-rename]').click();
  await page.fill('[data-testid=rename-input]', to);
  await page.press('[data-testid=rename-input]', 'Enter');
  await until(`the list of the renaming tab shows “${to}”`, async () => (await titles(page)).includes(to),
    { explain: async () => `titles: ${JSON.stringify(await titles(page))}` });
}

test('a turn: stop shows while it streams, Stop keeps what came, the next question is answered, and a reload keeps the stopped answer', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await mock('/admin/script', [
    { chunks: ['One ', 'two ', 'three ', 'four ', 'five ', 'six ', 'seven'], delay_ms: 600 },
    { chunks: ['Second ', 'answer.'], delay_ms: 20 },
    { chunks: ['"Counting"'], stream: false },
  ]);
  await send(page, 'count slowly');

  // While it streams: the composer offers Stop instead of Send, and the list marks the chat.
  await until('the answer is streaming with its first words shown', async () => {
    const last = (await shown(page)).at(-1);
    return last?.role === 'assistant' && last.status === 'streaming' && last.text.includes('two');
  }, { explain: async () => JSON.stringify(await shown(page)) });
  assert.ok(await page.locator('[data-testid=stop-button]').isVisible(), 'the stop button is shown while the answer streams');
  assert.equal(await page.locator('[data-testid=send-button]').count(), 0, 'no send button while the answer streams');
  const item = page.locator('[data-testid=conversation-item]');
  assert.equal(await item.count(), 1);
  assert.equal(await item.locator('[data-testid=generating-marker]').count(), 1, 'the list marks the chat as generating');

  // Stop: the words that came stay, marked as stopped; the turn is over everywhere.
  await page.click('[data-testid=stop-button]');
  const stopped = await until('the stopped answer is marked incomplete', async () => {
    const last = (await shown(page)).at(-1);
    return last?.status === 'incomplete' && last;
  }, { explain: async () => JSON.stringify(await shown(page)) });
  assert.match(stopped.text, /^One two\b/, 'the words received before Stop are kept');
  assert.ok(!stopped.text.includes('seven'), `stopped before the end: ${stopped.text}`);
  assert.equal(await lastAssistant(page).locator('[data-testid=message-note]').textContent(),
    'Stopped: this answer is incomplete.');
  await until('the composer offers Send again', () => page.locator('[data-testid=send-button]').isVisible());
  assert.equal(await page.locator('[data-testid=stop-button]').count(), 0, 'no stop button once stopped');
  await until('the list no longer marks the chat as generating',
    async () => (await item.locator('[data-testid=generating-marker]').count()) === 0);
  // The stream's later pieces (one every 600 ms) do not reach the stopped answer.
  await sleep(1_500);
  assert.equal((await shown(page)).at(-1).text, stopped.text, 'nothing was added after Stop');

  // The composer takes the next question, in the same conversation, and it is answered.
  await send(page, 'and now answer fully');
  await assistantTextIs(page, 'Second answer.');
  assert.equal(await page.inputValue('[data-testid=composer-input]'), '', 'the composer was cleared');
  assert.deepEqual((await shown(page)).map(({ role, status, text }) => [role, status, text]), [
    ['user', 'complete', 'count slowly'],
    ['assistant', 'incomplete', stopped.text],
    ['user', 'complete', 'and now answer fully'],
    ['assistant', 'complete', 'Second answer.'],
  ]);
  assert.equal(await item.count(), 1, 'still one conversation');

  // After a reload the stopped answer is there with the same text, still marked stopped.
  await page.reload();
  await mounted(page);
  const reloaded = await until('the conversation is back on screen after the reload', async () => {
    const messages = await shown(page);
    return messages.length === 4 && messages;
  }, { explain: async () => JSON.stringify(await shown(page)) });
  assert.deepEqual(reloaded.map(({ role, status, text }) => [role, status, text]), [
    ['user', 'complete', 'count slowly'],
    ['assistant', 'incomplete', stopped.text],
    ['user', 'complete', 'and now answer fully'],
    ['assistant', 'complete', 'Second answer.'],
  ]);
  assert.equal(await page.locator('[data-testid=message][data-role=assistant] [data-testid=message-note]').first().textContent(),
    'Stopped: this answer is incomplete.');
  assert.deepEqual(page.errors, [], 'no script errors');
  await context.close();
});

test('two tabs on one storage: a new conversation, its rename and its deletion in one reach the other without a reload', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const a = await openApp(context);
  await configureMockProvider(a);
  const b = await openApp(context);
  assert.deepEqual(await titles(b), [], 'the other tab starts with no conversation');

  // A new conversation in A appears in B's list, with the title A's answer brought.
  await mock('/admin/script', [
    { chunks: ['Heard ', 'in ', 'both.'], delay_ms: 20 },
    { chunks: ['Tab news'], stream: false },
  ]);
  await send(a, 'tell the other tab');
  await assistantTextIs(a, 'Heard in both.');
  await until('tab B lists the conversation made in tab A', async () => (await titles(b)).length === 1,
    { explain: async () => `B's titles: ${JSON.stringify(await titles(b))}` });
  await until('tab B shows the generated title', async () => (await titles(a)).join() === 'Tab news'
    && (await titles(b)).join() === 'Tab news',
  { explain: async () => `A: ${JSON.stringify(await titles(a))}, B: ${JSON.stringify(await titles(b))}` });

  // Renamed in A: B shows the new title; B opens it and reads it.
  await rename(a, 'Tab news', 'Renamed in tab A');
  await until('tab B shows the new title', async () => (await titles(b)).join() === 'Renamed in tab A',
    { explain: async () => `B's titles: ${JSON.stringify(await titles(b))}` });
  await b.locator('[data-testid=conversation-item]', { hasText: 'Renamed in tab A' }).click();
  await until('tab B shows the conversation', async () => (await shown(b)).map((m) => m.text).join('|')
    === 'tell the other tab|Heard in both.', { explain: async () => JSON.stringify(await shown(b)) });

  // Deleted in A: gone from A's list at once, with an undo; B keeps it while it can be undone.
  await row(a, 'Renamed in tab A').hover();
  await row(a, 'Renamed in tab A').locator('[data-testid=conversation-delete]').click();
  await until('tab A took it off its list', async () => (await titles(a)).length === 0);
  assert.match(await a.locator('[data-testid=undo-toast]').textContent(), /Deleted “Renamed in tab A”/);
  await sleep(2_000);
  assert.deepEqual(await titles(b), ['Renamed in tab A'], 'not deleted while it can still be undone');
  // Once the undo window (8 s) is over, it leaves B's list, and B's screen.
  await until('the deleted conversation leaves tab B', async () => (await titles(b)).length === 0,
    { timeout: 20_000, explain: async () => `B's titles: ${JSON.stringify(await titles(b))}` });
  await until('tab B no longer shows its messages', async () => (await shown(b)).length === 0,
    { explain: async () => JSON.stringify(await shown(b)) });
  await b.locator('[data-testid=no-conversations]').waitFor();
  assert.equal(await a.locator('[data-testid=undo-toast]').count(), 0, 'the undo notice went with the window');
  assert.deepEqual(a.errors, [], 'no script errors in A');
  assert.deepEqual(b.errors, [], 'no script errors in B');
  await context.close();
});

// Sync's timers, against a real CouchDB-protocol server (as sync.test.mjs).

/// The server's documents, id → revision (the database's own `_…` documents left out).
async function serverDocs(db) {
  const answer = await (await fetch(`${db}/_all_docs`)).json();
  return new Map((answer.rows ?? []).filter((r) => !r.id.startsWith('_')).map((r) => [r.id, r.value.rev]));
}

/// What the server gained or changed between two readings.
function diff(from, to) {
  return {
    added: [...to.keys()].filter((id) => !from.has(id)),
    changed: [...to.keys()].filter((id) => from.has(id) && from.get(id) !== to.get(id)),
    removed: [...from.keys()].filter((id) => !to.has(id)),
  };
}

/// The server's documents once nothing has changed there for `quietMs`.
async function settled(db, quietMs = 1_500) {
  let last = await serverDocs(db);
  let since = Date.now();
  const end = Date.now() + 20_000;
  for (;;) {
    await sleep(250);
    const now = await serverDocs(db);
    const d = diff(last, now);
    if (d.added.length || d.changed.length || d.removed.length) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) {
      return now;
    }
    assert.ok(Date.now() < end, 'the sync server never stopped changing');
  }
}

test('sync runs by itself a few seconds after an answer ends and after a rename, but not while an answer streams', async () => {
  await mock('/admin/reset', {});
  const db = `${server.url}/skein-e2e-wiring`;
  const context = await browser.newContext();
  const page = await openApp(context);
  // The browser's notes on the server's 404 answers (no database or checkpoint yet) are
  // expected; the requests to the server are kept to explain a failure.
  page.couchNotFound = [];
  page.couchRequests = [];
  const started = Date.now();
  page.on('console', (message) => {
    if (message.type() === 'error' && message.location()?.url?.startsWith(server.url)) page.couchNotFound.push(message);
  });
  page.on('request', (request) => {
    if (request.url().startsWith(server.url)) {
      page.couchRequests.push(`${Date.now() - started} ms ${request.method()} ${request.url().slice(db.length)}`);
    }
  });
  const requestsSaid = async () => `requests to the server:\n  ${page.couchRequests.slice(-30).join('\n  ')}`;
  await configureMockProvider(page);
  // Sync is connected before there is anything to send: the account alone goes up. (The
  // minute's timer starts now; everything below ends well within that minute, so no round
  // below is the minute's.)
  await connectSync(page, db, 'wiring passphrase');
  await syncedOnce(page);
  await closeSettings(page);
  // The changes feed sees the account written and may run a round of its own: let it end.
  const connected = await settled(db);

  // 1. An answer ends: a few seconds later its conversation and both messages are on the
  //    server, with no click.
  await mock('/admin/script', [
    { chunks: ['Sealed ', 'and ', 'sent.'], delay_ms: 20 },
    { chunks: ['Wiring sync'], stream: false },
  ]);
  await send(page, 'first question');
  await assistantTextIs(page, 'Sealed and sent.');
  await until('the conversation and its two messages reach the server', async () =>
    diff(connected, await serverDocs(db)).added.length >= 3,
  { timeout: 20_000, explain: requestsSaid });
  const answered = await settled(db);
  const answering = diff(connected, answered);
  assert.equal(answering.added.length, 3, `the conversation, the question and the answer: ${JSON.stringify(answering)}`);
  assert.deepEqual([answering.changed, answering.removed], [[], []]);
  await until('the list shows the generated title', async () => (await titles(page)).join() === 'Wiring sync');

  // 2. A rename: a few seconds later the conversation's document has a new revision.
  await rename(page, 'Wiring sync', 'Renamed once');
  await until('the renamed conversation reaches the server', async () =>
    diff(answered, await serverDocs(db)).changed.length >= 1,
  { timeout: 20_000, explain: requestsSaid });
  const renamed = await settled(db);
  const renaming = diff(answered, renamed);
  assert.equal(renaming.added.length, 0, 'a rename adds no document');
  assert.equal(renaming.changed.length, 1, `only the conversation's document changed: ${JSON.stringify(renaming)}`);
  const conversationDoc = renaming.changed[0];

  // 3. A slow answer (12 s), and a rename while it streams, which asks for a round 3 s
  //    later: for as long as the answer streams the server gets nothing, neither the new
  //    question nor the rename; once it has ended, a round brings both, and the answer.
  const words = Array.from({ length: 12 }, (_, i) => `word${i + 1}`);
  await mock('/admin/script', { chunks: words.map((w, i) => (i < words.length - 1 ? `${w} ` : w)), delay_ms: 1_000 });
  await send(page, 'second question, answered slowly');
  await until('the slow answer is streaming', async () => {
    const last = (await shown(page)).at(-1);
    return last?.role === 'assistant' && last.status === 'streaming' && last.text.includes('word1');
  }, { explain: async () => JSON.stringify(await shown(page)) });
  await rename(page, 'Renamed once', 'Renamed while streaming');
  const renamedAt = Date.now();
  let streamedFor = 0;
  for (;;) {
    // The page first, then the server: a round the answer's end asks for comes 3 s after it.
    if (await lastAssistant(page).getAttribute('data-status') !== 'streaming') break;
    const d = diff(renamed, await serverDocs(db));
    const at = Date.now() - renamedAt;
    assert.deepEqual(d, { added: [], changed: [], removed: [] },
      `a round ran while the answer streamed, ${at} ms after the rename\n${await requestsSaid()}`);
    streamedFor = at;
    await sleep(250);
  }
  assert.ok(streamedFor >= 4_500,
    `the answer streamed only ${streamedFor} ms after the rename: too short to show that the round the rename asked for (3 s later) was held back`);
  await assistantTextIs(page, words.join(' '));
  await until('the question, the answer and the rename reach the server after the answer ended', async () => {
    const d = diff(renamed, await serverDocs(db));
    return d.added.length >= 2 && d.changed.includes(conversationDoc);
  }, { timeout: 20_000, explain: requestsSaid });
  const last = diff(renamed, await settled(db));
  assert.equal(last.added.length, 2, `the question and the answer: ${JSON.stringify(last)}`);
  // The list keeps the name given while the answer streamed (the stored record keeps it too).
  assert.deepEqual(await titles(page), ['Renamed while streaming'],
    'the list went back to the title the answer started under when the answer ended');

  // The only console errors are the browser's notes on the server's 404 answers.
  assert.equal(page.errors.length, page.couchNotFound.length, `errors: ${page.errors}`);
  assert.ok(page.couchNotFound.every((m) => m.text().includes('404')), page.couchNotFound.map((m) => m.text()).join('\n'));
  await context.close();
});
