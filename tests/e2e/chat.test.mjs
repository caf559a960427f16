// End to end: sending, streaming, stopping, versions of answers, providers, tabs in the
// background.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MOCK, SCREENSHOTS, DOCS_SCREENSHOTS, browser, appUrl, mock, openApp, mounted, openSettings, closeSettings,
  configureMockProvider, assertText, send, lastAssistant, watchAssistantText, assistantTextIs,
} from './harness.mjs';

test('send streams token by token, stop keeps partial text, and both survive a reload', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);

  // 1. A streamed answer appears piece by piece.
  await mock('/admin/script', [
    { chunks: ['Alpha ', 'beta ', 'gamma ', 'delta'], delay_ms: 250 },
    // The title the app asks for after the first exchange (a non-streaming side request).
    { chunks: ['"Greek letters"'], stream: false },
  ]);
  const watching = watchAssistantText(page);
  await send(page, 'first question');
  const seen = await watching;
  // Rendered as Markdown: a paragraph's trailing space is not shown.
  assert.deepEqual(seen.filter((t) => t !== ''),
    ['Alpha', 'Alpha beta', 'Alpha beta gamma', 'Alpha beta gamma delta']);
  assert.equal(await lastAssistant(page).getAttribute('data-status'), 'complete');
  assert.equal(await page.inputValue('[data-testid=composer-input]'), '', 'the composer was cleared');
  // The request ran, and its body was read, in the app's worker, off the page's thread.
  assert.ok(page.workers().some((worker) => worker.url().endsWith('/batched_body.js')),
    `the request worker runs (workers: ${page.workers().map((w) => w.url()).join(', ') || 'none'})`);

  // 2. A second conversation, stopped mid-stream.
  await page.click('[data-testid=new-chat-button]');
  await mock('/admin/script', { chunks: ['One ', 'two ', 'three ', 'four ', 'five'], delay_ms: 600 });
  await send(page, 'second question');
  await page.waitForFunction(() => {
    const texts = document.querySelectorAll('[data-role=assistant] [data-testid=message-content]');
    return texts.length > 0 && texts[texts.length - 1].textContent.includes('two');
  });
  await page.click('[data-testid=stop-button]');
  await page.locator('[data-testid=message][data-role=assistant][data-status=incomplete]').waitFor();
  const partial = await lastAssistant(page).locator('[data-testid=message-content]').textContent();
  assert.match(partial, /^One two\b/);
  assert.ok(!partial.includes('five'), `stopped before the end: ${partial}`);
  await page.locator('[data-testid=send-button]').waitFor();
  await page.screenshot({ path: new URL('after-stop.png', SCREENSHOTS).pathname });

  // 3. After a reload both conversations are still there, newest first, with their text.
  await page.reload();
  await mounted(page);
  const titles = page.locator('[data-testid=conversation-item]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=conversation-item]').length === 2);
  assert.deepEqual((await titles.allTextContents()).map((t) => t.trim()),
    ['second question', 'Greek letters'],
    'the finished first exchange got a generated title; the stopped one kept its question');
  await page.locator('[data-testid=message][data-role=assistant]').waitFor();
  assert.equal(await lastAssistant(page).locator('[data-testid=message-content]').textContent(), partial);
  assert.equal(await lastAssistant(page).getAttribute('data-status'), 'incomplete');

  // The provider settings were persisted too.
  await page.click('[data-testid=settings-button]');
  assert.equal(await page.inputValue('[data-testid=provider-base-url]'), `${MOCK}/v1`);
  assert.equal(await page.inputValue('[data-testid=settings-model]'), 'mock-model');
  assert.equal(await page.inputValue('[data-testid=provider-api-key]'), 'sk-e2e');
  // Storage: what the browser keeps for Skein and whether it may clear it.
  assert.match(await page.locator('[data-testid=storage-usage]').textContent(), /^Using \S+ \S*B of /);
  assert.match(await page.locator('[data-testid=storage-persistence]').textContent(), /persistent/);

  await titles.nth(1).click();
  await page.waitForFunction(() => {
    const text = document.querySelector('[data-role=assistant] [data-testid=message-content]');
    return text && text.textContent === 'Alpha beta gamma delta';
  });
  const userText = await page.locator('[data-role=user] [data-testid=message-content]').textContent();
  assert.equal(userText, 'first question');

  // 4. The provider got what the engine built: model, stream flag, the key, the user's words.
  const requests = await mock('/admin/requests');
  const answers = requests.filter((r) => r.stream === true);
  assert.equal(answers.length, 2);
  assert.equal(requests.length, 3, 'two answers and one title request');
  assert.equal(answers[0].model, 'mock-model');
  const titleRequest = requests.find((r) => r.stream === false);
  assert.match(titleRequest.messages.at(-1).content, /first question[\s\S]*Alpha beta gamma delta/);
  const second = answers[1].messages;
  assert.equal(second.length, 2);
  assert.equal(second[0].role, 'system');
  assert.match(second[0].content, /cannot call tools/, 'the model is told what it cannot do');
  assert.equal(second[1].role, 'user');
  // The question after the date block (seed 004's user-message wrapper, request-only).
  assert.match(second[1].content, /^<context>\nThe user's current date and time: [^\n]+\n<\/context>\n\nsecond question$/);
  await page.screenshot({ path: new URL('after-reload.png', SCREENSHOTS).pathname });

  assert.deepEqual(page.errors, [], 'no script errors');
  await context.close();
});

