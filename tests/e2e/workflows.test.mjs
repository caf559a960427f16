// End to end: chat workflows. A template with an unknown step kind is refused on import; a
// three-step template is written in the editor (a stock question, a model-phrased one, a
// moderated dialogue) and run with an earlier chat as context: the phrased question hears the
// first answer and the chat; the dialogue's first moderator answer is not JSON (reported, tried
// again), the page is reloaded while the moderator decides the second round, and reopening
// the run asks only the moderator again, who ends the step; the run is exported as Markdown
// and continued as a chat that has its answers; the dialogue step alone sees the chat chosen
// for it. A second test drafts a template from a goal, duplicates and exports it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import {
  DOCS_SCREENSHOTS, browser, mock, openApp, configureMockProvider, send, assistantTextIs,
} from './harness.mjs';

const requests = async () => mock('/admin/requests');
const systemOf = (request) => request.messages?.[0]?.content ?? '';
const asked = (all, start) => all.filter((r) => r.stream === false && systemOf(r).startsWith(start));
const side = (text, extra = {}) => ({ chunks: [text], stream: false, ...extra });
const decision = (action, next, summary, extra = {}) => side(JSON.stringify({
  action, next_user_prompt: next, moderator_summary: summary,
}), extra);
const says = (page, testid, pattern) => page.waitForFunction(([id, source]) =>
  new RegExp(source).test(document.querySelector(`[data-testid=${id}]`)?.textContent ?? ''),
[testid, pattern.source]);

async function openWorkflows(page) {
  await page.click('[data-testid=workflows-button]');
  await page.locator('[data-testid=workflows-screen]').waitFor();
}

async function writeTemplate(page) {
  await page.click('[data-testid=workflow-new]');
  await page.fill('[data-testid=workflow-name]', 'Interview practice');
  const step = (n) => page.locator('[data-testid=workflow-step-editor]').nth(n);
  await step(0).locator('[data-testid=workflow-step-title]').fill('Role');
  await step(0).locator('[data-testid=workflow-step-question]').fill('Which role are you applying for?');
  await page.click('[data-testid=workflow-add-question]');
  await step(1).locator('[data-testid=workflow-step-title]').fill('Motivation');
  await step(1).locator('[data-testid=workflow-step-question]').fill('Why this role?');
  await step(1).locator('[data-testid=workflow-step-mode]').selectOption('model_phrased');
  await page.click('[data-testid=workflow-add-dialogue]');
  await step(2).locator('[data-testid=workflow-step-title]').fill('Mock interview');
  await step(2).locator('[data-testid=workflow-step-prompt]').fill('Tell me why we should hire you.');
  await step(2).locator('[data-testid=workflow-step-rounds]').fill('4');
  // The dialogue step alone is given the salary chat.
  await step(2).locator('[data-testid=workflow-step-context-summary]').click();
  await step(2).locator('label', { hasText: 'Chat “Salary notes”' }).locator('input').check();
  assert.equal(await step(2).locator('[data-testid=workflow-step-context-summary]').textContent(), 'Context for this step: 1 chosen');
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL('workflow-editor.png', DOCS_SCREENSHOTS).pathname });
  // An empty question is refused, naming its step; nothing is saved.
  await page.click('[data-testid=workflow-add-question]');
  await page.click('[data-testid=workflow-save]');
  await says(page, 'workflow-error', /^Step 4 has no question/);
  await step(3).locator('[data-testid=workflow-step-remove]').click();
  await page.click('[data-testid=workflow-save]');
  await says(page, 'workflow-feedback', /^Saved Interview practice\.$/);
}

async function answer(page, text) {
  await page.fill('[data-testid=workflow-answer-input]', text);
  await page.click('[data-testid=workflow-send]');
}

const inputLabel = (page, text) => says(page, 'workflow-input-label', new RegExp(`^Your answer${text}$`));

