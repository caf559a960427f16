// End to end: seed 004's honesty gates in the browser. A reply that claims an action no tool
// ran keeps its text and gets a note, which stays after a reload until the user dismisses it
// (then it is gone for good); its promise
// to follow up becomes a follow-up in the header's Follow-ups, which survives a reload, waits
// for the time the user sets and then raises a notification. A request for an action that
// none of the chat's tools can do gets the honest refusal without a provider call (the mock
// records none), also when another tool is enabled; an answer with a tool names it as planned.
// An everyday request that starts like an action goes to the model, and so does an action once
// the assistant's switch for the gate is off.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import {
  DOCS_SCREENSHOTS, browser, mock, openApp, openSettings, closeSettings, configureMockProvider,
  send, assertText, lastAssistant, mounted,
} from './harness.mjs';

const streamed = async () => (await mock('/admin/requests')).filter((r) => r.stream === true);
const textOf = (locator) => locator.locator('[data-testid=message-content]').textContent();

/// Headless Chromium shows no notifications; this recording stand-in for the Notification API
/// (allowed, installed before the app loads) lets the test see what the app shows.
async function recordNotifications(context) {
  await context.addInitScript(() => {
    window.__notifications = JSON.parse(sessionStorage.getItem('notes') ?? '[]');
    class RecordingNotification {
      static permission = 'granted';
      static requestPermission() { return Promise.resolve('granted'); }
      constructor(title, options) {
        window.__notifications.push({ title, body: options?.body });
        sessionStorage.setItem('notes', JSON.stringify(window.__notifications));
      }
    }
    window.Notification = RecordingNotification;
  });
}

/// The `datetime-local` value of now plus `minutes`, in the page's zone.
const localValue = (page, minutes) => page.evaluate((add) => {
  const d = new Date(Date.now() + add * 60_000);
  const two = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}, minutes);

