// End to end: files attached to a question (picker, paste), sent to the provider in its image
// form, shown on the question, kept after a reload; a file Skein cannot attach is named.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  SCREENSHOTS, browser, mock, openApp, mounted, configureMockProvider, assistantTextIs,
} from './harness.mjs';

// A 2×2 PNG.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEUlEQVR4nGP4z8DAAMIg4j8AGvMD/UInS7AAAAAASUVORK5CYII=';

test('an image and a document go with the question, show on it and survive a reload', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);

  // The picker takes an image; a pasted file becomes a document.
  await page.setInputFiles('[data-testid=attach-input]', {
    name: 'dots.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BASE64, 'base64'),
  });
  await page.locator('[data-testid=pending-attachment]').waitFor();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.items.add(new File(['Revenue grew 4% in Q3.'], 'report.md', { type: '' }));
    document.querySelector('[data-testid=composer-input]').dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=pending-attachment]').length === 2);
  const chips = await page.locator('[data-testid=pending-attachment]').allTextContents();
  assert.match(chips[0], /dots\.png.*PNG image/);
  assert.match(chips[1], /report\.md.*text/);
  assert.equal(await page.locator('.attachment-thumb').count(), 1, 'the image has a thumbnail');
  await page.screenshot({ path: new URL('attachments-pending.png', SCREENSHOTS).pathname });

  // A file Skein cannot attach is named, and the others stay.
  await page.setInputFiles('[data-testid=attach-input]', {
    name: 'paper.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7 binary'),
  });
  await page.locator('[data-testid=error-banner]').waitFor();
  assert.match(await page.locator('[data-testid=error-banner]').textContent(), /"paper\.pdf" is not an image or text document/);
  assert.equal(await page.locator('[data-testid=pending-attachment]').count(), 2);

  await mock('/admin/script', [{ chunks: ['Two dots ', 'and a report.'] }, { chunks: ['"Dots"'], stream: false }]);
  await page.fill('[data-testid=composer-input]', 'What are these?');
  await page.press('[data-testid=composer-input]', 'Enter');
  await assistantTextIs(page, 'Two dots and a report.');
  assert.equal(await page.locator('[data-testid=pending-attachment]').count(), 0, 'the composer was emptied');

  const request = (await mock('/admin/requests'))[0];
  const question = request.messages.at(-1);
  assert.equal(question.role, 'user');
  assert.ok(Array.isArray(question.content), 'text and image as content parts');
  assert.match(question.content[0].text, /^<context>[^]*<\/context>\n\nWhat are these\?/);
  assert.match(question.content[0].text, /Name: report\.md[\s\S]*Revenue grew 4% in Q3\./);
  assert.deepEqual(question.content[1], {
    type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` },
  });

  const shown = async () => {
    const user = page.locator('[data-testid=message][data-role=user]').last();
    await user.locator('[data-testid=message-image] img').waitFor();
    const src = await user.locator('[data-testid=message-image] img').getAttribute('src');
    assert.match(src, /^blob:/, 'the image is shown from the page, not fetched');
    assert.match(await user.locator('[data-testid=message-attachment]').textContent(), /report\.md/);
  };
  await shown();
  await page.screenshot({ path: new URL('attachments-sent.png', SCREENSHOTS).pathname });
  await page.reload();
  await mounted(page);
  await shown();
  assert.deepEqual(page.errors, []);
  await context.close();
});
