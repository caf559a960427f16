// End to end: the interface language. It follows the browser's languages (Chinese, Arabic),
// marks the page with `lang` and `dir`, mirrors the layout right to left, keeps model output in
// its own direction, fetches only the chosen language's file, and can be chosen in Settings →
// Appearance (the page loads again in the new language). Screenshots of each language go to
// docs/screenshots/languages/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import {
  DOCS_SCREENSHOTS, MOCK, appUrl, browser, mock, openApp, overrides, openSettings, send, assistantTextIs, mounted,
  configureMockProvider, assertText,
} from './harness.mjs';

const SHOTS = new URL('languages/', DOCS_SCREENSHOTS);

async function shoot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: new URL(`${name}.png`, SHOTS).pathname });
}

/// The translation files the page fetched.
function watchLocales(page) {
  const fetched = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.includes('/locales/')) fetched.push(path.split('/').pop());
  });
  return fetched;
}

const root = (page) => page.evaluate(() => ({
  lang: document.documentElement.lang, dir: document.documentElement.dir,
}));

test('a Chinese browser gets the Chinese interface, and only its file', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
  let fetched = [];
  const page = await openApp(context, { beforeLoad: (p) => { fetched = watchLocales(p); } });
  assert.deepEqual(await root(page), { lang: 'zh-CN', dir: 'ltr' });
  assert.deepEqual(fetched, ['zh-CN.ftl']);
  assert.equal((await page.textContent('[data-testid=new-chat-button]')).trim(), '新对话');
  assert.equal(await page.getAttribute('[data-testid=composer-input]', 'placeholder'), '消息（Enter 发送，Shift+Enter 换行）');
  await shoot(page, 'chinese-welcome');
  // Settings speak Chinese too, and say which language is chosen.
  await openSettings(page, 'appearance');
  assert.equal((await page.textContent('#settings-heading-appearance')).trim(), '外观');
  assert.equal(await page.inputValue('[data-testid=language-select]'), '');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('an Arabic browser gets a mirrored interface, and answers keep their own direction', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext({ locale: 'ar-EG', viewport: { width: 1280, height: 900 } });
  const page = await openApp(context);
  assert.deepEqual(await root(page), { lang: 'ar', dir: 'rtl' });
  assert.equal((await page.textContent('[data-testid=new-chat-button]')).trim(), 'محادثة جديدة');

  // An English answer in the Arabic interface reads left to right; an Arabic one right to left.
  await mock('/admin/script', [{ chunks: ['The answer stays in English.'] }, { chunks: ['"T"'], stream: false }]);
  await configureMockProviderArabic(page);
  // The layout mirrors: the conversation list stands at the right of the chat.
  const sidebar = await page.locator('[data-testid=sidebar]').boundingBox();
  const composer = await page.locator('[data-testid=composer]').boundingBox();
  assert.ok(sidebar.x > composer.x, `sidebar at ${sidebar.x}, composer at ${composer.x}`);
  await send(page, 'مرحبا');
  await assistantTextIs(page, 'The answer stays in English.');
  const directions = await page.$$eval('[data-testid=message-content]', (nodes) => nodes.map((n) => getComputedStyle(n).direction));
  assert.deepEqual(directions, ['rtl', 'ltr']);
  await shoot(page, 'arabic-chat');
  assert.deepEqual(page.errors, []);
  await context.close();
});

/// The mock provider, set through the Arabic settings (the form is the same; its words differ).
async function configureMockProviderArabic(page) {
  await openSettings(page);
  await page.fill('[data-testid=provider-base-url]', `${MOCK}/v1`);
  await page.fill('[data-testid=provider-api-key]', 'sk-e2e');
  await page.fill('[data-testid=settings-model]', 'mock-model');
  await page.click('[data-testid=settings-save]');
  assert.equal((await page.textContent('[data-testid=settings-feedback]')).trim(), 'حُفظ.');
  await page.click('[data-testid=close-settings]');
}

