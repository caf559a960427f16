// End to end: the main screens (the welcome step; a chat with reasoning, code, a table, math and
// a tool card; the settings) in light and dark, at 1280 px and at 375 px. Each screen is
// checked for what the design promises (both themes from the same tokens, nothing off the
// screen on a phone, the tool card's state at a glance) and saved to docs/screenshots/screens/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import {
  DOCS_SCREENSHOTS, browser, mock, openApp, openSettings, closeSettings, configureMockProvider,
  send, lastAssistant,
} from './harness.mjs';

const SIZES = {
  wide: { viewport: { width: 1280, height: 1000 } },
  phone: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};
const BACKGROUNDS = { light: 'rgb(255, 255, 255)', dark: 'rgb(22, 22, 26)' };
const SCREENS = new URL('screens/', DOCS_SCREENSHOTS);

const ANSWER = [
  '<think>', 'They want a formula and a way to check it. ', 'A table of small cases, then code.', '</think>',
  'The sum of the first $n$ numbers is\n\n$$\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$$\n\n',
  '| n | sum |\n|--:|--:|\n| 3 | 6 |\n| 10 | 55 |\n\n',
  '```python\ndef total(n):\n    return n * (n + 1) // 2  # closed form\n```\n',
];

/// Both themes, one screen: the page follows the system's scheme (the theme setting is "system").
async function shoot(page, name, size) {
  mkdirSync(SCREENS, { recursive: true });
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), BACKGROUNDS[scheme], `${name} ${scheme}`);
    if (size === 'phone') {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(overflow, 0, `${name}: nothing runs off a phone's screen`);
    }
    await page.screenshot({ path: new URL(`${name}-${size}-${scheme}.png`, SCREENS).pathname });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const [size, options] of Object.entries(SIZES)) {
  test(`the main screens in light and dark at ${options.viewport.width} px`, async () => {
    await mock('/admin/reset', {});
    const context = await browser.newContext(options);
    const page = await openApp(context);
    await page.locator('[data-testid=welcome]').waitFor();
    await shoot(page, 'welcome', size);

    await configureMockProvider(page);
    await openSettings(page, 'assistants');
    await page.check('[data-testid=memory-toggle]');
    await page.locator('[data-testid=settings-screen]').evaluate((el) => { el.scrollTop = 0; });
    await shoot(page, 'settings', size);
    await closeSettings(page);

    await mock('/admin/script', [
      { chunks: ANSWER },
      { chunks: ['"Sums"'], stream: false },
      { chunks: [], tool_call: { name: 'create_memory', arguments: JSON.stringify({ text: 'Likes closed forms' }) } },
    ]);
    await send(page, 'What is 1 + 2 + … + n?');
    await lastAssistant(page).locator('[data-testid=code-language]').waitFor();
    await page.locator('[data-testid=message][data-role=assistant][data-status=complete]').waitFor();
    const answer = lastAssistant(page);
    assert.match(await answer.locator('[data-testid=reasoning] summary').textContent(), /^Reason/);
    // Math's code loads when the first formula shows (src/lazy_markup.rs): wait for it.
    await answer.locator('math[display=block] munderover').waitFor();
    await send(page, 'Remember that I like closed forms.');
    const card = page.locator('[data-testid=tool-call]').last();
    await card.locator('[data-testid=approve-button]').waitFor();
    assert.equal(await card.getAttribute('data-state'), 'waiting');
    // The state's dot and edge take the accent colour: pending at a glance.
    const colours = await card.evaluate((el) => {
      const accent = getComputedStyle(document.body).getPropertyValue('--accent');
      const probe = document.createElement('span');
      probe.style.color = accent;
      document.body.append(probe);
      const expected = getComputedStyle(probe).color;
      probe.remove();
      return { expected, edge: getComputedStyle(el).borderLeftColor, state: getComputedStyle(el.querySelector('[data-testid=tool-state]')).color };
    });
    assert.equal(colours.edge, colours.expected);
    assert.equal(colours.state, colours.expected);
    await shoot(page, 'chat', size);
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}
