// End to end: Skein on a phone (375 × 812, touch). Nothing runs off the side, the conversation
// list is a drawer, every control is a 44 px touch target, and the composer stays on screen;
// the README's screenshots at phone and desktop width come from here.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import {
  DOCS_SCREENSHOTS, browser, mock, openApp, openSettings, closeSettings, configureMockProvider,
  send, assistantTextIs,
} from './harness.mjs';

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/// What sticks out sideways, and (unless `sideways` only) every visible control smaller than a
/// fingertip.
function layoutProblems(page, { sideways = false } = {}) {
  return page.evaluate((sideways) => {
    const problems = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) problems.push(`page is ${document.documentElement.scrollWidth}px wide`);
    for (const element of document.querySelectorAll('button, select, input:not([type=checkbox]):not([type=radio]):not([type=file]), textarea, .attach-button')) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || style.visibility === 'hidden' || element.closest('[hidden], .visually-hidden')) continue;
      const name = element.dataset.testid ?? element.getAttribute('aria-label') ?? element.textContent.trim().slice(0, 20);
      if (box.right > width + 0.5 || box.left < -0.5) problems.push(`${name} runs off the screen (${Math.round(box.left)}–${Math.round(box.right)})`);
      if (sideways) continue;
      if (box.height < 43.5) problems.push(`${name} is ${Math.round(box.height)}px tall`);
      if (element.tagName === 'BUTTON' && box.width < 43.5) problems.push(`${name} is ${Math.round(box.width)}px wide`);
    }
    return problems;
  }, sideways);
}

test('on a phone the list is a drawer, nothing runs off the screen and every control is a touch target', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext(PHONE);
  const page = await openApp(context);
  for (const section of ['providers', 'assistants', 'knowledge', 'tools', 'appearance', 'data']) {
    await openSettings(page, section);
    assert.deepEqual(await layoutProblems(page), [], `settings at 375 px: ${section}`);
  }
  await configureMockProvider(page);
  await mock('/admin/script', [
    { chunks: ['Low tide is at ', '**14:10**; high tide at 20:25.\n\n| tide | time |\n|:--|--:|\n| low | 14:10 |\n| high | 20:25 |'] },
    { chunks: ['"Tide times"'], stream: false },
  ]);
  await send(page, 'when is low tide today?');
  await assistantTextIs(page, 'Low tide is at 14:10; high tide at 20:25.tidetimelow14:10high20:25');

  // The list is out of the way until asked for.
  assert.equal(await page.locator('[data-testid=sidebar]').isVisible(), false);
  assert.deepEqual(await layoutProblems(page), [], 'chat at 375 px');
  const composer = await page.locator('[data-testid=composer-input]').boundingBox();
  assert.ok(composer.y + composer.height <= 812, 'the composer is on screen');
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL('phone-chat.png', DOCS_SCREENSHOTS).pathname });

  await page.tap('[data-testid=menu-button]');
  await page.locator('[data-testid=sidebar]').waitFor({ state: 'visible' });
  assert.equal(await page.getAttribute('[data-testid=menu-button]', 'aria-expanded'), 'true');
  await page.waitForTimeout(250); // the drawer slides in
  assert.deepEqual(await layoutProblems(page), [], 'drawer at 375 px');
  await page.screenshot({ path: new URL('phone-drawer.png', DOCS_SCREENSHOTS).pathname });
  // Choosing a conversation closes the drawer; so does a tap beside it.
  await page.tap('[data-testid=conversation-item]');
  await page.locator('[data-testid=sidebar]').waitFor({ state: 'hidden' });
  await page.tap('[data-testid=menu-button]');
  await page.locator('[data-testid=sidebar]').waitFor({ state: 'visible' });
  await page.mouse.click(360, 400);
  await page.locator('[data-testid=sidebar]').waitFor({ state: 'hidden' });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('at desktop width the list stays beside the chat', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openApp(context);
  await configureMockProvider(page);
  await mock('/admin/script', [{ chunks: ['Low tide is at **14:10**.'] }, { chunks: ['"Tide times"'], stream: false }]);
  await send(page, 'when is low tide today?');
  await assistantTextIs(page, 'Low tide is at 14:10.');
  assert.equal(await page.locator('[data-testid=sidebar]').isVisible(), true);
  assert.equal(await page.locator('[data-testid=menu-button]').isVisible(), false);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.equal(width, 1280, 'nothing runs off the side');
  await page.screenshot({ path: new URL('desktop-chat.png', DOCS_SCREENSHOTS).pathname });
  await openSettings(page);
  await closeSettings(page);
  assert.deepEqual(page.errors, []);
  await context.close();
});

// WCAG 1.4.10 and 1.4.4: at 320 px wide, and at 200 % zoom of a 1280 × 900 window (the page then
// lays out in 640 × 450 CSS pixels), every screen fits its width (a wide table or code block
// scrolls in its own box); with reduced motion asked for, the drawer appears without sliding.
for (const viewport of [{ width: 320, height: 640 }, { width: 640, height: 450 }]) {
  test(`at ${viewport.width} × ${viewport.height} every screen fits its width`, async () => {
    await mock('/admin/reset', {});
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    const page = await openApp(context);
    assert.deepEqual(await layoutProblems(page, { sideways: true }), [], 'welcome');
    await configureMockProvider(page);
    for (const section of ['providers', 'assistants', 'characters', 'world-books', 'knowledge', 'tools', 'appearance', 'usage', 'data']) {
      await openSettings(page, section);
      assert.deepEqual(await layoutProblems(page, { sideways: true }), [], `settings: ${section}`);
    }
    await closeSettings(page);
    await mock('/admin/script', [
      { chunks: ['A long table:\n\n| a | b | c | d | e | f |\n|--|--|--|--|--|--|\n| alpha beta | gamma delta | epsilon zeta | eta theta | iota kappa | lambda mu |\n\n```\nfn a_very_long_line_of_code_that_does_not_fit_on_a_small_screen() -> u64 { 42 }\n```\n'] },
      { chunks: ['"Wide"'], stream: false },
    ]);
    await send(page, 'something wide');
    await page.locator('[data-testid=message][data-role=assistant][data-status=complete]').waitFor();
    assert.deepEqual(await layoutProblems(page, { sideways: true }), [], 'chat');
    const sendBox = await page.locator('[data-testid=send-button]').boundingBox();
    assert.ok(sendBox && sendBox.y + sendBox.height <= viewport.height && sendBox.x + sendBox.width <= viewport.width, 'Send is on screen');
    if (viewport.width < 700) {
      await page.click('[data-testid=menu-button]');
      const sidebar = page.locator('[data-testid=sidebar]');
      await sidebar.waitFor({ state: 'visible' });
      // No slide: the drawer is in place at once.
      assert.equal(await sidebar.evaluate((el) => getComputedStyle(el).transitionDuration), '0s');
      assert.deepEqual(await layoutProblems(page, { sideways: true }), [], 'drawer');
    }
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}