test('a claimed action gets a note until dismissed, the text as written; its promise becomes a follow-up that reminds at its time', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  await recordNotifications(context);
  const page = await openApp(context);
  await configureMockProvider(page);
  const original = "I've sent the email to Bob. I'll let you know when he replies.";
  await mock('/admin/script', [{ chunks: ["I've sent the email ", "to Bob. I'll let you know when he replies."] },
    { chunks: ['Late to Bob'], stream: false }]);
  await send(page, 'Write Bob that I am late');
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete]').waitFor();
  const corrected = async () => {
    assert.equal(await textOf(lastAssistant(page)), original, 'the text is kept as written');
    await lastAssistant(page).locator('[data-testid=honesty-note]',
      { hasText: `Not done: this answer says "I've sent", but nothing was actually done` }).waitFor();
  };
  await corrected();
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL('honesty-note.png', DOCS_SCREENSHOTS).pathname });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(300);
  await page.screenshot({ path: new URL('honesty-note-phone-dark.png', DOCS_SCREENSHOTS).pathname });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator('[data-testid=follow-ups-count]', { hasText: '1' }).waitFor();
  // The title request ends before the reload (else the reload would cut it off).
  await page.locator('[data-testid=conversation-item]', { hasText: 'Late to Bob' }).waitFor();

  // Stored corrected, and the follow-up stored too.
  await page.reload();
  await mounted(page);
  await page.click('[data-testid=conversation-item]');
  await corrected();
  // Dismissed: the note goes, for good; the text stays.
  await lastAssistant(page).locator('[data-testid=honesty-note-dismiss]').click();
  await lastAssistant(page).locator('[data-testid=honesty-note]').waitFor({ state: 'detached' });
  await page.reload();
  await mounted(page);
  await page.click('[data-testid=conversation-item]');
  await lastAssistant(page).locator('[data-testid=message-content]', { hasText: original }).waitFor();
  assert.equal(await lastAssistant(page).locator('[data-testid=honesty-note]').count(), 0, 'still dismissed');
  await page.click('[data-testid=follow-ups-button]');
  const item = page.locator('[data-testid=follow-up]');
  await assertText(item.locator('[data-testid=follow-up-text]'), "I'll let you know when he replies.");

  // A time ahead: nothing yet. Then the time comes: a notification, once.
  await item.locator('[data-testid=follow-up-time]').fill(await localValue(page, 30));
  await item.locator('[data-testid=follow-up-set]').click();
  await page.locator('[data-testid=follow-up-when]', { hasText: 'reminds you at' }).waitFor();
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL('follow-ups.png', DOCS_SCREENSHOTS).pathname });
  await page.setViewportSize({ width: 375, height: 760 });
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await page.screenshot({ path: new URL('follow-ups-phone.png', DOCS_SCREENSHOTS).pathname });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300);
  assert.deepEqual(await page.evaluate(() => window.__notifications), []);
  await page.reload();
  await mounted(page);
  await page.click('[data-testid=follow-ups-button]');
  await page.locator('[data-testid=follow-up-when]', { hasText: 'reminds you at' }).waitFor();
  await page.locator('[data-testid=follow-up-time]').fill(await localValue(page, 0));
  await page.locator('[data-testid=follow-up-set]').click();
  await page.waitForFunction(() => window.__notifications.length === 1);
  const [note] = await page.evaluate(() => window.__notifications);
  assert.equal(note.title, 'Follow-up: Late to Bob');
  assert.equal(note.body, "I'll let you know when he replies.");
  await page.locator('[data-testid=follow-up-when]', { hasText: 'reminded at' }).waitFor();
  await page.waitForTimeout(500);
  assert.equal((await page.evaluate(() => window.__notifications)).length, 1, 'reminded once');
  await page.click('[data-testid=follow-up-done]');
  await page.locator('[data-testid=follow-up][data-done=true]').waitFor();
  await page.locator('[data-testid=follow-ups-count]', { hasText: '0' }).waitFor();
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('an action no tool of the chat can do is refused without calling the model; a tool answer names its plan', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await send(page, 'Remind me to stretch at 4pm');
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete]').waitFor();
  assert.match(await textOf(lastAssistant(page)),
    /^You asked me to remind you, but I can't do that here: no tool is enabled for this chat, and I won't pretend it was done\./);
  assert.equal((await streamed()).length, 0, 'no provider call');

  // Requests that start like actions but are a question, code or a draft go to the model.
  const everyday = ['Remind me what a monad is', 'Set a timer in JavaScript that fires after 5 seconds',
    'Text my friend a birthday message — write three options', '提醒我一下什么是单子'];
  await mock('/admin/script', everyday.map((_, i) => ({ chunks: [`Answer ${i + 1}.`] })));
  for (const [i, question] of everyday.entries()) {
    await send(page, question);
    await page.locator('[data-testid=message][data-role=assistant][data-status=complete]', { hasText: `Answer ${i + 1}.` }).waitFor();
  }
  assert.equal((await streamed()).length, everyday.length, 'each went to the model');

  // With the calculator enabled the refusal names what the chat has; still no call.
  await openSettings(page, 'assistants');
  await page.locator('[data-testid=tool-policy][data-tool-name=calculate] select').selectOption('default');
  await page.click('[data-testid=assistant-save]');
  await assertText(page.locator('[data-testid=assistant-feedback]'), 'Saved.');
  await closeSettings(page);
  await page.click('[data-testid=new-chat-button]');
  await send(page, 'Please set an alarm for 6:30');
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete]').waitFor();
  assert.match(await textOf(lastAssistant(page)), /none of the tools enabled here \(calculate\) can do it/);
  assert.equal((await streamed()).length, everyday.length, 'still no provider call for it');

  // An ordinary question goes to the model, and its answer says what the turn planned.
  await mock('/admin/script', [
    { chunks: [], tool_call: { name: 'calculate', arguments: JSON.stringify({ expression: '6 * 7' }) } },
    { chunks: ['It is 42.'] },
  ]);
  await send(page, 'What is six times seven?');
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete]', { hasText: 'It is 42.' }).waitFor();
  await lastAssistant(page).locator('[data-testid=message-details]', { hasText: 'planned: tools calculate' }).waitFor();

  // The assistant's switch turns the refusal off: the same request goes to the model.
  await openSettings(page, 'assistants');
  assert.equal(await page.isChecked('[data-testid=assistant-gate-refusal]'), true, 'on by default');
  await page.locator('[data-testid=assistant-honesty]').scrollIntoViewIfNeeded();
  await page.locator('[data-testid=assistant-honesty]').screenshot({ path: new URL('honesty-switches.png', DOCS_SCREENSHOTS).pathname });
  await page.uncheck('[data-testid=assistant-gate-refusal]');
  await page.click('[data-testid=assistant-save]');
  await assertText(page.locator('[data-testid=assistant-feedback]'), 'Saved.');
  await closeSettings(page);
  await mock('/admin/script', [{ chunks: ['Sure, here is how to set one on your phone.'] }]);
  const before = (await streamed()).length;
  await send(page, 'Please set an alarm for 6:30');
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete]', { hasText: 'how to set one' }).waitFor();
  assert.equal((await streamed()).length, before + 1, 'the model answered');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('every prompt layer reaches the request in the seed order, and the inspector shows them', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await openSettings(page, 'assistants');
  await page.fill('[data-testid=assistant-system-prompt]', 'Teach patiently.');
  await page.fill('[data-testid=assistant-guidance]', 'Prefer metric units.');
  assert.equal(await page.isChecked('[data-testid=assistant-time-reminder]'), true, 'the date block is on by default');
  assert.equal(await page.isChecked('[data-testid=assistant-name-preamble]'), true);
  await page.click('[data-testid=assistant-save]');
  await assertText(page.locator('[data-testid=assistant-feedback]'), 'Saved.');
  await closeSettings(page);

  const question = 'Who are you, and can we talk at 5pm?';
  await mock('/admin/script', [{ chunks: ['I am Skein.'] }, { chunks: ['About me'], stream: false }]);
  await send(page, question);
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete]').waitFor();
  const [request] = await streamed();
  const inOrder = (text, needles) => {
    const at = needles.map((n) => text.indexOf(n));
    assert.ok(at.every((i) => i >= 0), `all of ${needles.join(' | ')} in ${text}`);
    assert.deepEqual([...at].sort((a, b) => a - b), at, `in order: ${text}`);
  };
  const system = request.messages[0].content;
  assert.ok(system.startsWith('You are Skein.'), system);
  inOrder(system, ['You are Skein.', 'Be truthful about what you know', 'Teach patiently.', 'Format answers in Markdown', 'This model cannot call tools']);
  const user = request.messages.at(-1).content;
  inOrder(user, ["<context>\nThe user's current date and time:", '<guidance>', 'Prefer metric units.', '<about_you>\nYou are Skein, an assistant in Skein',
    'This conversation uses the model mock-model', '<hints>\n- Times the user mentions are in their zone', question]);
  assert.ok(!system.includes('Prefer metric'), 'the guidance stays out of the system prompt');
  // The inspector shows the layers of the next request before anything is sent.
  await page.fill('[data-testid=composer-input]', 'And what can you do tomorrow?');
  await page.click('[data-testid=inspect-next]');
  await page.locator('[data-testid=inspector-totals]').waitFor();
  const shown = await page.locator('[data-testid=inspector-message]').allTextContents();
  assert.match(shown[0], /You are Skein\.[^]*never claim an action[^]*Teach patiently\.[^]*Format answers in Markdown/);
  assert.match(shown.at(-1), /<context>[^]*<guidance>[^]*<about_you>[^]*<hints>[^]*And what can you do tomorrow\?/);
  assert.equal((await streamed()).length, 1, 'the inspector sends nothing');
  assert.deepEqual(page.errors, []);
  await context.close();
});
