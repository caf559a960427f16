// End to end: world books. A SillyTavern World Info file imported in Settings → World books,
// an entry edited, a broken key refused naming its entry with nothing changed; the book
// attached to one chat in "This chat" makes its entry fire on a keyword (checked in the
// request the mock received), then active in every chat; exported back as World Info.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import {
  DOCS_SCREENSHOTS, browser, mock, openApp, openSettings, closeSettings, configureMockProvider, send,
  assistantTextIs,
} from './harness.mjs';

const FILE = new URL('../../engine/tests/fixtures/world_info/st_full.json', import.meta.url).pathname;
const DRAGON = 'The Dragon of Vel is named Ashfang.';
const lastStreamed = async () => (await mock('/admin/requests')).filter((r) => r.stream === true).at(-1);
const says = (page, testid, text) => page.waitForFunction(([id, expected]) =>
  document.querySelector(`[data-testid=${id}]`)?.textContent.trim() === expected, [testid, text]);
const entry = (page, title) => page.locator('[data-testid=lore-entry]', { has: page.locator(`[data-testid=lore-entry-title]:text-is("${title}")`) });

async function ask(page, question, answer) {
  await mock('/admin/script', [{ chunks: [answer] }, { chunks: ['"Vel"'], stream: false }]);
  await send(page, question);
  await assistantTextIs(page, answer);
  return lastStreamed();
}

