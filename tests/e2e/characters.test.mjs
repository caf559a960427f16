// End to end: characters and personas. A PNG character card imported from Settings →
// Characters (its picture shown, its hostile notes as plain text), found by search and tag; a
// damaged card refused with nothing changed; a persona made the default; a chat with the
// character opening with its greeting and the alternates as versions ‹ n/3 ›, {{user}} filled
// with the persona's name; the request the provider gets (card definition, persona,
// post-history instructions last); "This chat" with its own system prompt and persona; the
// card exported back as a PNG that reads the same.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import {
  DOCS_SCREENSHOTS, browser, mock, openApp, openSettings, closeSettings, configureMockProvider, send,
  assistantTextIs, assertText,
} from './harness.mjs';

const CARDS = new URL('../../engine/tests/fixtures/cards/', import.meta.url);
const card = (name) => new URL(name, CARDS).pathname;
const tiles = (page) => page.locator('[data-testid=character-tile]');
const lastStreamed = async () => (await mock('/admin/requests')).filter((r) => r.stream === true).at(-1);
/// Waits until the element `testid` says `text` (it may still show an earlier message).
const says = (page, testid, text) => page.waitForFunction(([id, expected]) =>
  document.querySelector(`[data-testid=${id}]`)?.textContent.trim() === expected, [testid, text]);
const greeting = (page) => page.locator('[data-testid=message][data-role=assistant]').first();

