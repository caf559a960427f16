// End to end: two browsers sync one account through a real CouchDB-protocol server (PouchDB
// Server, in memory, started by this file from the npm registry's package): every message
// arrives on both, a rename made on both (one of them offline) resolves the same way on both,
// the server's stored documents hold no plaintext (read directly), a wrong passphrase changes
// nothing, and settings and API keys sync only when chosen.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { startCouch } from './couch_server.mjs';
import {
  DOCS_SCREENSHOTS, browser, mock, openApp, openSettings, closeSettings, configureMockProvider, send,
  assistantTextIs, assertText, connectSync as connect, syncedOnce as synced,
} from './harness.mjs';

let server;
let couch;

before(async () => {
  server = await startCouch();
  couch = server.url;
});

after(() => server?.stop());

/// Keeps the console's notes on the sync server's answers apart from other errors.
function watchCouch(page) {
  page.couchNotFound = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.location()?.url?.startsWith(couch)) page.couchNotFound.push(message);
  });
  return page;
}

const rounds = async (page) => Number(await page.getAttribute('[data-testid=sync-status]', 'data-rounds'));

/// Does `act` in the Sync settings (`what` names it) and waits for the round it starts to end.
async function roundAfter(page, what, act) {
  await openSettings(page, 'sync');
  const before = await rounds(page);
  await act();
  await page.waitForFunction((n) => Number(document.querySelector('[data-testid=sync-status]')?.dataset.rounds) > n,
    before, { timeout: 30_000 }).catch(async (e) => {
    const said = await page.evaluate(() => ['sync-state', 'sync-error', 'sync-report', 'sync-pause']
      .map((id) => `${id}: ${document.querySelector(`[data-testid=${id}]`)?.textContent}`).join('; '));
    throw new Error(`no round ended after ${what} (${before} before): ${said}; errors: ${page.errors}`, { cause: e });
  });
  assert.equal(await page.locator('[data-testid=sync-error]').count(), 0, 'the round went through');
}

/// Clicks `button` (sync now, resume) and waits for the round it starts to end.
const round = (page, button = 'sync-now') => roundAfter(page, button, () => page.click(`[data-testid=${button}]`));

/// Pauses sync on `page`, leaving the Sync settings open.
async function pause(page) {
  await openSettings(page, 'sync');
  await page.click('[data-testid=sync-pause]');
  await page.locator('[data-testid=sync-state]', { hasText: 'Paused' }).waitFor();
}

/// The Sync settings of `context`'s storage on a phone-sized page, scrolled to `testid`.
async function phoneScreenshot(context, size, testid, file) {
  const small = watchCouch(await openApp(context, { beforeLoad: (p) => p.setViewportSize(size) }));
  await openSettings(small, 'sync');
  await small.locator(`[data-testid=${testid}]`).scrollIntoViewIfNeeded();
  await small.screenshot({ path: new URL(file, DOCS_SCREENSHOTS).pathname });
  await small.close();
}

const titles = (page) => page.$$eval('[data-testid=conversation-item] .conversation-title', (els) => els.map((e) => e.textContent));
const shownTexts = (page) => page.$$eval('[data-testid=message] [data-testid=message-content]', (els) => els.map((e) => e.textContent.trim()));

async function openConversation(page, title) {
  await page.locator('[data-testid=conversation-item]', { hasText: title }).first().click();
}

async function allDocs(db) {
  return (await fetch(`${db}/_all_docs?include_docs=true&conflicts=true`)).json();
}