test('where no worker can start, the page reads the stream itself: streamed and stopped', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  // A browser, or a host page, without workers.
  await context.addInitScript(() => { delete window.Worker; });
  const page = await openApp(context);
  await configureMockProvider(page);
  await mock('/admin/script', [
    { chunks: ['Read ', 'on ', 'the ', 'page.'], delay_ms: 200 },
    { chunks: ['"Pages"'], stream: false },
    { chunks: ['One ', 'two ', 'three ', 'four ', 'five'], delay_ms: 600 },
  ]);
  const watching = watchAssistantText(page);
  await send(page, 'no worker here');
  const seen = await watching;
  assert.deepEqual(seen.filter((t) => t !== ''), ['Read', 'Read on', 'Read on the', 'Read on the page.']);
  assert.deepEqual(page.workers().map((w) => w.url()), [], 'no worker was started');

  await send(page, 'and stop');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-role=assistant] [data-testid=message-content]')]
    .at(-1)?.textContent.includes('two'));
  await page.click('[data-testid=stop-button]');
  await page.locator('[data-testid=message][data-role=assistant][data-status=incomplete]').waitFor();
  assert.match(await lastAssistant(page).locator('[data-testid=message-content]').textContent(), /^One two\b(?!.*five)/);
  await context.close();
});

test('a request worker that cannot load leaves the requests to the page', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  // Any worker the page starts is pointed at a script that does not exist: it fails to load.
  await context.addInitScript(() => {
    const Real = window.Worker;
    window.workersTried = 0;
    window.Worker = function Missing(url, options) {
      window.workersTried += 1;
      return new Real(new URL('missing-worker.js', location.href), options);
    };
  });
  const page = await openApp(context);
  await configureMockProvider(page);
  await mock('/admin/script', [{ chunks: ['Still ', 'here.'], delay_ms: 100 }, { chunks: ['"Here"'], stream: false }]);
  await send(page, 'anyone?');
  await assistantTextIs(page, 'Still here.');
  assert.equal(await page.evaluate(() => window.workersTried), 1, 'the worker was tried, once');
  assert.equal((await mock('/admin/requests')).filter((r) => r.stream === true).length, 1, 'asked once');
  await context.close();
});

