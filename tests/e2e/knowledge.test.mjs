// End to end: a knowledge base in the browser — add a document, bind it to the assistant, ask,
// and see the answer cite the right chunk, also after a reload.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  browser, mock, openApp, mounted, openSettings, closeSettings, configureMockProvider, assertText,
  send, assistantTextIs,
} from './harness.mjs';

const HANDBOOK = `# Network

Skein's own server listens on port 8080 unless told otherwise.

# Storage

Conversations are kept in IndexedDB, one record per message.`;

/// A fresh page with the mock provider configured and an empty knowledge base "Handbook", on
/// the settings screen.
async function withHandbookBase() {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  await openSettings(page, 'knowledge');
  await page.fill('[data-testid=knowledge-new-name]', 'Handbook');
  await page.click('[data-testid=knowledge-create]');
  const base = page.locator('[data-testid=knowledge-base][data-name=Handbook]');
  await base.waitFor();
  return { context, page, base };
}

test('an answer from a bound knowledge base cites the chunk it used, also after a reload', async () => {
  const { context, page, base } = await withHandbookBase();
  await page.setInputFiles('[data-testid=knowledge-file]', {
    name: 'handbook.md', mimeType: 'text/markdown', buffer: Buffer.from(HANDBOOK),
  });
  const document = base.locator('[data-testid=knowledge-document]');
  await document.waitFor();
  assert.match(await document.textContent(), /handbook\.md · 2 chunks/);
  // A file Skein cannot read is refused with its name and the reason.
  await page.setInputFiles('[data-testid=knowledge-file]', {
    name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7'),
  });
  await page.locator('[data-testid=error-banner]').waitFor();
  assert.match(await page.locator('[data-testid=error-banner]').textContent(), /"scan\.pdf" is damaged or not really a PDF file/);

  await openSettings(page, 'assistants');
  await page.check('[data-testid=assistant-knowledge-base][data-name=Handbook]');
  await page.click('[data-testid=assistant-save]');
  await assertText(page.locator('[data-testid=assistant-feedback]'), 'Saved.');
  await closeSettings(page);

  await mock('/admin/script', [{ chunks: ['It listens on port 8080 [1].'] }, { chunks: ['"Ports"'], stream: false }]);
  await send(page, 'Which port does the server listen on?');
  await assistantTextIs(page, 'It listens on port 8080 [1].');
  const request = (await mock('/admin/requests')).find((r) => r.stream === true);
  const system = request.messages[0].content;
  assert.match(system, /<knowledge>[\s\S]*port 8080[\s\S]*<\/knowledge>/);
  assert.doesNotMatch(system, /IndexedDB/, 'only the relevant chunk');

  const cited = async () => {
    const citation = page.locator('[data-testid=message][data-role=assistant] [data-testid=citation]');
    await citation.first().waitFor();
    assert.equal(await citation.count(), 1);
    assert.equal((await citation.locator('summary').textContent()).trim(), '[1] handbook.md › Network');
    await citation.locator('summary').click();
    assert.match(await citation.locator('.citation-text').textContent(), /listens on port 8080/);
  };
  await cited();
  await page.reload();
  await mounted(page);
  await cited();

  // Deleting the document takes its chunks with it: the next question gets no knowledge.
  await openSettings(page, 'knowledge');
  await base.locator('[data-testid=knowledge-delete-document]').click();
  await page.waitForFunction(() => !document.querySelector('[data-testid=knowledge-document]'));
  await closeSettings(page);
  await mock('/admin/script', [{ chunks: ['I do not know.'] }]);
  await send(page, 'And the port again?');
  await assistantTextIs(page, 'I do not know.');
  const after = (await mock('/admin/requests')).filter((r) => r.stream === true).at(-1);
  assert.doesNotMatch(after.messages[0].content, /port 8080/);
  // The base itself can go too.
  await openSettings(page, 'knowledge');
  await base.locator('[data-testid=knowledge-delete-base]').click();
  await base.waitFor({ state: 'detached' });
  await closeSettings(page);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('PDF and Word files are read in the page, their text cut into chunks', async () => {
  const { context, page, base } = await withHandbookBase();
  const fixtures = new URL('../../engine/tests/fixtures/documents/', import.meta.url).pathname;
  await page.setInputFiles('[data-testid=knowledge-file]', [
    `${fixtures}standard-fonts.pdf`, `${fixtures}guide.docx`,
  ]);
  const documents = base.locator('[data-testid=knowledge-document]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=knowledge-document]').length === 2);
  const listed = (await documents.allTextContents()).join('\n');
  assert.match(listed, /standard-fonts\.pdf · 1 chunk/);
  assert.match(listed, /guide\.docx · 2 chunks/);
  const chunks = (await base.locator('[data-testid=knowledge-chunk]').allTextContents()).join('\n');
  assert.match(chunks, /Revenue grew \(by 12%\) in the northern region\.[\s\S]*zebra budget/);
  assert.match(chunks, /# Field guide[\s\S]*## Installation[\s\S]*Port \| 8080/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('an embedded base is searched by meaning too; when embeddings fail, by words, and the user is told', async () => {
  const { context, page, base } = await withHandbookBase();
  await base.locator('[data-testid=knowledge-embedding-model]').fill('mock-embed');
  await base.locator('[data-testid=knowledge-embedding-use]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=knowledge-embedding-status]')
    ?.textContent === '0 of 0 chunks embedded with mock-embed.');
  await page.setInputFiles('[data-testid=knowledge-file]', {
    name: 'handbook.md', mimeType: 'text/markdown', buffer: Buffer.from(HANDBOOK),
  });
  await page.waitForFunction(() => document.querySelector('[data-testid=knowledge-embedding-status]')
    ?.textContent === '2 of 2 chunks embedded with mock-embed.');
  const embedded = (await mock('/admin/embeddings')).requests;
  assert.ok(embedded >= 1, 'the chunks went to the embeddings endpoint');

  // Another model is offered, not switched to at once: every chunk would be embedded again.
  await base.locator('[data-testid=knowledge-embedding-model]').fill('mock-embed-large');
  await base.locator('[data-testid=knowledge-embedding-use]').click();
  const offer = base.locator('[data-testid=knowledge-reembed-offer]');
  assert.match(await offer.textContent(), /2 chunks are embedded with mock-embed\. .*to use mock-embed-large, every chunk is embedded again/);
  await offer.locator('[data-testid=knowledge-reembed-cancel]').click();
  await offer.waitFor({ state: 'detached' });
  assert.equal(await base.locator('[data-testid=knowledge-embedding-model]').inputValue(), 'mock-embed');
  assert.equal((await mock('/admin/embeddings')).requests, embedded, 'nothing re-embedded');
  await base.locator('[data-testid=knowledge-embedding-model]').fill('mock-embed-large');
  await base.locator('[data-testid=knowledge-embedding-use]').click();
  await offer.locator('[data-testid=knowledge-reembed-confirm]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=knowledge-embedding-status]')
    ?.textContent === '2 of 2 chunks embedded with mock-embed-large.');
  const reembedded = (await mock('/admin/embeddings')).requests;
  assert.ok(reembedded > embedded, 'the chunks were embedded again');
  await openSettings(page, 'assistants');
  await page.check('[data-testid=assistant-knowledge-base][data-name=Handbook]');
  await page.click('[data-testid=assistant-save]');
  await assertText(page.locator('[data-testid=assistant-feedback]'), 'Saved.');
  await closeSettings(page);

  await mock('/admin/script', [{ chunks: ['Port 8080.'] }, { chunks: ['"Ports"'], stream: false }]);
  await send(page, 'Which port does the server listen on?');
  await assistantTextIs(page, 'Port 8080.');
  assert.equal((await mock('/admin/embeddings')).requests, reembedded + 1, 'the question was embedded');
  let system = (await mock('/admin/requests')).filter((r) => r.stream === true).at(-1).messages[0].content;
  assert.match(system, /port 8080/);

  // Embeddings fail: the knowledge is searched by its words, and the user is told.
  await mock('/admin/embeddings', { fail: true });
  await mock('/admin/script', [{ chunks: ['Still port 8080.'] }]);
  await send(page, 'Which port again?');
  await assistantTextIs(page, 'Still port 8080.');
  await page.locator('[data-testid=error-banner]').waitFor();
  assert.match(await page.locator('[data-testid=error-banner]').textContent(), /Embeddings failed .*searched by its words instead/);
  system = (await mock('/admin/requests')).filter((r) => r.stream === true).at(-1).messages[0].content;
  assert.match(system, /port 8080/, 'the words still found the chunk');
  const citation = page.locator('[data-testid=message][data-role=assistant]').last().locator('[data-testid=citation]');
  assert.equal(await citation.count(), 1);
  // The browser logs the failed embeddings requests; nothing else went wrong.
  assert.deepEqual(page.errors.filter((e) => !e.includes('status of 500')), []);
  await context.close();
});

