// `cargo xtask bench`, the browser half: measures every figure of issue 9 that runs in Chromium
// (bundle, the app's streaming, opening, persistence and cold start, and the engine-as-wasm
// against JavaScript libraries on the bench page), joins the native figures xtask measured, and
// writes BENCHMARKS.md.
//
// Environment (set by `cargo xtask bench`): SKEIN_DIST_DIR, SKEIN_PUBLIC_PATH, SKEIN_MOCK_URL,
// CHROMIUM, BENCH_PAGE_DIR, BENCH_FIXTURES_DIR, BENCH_NATIVE_JSON, BENCH_OUT, BENCH_COMMAND.

import { chromium } from 'playwright-core';
import { readFileSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { cpus, totalmem, release } from 'node:os';
import { serveStatic } from '../e2e/static_server.mjs';
import { App, median } from './app_figures.mjs';
import { syncFigures } from './sync_figures.mjs';
import { killFigures } from './kill_figures.mjs';
import { write } from './report.mjs';

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the benchmarks with \`cargo xtask bench\``);
  return value;
};
const log = (text) => console.log(`bench: ${text}`);

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/// A module the app fetches on first use, not at start: `split_<group>.wasm` (a screen, or the
/// code that writes answers) and `chunk_<n>.wasm` (code two of those share), see
/// xtask/src/split.rs. The e2e suite checks that none is fetched at start.
const LAZY = /(^|\/)(split_[a-z_]+|chunk_[0-9]+)\.wasm$/;

/// The first screen on a returning visit: the saved screen's script (xtask/assets/shell.js) and
/// the stylesheet it is drawn with.
const FIRST_SCREEN = /(^|\/)(shell-[0-9a-f]+\.js|[^/]+\.css)$/;

/// Figure 1: what the browser downloads to show and use a conversation, and what it fetches
/// later, on first use. The interface's words are one fetched file, the chosen language's: the
/// English one is counted (another language's file stands in its place, not beside it). On a
/// returning visit the first screen needs only its script and the stylesheet; on a new visit
/// (nothing saved) the app is the first screen, so it needs every file but the lazy modules.
function bundle(dist) {
  const parts = files(dist).filter((f) => (/\.(wasm|js|css)$/.test(f) && !f.endsWith('service-worker.js'))
    || f.endsWith('locales/en.ftl'));
  const sizes = parts.map((path) => {
    const bytes = readFileSync(path);
    const file = path.slice(dist.length + 1);
    return {
      file,
      lazy: LAZY.test(file),
      screen: FIRST_SCREEN.test(file),
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  });
  const total = (list, key) => list.reduce((sum, s) => sum + s[key], 0);
  const sum = (list) => ({ raw: total(list, 'raw'), gzip: total(list, 'gzip'), brotli: total(list, 'brotli') });
  const first = sizes.filter((s) => !s.lazy);
  return {
    files: sizes, ...sum(first), lazy: sizes.filter((s) => s.lazy), all: sum(sizes),
    screen: sum(sizes.filter((s) => s.screen)), app: sum(first.filter((s) => !s.screen)),
  };
}

async function pageFigures(browser, pageDir, runs) {
  const server = await serveStatic(pageDir, '/');
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`http://127.0.0.1:${server.port}/index.html`);
  await page.waitForFunction(() => window.bench);
  await page.evaluate(() => window.bench.ready());
  const call = (name, ...args) => page.evaluate(([name, args]) => window.bench[name](...args), [name, args]);
  log('SSE decode (wasm and eventsource-parser + JSON.parse)');
  const sse = await call('sse', runs);
  log('Markdown (wasm and marked)');
  const markdown = await call('markdown', runs);
  const retrieval = {};
  for (const [count, dimension] of [[10_000, 384], [100_000, 384], [10_000, 1_536], [100_000, 1_536]]) {
    log(`cosine top 10 over ${count} x ${dimension}`);
    retrieval[`${count}x${dimension}`] = await call('retrieval', runs, count, dimension);
  }
  log('BM25 and request assembly');
  const bm25 = await call('bm25', runs);
  const assembly = await call('assembly', runs);
  log('a knowledge question against 100,000 chunks');
  const knowledge = await call('knowledge', runs);
  await page.close();
  await server.close();
  if (errors.length) throw new Error(`bench page errors: ${errors.join('; ')}`);
  return { sse, markdown, retrieval, bm25, assembly, knowledge };
}

/// The runs in which the screen saved on the last visit was painted, and their median time.
function painted(times) {
  const runs = times.filter((t) => t !== null);
  return { firstScreenMs: runs.length ? median(runs) : null, firstScreenRuns: runs.length, runs: times.length };
}

