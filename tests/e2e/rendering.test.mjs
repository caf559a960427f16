// End to end: how answers are shown, and that hostile ones can do nothing.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MOCK, SCREENSHOTS, DOCS_SCREENSHOTS, browser, appUrl, mock, openApp, mounted, openSettings, closeSettings,
  configureMockProvider, assertText, send, lastAssistant, watchAssistantText, assistantTextIs,
  LOCAL_SERVER_PROBES,
} from './harness.mjs';
import { mkdirSync, readFileSync } from 'node:fs';

const HOSTILE_ANSWER = [
  '# Hostile output\n\n',
  '<script>window.__pwned = "script"</script>\n\n',
  'Inline <img src=x onerror="window.__pwned=\'img\'"> and <b onmouseover="window.__pwned=\'b\'">bold</b>.\n\n',
  '[js link](javascript:window.__pwned="link") [JS](JaVaScRiPt:void(window.__pwned="case")) ',
  '[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) [web](https://example.com/page)\n\n',
  '<svg onload="window.__pwned=\'svg\'"><circle r="5"/></svg>\n\n',
  '<iframe src="https://evil.example/frame"></iframe>\n\n',
  '<style>body { display: none }</style><link rel="stylesheet" href="https://evil.example/x.css">\n\n',
  '![tracking pixel](https://tracker.example/pixel.png?user=me)\n\n',
  '![svg image](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)\n\n',
  '<a href="https://evil.example" onclick="window.__pwned=\'a\'">raw anchor</a>\n\n',
  `${'> '.repeat(400)}deep quote\n\n`,
  `${'- '.repeat(200)}deep list\n\n`,
  '```html\n<script>window.__pwned = "code"</script>\n```\n\n',
  '| a | b |\n|---|---|\n| <img src=x onerror=alert(1)> | `x` |\n',
];

test('hostile model output runs no script and loads nothing until the user asks', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  const appOrigin = new URL(appUrl).origin;
  const elsewhere = [];
  page.on('request', (request) => {
    const url = request.url();
    // The welcome step's look for a local server on the usual ports is the app's, not the
    // answer's (it runs from the request worker, which may start after this listener).
    if (!url.startsWith(appOrigin) && !url.startsWith(MOCK) && !LOCAL_SERVER_PROBES.includes(url)) elsewhere.push(url);
  });
  await configureMockProvider(page);
  await mock('/admin/script', [{ chunks: HOSTILE_ANSWER, delay_ms: 5 }, { chunks: ['"Hostile"'], stream: false }]);
  await send(page, 'show me something nasty');
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete]').waitFor();
  await page.waitForTimeout(500);
  const content = page.locator('[data-role=assistant] [data-testid=message-content]').last();
  const report = await content.evaluate((root) => {
    const all = [...root.querySelectorAll('*')];
    return {
      pwned: window.__pwned ?? null,
      forbidden: all.filter((e) => ['SCRIPT', 'IFRAME', 'SVG', 'svg', 'STYLE', 'LINK', 'OBJECT', 'EMBED', 'IMG']
        .includes(e.tagName)).map((e) => e.tagName),
      handlers: all.flatMap((e) => [...e.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name)),
      links: [...root.querySelectorAll('a')].map((a) => ({ href: a.getAttribute('href'), rel: a.rel, target: a.target })),
      text: root.textContent,
      bodyShown: getComputedStyle(document.body).display !== 'none',
    };
  });
  assert.equal(report.pwned, null, 'no script ran');
  assert.deepEqual(report.forbidden, [], 'no active or remote-loading element');
  assert.deepEqual(report.handlers, [], 'no event-handler attribute');
  assert.deepEqual(report.links, [{ href: 'https://example.com/page', rel: 'noopener noreferrer', target: '_blank' }]);
  assert.ok(report.bodyShown, 'no style from the answer applies');
  assert.match(report.text, /<script>window.__pwned = "script"<\/script>/, 'raw HTML shows as text');
  assert.match(report.text, /deep quote/);
  assert.match(report.text, /deep list/);
  assert.deepEqual(elsewhere, [], 'nothing was requested from another server');

  // The remote image is an offer naming its host; only the user's click loads it, through a
  // fetch without referrer or cookies (the policy lets no <img> load a remote address itself).
  const offer = content.locator('[data-testid=remote-image]');
  assert.equal(await offer.count(), 1, 'the data: SVG image is not offered at all');
  assert.match(await offer.textContent(), /Load image from tracker\.example/);
  const requested = page.waitForRequest((r) => r.url().startsWith('https://tracker.example/'));
  await offer.click();
  const request = await requested;
  assert.ok(!request.headers().referer, 'no referrer');
  // It fails here (no such host): the reason and the link, nothing else.
  const failed = content.locator('[data-testid=remote-image-failed]');
  await failed.waitFor();
  assert.match(await failed.textContent(), /The image from tracker\.example cannot be shown: .*open the link instead/);
  assert.equal(await failed.locator('a').getAttribute('href'), 'https://tracker.example/pixel.png?user=me');
  assert.equal(await content.locator('img').count(), 0);
  assert.deepEqual(page.errors.filter((e) => !e.includes('ERR_NAME_NOT_RESOLVED')), [], 'no script errors');
  await context.close();
});