test('two browsers sync one account: every message on both, conflicts resolved alike, no plaintext on the server', async () => {
  await mock('/admin/reset', {});
  const db = `${couch}/skein-e2e`;

  // The laptop: a conversation, then sync set up (the account is created).
  const laptop = await browser.newContext();
  const a = watchCouch(await openApp(laptop));
  await configureMockProvider(a);
  await mock('/admin/script', [
    { chunks: ['Eat in ', 'Alfama.'], delay_ms: 5 },
    { chunks: ['Lisbon plans'], stream: false },
  ]);
  await send(a, 'Where should we eat in Lisbon?');
  await assistantTextIs(a, 'Eat in Alfama.');
  await a.locator('[data-testid=conversation-item]', { hasText: 'Lisbon plans' }).waitFor();
  await connect(a, db, 'correct horse battery staple');
  await synced(a);
  await a.locator('[data-testid=sync-report]').waitFor();
  assert.match(await a.textContent('[data-testid=sync-report]'), /sent 3/);

  // What the server stores, read directly: sealed bodies and opaque ids only.
  const stored = await allDocs(db);
  const everything = JSON.stringify(stored);
  assert.ok(stored.rows.length >= 4, `the account and three sealed documents: ${stored.rows.length}`);
  for (const plain of ['Lisbon', 'Alfama', 'eat', 'mock-model', 'assistant', 'user']) {
    assert.ok(!everything.includes(plain), `“${plain}” is stored in plaintext on the server`);
  }

  // The phone joins with a wrong passphrase: refused, nothing here changes.
  const phone = await browser.newContext();
  const b = watchCouch(await openApp(phone));
  await configureMockProvider(b);
  await connect(b, db, 'wrong passphrase');
  await b.locator('[data-testid=sync-error]').waitFor({ timeout: 30_000 });
  assert.match(await b.textContent('[data-testid=sync-error]'), /This passphrase does not open the chats synced to this server/);
  await b.locator('[data-testid=sync-setup]').waitFor();
  assert.deepEqual(await titles(b), [], 'nothing was pulled');
  assert.equal((await allDocs(db)).rows.length, stored.rows.length, 'nothing was written to the server');
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await b.locator('[data-testid=sync-error]').scrollIntoViewIfNeeded();
  await b.screenshot({ path: new URL('sync-setup-refused.png', DOCS_SCREENSHOTS).pathname });

  // The right passphrase: the conversation arrives with its messages.
  await b.fill('[data-testid=sync-passphrase]', 'correct horse battery staple');
  await b.click('[data-testid=sync-connect]');
  await synced(b);
  await b.locator('[data-testid=sync-conflicts]').waitFor({ state: 'detached' });
  await closeSettings(b);
  await b.locator('[data-testid=conversation-item]', { hasText: 'Lisbon plans' }).waitFor();
  await openConversation(b, 'Lisbon plans');
  await b.waitForFunction(() => document.querySelectorAll('[data-testid=message]').length === 2);
  assert.deepEqual(await shownTexts(b), ['Where should we eat in Lisbon?', 'Eat in Alfama.']);

  // Apart (sync paused on both): each asks its own follow-up and renames the chat; the phone
  // renames last.
  for (const page of [a, b]) {
    await pause(page);
    await closeSettings(page);
  }
  await mock('/admin/script', [{ chunks: ['Pasteis ', 'de nata.'], delay_ms: 5 }]);
  await send(a, 'And dessert?');
  await assistantTextIs(a, 'Pasteis de nata.');
  await rename(a, 'Lisbon (laptop)');
  await mock('/admin/script', [{ chunks: ['Take ', 'tram 28.'], delay_ms: 5 }]);
  await send(b, 'How do we get there?');
  await assistantTextIs(b, 'Take tram 28.');
  // The phone goes offline for real, resumes sync there (no round can run), and renames the
  // chat while offline.
  await phone.setOffline(true);
  await openSettings(b, 'sync');
  const offlineRounds = await rounds(b);
  await b.click('[data-testid=sync-pause]');
  await b.locator('[data-testid=sync-pause]', { hasText: 'Pause' }).waitFor();
  await closeSettings(b);
  await rename(b, 'Lisbon (phone)');

  // What waits to go: the laptop's question, its answer and the renamed conversation.
  await openSettings(a, 'sync');
  await assertText(a.locator('[data-testid=sync-pending]'), '3 changes here are not sent yet.');

  // The laptop resumes; the phone, back online, syncs by itself; the laptop syncs once more.
  await round(a, 'sync-pause');
  await openSettings(b, 'sync');
  assert.equal(await rounds(b), offlineRounds, 'no round ran offline');
  await phone.setOffline(false);
  await b.waitForFunction((n) => Number(document.querySelector('[data-testid=sync-status]')?.dataset.rounds) > n,
    offlineRounds, { timeout: 30_000 });
  assert.equal(await b.locator('[data-testid=sync-error]').count(), 0, 'the round went through');
  await round(a);
  // The rename conflict is shown on the phone, which resolved it.
  assert.match(await b.textContent('[data-testid=sync-conflicts]'),
    /Kept “Lisbon \(phone\)”; the other device had “Lisbon \(laptop\)”/);
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await b.locator('[data-testid=sync-conflicts]').scrollIntoViewIfNeeded();
  await b.screenshot({ path: new URL('sync-settings.png', DOCS_SCREENSHOTS).pathname });
  // The same storage on a phone-sized page.
  await phoneScreenshot(phone, { width: 390, height: 844 }, 'sync-server', 'sync-settings-phone.png');
  for (const page of [a, b]) {
    await closeSettings(page);
    await page.locator('[data-testid=conversation-item]', { hasText: 'Lisbon (phone)' }).waitFor();
    assert.deepEqual(await titles(page), ['Lisbon (phone)'], 'one conversation, the later name');
    await openConversation(page, 'Lisbon (phone)');
    // The phone's branch is on screen (its record won) and the laptop's follow-up is the other
    // version of the question after the first answer: every message is on both.
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=message-content]')]
      .some((e) => e.textContent.includes('Take tram 28.')));
    const question = page.locator('[data-testid=message][data-role=user]').nth(1);
    assert.equal(await question.locator('[data-testid=branch-indicator]').textContent(), '2/2');
    await question.locator('[data-testid=branch-prev]').click();
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=message-content]')]
      .some((e) => e.textContent.includes('Pasteis de nata.')));
  }

  // The server holds one live revision of every document, and still no plaintext.
  const after = await allDocs(db);
  assert.ok(after.rows.every((row) => !row.doc?._conflicts), `conflicts left on the server: ${JSON.stringify(after.rows.filter((r) => r.doc?._conflicts))}`);
  for (const plain of ['Lisbon', 'tram', 'nata']) assert.ok(!JSON.stringify(after).includes(plain));
  // The only console errors are the browser's notes on the server's 404 answers (a database,
  // an account or a checkpoint not there yet: the protocol's way of saying so).
  for (const page of [a, b]) {
    assert.equal(page.errors.length, page.couchNotFound.length, `errors: ${page.errors}`);
    assert.ok(page.couchNotFound.every((m) => m.text().includes('404')), page.couchNotFound.map((m) => m.text()).join('\n'));
  }
  await laptop.close();
  await phone.close();
});