test('regenerate keeps both answers; ‹ › switches between them, also after a reload', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await mock('/admin/script', [
    { chunks: ['First ', 'answer'], delay_ms: 20 },
    { chunks: ['Second ', 'answer'], delay_ms: 20 },
  ]);
  await send(page, 'pick a number');
  await assistantTextIs(page, 'First answer');

  await page.click('[data-testid=regenerate-button]');
  await assistantTextIs(page, 'Second answer');
  await assertText(page.locator('[data-testid=branch-indicator]'), '2/2');

  await page.click('[data-testid=branch-prev]');
  await assistantTextIs(page, 'First answer');
  await assertText(page.locator('[data-testid=branch-indicator]'), '1/2');

  await page.reload();
  await mounted(page);
  await assistantTextIs(page, 'First answer');
  await assertText(page.locator('[data-testid=branch-indicator]'), '1/2');
  assert.equal(await page.locator('[data-testid=message]').count(), 2);
  await context.close();
});

test('a fast stream is throttled on screen and its final text is complete', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  const chunks = Array.from({ length: 300 }, (_, i) => `w${i} `);
  await mock('/admin/script', { chunks, delay_ms: 2 });
  // Count how often the answer's text node changes while it streams.
  const counting = page.evaluate(() => new Promise((resolve) => {
    let renders = 0;
    const observer = new MutationObserver(() => {
      const answers = document.querySelectorAll('[data-role=assistant]');
      const last = answers[answers.length - 1];
      if (!last) return;
      renders += 1;
      if (last.dataset.status === 'complete') {
        observer.disconnect();
        resolve({ renders });
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  }));
  await send(page, 'count fast');
  const { renders } = await counting;
  await assistantTextIs(page, chunks.join('').trim());
  assert.ok(renders < chunks.length / 2, `throttled: ${renders} DOM updates for ${chunks.length} tokens`);
  await context.close();
});

test('edit a question (the old branch stays), continue a stopped answer, two chats generating at once', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);

  // Continue: a stopped answer goes on from where it stopped.
  await mock('/admin/script', [
    { chunks: ['Once ', 'upon ', 'a ', 'time ', 'there ', 'was'], delay_ms: 400 },
    { chunks: ['"Story"'], stream: false },
    { chunks: [' a fox.'] },
  ]);
  await send(page, 'tell a story');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-role=assistant] [data-testid=message-content]')]
    .at(-1)?.textContent.includes('upon'));
  await page.click('[data-testid=stop-button]');
  await page.locator('[data-testid=message][data-role=assistant][data-status=incomplete]').waitFor();
  const stopped = await lastAssistant(page).locator('[data-testid=message-content]').textContent();
  await page.click('[data-testid=continue-button]');
  await page.locator('[data-testid=message][data-role=assistant][data-status=complete]').waitFor();
  // (HTML shows runs of spaces as one; the stored text keeps the model's own spacing.)
  const squash = (text) => text.replace(/\s+/g, ' ');
  assert.equal(squash(await lastAssistant(page).locator('[data-testid=message-content]').textContent()), `${stopped} a fox.`);
  const continued = (await mock('/admin/requests')).filter((r) => r.stream === true).at(-1);
  assert.equal(continued.messages.at(-1).role, 'assistant', 'the continuation request ends with the partial answer');

  // Edit: the edited question gets its own answer; ‹ › goes back to the original.
  await mock('/admin/script', { chunks: ['About a bear.'] });
  await page.click('[data-testid=edit-button]');
  await page.fill('[data-testid=edit-input]', 'tell a story about a bear');
  await page.click('[data-testid=edit-save]');
  await assistantTextIs(page, 'About a bear.');
  const userMessage = page.locator('[data-testid=message][data-role=user]');
  await assertText(userMessage.locator('[data-testid=branch-indicator]'), '2/2');
  await userMessage.locator('[data-testid=branch-prev]').click();
  await page.waitForFunction(() => document.querySelector('[data-role=user] [data-testid=message-content]')?.textContent === 'tell a story');
  assert.equal(squash(await lastAssistant(page).locator('[data-testid=message-content]').textContent()), `${stopped} a fox.`);

  // Two conversations at once: the first keeps streaming while the second is asked and answered.
  await mock('/admin/script', [
    { chunks: ['Slow ', 'and ', 'steady ', 'wins.'], delay_ms: 500 },
    { chunks: ['Quick answer.'], delay_ms: 10 },
    // Titles, asked for as each first exchange ends: the quick one first.
    { chunks: ['"Quick one"'], stream: false },
    { chunks: ['"Slow one"'], stream: false },
  ]);
  await page.click('[data-testid=new-chat-button]');
  await send(page, 'first, slowly');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-role=assistant] [data-testid=message-content]')]
    .at(-1)?.textContent.includes('Slow'));
  await page.click('[data-testid=new-chat-button]');
  await send(page, 'second, quickly');
  await assistantTextIs(page, 'Quick answer.');
  assert.equal(await page.locator('[data-testid=generating-marker]').count(), 1, 'the first is still generating');
  await page.locator('[data-testid=generating-marker]').waitFor({ state: 'detached', timeout: 10_000 });
  await page.locator('[data-testid=conversation-item]', { hasText: 'Slow one' }).click();
  await assistantTextIs(page, 'Slow and steady wins.');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('an image in an answer is stored apart and shown from the page, also after a reload', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  const dot = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  await mock('/admin/script', { chunks: ['Here is a dot: ', `![dot](data:image/png;base64,${dot})`, ' done.'], delay_ms: 20 });
  await send(page, 'draw a dot');
  const shown = async () => {
    const img = page.locator('[data-testid=message-image] img');
    await img.waitFor();
    assert.match(await img.getAttribute('src'), /^blob:/);
    await page.waitForFunction(() => document.querySelector('[data-testid=message-image] img').naturalWidth === 1);
  };
  await shown();
  const text = await lastAssistant(page).locator('[data-testid=message-content]').textContent();
  assert.equal(text, 'Here is a dot:  done.', 'no base64 left in the text');
  await page.reload();
  await mounted(page);
  await shown();
  await context.close();
});