test('a run: phrased question, moderated rounds, a reload mid-round, Markdown, continued as a chat', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await openApp(context);
  page.on('dialog', (dialog) => dialog.accept());
  await configureMockProvider(page);
  await mock('/admin/script', [{ chunks: ['Noted: five years of QA at Acme.'] }, side('My background')]);
  await send(page, 'I spent five years in QA at Acme.');
  await assistantTextIs(page, 'Noted: five years of QA at Acme.');
  await page.click('[data-testid=new-chat-button]');
  await mock('/admin/script', [{ chunks: ['Noted: 70k at least.'] }, side('Salary notes')]);
  await send(page, 'I want at least 70k.');
  await assistantTextIs(page, 'Noted: 70k at least.');
  await page.locator('[data-testid=conversation-item]', { hasText: 'Salary notes' }).waitFor();

  await openWorkflows(page);
  await page.locator('[data-testid=no-workflows]').waitFor();
  await page.setInputFiles('[data-testid=workflow-import]', {
    name: 'poll.json', mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ name: 'Poll', steps: [
      { kind: 'question', question: 'A?' }, { kind: 'poll', options: ['a', 'b'] }] })),
  });
  await says(page, 'workflow-feedback', /^poll\.json was not imported: Step 2 is of a kind Skein does not know \(“poll”\)/);
  assert.equal(await page.locator('[data-testid=workflow-item]').count(), 0);

  await writeTemplate(page);
  await page.locator('[data-testid=workflow-item]', { hasText: 'Interview practice' }).waitFor();
  await page.click('[data-testid=workflow-item-start]');
  await page.locator('label', { hasText: 'Chat “My background”' }).locator('input').check();
  await page.click('[data-testid=workflow-start-run]');

  // Step 1: the stock question, asked without a model.
  await page.locator('[data-testid=workflow-run]').waitFor();
  await says(page, 'workflow-question', /^Which role are you applying for\?$/);
  await mock('/admin/script', [side('Given your QA years, why data engineering?')]);
  await answer(page, 'Data engineer');

  // Step 2: phrased by the model from the first answer and the chosen chat.
  await page.locator('[data-testid=workflow-step][data-state=current]', { hasText: 'Given your QA years, why data engineering?' }).waitFor();
  await page.locator('[data-testid=workflow-step][data-state=current] .tag', { hasText: 'phrased' }).waitFor();
  const phrasing = asked(await requests(), 'You phrase the next question').at(-1);
  const phrasingText = phrasing.messages[1].content;
  assert.match(phrasingText, /Q: Which role are you applying for\?\nA: Data engineer/);
  assert.match(phrasingText, /Chat “My background”\nUser: I spent five years in QA at Acme\./);
  assert.match(phrasingText, /Why this role\?/);
  assert.doesNotMatch(phrasingText, /70k/, 'the dialogue step\'s own context is not the run\'s');

  // Step 3, round 1: the moderator's answer is not JSON; the round keeps the partner's reply
  // and trying again asks only the moderator.
  await answer(page, 'I love building pipelines.');
  await inputLabel(page, ': Tell me why we should hire you\\.');
  await mock('/admin/script', [side('What have you shipped?'), side('I think they should go on.')]);
  await answer(page, 'I ship reliable systems.');
  await says(page, 'workflow-failure', /^The moderator did not answer with JSON/);
  await page.locator('[data-testid=workflow-round-reply]', { hasText: 'What have you shipped?' }).waitFor();
  await mock('/admin/script', [decision('continue', 'Name one pipeline you built.', '')]);
  await page.click('[data-testid=workflow-retry]');
  await inputLabel(page, ': Name one pipeline you built\\.');
  assert.equal(asked(await requests(), 'You are the dialogue partner').length, 1, 'the partner was asked once');

  // Round 2: reloaded while the moderator decides; the round's message and reply were saved.
  await mock('/admin/script', [
    side('Solid. What broke first?'),
    decision('finish', '', 'too late', { first_token_delay_ms: 5_000 }),
  ]);
  await answer(page, 'The billing ETL.');
  await page.locator('[data-testid=workflow-round-reply]', { hasText: 'Solid. What broke first?' }).waitFor();
  await says(page, 'workflow-waiting', /^The moderator is deciding…$/);
  await mock('/admin/script', [decision('finish', '', 'Named a concrete pipeline and its failures.')]);
  await page.reload();
  await page.locator('[data-testid=app][data-ready=true]').waitFor();
  await openWorkflows(page);
  await says(page, 'workflow-run-status', /^In progress: 2 of 3 steps done$/);
  await page.click('[data-testid=workflow-run-open]');
  await page.locator('[data-testid=workflow-complete]').waitFor();
  assert.equal(await page.locator('[data-testid=workflow-round]').count(), 2);
  await page.locator('[data-testid=workflow-round-user]', { hasText: 'The billing ETL.' }).waitFor();
  await says(page, 'workflow-summary', /Named a concrete pipeline and its failures\./);
  await says(page, 'workflow-progress', /^Complete · 3 steps$/);
  const all = await requests();
  assert.equal(asked(all, 'You are the dialogue partner').length, 2, 'no round was asked twice');
  const lastDebate = asked(all, 'You are the dialogue partner').at(-1).messages;
  assert.ok(lastDebate.some((m) => m.content === 'What have you shipped?'), 'round 1 replayed into round 2');
  const background = lastDebate.map((m) => m.content).join('\n');
  assert.match(background, /## Chat “My background”\nUser: I spent five years in QA at Acme\./);
  assert.match(background, /## Chat “Salary notes”\nUser: I want at least 70k\./);
  assert.equal(asked(all, 'You moderate a dialogue step').length, 4);

  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL('workflow-run.png', DOCS_SCREENSHOTS).pathname, fullPage: true });
  await page.setViewportSize({ width: 375, height: 760 });
  await page.waitForFunction(() => document.getAnimations().length === 0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the run fits a phone (${overflow}px wider)`);
  await page.screenshot({ path: new URL('workflow-run-phone.png', DOCS_SCREENSHOTS).pathname });
  await page.setViewportSize({ width: 1280, height: 800 });

  const download = page.waitForEvent('download');
  await page.click('[data-testid=workflow-export-markdown]');
  const markdown = readFileSync(await (await download).path(), 'utf8');
  assert.match(markdown, /^# Interview practice\n/);
  assert.match(markdown, /\*\*Question:\*\* Given your QA years, why data engineering\?\n\n\*\*Answer:\*\* I love building pipelines\./);
  assert.match(markdown, /### Round 2\n\n\*\*Asked:\*\* Name one pipeline you built\.\n\n\*\*You:\*\* The billing ETL\./);
  assert.match(markdown, /Context: Chat “My background”/);

  // Continued as a chat: its first message holds the answers, and the next request has them.
  await page.click('[data-testid=workflow-continue-chat]');
  await page.locator('[data-testid=composer-input]').waitFor();
  await page.locator('[data-testid=message]', { hasText: 'This chat continues the workflow “Interview practice”' }).waitFor();
  await mock('/admin/script', [{ chunks: ['Practise failure stories.'] }]);
  await send(page, 'What should I practise next?');
  await assistantTextIs(page, 'Practise failure stories.');
  const chat = (await requests()).filter((r) => r.stream === true).at(-1);
  const contents = chat.messages.map((m) => m.content).join('\n');
  assert.match(contents, /A: Data engineer/);
  assert.match(contents, /Named a concrete pipeline and its failures\./);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a template drafted by the model from a goal, edited and saved; a bad draft is refused', async () => {
  await mock('/admin/reset', {});
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await openApp(context);
  await configureMockProvider(page);
  await openWorkflows(page);
  await mock('/admin/script', [side('```json\n' + JSON.stringify({
    name: 'Move abroad', description: 'Decide where and when.',
    steps: [
      { kind: 'question', title: 'Where', question: 'Which country?' },
      { kind: 'dialogue', title: 'Doubts', prompt: 'What worries you most?', max_rounds: 2 },
    ],
  }) + '\n```'), side('{"name":"Vote","steps":[{"kind":"ballot"}]}')]);
  await page.fill('[data-testid=workflow-goal]', 'Help me decide whether to move abroad');
  await page.click('[data-testid=workflow-draft]');
  await page.locator('[data-testid=workflow-editor]').waitFor();
  assert.equal(await page.inputValue('[data-testid=workflow-name]'), 'Move abroad');
  assert.equal(await page.locator('[data-testid=workflow-step-editor]').count(), 2);
  assert.equal(await page.locator('[data-testid=workflow-step-kind]').nth(1).inputValue(), 'dialogue');
  await page.fill('[data-testid=workflow-name]', 'Moving abroad');
  await page.click('[data-testid=workflow-save]');
  await says(page, 'workflow-feedback', /^Saved Moving abroad\.$/);
  await page.click('[data-testid=workflow-item-duplicate]');
  await page.locator('[data-testid=workflow-item-name]', { hasText: 'Moving abroad (copy)' }).waitFor();
  const download = page.waitForEvent('download');
  await page.locator('[data-testid=workflow-item]').first().locator('[data-testid=workflow-item-export]').click();
  const exported = JSON.parse(readFileSync(await (await download).path(), 'utf8'));
  assert.equal(exported.format, 'skein-workflow');
  assert.equal(exported.template.name, 'Moving abroad');
  assert.deepEqual(exported.template.steps.map((s) => s.kind), ['question', 'dialogue']);
  const goal = asked(await requests(), 'You design guided workflows').at(-1).messages[1].content;
  assert.match(goal, /Help me decide whether to move abroad/);

  await page.fill('[data-testid=workflow-goal]', 'Run a vote');
  await page.click('[data-testid=workflow-draft]');
  await says(page, 'workflow-feedback', /^The model's draft cannot be used: Step 1 is of a kind Skein does not know \(“ballot”\)/);
  assert.equal(await page.locator('[data-testid=workflow-item]').count(), 2);
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL('workflows.png', DOCS_SCREENSHOTS).pathname });
  assert.deepEqual(page.errors, []);
  await context.close();
});