async function rename(page, title) {
  const item = page.locator('[data-testid=conversation-item]').first();
  await item.hover();
  await page.locator('[data-testid=conversation-rename]').first().click();
  await page.fill('[data-testid=rename-input]', title);
  await page.press('[data-testid=rename-input]', 'Enter');
  await page.locator('[data-testid=conversation-item]', { hasText: title }).waitFor();
}

/// A ChatGPT export of `n` conversations of two exchanges each (five synced documents each).
function manyConversations(n) {
  const list = [];
  for (let i = 0; i < n; i += 1) {
    const t = 1700000000 + i * 10;
    const node = (id, role, text, parent, children, at) => ({
      id, parent, children,
      message: { id, author: { role }, content: { content_type: 'text', parts: [text] }, create_time: at },
    });
    list.push({
      title: `Trip ${String(i).padStart(2, '0')}`, create_time: t, update_time: t + 4, conversation_id: `c${i}`,
      current_node: 'a2',
      mapping: {
        root: { id: 'root', message: null, parent: null, children: ['u1'] },
        u1: node('u1', 'user', `question ${i}`, 'root', ['a1'], t + 1),
        a1: node('a1', 'assistant', `answer ${i}`, 'u1', ['u2'], t + 2),
        u2: node('u2', 'user', `follow-up ${i}`, 'a1', ['a2'], t + 3),
        a2: node('a2', 'assistant', `second answer ${i}`, 'u2', [], t + 4),
      },
    });
  }
  return Buffer.from(JSON.stringify(list));
}