test('an answer that finishes in a background tab raises a notification, not in the foreground', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  // Headless Chromium shows no notifications; this recording stand-in for the browser's
  // Notification API (installed before the app loads) lets the test see what the app asks for.
  await context.addInitScript(() => {
    window.__notifications = [];
    window.__hidden = false;
    class RecordingNotification {
      static permission = 'default';
      static requestPermission() {
        RecordingNotification.permission = 'granted';
        return Promise.resolve('granted');
      }
      constructor(title, options) { window.__notifications.push({ title, body: options?.body }); }
    }
    window.Notification = RecordingNotification;
    Object.defineProperty(document, 'visibilityState', { get: () => (window.__hidden ? 'hidden' : 'visible') });
  });
  const page = await openApp(context);
  await configureMockProvider(page);
  await openSettings(page, 'appearance');
  await page.click('[data-testid=enable-notifications]');
  await page.locator('[data-testid=notifications] p').waitFor();
  assert.match(await page.locator('[data-testid=notifications]').textContent(), /Notifications are on/);
  await closeSettings(page);

  await mock('/admin/script', [
    { chunks: ['Visible answer.'], delay_ms: 10 },
    { chunks: ['Watching closely'], stream: false },
  ]);
  await send(page, 'while I watch');
  await assistantTextIs(page, 'Visible answer.');
  await page.waitForFunction(() => document.querySelector('[data-testid=conversation-item]')?.textContent.includes('Watching closely'));
  assert.deepEqual(await page.evaluate(() => window.__notifications), [], 'nothing while the tab is visible');

  await mock('/admin/script', { chunks: ['Background ', 'answer.'], delay_ms: 300 });
  await send(page, 'while I am away');
  await page.evaluate(() => { window.__hidden = true; });
  await page.waitForFunction(() => window.__notifications.length === 1);
  assert.deepEqual(await page.evaluate(() => window.__notifications),
    [{ title: 'Watching closely', body: 'Background answer.' }]);
  await context.close();
});