test('a remote image the user asks for shows from the page, not from its server', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await mock('/admin/script', [{ chunks: [`A picture: ![blue square](${MOCK}/files/pixel.png)`] }, { chunks: ['"Picture"'], stream: false }]);
  await send(page, 'show me a picture');
  const content = lastAssistant(page).locator('[data-testid=message-content]');
  await content.locator('[data-testid=remote-image]').click();
  const image = content.locator('[data-testid=remote-image-shown]');
  await image.waitFor();
  assert.match(await image.getAttribute('src'), /^blob:/);
  assert.equal(await image.getAttribute('alt'), 'blue square');
  await page.waitForFunction(() => document.querySelector('[data-testid=remote-image-shown]').naturalWidth === 4);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('an answer in Markdown shows headings, lists, tables and highlighted code with a copy button', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await openApp(context);
  // Highlighting and math load with the first code block or formula (src/lazy_markup.rs).
  const markupModule = [];
  page.on('request', (request) => {
    if (/\/split_markup\.wasm$/.test(request.url())) markupModule.push(request.url());
  });
  await configureMockProvider(page);
  const answer = '## Steps\n\n1. Install **Rust**\n2. Run `cargo build`\n\n| Tool | Use |\n|:--|--:|\n| trunk | bundles |\n\n```rust\nfn main() {\n    println!("hi"); // greet\n}\n```\n\nSee [the book](https://doc.rust-lang.org/book/). Growth is $O(n^2)$:\n\n$$\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$$';
  await mock('/admin/script', [{ chunks: answer.match(/[\s\S]{1,7}/g), delay_ms: 3 }, { chunks: ['"Rust"'], stream: false }]);
  await send(page, 'how do I start with Rust?');
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete]').waitFor();
  const content = page.locator('[data-role=assistant] [data-testid=message-content]').last();
  await content.locator('table').waitFor();
  await content.locator('.tok-kw').waitFor();
  await content.locator('math[display=inline] msup').waitFor();
  assert.ok(markupModule.length <= 1, `fetched once at most: ${markupModule}`);
  assert.equal(await content.locator('[data-testid=math-source]').count(), 0, 'no formula left as source');
  assert.equal(await content.locator('h4').textContent(), 'Steps');
  assert.deepEqual(await content.locator('ol > li').allTextContents(), ['Install Rust', 'Run cargo build']);
  assert.deepEqual(await content.locator('td').allTextContents(), ['trunk', 'bundles']);
  assert.equal(await content.locator('[data-testid=code-language]').textContent(), 'rust');
  assert.deepEqual(await content.locator('.tok-kw').allTextContents(), ['fn']);
  assert.equal(await content.locator('.tok-com').textContent(), '// greet');
  // Math is MathML the browser lays out: a fraction, a sum with limits, a superscript.
  assert.equal(await content.locator('math').count(), 2);
  assert.equal(await content.locator('math[display=block] mfrac').count(), 1);
  assert.equal(await content.locator('math[display=block] munderover > mo').first().textContent(), '∑');
  assert.equal(await content.locator('math[display=inline] msup').count(), 1);
  await content.locator('[data-testid=copy-code]').click();
  assert.equal(await content.locator('[data-testid=copy-code]').textContent(), 'Copied');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'fn main() {\n    println!("hi"); // greet\n}\n');
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL('chat-light.png', DOCS_SCREENSHOTS).pathname });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a hostile 120 KB answer and a 30 KB code block stream and render whole', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  // Runs of unmatched emphasis delimiters: each update used to re-parse the whole answer.
  const hostile = `${'*_'.repeat(30_000)}${'[a]('.repeat(15_000)}\n\nEND OF HOSTILE ANSWER`;
  const line = 'let answer = 42; // the line\n';
  const code = `\`\`\`rust\n${line.repeat(1_100)}\`\`\`\n\nEND OF CODE ANSWER`;
  await mock('/admin/script', [
    { chunks: hostile.match(/[\s\S]{1,600}/g), delay_ms: 5 },
    { chunks: ['"Hostile"'], stream: false },
    { chunks: code.match(/[\s\S]{1,300}/g), delay_ms: 20 },
  ]);
  await send(page, 'something long and nasty');
  const done = page.locator('[data-testid=message][data-role=assistant][data-status=complete]');
  await done.waitFor({ timeout: 60_000 });
  const content = page.locator('[data-role=assistant] [data-testid=message-content]').last();
  const text = await content.textContent();
  assert.match(text, /END OF HOSTILE ANSWER$/);
  assert.ok(text.includes('*_*_*_'), 'the delimiters show as the text they are');

  // While the code block streams, it is cut into pieces that each stay code; once complete
  // the whole answer is parsed again and shows as one block.
  await send(page, 'and now the code');
  const streamedPieces = await page.evaluate(() => new Promise((resolve) => {
    let most = 0;
    const poll = () => {
      const answers = document.querySelectorAll('[data-testid=message][data-role=assistant]');
      const last = answers[answers.length - 1];
      if (answers.length === 2 && last.dataset.status === 'streaming') {
        most = Math.max(most, last.querySelectorAll('pre').length);
      }
      if (answers.length === 2 && last.dataset.status === 'complete') return resolve(most);
      requestAnimationFrame(poll);
    };
    poll();
  }));
  assert.ok(streamedPieces >= 2, `the streaming code block was cut (${streamedPieces} pieces)`);
  const last = page.locator('[data-role=assistant] [data-testid=message-content]').last();
  await last.locator('text=END OF CODE ANSWER').waitFor();
  assert.equal(await last.locator('pre').count(), 1, 'one code block when complete');
  assert.equal(await last.locator('[data-testid=code-language]').textContent(), 'rust');
  assert.equal((await last.locator('pre').textContent()).split('\n').filter((l) => l === line.trim()).length, 1_100);
  assert.deepEqual(page.errors, []);
  await context.close();
});