test('a connection dropped mid-replication resumes from its checkpoint; a deletion arrives live', async () => {
  await mock('/admin/reset', {});
  const db = `${couch}/skein-e2e-resume`;
  const laptop = await browser.newContext();
  const a = watchCouch(await openApp(laptop));
  await configureMockProvider(a);
  await openSettings(a, 'data');
  await a.setInputFiles('[data-testid=import-file]', { name: 'conversations.json', mimeType: 'application/json', buffer: manyConversations(80) });
  await a.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length >= 60);
  await connect(a, db, 'resume test passphrase');
  await synced(a);
  assert.match(await a.textContent('[data-testid=sync-report]'), /sent 400/);

  // The phone joins; the connection drops while the third batch is fetched.
  const phone = await browser.newContext();
  const b = watchCouch(await openApp(phone));
  await configureMockProvider(b);
  let fetches = 0;
  const requested = [];
  await b.route(`${db}/_bulk_get**`, async (route) => {
    fetches += 1;
    if (fetches === 3) return route.abort('connectionreset');
    requested.push(JSON.parse(route.request().postData()).docs.length);
    return route.continue();
  });
  await connect(b, db, 'resume test passphrase');
  await b.locator('[data-testid=sync-error]').waitFor({ timeout: 30_000 });
  assert.match(await b.textContent('[data-testid=sync-error]'), /could not be reached/);
  const before = requested.reduce((x, y) => x + y, 0);
  assert.ok(before >= 100 && before < 400, `fetched before the drop: ${before}`);

  // Back online: the next round asks only for what the first did not apply.
  requested.length = 0;
  await round(b);
  const after = requested.reduce((x, y) => x + y, 0);
  assert.ok(after <= 400 - 100 && after > 0, `fetched after the drop: ${after}`);
  await closeSettings(b);
  await b.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length >= 60);
  await openConversation(b, 'Trip 79');
  await b.waitForFunction(() => [...document.querySelectorAll('[data-testid=message-content]')]
    .some((e) => e.textContent.includes('second answer 79')));

  // Live: the laptop deletes a conversation; the phone, waiting on the server's changes feed,
  // loses it without anyone pressing a button.
  await closeSettings(a);
  await a.locator('[data-testid=conversation-item]', { hasText: 'Trip 79' }).hover();
  await a.locator('[data-testid=conversation-item]', { hasText: 'Trip 79' })
    .locator('xpath=..').locator('[data-testid=conversation-delete]').click();
  await b.waitForFunction(() => ![...document.querySelectorAll('[data-testid=conversation-item]')]
    .some((e) => e.textContent.includes('Trip 79')), null, { timeout: 40_000 });
  assert.equal(await b.locator('[data-testid=message]').count(), 0, 'the deleted chat left the screen');

  // Besides the server's 404s, the one connection the test cut.
  for (const page of [a, b]) {
    assert.equal(page.errors.length, page.couchNotFound.length, `errors: ${page.errors}`);
    assert.ok(page.couchNotFound.every((m) => /404|ERR_CONNECTION_RESET/.test(m.text())), `errors: ${page.errors}`);
  }
  assert.equal(b.couchNotFound.filter((m) => /ERR_CONNECTION_RESET/.test(m.text())).length, 1);
  await laptop.close();
  await phone.close();
});

/// The provider form's key and model as the settings show them (opened afresh).
async function providerShown(page) {
  await closeSettings(page);
  await openSettings(page);
  return {
    key: await page.inputValue('[data-testid=provider-api-key]'),
    model: await page.inputValue('[data-testid=settings-model]'),
  };
}

async function setProvider(page, key, model) {
  await openSettings(page);
  await page.fill('[data-testid=provider-api-key]', key);
  await page.fill('[data-testid=settings-model]', model);
  await page.click('[data-testid=settings-save]');
  await assertText(page.locator('[data-testid=settings-feedback]'), 'Saved.');
}

/// Ticks or unticks one of the sync choices and waits for the round it starts.
const choose = (page, what, on) => roundAfter(page, `sync-scope-${what}`,
  () => page.setChecked(`[data-testid=sync-scope-${what}]`, on));