test('a PNG card becomes a character: gallery, persona, greetings, request, this chat, export', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await openApp(context);
  page.on('dialog', (dialog) => dialog.accept());
  await configureMockProvider(page);

  await openSettings(page, 'characters');
  await page.locator('[data-testid=no-characters]').waitFor();
  await page.setInputFiles('[data-testid=character-import]', card('v2.png'));
  await says(page, 'character-feedback', 'Imported Captain Mira from v2.png.');
  assert.equal(await tiles(page).count(), 1);
  const tile = tiles(page).first();
  await assertText(tile.locator('[data-testid=character-name]'), 'Captain Mira');
  // The card's picture is shown from storage; its notes' HTML stays text.
  await page.waitForFunction(() => document.querySelector('[data-testid=character-avatar]')?.src.startsWith('blob:'));
  assert.equal(await tile.locator('[data-testid=character-notes]').textContent(), 'Works best with a <b>long</b> context.');
  assert.equal(await tile.locator('b').count(), 0);

  // A PNG without a card is refused with its reason; nothing changes.
  await page.setInputFiles('[data-testid=character-import]', card('no_card.png'));
  await says(page, 'character-feedback', 'no_card.png was not imported: This PNG image holds no character card (no `chara` or `ccv3` text in it).');
  assert.equal(await tiles(page).count(), 1);

  // A second character from V3 JSON; search and tags narrow the gallery.
  await page.setInputFiles('[data-testid=character-import]', card('v3_full.json'));
  await says(page, 'character-feedback', 'Imported Archivist Oru from v3_full.json.');
  assert.equal(await tiles(page).count(), 2);
  await page.fill('[data-testid=character-search]', 'starship');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=character-tile]').length === 1);
  await assertText(tiles(page).first().locator('[data-testid=character-name]'), 'Captain Mira');
  await page.fill('[data-testid=character-search]', 'dragon');
  await page.locator('[data-testid=no-character-match]').waitFor();
  await page.fill('[data-testid=character-search]', '');
  await page.locator('[data-testid=character-tag]', { hasText: 'space' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=character-tile]').length === 1);
  assert.equal(await page.locator('[data-testid=character-tag][aria-pressed=true]').count(), 1);

  // A persona: the first one becomes the default; a nameless one is refused.
  await page.click('[data-testid=persona-add]');
  await says(page, 'persona-error', 'A persona needs a name: it is what {{user}} stands for.');
  await page.fill('[data-testid=persona-new-name]', 'Ada');
  await page.fill('[data-testid=persona-new-description]', '{{user}} is the ship\'s navigator.');
  await page.click('[data-testid=persona-add]');
  await page.locator('[data-testid=persona]').waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid=persona-default]').selectedOptions[0]?.textContent === 'Ada');

  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await page.locator('[data-testid=character-tag]', { hasText: 'space' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=character-tile]').length === 2);
  await page.locator('#settings-heading-characters').scrollIntoViewIfNeeded();
  await page.screenshot({ path: new URL('character-gallery.png', DOCS_SCREENSHOTS).pathname });
  await page.setViewportSize({ width: 375, height: 760 });
  await page.waitForFunction(() => document.getAnimations().length === 0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the gallery fits a phone (${overflow}px wider)`);
  await page.locator('[data-testid=character-search]').evaluate((e) => e.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: new URL('character-gallery-phone.png', DOCS_SCREENSHOTS).pathname });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The chat opens with the greeting, {{user}} as the persona; the alternates are its versions.
  await tiles(page).filter({ hasText: 'Captain Mira' }).locator('[data-testid=character-chat]').click();
  await page.locator('[data-testid=settings-screen]').waitFor({ state: 'hidden' });
  await page.waitForFunction(() => document.querySelector('[data-testid=message][data-role=assistant] [data-testid=message-content]')
    ?.textContent.includes('Welcome aboard, Ada.'));
  await assertText(greeting(page).locator('[data-testid=branch-indicator]'), '1/3');
  // The character's answers carry its name and picture.
  await assertText(greeting(page).locator('[data-testid=message-speaker]'), 'Captain Mira');
  await page.waitForFunction(() => document.querySelector('[data-testid=message][data-role=assistant] .message-role img.avatar')?.src.startsWith('blob:'));
  await greeting(page).locator('[data-testid=branch-next]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=message][data-role=assistant] [data-testid=message-content]')
    ?.textContent.includes("Ada, you're late."));
  await assertText(greeting(page).locator('[data-testid=branch-indicator]'), '2/3');
  assert.equal(await page.locator('[data-testid=assistant-select]').evaluate((s) => s.selectedOptions[0].textContent), 'Captain Mira');

  // The request: the card's definition and the persona in the system message, the card's
  // note at its depth, the greeting on screen as the first answer, the post-history
  // instructions after the conversation.
  await mock('/admin/script', [{ chunks: ['On my way, Captain.'] }, { chunks: ['"Late"'], stream: false }]);
  await send(page, 'Sorry, Captain!');
  await assistantTextIs(page, 'On my way, Captain.');
  let asked = await lastStreamed();
  const system = asked.messages[0];
  assert.equal(system.role, 'system');
  assert.match(system.content, /A starship captain, Captain Mira talks to Ada plainly\./);
  assert.match(system.content, /About Ada, the user: Ada is the ship's navigator\./);
  // The card's character note (its depth_prompt, depth 4) goes before the conversation here.
  assert.deepEqual(asked.messages.slice(1).map((m) => m.role), ['system', 'assistant', 'user', 'system']);
  assert.equal(asked.messages[1].content, 'Mira is tired.');
  assert.match(asked.messages[2].content, /Ada, you're late\./);
  assert.equal(asked.messages.at(-1).content, 'Keep replies under 120 words.');

  // This chat: its own system prompt (the card stays), saved for the next answer.
  await page.click('[data-testid=chat-settings-button]');
  await page.locator('[data-testid=chat-settings]').waitFor();
  await page.fill('[data-testid=chat-system-prompt]', 'Answer as a haiku.');
  await page.click('[data-testid=chat-system-prompt-save]');
  await says(page, 'chat-settings-feedback', 'Saved: the next answer uses it.');
  await page.screenshot({ path: new URL('chat-settings.png', DOCS_SCREENSHOTS).pathname });
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=chat-settings]').waitFor({ state: 'hidden' });
  await mock('/admin/script', [{ chunks: ['Stars wheel overhead.'] }]);
  await send(page, 'Report.');
  await assistantTextIs(page, 'Stars wheel overhead.');
  asked = await lastStreamed();
  // After seed 004's name preamble and base rules, the chat's own prompt.
  assert.match(asked.messages[0].content, /^You are [^\n]+\.\n\nBe truthful[^\n]+\n\nAnswer as a haiku\./);
  assert.match(asked.messages[0].content, /A starship captain/);

  // A persona for this chat only: {{user}} becomes its name in the next request.
  await openSettings(page, 'characters');
  await page.fill('[data-testid=persona-new-name]', 'Bo');
  await page.click('[data-testid=persona-add]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=persona]').length === 2);
  await closeSettings(page);
  await page.click('[data-testid=chat-settings-button]');
  await page.selectOption('[data-testid=chat-persona]', { label: 'Bo' });
  await says(page, 'chat-settings-feedback', 'The persona is used from the next answer on.');
  await page.keyboard.press('Escape');
  await mock('/admin/script', [{ chunks: ['Aye, Bo.'] }]);
  await send(page, 'Who am I?');
  await assistantTextIs(page, 'Aye, Bo.');
  asked = await lastStreamed();
  assert.match(asked.messages[0].content, /talks to Bo plainly/);
  assert.doesNotMatch(asked.messages[0].content, /About Ada/);

  // Reloaded, the chat keeps its prompt and persona.
  await page.reload();
  await page.locator('[data-testid=app][data-ready=true]').waitFor();
  await page.click('[data-testid=chat-settings-button]');
  assert.equal(await page.inputValue('[data-testid=chat-system-prompt]'), 'Answer as a haiku.');
  assert.equal(await page.locator('[data-testid=chat-persona]').evaluate((s) => s.selectedOptions[0].textContent), 'Bo');
  await page.keyboard.press('Escape');

  // Exported as a PNG: the same card, the picture it came in.
  await openSettings(page, 'characters');
  const mira = tiles(page).filter({ hasText: 'Captain Mira' });
  await mira.locator('[data-testid=character-export]').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    mira.locator('[data-testid=character-export-png]').click(),
  ]);
  assert.equal(download.suggestedFilename(), 'Captain Mira.png');
  const exported = readFileSync(await download.path());
  assert.deepEqual([...exported.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  for (const keyword of ['chara', 'ccv3']) assert.ok(exported.includes(Buffer.from(`tEXt${keyword}\0`)), keyword);
  // The V2 card in its tEXt chunk: length, type, keyword, NUL, base64.
  const at = exported.indexOf('tEXtchara\0');
  const text = exported.subarray(at + 'tEXtchara\0'.length, at + 4 + exported.readUInt32BE(at - 4));
  const v2 = JSON.parse(Buffer.from(text.toString('latin1'), 'base64').toString('utf8'));
  assert.equal(v2.data.name, 'Captain Mira');
  assert.equal(v2.data.alternate_greetings.length, 2);

  // Edited: a tag added shows in the filter; deleting the character keeps its chats.
  await mira.locator('[data-testid=character-edit]').click();
  await page.fill('[data-testid=character-field-tags]', 'sci-fi, Captain, space, crew');
  await page.click('[data-testid=character-save]');
  await says(page, 'character-feedback', 'Saved Captain Mira.');
  await page.locator('[data-testid=character-tag]', { hasText: 'crew' }).waitFor();
  await mira.locator('[data-testid=character-delete]').click();
  await says(page, 'character-feedback', 'Deleted Captain Mira.');
  assert.equal(await tiles(page).count(), 1);
  assert.equal(await page.locator('[data-testid=conversation-item]').count(), 1);

  // A character picked in the header for a new chat opens it with its greeting.
  await closeSettings(page);
  await page.click('[data-testid=new-chat-button]');
  await page.selectOption('[data-testid=assistant-select]', { label: 'Archivist Oru' });
  await page.waitForFunction(() => document.querySelector('[data-testid=message][data-role=assistant] [data-testid=message-content]')
    ?.textContent === 'Mind the water, Ada.');
  await assertText(greeting(page).locator('[data-testid=branch-indicator]'), '1/2');
  assert.equal(await page.locator('[data-testid=conversation-item]').count(), 2);

  assert.deepEqual(page.errors, []);
  await context.close();
});
