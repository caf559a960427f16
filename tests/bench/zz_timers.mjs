import { chromium } from 'playwright-core';
import { serveStatic } from '../e2e/static_server.mjs';
import { App } from './app_figures.mjs';
const env = (n) => process.env[n];
const browser = await chromium.launch({ executablePath: env('CHROMIUM'), headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'] });
const server = await serveStatic(env('SKEIN_DIST_DIR'), env('SKEIN_PUBLIC_PATH'));
const app = new App(browser, `http://127.0.0.1:${server.port}${env('SKEIN_PUBLIC_PATH')}`, env('SKEIN_MOCK_URL'));
await app.mock('/admin/reset', {});
const { context, page } = await app.open([]);
await app.stream(page, 500, 200);
await page.click('[data-testid=new-chat-button]');
const mode = process.argv[2] ?? 'app';
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.stack', 'v8.execute', 'disabled-by-default-devtools.timeline.invalidationTracking'] });
const r = mode === 'bare' ? await app.bareFetch(page, 2000, 200) : await app.stream(page, 2000, 200);
console.log(mode, JSON.stringify(r));
const trace = JSON.parse((await browser.stopTracing()).toString());
const all = trace.traceEvents ?? trace;
const mains = new Set(all.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
const main = all.filter((e) => mains.has(`${e.pid}:${e.tid}`));
const installs = new Map();
for (const e of main.filter((e) => e.name === 'TimerInstall')) {
  const st = e.args?.data?.stackTrace ?? [];
  const key = st.slice(0, 3).map((f) => `${f.functionName}@${(f.url || '').split('/').at(-1)}`).join(' < ') + ` timeout=${e.args?.data?.timeout}`;
  installs.set(key, (installs.get(key) ?? 0) + 1);
}
console.log('timer installs:'); for (const [k, v] of [...installs].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(v, k);
// Top-level tasks by what they contain first
const tasks = main.filter((e) => e.name === 'RunTask' && e.ph === 'X');
let total = 0; for (const t of tasks) total += t.dur;
console.log('RunTask', tasks.length, (total / 1000).toFixed(1), 'ms');
// attribute each RunTask to its first child event name
const kids = main.filter((e) => e.ph === 'X' && e.name !== 'RunTask').sort((a, b) => a.ts - b.ts);
const byKind = new Map();
let k = 0;
for (const t of tasks.sort((a, b) => a.ts - b.ts)) {
  while (k < kids.length && kids[k].ts < t.ts) k++;
  const child = kids[k] && kids[k].ts < t.ts + t.dur ? kids[k] : null;
  let name = child ? child.name : '(none)';
  if (child?.name === 'FunctionCall') name += ' ' + (child.args?.data?.functionName || '') + '@' + (child.args?.data?.url || '').split('/').at(-1);
  if (child?.name === 'EventDispatch') name += ' ' + child.args?.data?.type;
  const [ms, c] = byKind.get(name) ?? [0, 0];
  byKind.set(name, [ms + t.dur / 1000, c + 1]);
}
console.log('tasks by first child:'); for (const [n, [ms, c]] of [...byKind].sort((a, b) => b[1][0] - a[1][0]).slice(0, 25)) console.log(ms.toFixed(1).padStart(8), c, n);
const ult = main.filter((e) => e.name === 'UpdateLayoutTree' && e.ph === 'X');
console.log('UpdateLayoutTree elementCount', ult.slice(0, 40).map((e) => `${(e.dur/1000).toFixed(1)}:${e.args?.elementCount}`).join(' '));
const lay = main.filter((e) => e.name === 'Layout' && e.ph === 'X');
console.log('Layout', lay.slice(0, 30).map((e) => `${(e.dur/1000).toFixed(1)}:${e.args?.beginData?.dirtyObjects}/${e.args?.beginData?.totalObjects}:${e.args?.beginData?.partialLayout}`).join(' '));
const inv = new Map();
for (const e of main.filter((e) => /Invalidation/.test(e.name))) { const d = e.args?.data ?? {}; const key = `${e.name} ${d.reason ?? ''} ${d.nodeName ?? ''} ${JSON.stringify(d.invalidationList ?? '').slice(0, 80)}`; inv.set(key, (inv.get(key) ?? 0) + 1); }
console.log('invalidations:'); for (const [k2, v] of [...inv].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(v, k2);
await context.close(); await browser.close(); await server.close();