test('settings sync only when chosen, and API keys only when asked for too', async () => {
  await mock('/admin/reset', {});
  const db = `${couch}/skein-e2e-settings`;

  // The laptop: its provider with its own key and a persona; it syncs settings, not keys.
  const laptop = await browser.newContext();
  const a = watchCouch(await openApp(laptop));
  await configureMockProvider(a);
  await setProvider(a, 'sk-laptop-only', 'laptop-model');
  await openSettings(a, 'characters');
  await a.fill('[data-testid=persona-new-name]', 'Travel writer');
  await a.click('[data-testid=persona-add]');
  await a.locator('[data-testid=persona]').waitFor();
  await connect(a, db, 'settings passphrase', { settings: true });
  await synced(a);
  assert.match(await a.textContent('[data-testid=sync-report]'), /sent 2/, 'the provider and the personas');
  assert.ok(!JSON.stringify(await allDocs(db)).includes('laptop-model'), 'sealed');

  // The phone has a provider of its own and syncs conversations only: it takes no settings.
  const phone = await browser.newContext();
  const b = watchCouch(await openApp(phone));
  await configureMockProvider(b);
  await setProvider(b, 'sk-phone-only', 'phone-model');
  await connect(b, db, 'settings passphrase');
  await synced(b);
  assert.deepEqual(await providerShown(b), { key: 'sk-phone-only', model: 'phone-model' });

  // Settings on: the account's provider and persona arrive; the phone keeps its own key.
  await choose(b, 'settings', true);
  assert.equal(await b.isChecked('[data-testid=sync-scope-keys]'), false);
  assert.deepEqual(await providerShown(b), { key: 'sk-phone-only', model: 'laptop-model' });
  await openSettings(b, 'characters');
  assert.equal(await b.inputValue('[data-testid=persona-name]'), 'Travel writer');

  // The laptop sends its keys; only a phone that asks for them too takes them.
  await choose(a, 'keys', true);
  await round(b);
  assert.deepEqual(await providerShown(b), { key: 'sk-phone-only', model: 'laptop-model' });
  await choose(b, 'keys', true);
  assert.deepEqual(await providerShown(b), { key: 'sk-laptop-only', model: 'laptop-model' });
  assert.ok(!JSON.stringify(await allDocs(db)).includes('sk-laptop-only'), 'the key is sealed too');

  await openSettings(b, 'sync');
  await b.locator('[data-testid=sync-scope]').scrollIntoViewIfNeeded();
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await b.screenshot({ path: new URL('sync-what-to-sync.png', DOCS_SCREENSHOTS).pathname });

  // Apart, each adds a persona; the phone syncs later, so its version is kept, and the
  // laptop's, replaced, is offered; taking it sends it to both.
  for (const page of [a, b]) await pause(page);
  for (const [page, name] of [[a, 'Critic'], [b, 'Tutor']]) {
    await openSettings(page, 'characters');
    await page.fill('[data-testid=persona-new-name]', name);
    await page.click('[data-testid=persona-add]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=persona]').length === 2);
  }
  await round(a, 'sync-pause');
  await round(b, 'sync-pause');
  const conflict = b.locator('[data-testid=sync-settings-conflict] span', { hasText: 'Personas' });
  await conflict.waitFor();
  assert.match(await conflict.textContent(), /^Personas: the version synced later was kept; the other device’s was replaced/);
  // The phone's own provider, replaced by the account's when it joined, is offered too.
  assert.match(await b.textContent('[data-testid=sync-settings-conflicts]'),
    /Provider and models: the version synced later was kept; this device’s was replaced/);
  await b.locator('[data-testid=sync-settings-conflicts]').scrollIntoViewIfNeeded();
  await b.screenshot({ path: new URL('sync-settings-conflict.png', DOCS_SCREENSHOTS).pathname });
  // The same storage on a phone-sized page.
  await phoneScreenshot(phone, { width: 375, height: 760 }, 'sync-settings-conflicts', 'sync-settings-conflict-phone.png');
  await b.locator('[data-testid=sync-settings-conflict]', { hasText: 'Personas' })
    .locator('[data-testid=sync-take-other]').click();
  await b.locator('[data-testid=sync-settings-conflict]', { hasText: 'Personas' }).waitFor({ state: 'detached' });
  const personaNames = (names) => document.querySelectorAll('[data-testid=persona-name]').length === names.length
    && [...document.querySelectorAll('[data-testid=persona-name]')].every((input, i) => input.value === names[i]);
  for (const page of [b, a]) {
    await openSettings(page, 'characters');
    await page.waitForFunction(personaNames, ['Travel writer', 'Critic'], { timeout: 30_000 });
  }
  for (const page of [a, b]) {
    assert.equal(page.errors.length, page.couchNotFound.length, `errors: ${page.errors}`);
  }
  await laptop.close();
  await phone.close();
});
