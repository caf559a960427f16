// End to end: the embeddable package (`cargo xtask dist --embed`) in its example page
// (`examples/embed/`, served under the same policy as the app). The page's own script and the
// tests' calls use only the package's public API (`import('./skein/index.js')`), against the
// mock provider in each of the three protocols.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MOCK, DOCS_SCREENSHOTS, browser, mock, mounted, assistantTextIs } from './harness.mjs';
import { serveStatic } from './static_server.mjs';

let server;
let exampleUrl;

before(async () => {
  const site = process.env.SKEIN_EMBED_SITE;
  assert.ok(site, 'SKEIN_EMBED_SITE is not set: run the end-to-end tests with `cargo xtask test`');
  server = await serveStatic(site, '/');
  exampleUrl = `http://127.0.0.1:${server.port}/`;
});

after(async () => {
  await server?.close();
});

const PROTOCOLS = [
  { protocol: 'openai', baseUrl: `${MOCK}/v1`, sent: (body) => Array.isArray(body.messages) && body.stream === true && !('max_tokens' in body && 'system' in body) },
  { protocol: 'anthropic', baseUrl: `${MOCK}/v1`, sent: (body) => Array.isArray(body.messages) && typeof body.max_tokens === 'number' },
  { protocol: 'gemini', baseUrl: `${MOCK}/v1beta`, sent: (body) => Array.isArray(body.contents) },
];

async function openExample() {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(String(error)));
  await page.goto(exampleUrl);
  return { context, page };
}