test('the language chosen in Settings replaces the browser\'s, after the page loads again', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext({ locale: 'ar', viewport: { width: 1280, height: 900 } });
  const page = await openApp(context);
  await openSettings(page, 'appearance');
  await Promise.all([
    page.waitForEvent('load'),
    page.selectOption('[data-testid=language-select]', 'zh-CN'),
  ]);
  await mounted(page);
  assert.deepEqual(await root(page), { lang: 'zh-CN', dir: 'ltr' });
  assert.equal((await page.textContent('[data-testid=new-chat-button]')).trim(), '新对话');
  // English, chosen the same way, comes back: its file alone is fetched (no language is in the
  // app's first download).
  const fetched = watchLocales(page);
  await openSettings(page, 'appearance');
  await Promise.all([
    page.waitForEvent('load'),
    page.selectOption('[data-testid=language-select]', 'en'),
  ]);
  await mounted(page);
  assert.deepEqual(await root(page), { lang: 'en', dir: 'ltr' });
  assert.equal((await page.textContent('[data-testid=new-chat-button]')).trim(), 'New chat');
  assert.deepEqual(fetched, ['en.ftl']);
  await shoot(page, 'english-after-choosing');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('on a phone, the Arabic and Chinese interfaces fit the screen', async () => {
  for (const [locale, name] of [['ar', 'arabic-phone'], ['zh-CN', 'chinese-phone']]) {
    const context = await browser.newContext({
      locale, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2,
    });
    const page = await openApp(context);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, `${locale}: nothing runs off the screen`);
    await shoot(page, name);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('a language file that cannot be read leaves the interface in English, and says why', async () => {
  await mock('/admin/reset', {});
  const path = `${new URL(appUrl).pathname}locales/zh-CN.ftl`;
  overrides.set(path, 'language-label = { $broken\n');
  try {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const warnings = [];
    const page = await openApp(context, {
      beforeLoad: (p) => p.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); }),
    });
    assert.deepEqual(await root(page), { lang: 'en', dir: 'ltr' });
    assert.equal((await page.textContent('[data-testid=new-chat-button]')).trim(), 'New chat');
    assert.ok(warnings.some((w) => w.includes('zh-CN.ftl')), JSON.stringify(warnings));
    assert.deepEqual(page.errors, []);
    await context.close();
  } finally {
    overrides.delete(path);
  }
});

test('errors speak the interface language: a refused key, a cut-off answer, a file that cannot be imported', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
  const page = await openApp(context);
  await configureMockProvider(page, { saved: '已保存。' });
  // The provider refuses the key: the advice is Chinese, the provider's own words stay its own.
  await mock('/admin/script', [{ status: 401, error_message: 'Invalid API key (mock)' }]);
  await send(page, '你好');
  const banner = page.locator('[data-testid=error-banner][data-kind=authentication]');
  await banner.waitFor();
  const said = await banner.textContent();
  assert.match(said, /提供方拒绝了 API 密钥：请在设置中检查。（HTTP 401）Invalid API key \(mock\)/);
  assert.doesNotMatch(said, /check it in the settings/);
  await page.click('[data-testid=dismiss-banner]');

  // An answer cut off mid-stream keeps its text and says why, in Chinese, after a reload too
  // (the reason is stored as a phrase, not as an English sentence).
  await mock('/admin/script', [{ chunks: ['Half ', 'an answer'], end_early: true }, { chunks: ['"T"'], stream: false }]);
  await send(page, '再来一次');
  const note = page.locator('[data-testid=message][data-role=assistant] [data-testid=message-note]').last();
  await assertText(note, '提供方还没完成回答，连接就结束了。');
  await page.reload();
  await assertText(page.locator('[data-testid=message][data-role=assistant] [data-testid=message-note]').last(),
    '提供方还没完成回答，连接就结束了。');
  await shoot(page, 'chinese-cut-off-answer');
  // The Markdown export speaks Chinese too; what was said stays as it was.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-markdown]')]);
  const markdown = readFileSync(await download.path(), 'utf8');
  assert.match(markdown, /\n## 用户\n\n再来一次\n/);
  assert.match(markdown, /\n## 助手（mock-model）\n\nHalf an answer\n\n\*\(未完成\)\*\n/);

  // A file that cannot be imported: where is the file's own, what is wrong is Chinese.
  await openSettings(page, 'data');
  await page.setInputFiles('[data-testid=import-file]', {
    name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('[{"title":"x","mapping":[]}]'),
  });
  const error = page.locator('[data-testid=error-banner] span').first();
  await error.waitFor();
  assert.equal((await error.textContent()).trim(),
    '无法导入此文件：conversations[0].mapping：缺失，或不是对象。没有导入任何内容。');
  await shoot(page, 'chinese-errors');
  // The browser logs the refused request itself; nothing else may fail.
  assert.deepEqual(page.errors.filter((e) => !/status of 401/.test(e)), []);
  await context.close();
});
