// `node tests/bench/profile.mjs cold|stream`: where the time of one benchmark figure goes, for
// the "what the profile shows" of BENCHMARKS.md. Not part of `cargo xtask bench` (a sampling
// profiler slows what it watches); run it against a release `dist`, best one built with
// `SKEIN_WASM_NAMES=1 cargo xtask dist` so wasm functions have their names.
//
//   cold    reloads the app with 1,000 stored conversations: the moments on the way to a usable
//           composer (files fetched, first list row, ready) and a CPU profile of the reload
//   stream  4,000 tokens at 200/s into the 500-message conversation: a CPU profile and the
//           DevTools trace's main-thread time by event (script, style, layout, paint…), and
//           the same trace streaming into an empty conversation
//   stream-cost  the streaming figure alone, measured as `cargo xtask bench` does
//
// Environment: SKEIN_DIST_DIR, SKEIN_PUBLIC_PATH, SKEIN_MOCK_URL (a running mock provider),
// CHROMIUM, BENCH_FIXTURES_DIR (`skein-bench fixtures`).

import { chromium } from 'playwright-core';
import { join } from 'node:path';
import { serveStatic } from '../e2e/static_server.mjs';
import { App } from './app_figures.mjs';

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

/// Self time by function (wasm functions by name when the build kept them), the top `count`.
function selfTimes(profile, count = 30) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id).callFrame;
    const file = frame.url.split('/').at(-1);
    const key = `${frame.functionName || '(anonymous)'} ${file}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
  return { totalMs: total, rows: rows.map(([name, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${name}`) };
}

async function profiled(page, work) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const result = await work();
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.detach();
  return { result, profile };
}

/// Main-thread time by trace event name over `work` (each event's whole duration: a task
/// contains the events inside it).
async function traced(browser, page, work) {
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  const result = await work();
  const trace = JSON.parse((await browser.stopTracing()).toString());
  const all = trace.traceEvents ?? trace;
  // The renderers' main threads (the page's, whichever process it is in).
  const mains = new Set(all.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`));
  const byName = new Map();
  for (const e of all.filter((e) => e.ph === 'X' && e.dur && mains.has(`${e.pid}:${e.tid}`))) {
    const [ms, count] = byName.get(e.name) ?? [0, 0];
    byName.set(e.name, [ms + e.dur / 1000, count + 1]);
  }
  const rows = [...byName.entries()].sort((a, b) => b[1][0] - a[1][0]).slice(0, 20)
    .map(([name, [ms, count]]) => `${ms.toFixed(1).padStart(8)} ms  ${name} (${count}×)`);
  return { result, rows };
}

async function cold(app, browser) {
  const { context, page } = await app.open([join(env('BENCH_FIXTURES_DIR'), 'many-1000.json')]);
  const moments = () => page.evaluate(() => {
    const resources = performance.getEntriesByType('resource')
      .map((r) => `${r.responseEnd.toFixed(1).padStart(8)} ms  fetched ${r.name.split('/').at(-1)} (started ${r.startTime.toFixed(1)})`);
    return [...resources, `${window.__bench.usableAt.toFixed(1).padStart(8)} ms  composer usable`];
  });
  for (let run = 0; run < 3; run += 1) await app.coldStart(page);
  console.log('cold start, moments of the last of 3 reloads:');
  console.log((await moments()).join('\n'));
  const { profile } = await profiled(page, () => app.coldStart(page));
  const times = selfTimes(profile);
  console.log(`\nCPU profile of one reload (${times.totalMs.toFixed(0)} ms sampled), self time:`);
  console.log(times.rows.join('\n'));
  const { rows } = await traced(browser, page, () => app.coldStart(page));
  console.log('\nmain-thread trace events of one reload:');
  console.log(rows.join('\n'));
  await context.close();
}

async function stream(app, browser) {
  const { context, page } = await app.open([join(env('BENCH_FIXTURES_DIR'), 'long-500.json')]);
  await app.openConversation(page, 'long500');
  await app.stream(page, 500, 200);
  const { profile } = await profiled(page, () => app.stream(page, 2_000, 200));
  const times = selfTimes(profile, 40);
  console.log(`CPU profile of 2,000 tokens into 500 messages (${times.totalMs.toFixed(0)} ms sampled), self time:`);
  console.log(times.rows.join('\n'));
  const { rows } = await traced(browser, page, () => app.stream(page, 2_000, 200));
  console.log('\nmain-thread trace events of 2,000 tokens into 500 messages:');
  console.log(rows.join('\n'));
  await page.click('[data-testid=new-chat-button]');
  const empty = await traced(browser, page, () => app.stream(page, 2_000, 200));
  console.log('\nthe same into an empty conversation:');
  console.log(empty.rows.join('\n'));
  await context.close();
}

/// The streaming figure alone, as `cargo xtask bench` measures it (for trying a change quickly).
async function streamCost(app) {
  const { context, page } = await app.open([join(env('BENCH_FIXTURES_DIR'), 'long-500.json')]);
  await app.openConversation(page, 'long500');
  const long = [];
  for (let run = 0; run < 3; run += 1) long.push((await app.stream(page, 4_000, 200)).busyMsPerToken);
  await page.click('[data-testid=new-chat-button]');
  const empty = (await app.stream(page, 4_000, 200)).busyMsPerToken;
  const bare = (await app.bareFetch(page, 4_000, 200)).busyMsPerToken;
  const bareWorker = (await app.bareWorkerFetch(page, 4_000, 200)).busyMsPerToken;
  const longMs = long.sort((a, b) => a - b)[1];
  console.log(`busy per token: 500 messages ${long.map((ms) => ms.toFixed(3)).join(', ')} ms (median ${longMs.toFixed(3)}); `
    + `empty ${empty.toFixed(3)} ms; bare reader ${bare.toFixed(3)} ms, in the worker ${bareWorker.toFixed(3)} ms`);
  console.log(`own cost: ${(longMs - bare).toFixed(3)} ms per token into 500 messages, ${(empty - bare).toFixed(3)} ms into an empty one `
    + `(${((longMs - bare) / (empty - bare)).toFixed(2)}x); over the worker's floor: ${(longMs - bareWorker).toFixed(3)} and `
    + `${(empty - bareWorker).toFixed(3)} ms (${((longMs - bareWorker) / (empty - bareWorker)).toFixed(2)}x)`);
  await context.close();
}

const modes = { cold, stream, 'stream-cost': streamCost };
const which = process.argv[2];
if (!modes[which]) throw new Error(`usage: profile.mjs ${Object.keys(modes).join('|')}`);
const browser = await chromium.launch({
  executablePath: env('CHROMIUM'),
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
});
const server = await serveStatic(env('SKEIN_DIST_DIR'), env('SKEIN_PUBLIC_PATH'));
try {
  const app = new App(browser, `http://127.0.0.1:${server.port}${env('SKEIN_PUBLIC_PATH')}`, env('SKEIN_MOCK_URL'));
  await app.mock('/admin/reset', {});
  await modes[which](app, browser);
} finally {
  await browser.close();
  await server.close();
}