test('streamed and whole completions in OpenAI shapes, from each protocol', async () => {
  const { context, page } = await openExample();
  for (const { protocol, baseUrl, sent } of PROTOCOLS) {
    await mock('/admin/reset', {});
    await mock('/admin/script', [{ chunks: ['Hello', ' from ', protocol] }, { chunks: ['Whole ', 'answer.'] },
      { chunks: ['Tee', ' once'] }]);
    const result = await page.evaluate(async ({ protocol, baseUrl }) => {
      const { default: Skein } = await import('./skein/index.js');
      const skein = await Skein.create({ providers: [{ id: 'mock', protocol, baseUrl, apiKey: 'sk-e2e', model: 'mock-model' }] });
      const stream = await skein.chat.completions.create({
        model: 'mock/mock-model', stream: true, stream_options: { include_usage: true },
        messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Say hello' }],
      });
      const chunks = [];
      for await (const chunk of stream) chunks.push(chunk);
      const final = await stream.finalChatCompletion();
      const whole = await skein.chat.completions.create({ messages: [{ role: 'user', content: 'Once more' }], max_tokens: 64 });
      // As the OpenAI SDK's stream: tee() gives two readers of every chunk, and
      // toReadableStream() the chunks as JSON lines.
      const teed = await skein.chat.completions.create({ stream: true, messages: [{ role: 'user', content: 'Tee' }] });
      const [left, right] = teed.tee();
      const fromLeft = [];
      for await (const chunk of left) fromLeft.push(chunk.choices[0]?.delta.content ?? '');
      const reader = right.toReadableStream().pipeThrough(new TextDecoderStream()).getReader();
      let lines = '';
      for (let read = await reader.read(); !read.done; read = await reader.read()) lines += read.value;
      const fromRight = lines.trim().split('\n').map((line) => JSON.parse(line).choices[0]?.delta.content ?? '');
      return { chunks, final, whole, fromLeft, fromRight, fingerprint: 'system_fingerprint' in chunks[0] };
    }, { protocol, baseUrl });

    const { chunks, final, whole, fromLeft, fromRight, fingerprint } = result;
    assert.equal(fromLeft.join(''), 'Tee once');
    assert.deepEqual(fromRight, fromLeft, 'both readers saw every chunk');
    assert.equal(fingerprint, false, 'no system_fingerprint: null where OpenAI has an optional string');
    assert.equal('usage' in whole && whole.usage === null, false, 'usage left out, never null');
    assert.ok(chunks.length >= 5, `${protocol}: ${chunks.length} chunks`);
    for (const chunk of chunks) {
      assert.equal(chunk.object, 'chat.completion.chunk');
      assert.equal(chunk.id, chunks[0].id);
      assert.match(chunk.id, /^chatcmpl-/);
      assert.equal(typeof chunk.created, 'number');
      assert.equal(chunk.model, 'mock-model');
    }
    const texts = chunks.slice(0, -2).map((c) => c.choices[0].delta.content);
    assert.deepEqual(texts, ['Hello', ' from ', protocol], protocol);
    assert.equal(chunks[0].choices[0].delta.role, 'assistant');
    assert.ok(chunks.slice(0, -2).every((c) => c.choices[0].finish_reason === null));
    const finish = chunks.at(-2);
    assert.deepEqual(finish.choices[0].delta, {});
    assert.equal(finish.choices[0].finish_reason, 'stop');
    const usage = chunks.at(-1);
    assert.deepEqual(usage.choices, []);
    assert.ok('usage' in usage);
    if (usage.usage) assert.equal(usage.usage.total_tokens, usage.usage.prompt_tokens + usage.usage.completion_tokens);
    assert.equal(final.object, 'chat.completion');
    assert.equal(final.id, chunks[0].id);
    assert.equal(final.choices[0].message.content, `Hello from ${protocol}`);

    assert.equal(whole.object, 'chat.completion');
    assert.deepEqual(whole.choices[0].message, { role: 'assistant', content: 'Whole answer.', refusal: null });
    assert.equal(whole.choices[0].finish_reason, 'stop');
    assert.notEqual(whole.id, final.id);

    const requests = await mock('/admin/requests');
    assert.equal(requests.length, 3, protocol);
    assert.ok(requests.every(sent), `${protocol}: ${JSON.stringify(requests[0]).slice(0, 300)}`);
    assert.match(JSON.stringify(requests[0]), /Be brief\./, 'the system message was sent');
  }
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a signal or leaving the loop stops a stream; failures are SkeinErrors with kind, status and retry-after', async () => {
  await mock('/admin/reset', {});
  const { context, page } = await openExample();
  await mock('/admin/script', [
    { chunks: ['one ', 'two ', 'three ', 'four ', 'five '], delay_ms: 300 },
    { chunks: ['a ', 'b ', 'c ', 'd '], delay_ms: 300 },
    { status: 429, error_message: 'Slow down, please', retry_after: '120' },
    { status: 401, error_message: 'Invalid API key' },
  ]);
  const result = await page.evaluate(async ({ baseUrl }) => {
    const { default: Skein, SkeinError } = await import('./skein/index.js');
    const skein = await Skein.create({ providers: [{ protocol: 'openai', baseUrl, model: 'mock-model' }] });
    const ask = { messages: [{ role: 'user', content: 'count' }], stream: true };
    const describe = (e) => ({ isSkeinError: e instanceof SkeinError, name: e.name, kind: e.kind, status: e.status, retryAfterMs: e.retryAfterMs, message: e.message });

    const controller = new AbortController();
    const seen = [];
    let aborted;
    try {
      for await (const chunk of await skein.chat.completions.create(ask, { signal: controller.signal })) {
        seen.push(chunk.choices[0]?.delta.content);
        controller.abort();
      }
    } catch (e) { aborted = describe(e); }

    const stream = await skein.chat.completions.create(ask);
    for await (const chunk of stream) { seen.push(chunk.choices[0]?.delta.content); break; }
    let afterBreak;
    try { await stream.finalChatCompletion(); } catch (e) { afterBreak = describe(e); }

    const failures = [];
    for (const body of [{ messages: [{ role: 'user', content: 'x' }] }, { messages: [{ role: 'user', content: 'x' }], stream: true }]) {
      try { await skein.chat.completions.create(body); } catch (e) { failures.push(describe(e)); }
    }
    try { await skein.chat.completions.create({ messages: [{ role: 'user', content: 'x' }], temperature: 9 }); } catch (e) { failures.push(describe(e)); }
    try { await Skein.create({ providers: [{ protocol: 'cohere' }] }); } catch (e) { failures.push(describe(e)); }
    return { seen, aborted, afterBreak, failures };
  }, { baseUrl: `${MOCK}/v1` });

  assert.deepEqual(result.seen, ['one ', 'a ']);
  assert.equal(result.aborted.kind, 'aborted');
  assert.ok(result.aborted.isSkeinError);
  assert.equal(result.afterBreak.kind, 'aborted', 'leaving the loop stopped the request');
  const [limited, refused, invalid, config] = result.failures;
  assert.deepEqual(
    { kind: limited.kind, status: limited.status, retryAfterMs: limited.retryAfterMs, name: limited.name },
    { kind: 'rate_limit', status: 429, retryAfterMs: 120_000, name: 'SkeinError' },
  );
  assert.match(limited.message, /Slow down, please/);
  assert.deepEqual([refused.kind, refused.status], ['authentication', 401], 'a streamed request fails before its first chunk');
  assert.match(refused.message, /Invalid API key/);
  assert.equal(invalid.kind, 'invalid_request');
  assert.match(invalid.message, /^temperature:/);
  assert.equal(config.kind, 'invalid_request');
  assert.match(config.message, /cohere/);
  // Both stopped streams and both failures reached the mock; the invalid request never did.
  assert.equal((await mock('/admin/requests')).length, 4);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('models.list is OpenAI\'s list, and the example page streams and saves through its forms', async () => {
  await mock('/admin/reset', {});
  const { context, page } = await openExample();
  const list = await page.evaluate(async ({ baseUrl }) => {
    const { default: Skein } = await import('./skein/index.js');
    const skein = await Skein.create({ providers: [{ id: 'mock', protocol: 'openai', baseUrl }] });
    return skein.models.list({ provider: 'mock' });
  }, { baseUrl: `${MOCK}/v1` });
  assert.equal(list.object, 'list');
  assert.ok(list.data.some((m) => m.id === 'mock-model' && m.object === 'model' && m.owned_by === 'mock'));

  await mock('/admin/script', [{ chunks: ['Typed ', 'into ', 'the page.'], delay_ms: 50 }]);
  await page.fill('input[name=baseUrl]', `${MOCK}/v1`);
  await page.fill('input[name=model]', 'mock-model');
  await page.click('button[value=stream]');
  await page.locator('#status', { hasText: 'Done (stop).' }).waitFor();
  assert.equal(await page.textContent('#output'), 'Typed into the page.');
  await mock('/admin/script', [{ chunks: ['Saved ', 'for later.'] }, { chunks: ['"Spring tides"'], stream: false }]);
  await page.click('#saved button[type=submit]');
  await page.locator('#saved-list li', { hasText: 'Spring tides' }).waitFor();
  assert.equal(await page.textContent('#saved-output'), 'Saved for later.');
  await page.selectOption('select[name=protocol]', 'anthropic');
  await mock('/admin/script', [{ status: 401, error_message: 'Invalid API key' }]);
  await page.click('button[value=complete]');
  await page.locator('#status.error', { hasText: 'authentication, HTTP 401' }).waitFor();
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('<skein-chat> streams an answer in its own storage, tells the page, and the page\'s CSS stays outside', async () => {
  await mock('/admin/reset', {});
  const { context, page } = await openExample();
  await mock('/admin/script', [{ chunks: ['Inside ', 'the ', 'element.'], delay_ms: 30 }]);
  await page.fill('input[name=baseUrl]', `${MOCK}/v1`);
  await page.fill('input[name=model]', 'mock-model');
  await page.click('#show-chat');
  // Playwright's selectors pierce the open shadow root.
  const chat = page.locator('skein-chat');
  await chat.locator('[data-testid=app][data-ready=true]').waitFor({ timeout: 30_000 });
  await chat.locator('[data-testid=composer-input]').fill('Hello from the page');
  await chat.locator('[data-testid=composer-input]').press('Enter');
  await chat.locator('[data-testid=message][data-role=assistant]', { hasText: 'Inside the element.' }).waitFor();
  await page.locator('#events li', { hasText: 'skein-message: complete — Inside the element.' }).waitFor();

  // The page's broad rules (example.css) do not reach inside; the page's inherited font stops
  // at the element's edge.
  const styles = await page.evaluate(() => {
    const root = document.querySelector('skein-chat').shadowRoot;
    const style = (selector) => getComputedStyle(root.querySelector(selector));
    return {
      button: style('[data-testid=settings-button]').textTransform,
      textarea: style('[data-testid=composer-input]').backgroundColor,
      app: style('.app').outlineStyle,
      font: style('.skein-root').fontFamily,
      pageButton: getComputedStyle(document.querySelector('#show-chat')).textTransform,
    };
  });
  assert.equal(styles.pageButton, 'uppercase', 'the page\'s rule applies outside');
  assert.equal(styles.button, 'none');
  assert.notEqual(styles.textarea, 'rgb(253, 230, 138)');
  assert.equal(styles.app, 'none');
  assert.doesNotMatch(styles.font, /Georgia/);
  const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
  assert.ok(databases.includes('skein-example'), `${databases}`);
  assert.ok(!databases.includes('skein'), 'the element named its own storage');

  // The element in the example page, for the README.
  await chat.scrollIntoViewIfNeeded();
  await chat.screenshot({ path: new URL('embed-element.png', DOCS_SCREENSHOTS).pathname });

  // A second chat in the same page is refused with an event, not a broken page.
  const second = await page.evaluate(() => new Promise((resolve) => {
    const other = document.createElement('skein-chat');
    other.addEventListener('skein-error', (event) => resolve(event.detail));
    document.body.append(other);
  }));
  assert.equal(second.kind, 'invalid_request');
  assert.match(second.message, /one chat/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the conversations API shares the app\'s storage: sent, regenerated and switched through the API, shown in the app', async () => {
  await mock('/admin/reset', {});
  // The app and the example page from one origin, so they share IndexedDB.
  const both = mkdtempSync(join(tmpdir(), 'skein-embed-and-app-'));
  cpSync(process.env.SKEIN_DIST_DIR, join(both, 'skein'), { recursive: true });
  cpSync(process.env.SKEIN_EMBED_SITE, join(both, 'embed'), { recursive: true });
  cpSync(join(process.env.SKEIN_EMBED_SITE, '_headers'), join(both, '_headers'));
  const shared = await serveStatic(both, '/');
  const origin = `http://127.0.0.1:${shared.port}`;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    page.errors = [];
    page.on('pageerror', (error) => page.errors.push(String(error)));
    await page.goto(`${origin}/embed/`);
    await mock('/admin/script', [
      { chunks: ['First ', 'answer.'] },
      { chunks: ['"Tides"'], stream: false },
      { chunks: ['Second ', 'answer.'] },
      // The regenerated first answer names the conversation again (the first exchange).
      { chunks: ['"Tide tables"'], stream: false },
      { chunks: ['Edited ', 'answer.'] },
      { chunks: ['"Neap tides"'], stream: false },
      { chunks: ['Slow ', 'one ', 'two ', 'three ', 'four '], delay_ms: 250 },
      { chunks: ['and the rest.'] },
    ]);
    const result = await page.evaluate(async ({ baseUrl }) => {
      const { default: Skein } = await import('./skein/index.js');
      const skein = await Skein.create({ providers: [{ protocol: 'openai', baseUrl, model: 'mock-model' }] });
      const sent = skein.conversations.send({ text: 'Tell me about tides' });
      const events = [];
      for await (const event of sent) events.push(event);
      const reply = await sent.reply;
      const again = skein.conversations.regenerate({ conversationId: reply.conversation_id, messageId: reply.id });
      const second = await again.reply;
      const opened = await skein.conversations.open(reply.conversation_id);
      const back = await skein.conversations.switchBranch({ conversationId: reply.conversation_id, messageId: second.id, offset: -1 });
      const list = await skein.conversations.list();

      const conversationId = reply.conversation_id;
      const question = opened.branch[0];
      const edited = await skein.conversations.edit({ conversationId, messageId: question.id, text: 'And neap tides?' }).reply;
      const afterEdit = (await skein.conversations.open(conversationId)).branch;
      // Stopped after its first words, then continued.
      const controller = new AbortController();
      const slow = await skein.conversations.send({ conversationId, text: 'Go on' }, {
        signal: controller.signal,
        onEvent: (event) => { if (event.type === 'delta') controller.abort(); },
      }).reply;
      const continued = await skein.conversations.continue({ conversationId, messageId: slow.id }).reply;
      let refused;
      try { await skein.conversations.decide({ conversationId, messageId: slow.id, callId: 'none', decision: 'approve' }).reply; } catch (e) { refused = { kind: e.kind, message: e.message }; }
      return { events, reply, second, opened, back, list, edited, afterEdit, slow, continued, refused };
    }, { baseUrl: `${MOCK}/v1` });

    const types = result.events.map((e) => e.type);
    assert.ok(types.includes('delta') && types.includes('finished') && types.includes('done'), types.join());
    assert.equal(result.events.filter((e) => e.type === 'delta').map((e) => e.text).join(''), 'First answer.');
    assert.equal(result.reply.text, 'First answer.');
    assert.equal(result.reply.status, 'complete');
    assert.equal(result.second.text, 'Second answer.');
    const [question, answer] = result.opened.branch;
    assert.equal(question.text, 'Tell me about tides');
    assert.equal(answer.text, 'Second answer.');
    assert.deepEqual(answer.siblings, { position: 1, count: 2 });
    assert.equal(result.back[1].text, 'First answer.', 'switched back to the first version');
    assert.equal(result.list.length, 1);
    assert.equal(result.list[0].title, 'Tide tables');
    assert.equal(result.edited.text, 'Edited answer.');
    assert.equal(result.afterEdit[0].text, 'And neap tides?');
    assert.deepEqual(result.afterEdit[0].siblings, { position: 1, count: 2 });
    assert.equal(result.slow.status, 'incomplete');
    assert.match(result.slow.text, /^Slow /);
    assert.equal(result.continued.id, result.slow.id);
    assert.match(result.continued.text, /^Slow .*and the rest\.$/);
    assert.equal(result.continued.status, 'complete');
    assert.ok(result.refused, 'deciding a call that does not exist is refused');
    assert.match(result.refused.message, /none|call/i);

    // The app on the same origin shows what the API wrote (the branch last chosen).
    const app = await context.newPage();
    await app.goto(`${origin}/skein/`);
    await mounted(app);
    await app.locator('[data-testid=conversation-item]', { hasText: 'Neap tides' }).waitFor();
    await assistantTextIs(app, result.continued.text);
    await app.locator('[data-testid=message][data-role=user]', { hasText: 'And neap tides?' }).waitFor();
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
    await shared.close();
    rmSync(both, { recursive: true, force: true });
  }
});

test('in-memory conversations keep nothing in IndexedDB', async () => {
  await mock('/admin/reset', {});
  const { context, page } = await openExample();
  const result = await page.evaluate(async ({ baseUrl }) => {
    const { default: Skein } = await import('./skein/index.js');
    const before = (await indexedDB.databases()).map((d) => d.name);
    const skein = await Skein.create({ providers: [{ protocol: 'openai', baseUrl, model: 'mock-model' }], storage: 'memory' });
    const reply = await skein.conversations.send({ text: 'remember nothing' }).reply;
    const list = await skein.conversations.list();
    const after = (await indexedDB.databases()).map((d) => d.name);
    let missing;
    try { await skein.conversations.open('nope'); } catch (e) { missing = { kind: e.kind, message: e.message }; }
    return { reply, list, before, after, missing };
  }, { baseUrl: `${MOCK}/v1` });
  assert.match(result.reply.text, /remember nothing/);
  assert.equal(result.list.length, 1);
  assert.deepEqual(result.after, result.before);
  assert.equal(result.missing.kind, 'invalid_request');
  assert.match(result.missing.message, /no conversation "nope"/);
  assert.deepEqual(page.errors, []);
  await context.close();
});