async function appFigures(browser, appUrl, mockUrl, fixtures) {
  const app = new App(browser, appUrl, mockUrl);
  await app.mock('/admin/reset', {});

  log('streaming 4,000 tokens at 200/s into a 500-message conversation (3 runs)');
  let { context, page } = await app.open([join(fixtures, 'long-500.json')]);
  await app.openConversation(page, 'long500');
  const streams = [];
  for (let run = 0; run < 3; run += 1) streams.push(await app.stream(page, 4_000, 200));
  // The same stream after the reader has read the conversation up to its start and come back.
  log('… and once after scrolling to the first message and back');
  const readBackInPage = await app.readToStartAndBack(page);
  const readBack = { ...(await app.stream(page, 4_000, 200)), inPage: readBackInPage };
  // The same stream into an empty conversation: the comparison measured in this run.
  await page.click('[data-testid=new-chat-button]');
  const emptyStream = await app.stream(page, 4_000, 200);
  const bare = await app.bareFetch(page, 4_000, 200);
  const bareWorker = await app.bareWorkerFetch(page, 4_000, 200);
  await context.close();

  // Opening varies a lot run to run here (90 to 380 ms for 2,000 messages): nine runs each.
  log('opening a 2,000-message conversation (9 runs)');
  ({ context, page } = await app.open([join(fixtures, 'long-2000.json'), join(fixtures, 'long-500.json')]));
  const opens = [];
  const opensShort = [];
  const memories = [];
  for (let run = 0; run < 9; run += 1) {
    await app.coldStart(page);
    opens.push(await app.openConversation(page, 'long2000'));
    memories.push(await app.memory(page));
    await app.coldStart(page);
    opensShort.push(await app.openConversation(page, 'long500'));
  }
  await context.close();

  log('cold start with 1,000 conversations (9 runs; the import takes a while)');
  ({ context, page } = await app.open([join(fixtures, 'many-1000.json')]));
  const starts = [];
  const firstScreens = [];
  for (let run = 0; run < 9; run += 1) {
    starts.push(await app.coldStart(page));
    firstScreens.push(await app.firstScreenAt(page));
  }
  await context.close();
  ({ context, page } = await app.open([]));
  const emptyStarts = [];
  for (let run = 0; run < 9; run += 1) emptyStarts.push(await app.coldStart(page));
  await context.close();

  log('first visit against repeat visit (service worker warm), 9 runs');
  const visits = await app.visits(9);

  log('a browser killed mid-answer, 16 times (half of them without the stream journal)');
  const kills = await killFigures(LAUNCH, app, 16);

  log('sync: 10,000 messages sent by one browser and received by another (one run each)');
  const sync = await syncFigures(app.browser, appUrl, mockUrl, join(fixtures, 'sync-10000.json'));

  const pick = (list, key) => median(list.map((r) => r[key]));
  return {
    stream: {
      busyMsPerToken: pick(streams, 'busyMsPerToken'),
      longTasks: pick(streams, 'longTasks'),
      longestTaskMs: pick(streams, 'longestTaskMs'),
      dropped: pick(streams, 'dropped'),
      frames: pick(streams, 'frames'),
      elapsedMs: pick(streams, 'elapsedMs'),
      writes: pick(streams, 'writes'),
      writeMs: pick(streams, 'writeMs'),
      // The worst of the runs.
      minGapMs: streams.some((r) => r.minGapMs == null) ? null : Math.min(...streams.map((r) => r.minGapMs)),
      stores: streams[0].stores,
      empty: emptyStream,
      readBack,
      bareFetch: bare,
      bareWorker,
    },
    open: {
      ms: median(opens),
      minMs: Math.min(...opens),
      maxMs: Math.max(...opens),
      runsMs: opens,
      shortMs: median(opensShort),
      jsHeapMb: pick(memories, 'jsHeapMb'),
      wasmMb: pick(memories, 'wasmMb'),
    },
    coldStart: { ms: median(starts), emptyMs: median(emptyStarts), ...painted(firstScreens) },
    visits,
    sync,
    kills,
  };
}

const started = Date.now();
const runs = Number(process.env.BENCH_RUNS ?? 7);
const LAUNCH = {
  executablePath: env('CHROMIUM'),
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
};
const browser = await chromium.launch(LAUNCH);
const dist = env('SKEIN_DIST_DIR');
const server = await serveStatic(dist, env('SKEIN_PUBLIC_PATH'));
const appUrl = `http://127.0.0.1:${server.port}${env('SKEIN_PUBLIC_PATH')}`;
try {
  const results = {
    bundle: bundle(dist),
    // The embeddable package (`cargo xtask dist --embed`): what a page importing it downloads.
    embed: bundle(env('BENCH_EMBED_DIR')),
    // BENCH_ONLY=app skips the bench page (while working on the app figures).
    page: process.env.BENCH_ONLY === 'app' ? null : await pageFigures(browser, env('BENCH_PAGE_DIR'), runs),
    app: await appFigures(browser, appUrl, env('SKEIN_MOCK_URL'), env('BENCH_FIXTURES_DIR')),
    native: readFileSync(env('BENCH_NATIVE_JSON'), 'utf8').trim().split('\n').map((line) => JSON.parse(line)),
    machine: {
      cpu: `${cpus()[0]?.model ?? 'unknown'} (${cpus().length} cores)`,
      memory: `${Math.round(totalmem() / 2 ** 30)} GiB`,
      os: `Linux ${release()}`,
      browser: `Chromium ${browser.version()} (headless)`,
      node: process.version,
    },
    runs,
    command: env('BENCH_COMMAND'),
    date: new Date().toISOString().slice(0, 10),
    minutes: 0,
  };
  // xtask passes when the whole command started (builds included).
  results.minutes = (Date.now() - Number(process.env.BENCH_STARTED_MS ?? started)) / 60_000;
  writeFileSync(join(dirname(env('BENCH_NATIVE_JSON')), 'results.json'), JSON.stringify(results, null, 2));
  // The figures of the round before, shown beside this run's (`before.json`, by figure id).
  const before = JSON.parse(readFileSync(new URL('./before.json', import.meta.url), 'utf8'));
  if (results.page) writeFileSync(env('BENCH_OUT'), write(results, before));
  log(`wrote ${env('BENCH_OUT')}`);
} finally {
  await browser.close();
  await server.close();
}