test('a World Info book: imported, edited, attached to a chat, active everywhere, exported', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await openApp(context);
  page.on('dialog', (dialog) => dialog.accept());
  await configureMockProvider(page);

  await openSettings(page, 'world-books');
  await page.locator('[data-testid=no-world-books]').waitFor();
  await page.setInputFiles('[data-testid=world-book-import]', FILE);
  await says(page, 'world-book-feedback', 'Imported Vel Chronicles (7 entries) from st_full.json.');
  await page.locator('[data-testid=world-book-title]', { hasText: 'Vel Chronicles' }).waitFor();

  // An entry edited: every SillyTavern setting is there to see.
  await page.click('[data-testid=world-book-edit]');
  const dragon = entry(page, 'The Dragon of Vel');
  await dragon.locator('summary').click();
  assert.equal(await dragon.locator('[data-testid=lore-entry-keys]').inputValue(), 'dragon, wyrm');
  assert.equal(await dragon.locator('[data-testid=lore-entry-position]').inputValue(), 'before');
  const crown = entry(page, 'Ember Crown (theft)');
  await crown.locator('summary').click();
  assert.equal(await crown.locator('[data-testid=lore-entry-secondary]').inputValue(), 'steal, take');
  assert.equal(await crown.locator('[data-testid=lore-entry-position]').inputValue(), 'depth');
  assert.equal(await crown.locator('[data-testid=lore-entry-depth]').inputValue(), '1');
  assert.equal(await crown.locator('[data-testid=lore-entry-role]').inputValue(), 'user');
  assert.equal(await crown.locator('[data-testid=lore-entry-case]').isChecked(), true);
  await dragon.locator('[data-testid=lore-entry-content]').fill(DRAGON);
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL('world-book-editor.png', DOCS_SCREENSHOTS).pathname });
  await page.setViewportSize({ width: 375, height: 760 });
  await page.waitForFunction(() => document.getAnimations().length === 0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the editor fits a phone (${overflow}px wider)`);
  await page.screenshot({ path: new URL('world-book-editor-phone.png', DOCS_SCREENSHOTS).pathname });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.click('[data-testid=world-book-save]');
  await says(page, 'world-book-feedback', 'Saved Vel Chronicles.');

  // A broken key is refused, naming its entry; the stored book is unchanged.
  await page.click('[data-testid=world-book-edit]');
  await page.click('[data-testid=lore-entry-add]');
  const added = page.locator('[data-testid=lore-entry]').last();
  await added.locator('summary').click();
  await added.locator('[data-testid=lore-entry-name]').fill('Broken');
  await added.locator('[data-testid=lore-entry-keys]').fill('/(/');
  await page.click('[data-testid=world-book-save]');
  await page.waitForFunction(() => /Entry Broken of the world book has a key that is not a valid pattern/
    .test(document.querySelector('[data-testid=world-book-error]')?.textContent ?? ''));
  await page.click('[data-testid=world-book-close]');
  await page.locator('[data-testid=world-book]', { hasText: '7 entries' }).waitFor();
  await closeSettings(page);

  // Not attached: the model is told nothing of the dragon.
  let asked = await ask(page, 'Tell me about the dragon.', 'Which dragon?');
  assert.doesNotMatch(JSON.stringify(asked.messages), /Ashfang/);

  // Attached to this chat: the entry fires on its key, before the system prompt; the
  // constant entry comes too.
  await page.click('[data-testid=chat-settings-button]');
  await page.locator('[data-testid=chat-world-book]').check();
  await says(page, 'chat-settings-feedback', "The chat's world books are used from the next answer on.");
  await page.keyboard.press('Escape');
  asked = await ask(page, 'And the dragon now?', 'Ashfang sleeps.');
  assert.equal(asked.messages[0].role, 'system');
  assert.ok(asked.messages[0].content.startsWith(DRAGON), asked.messages[0].content);
  assert.match(JSON.stringify(asked.messages), /It is the rainy season in Vel\./);
  // No key, no entry: the crown needs its secondary key too.
  assert.doesNotMatch(JSON.stringify(asked.messages), /cursed to burn/);

  // The inspector, before sending: which entries fire for the draft and why, the exact body.
  await page.fill('[data-testid=composer-input]', 'Will the wyrm wake if I steal the Ember Crown?');
  await page.click('[data-testid=inspect-next]');
  await page.locator('[data-testid=inspector-totals]').waitFor();
  const lore = () => page.locator('[data-testid=inspector-lore-entry]').evaluateAll((items) =>
    items.map((li) => `${li.querySelector('strong').textContent} — ${li.querySelector('[data-testid=inspector-lore-why]').textContent}`));
  assert.deepEqual(await lore(), [
    'Valley weather (always) — always on',
    'Ember Crown (theft) — “Ember Crown” in the last message, and “steal”',
    'The Dragon of Vel — “wyrm” in the last message',
  ]);
  await page.screenshot({ path: new URL('prompt-inspector.png', DOCS_SCREENSHOTS).pathname });
  const shownMessages = await page.locator('[data-testid=inspector-message]').count();
  assert.ok(shownMessages >= 5, `${shownMessages} messages`);
  await page.click('[data-testid=inspector-body-toggle]');
  const shownBody = await page.locator('[data-testid=inspector-body]').textContent();
  assert.match(shownBody, /"model": "mock-model"/);
  assert.match(shownBody, /Will the wyrm wake if I steal the Ember Crown\?/);
  assert.doesNotMatch(shownBody, /sk-e2e/, 'the key is never shown');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.click('[data-testid=inspector-copy]');
  await says(page, 'inspector-copy', 'Copied');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), shownBody);
  const before = (await mock('/admin/requests')).length;
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=prompt-inspector]').waitFor({ state: 'hidden' });
  assert.equal((await mock('/admin/requests')).length, before, 'inspecting sent nothing');
  await page.fill('[data-testid=composer-input]', '');

  // An answer's request: what regenerating it would send, with the entry that fired for it.
  await page.locator('[data-testid=message][data-role=assistant]').last().locator('[data-testid=inspect-button]').click();
  await page.locator('[data-testid=inspector-totals]').waitFor();
  assert.deepEqual(await lore(), [
    'Valley weather (always) — always on',
    'The Dragon of Vel — “dragon” in the last message',
  ]);
  await page.keyboard.press('Escape');

  // Active in every chat: a new chat uses it without choosing it.
  await openSettings(page, 'world-books');
  await page.locator('[data-testid=world-book-global]').check();
  await says(page, 'world-book-feedback', 'Active in every chat from the next answer on.');
  await closeSettings(page);
  await page.click('[data-testid=new-chat-button]');
  asked = await ask(page, 'Is the wyrm awake?', 'It stirs.');
  assert.ok(asked.messages[0].content.startsWith(DRAGON));

  // Exported: World Info with the edit, SillyTavern's fields, unknown ones kept.
  await openSettings(page, 'world-books');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('[data-testid=world-book-export]'),
  ]);
  assert.equal(download.suggestedFilename(), 'Vel Chronicles.json');
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
  assert.equal(exported.entries['0'].content, DRAGON);
  assert.deepEqual(exported.entries['0'].key, ['dragon', 'wyrm']);
  assert.equal(exported.entries['1'].position, 4);
  assert.deepEqual(exported.entries['6'].a_future_field, [1, 2, 3]);
  assert.equal(exported.extensions.st_custom.kept, true);

  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a chat dictionary rewrites the request only; the message template shows its mistake where it is', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await openApp(context);
  page.on('dialog', (dialog) => dialog.accept());
  await configureMockProvider(page);

  // A dictionary made in the app, one from a file; a broken pattern is refused by entry.
  await openSettings(page, 'world-books');
  await page.click('[data-testid=dictionary-new]');
  await page.locator('[data-testid=dictionary-editor]').waitFor();
  await page.fill('[data-testid=dictionary-name]', 'Ops slang');
  await page.click('[data-testid=dictionary-entry-add]');
  await page.locator('[data-testid=dictionary-entry-pattern]').last().fill('k8s');
  await page.locator('[data-testid=dictionary-entry-replacement]').last().fill('Kubernetes');
  await page.click('[data-testid=dictionary-entry-add]');
  await page.locator('[data-testid=dictionary-entry-pattern]').last().fill('(');
  await page.locator('[data-testid=dictionary-entry-regex]').last().check();
  await page.setViewportSize({ width: 375, height: 760 });
  await page.waitForFunction(() => document.getAnimations().length === 0);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the editor fits a phone');
  await page.screenshot({ path: new URL('dictionary-editor-phone.png', DOCS_SCREENSHOTS).pathname });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.click('[data-testid=dictionary-save]');
  await page.waitForFunction(() => /^Entry 2 of the dictionary has a pattern that is not a valid regular expression/
    .test(document.querySelector('[data-testid=dictionary-error]')?.textContent ?? ''));
  await page.locator('[data-testid=dictionary-entry-remove]').last().click();
  await page.click('[data-testid=dictionary-save]');
  await says(page, 'dictionary-feedback', 'Saved Ops slang.');
  await page.setInputFiles('[data-testid=dictionary-import]', {
    name: 'Chat words.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ brb: 'be right back' })),
  });
  await says(page, 'dictionary-feedback', 'Imported Chat words (1 entry) from Chat words.json.');

  // The message template: a mistake is shown where it is, the cursor can be put there.
  await openSettings(page, 'assistants');
  await page.fill('[data-testid=assistant-template]', '[ops]\n{{ mesage }}');
  await says(page, 'template-problem-place', '{{ mesage }}\n^');
  assert.match(await page.locator('[data-testid=template-problem] .error').textContent(),
    /^Line 2, column 1: Template error at character 6: unknown variable `mesage`/);
  assert.equal(await page.getAttribute('[data-testid=assistant-template]', 'aria-invalid'), 'true');
  await page.locator('[data-testid=template-problem]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: new URL('template-problem.png', DOCS_SCREENSHOTS).pathname });
  await page.click('[data-testid=template-go-to-problem]');
  assert.equal(await page.evaluate(() => document.activeElement.selectionStart), 6);
  await page.fill('[data-testid=assistant-template]', '[ops] {{ message }}');
  await page.locator('[data-testid=template-problem]').waitFor({ state: 'detached' });
  await page.click('[data-testid=assistant-save]');
  await says(page, 'assistant-feedback', 'Saved.');
  await closeSettings(page);

  // A first message, then the dictionary picked for this chat in This chat.
  await mock('/admin/script', [{ chunks: ['Up.'] }, { chunks: ['"Ops"'], stream: false }]);
  await send(page, 'is k8s up?');
  await assistantTextIs(page, 'Up.');
  let asked = await lastStreamed();
  // The template renders the question after the date block.
  assert.match(asked.messages.at(-1).content, /<\/context>\n\n\[ops\] is k8s up\?$/);
  await page.click('[data-testid=chat-settings-button]');
  await page.locator('[data-testid=chat-dictionary]').first().check();
  await says(page, 'chat-settings-feedback', "The chat's dictionaries are used from the next message on.");
  await page.keyboard.press('Escape');
  asked = await ask(page, 'and k8s now?', 'Still up.');
  assert.match(asked.messages.at(-1).content, /<\/context>\n\n\[ops\] and Kubernetes now\?$/);
  // What is stored and shown is what the user wrote.
  await page.locator('[data-testid=message][data-role=user] [data-testid=message-content]', { hasText: 'and k8s now?' }).waitFor();
  // The inspector says what the dictionary did.
  await page.fill('[data-testid=composer-input]', 'k8s k8s');
  await page.click('[data-testid=inspect-next]');
  // Every user message of the request counts: two earlier, two in the draft.
  await says(page, 'inspector-dictionaries', 'Ops slang: 4 replaced');
  await page.keyboard.press('Escape');
  await page.fill('[data-testid=composer-input]', '');

  // Exported in Skein's format.
  await openSettings(page, 'world-books');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('[data-testid=dictionary]', { hasText: 'Ops slang' }).locator('[data-testid=dictionary-export]').click(),
  ]);
  assert.equal(download.suggestedFilename(), 'Ops slang.json');
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
  assert.equal(exported.format, 'skein.dictionary');
  assert.deepEqual(exported.entries.map((e) => [e.pattern, e.replacement]), [['k8s', 'Kubernetes']]);

  assert.deepEqual(page.errors, []);
  await context.close();
});