test('a knowledge tool call searches the bound base and its passage is cited', async () => {
  const { context, page, base } = await withHandbookBase();
  // Small chunks for what is added from now on: the handbook is cut finer.
  await base.locator('[data-testid=knowledge-chunk-size]').fill('100');
  await base.locator('[data-testid=knowledge-chunk-overlap]').fill('500');
  await base.locator('[data-testid=knowledge-chunking-apply]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=knowledge-chunk-overlap]')?.value === '50');
  await base.locator('[data-testid=knowledge-paste-title]').fill('ports');
  await base.locator('[data-testid=knowledge-paste-text]').fill(HANDBOOK);
  await base.locator('[data-testid=knowledge-add-text]').click();
  await base.locator('[data-testid=knowledge-document]').waitFor();
  await openSettings(page, 'assistants');
  await page.check('[data-testid=assistant-knowledge-base][data-name=Handbook]');
  await page.locator('[data-testid=tool-policy][data-tool-name=search_knowledge] select').selectOption('default');
  await page.click('[data-testid=assistant-save]');
  await assertText(page.locator('[data-testid=assistant-feedback]'), 'Saved.');
  await closeSettings(page);

  await mock('/admin/script', [
    { chunks: [], tool_call: { name: 'search_knowledge', arguments: JSON.stringify({ query: 'server port' }) } },
    { chunks: ['The server uses 8080 [1].'] },
    { chunks: ['"Tool search"'], stream: false },
  ]);
  // Nothing in the question matches the handbook: only the tool's search can cite it.
  await send(page, 'hello there');
  await assistantTextIs(page, 'The server uses 8080 [1].');
  const card = page.locator('[data-testid=tool-call][data-tool-name=search_knowledge]');
  assert.equal(await card.getAttribute('data-approval'), 'auto');
  assert.match(await card.locator('[data-testid=tool-result]').textContent(), /port 8080/);
  const citation = page.locator('[data-testid=message][data-role=assistant] [data-testid=citation]');
  assert.equal(await citation.count(), 1);
  assert.equal((await citation.locator('summary').textContent()).trim(), '[1] ports › Network');
  const first = (await mock('/admin/requests')).find((r) => r.stream === true);
  assert.doesNotMatch(first.messages[0].content, /port 8080/, 'retrieval found nothing for the question');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('with an embedding model, the memories nearest the question go with it and keep their vectors', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext();
  const page = await openApp(context);
  await configureMockProvider(page);
  // Ten memories: more than a request takes (six), so they are chosen.
  await page.evaluate(async () => {
    const db = await new Promise((resolve) => { const r = indexedDB.open('skein'); r.onsuccess = () => resolve(r.result); });
    const tx = db.transaction('memories', 'readwrite');
    const facts = ['Owns a sailing boat called Petrel', 'Allergic to peanuts', 'Works night shifts',
      'Studies Portuguese', 'Grows tomatoes on the balcony', 'Plays the cello', 'Drives an old Volvo',
      'Collects stamps from Chile', 'Runs marathons in spring', 'Reads science fiction'];
    facts.forEach((text, i) => tx.objectStore('memories').put({
      id: `m${i}`, scope: { kind: 'global' }, text, created_at_ms: i, updated_at_ms: i,
    }));
    await new Promise((resolve) => { tx.oncomplete = resolve; });
    db.close();
  });
  await openSettings(page, 'assistants');
  await page.check('[data-testid=memory-toggle]');
  await openSettings(page, 'providers');
  await page.click('[data-testid=provider-advanced]');
  await page.fill('[data-testid=provider-embedding-model]', 'mock-embed');
  await page.click('[data-testid=settings-save]');
  await assertText(page.locator('[data-testid=settings-feedback]'), 'Saved.');
  await closeSettings(page);

  const before = (await mock('/admin/embeddings')).requests;
  await mock('/admin/script', [{ chunks: ['Petrel, yes.'] }, { chunks: ['"Boat"'], stream: false }]);
  await send(page, 'What is my sailing boat called?');
  await assistantTextIs(page, 'Petrel, yes.');
  const system = (await mock('/admin/requests')).find((r) => r.stream === true).messages[0].content;
  const block = system.match(/<memory>[\s\S]*<\/memory>/)[0];
  assert.match(block, /sailing boat called Petrel/);
  const given = block.match(/^\[\d+\] Memory$/gm) ?? [];
  assert.ok(given.length >= 1 && given.length <= 6, `six at most, not all ten: ${block}`);
  assert.equal((await mock('/admin/embeddings')).requests, before + 1, 'memories and question in one request');
  // Each memory now keeps its vector (a Float32Array beside the record).
  const stored = await page.evaluate(async () => {
    const db = await new Promise((resolve) => { const r = indexedDB.open('skein'); r.onsuccess = () => resolve(r.result); });
    const all = await new Promise((resolve) => {
      const read = db.transaction('memories').objectStore('memories').getAll();
      read.onsuccess = () => resolve(read.result);
    });
    db.close();
    return all.map((m) => [m.embedding?.model, m.embedding?.vector instanceof Float32Array, m.embedding?.vector?.length]);
  });
  assert.deepEqual(stored, Array(10).fill(['mock-embed', true, 16]));
  // The next question embeds only itself.
  await mock('/admin/script', [{ chunks: ['Peanuts.'] }]);
  await send(page, 'What am I allergic to?');
  await assistantTextIs(page, 'Peanuts.');
  assert.equal((await mock('/admin/embeddings')).requests, before + 2);
  assert.deepEqual(page.errors, []);
  await context.close();
});