test('Anthropic and Gemini answers stream in the browser (their headers pass CORS)', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  for (const [protocol, path] of [['anthropic', '/v1'], ['gemini', '/v1beta']]) {
    await configureMockProvider(page, { protocol, path });
    await page.click('[data-testid=new-chat-button]');
    await mock('/admin/script', [
      { chunks: [`Answer `, `in ${protocol}.`], delay_ms: 20 },
      { chunks: [`${protocol} chat`], stream: false },
    ]);
    await send(page, `hello ${protocol}`);
    // The whole text may show a moment before the stream's end marks the answer complete.
    await assistantTextIs(page, `Answer in ${protocol}.`);
  }
  const requests = await mock('/admin/requests');
  const anthropic = requests.find((r) => r.stream === true && Array.isArray(r.messages));
  // The question after the date block (seed 004's user-message wrapper).
  assert.match(anthropic.messages[0].content[0].text, /^<context>[^]*<\/context>\n\nhello anthropic$/);
  assert.match(anthropic.system, /cannot call tools/);
  const gemini = requests.find((r) => r._path === 'mock-model:streamGenerateContent');
  assert.match(gemini.contents[0].parts[0].text, /^<context>[^]*<\/context>\n\nhello gemini$/);
  assert.deepEqual(page.errors, [], 'no script errors');
  await context.close();
});

test("the assistant's settings shape the request and stay after a reload", async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await openSettings(page, 'assistants');
  await page.fill('[data-testid=assistant-temperature]', '7');
  await page.click('[data-testid=assistant-save]');
  assert.match(await page.locator('[data-testid=assistant-feedback]').textContent(), /between 0 and 2/);
  await page.fill('[data-testid=assistant-system-prompt]', 'You are terse.');
  await page.fill('[data-testid=assistant-temperature]', '0.3');
  await page.fill('[data-testid=assistant-max-tokens]', '256');
  await page.uncheck('[data-testid=assistant-stream]');
  await page.click('[data-testid=assistant-save]');
  await assertText(page.locator('[data-testid=assistant-feedback]'), 'Saved.');
  await closeSettings(page);

  await mock('/admin/script', [{ chunks: ['Short.'], stream: false }, { chunks: ['"Terse"'], stream: false }]);
  await send(page, 'explain everything');
  await assistantTextIs(page, 'Short.');
  const request = (await mock('/admin/requests'))[0];
  assert.equal(request.stream, false, 'streaming off');
  assert.equal(request.temperature, 0.3);
  assert.equal(request.max_tokens, 256);
  assert.match(request.messages[0].content, /You are terse\./);

  await page.reload();
  await mounted(page);
  await openSettings(page, 'assistants');
  assert.equal(await page.inputValue('[data-testid=assistant-system-prompt]'), 'You are terse.');
  assert.equal(await page.inputValue('[data-testid=assistant-temperature]'), '0.3');
  assert.equal(await page.isChecked('[data-testid=assistant-stream]'), false);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the model can be switched from the chat; its stated window comes with it', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  const picker = page.locator('[data-testid=chat-model-select]');
  assert.equal(await picker.inputValue(), 'mock-model');
  await picker.focus();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=chat-model-select] option').length === 2);
  // Under the provider's name (the mock's host), each with the abilities the listing states.
  assert.equal(await picker.locator('optgroup').getAttribute('label'), new URL(MOCK).host);
  assert.deepEqual(await picker.locator('option').allTextContents(), ['mock-model', 'mock-model-large · vision · tools']);
  await picker.selectOption('mock-model-large');
  await mock('/admin/script', [{ chunks: ['From the large one.'] }, { chunks: ['"Large"'], stream: false }]);
  await send(page, 'which model?');
  await assistantTextIs(page, 'From the large one.');
  const answer = (await mock('/admin/requests')).find((r) => r.stream === true);
  assert.equal(answer.model, 'mock-model-large');
  assert.match(await page.locator('[data-testid=context-tokens]').textContent(), /of 131\.1k tokens · summarises past 32\.0k/);

  await page.reload();
  await mounted(page);
  assert.equal(await picker.inputValue(), 'mock-model-large', 'saved with the settings');
  assert.deepEqual(page.errors, []);
  await context.close();
});
