// BENCHMARKS.md from one run's results: each figure with its target, the comparison measured in
// the same run, and whether the target is met (by how much it is missed, and what the profile
// showed, where it is not).

/// What the profile showed for a missed target, and what would fix it. Kept here, next to the
/// figures, so the file never claims more than the last run measured.
const ANALYSIS = {
  bundle: 'New on 2026-12-07: a returning visit no longer waits for the app to show its first '
    + 'screen. A plain script of a few KB (xtask/assets/shell.js) saves a copy of the chat screen '
    + 'when the tab is hidden, if it shows the conversation the app opens at start, and paints it '
    + 'on the next visit before the app\'s code has loaded; its composer takes text, which the app '
    + 'is handed (and sends, if it was sent there) once it has started. So a returning visit\'s '
    + 'first download is that script and the stylesheet (the row above), and the app loads behind '
    + 'a screen the user can read and type into. A new visit has nothing saved (nor does a visit '
    + 'after the settings, another conversation or a temporary chat was left on screen): there the '
    + 'app itself is still the first screen, and this row is what it downloads. The copy costs '
    + 'the app\'s own start a little: it is built and laid out before the app\'s code runs. On '
    + '2026-12-07, reloads with 1,000 stored conversations, with and without a copy in turn, in '
    + 'one session: with a copy of 30 messages and 60 rows of the list (10 pairs) the app\'s '
    + 'composer was usable at 234 ms (median) against 171 ms without a copy; with 10 messages and '
    + '30 rows (kept; 9 pairs) at 207 ms against 164 ms, the copy painted at 67 ms. So the copy '
    + 'holds about a screen. '
    + '`cargo xtask dist` splits the wasm (xtask/src/split.rs: `wasm-split-cli` between '
    + 'cargo and wasm-bindgen) at four points, each module precached by the service worker: '
    + 'Settings, Workflows, the chat\'s panels and its export (src/split/screens.rs), fetched the '
    + 'first time one of them is used; the code that writes answers (src/split/generation.rs: '
    + 'every chat action and the prompt inspector\'s dry run, with prompt assembly, retrieval, '
    + 'the request builders, the stream decoders, the tool loop, the tools and the MCP client), '
    + 'fetched when the user starts typing a question; sync (src/split/sync.rs); and math and '
    + 'syntax highlighting (src/split/markup.rs: the TeX reader, its MathML view and the '
    + 'highlighter), fetched when the Markdown view first draws a formula or a code block, which '
    + 'show their TeX source and plain code until then. Code two of them need goes into shared '
    + 'chunks. Changed on 2026-12-07: math and highlighting left the first module (9 KB off the '
    + 'first download, 557 KB in the run before; the module itself is 14 KB, part of it code the '
    + 'first module keeps as well), then the chat\'s export and the workflow screen\'s reading '
    + 'of its lists moved into the screens\' module (21 KB off: the export\'s Markdown and JSON '
    + 'writers and the workflow templates\' serde readers). Opening the 2,000-message '
    + 'conversation with the bench\'s own `openConversation`, alternating the build before these '
    + 'changes and after them in one session, nine opens each: median 166.7 against 147.6 ms, '
    + 'slowest 188.6 against 178.6 ms, so drawing the code blocks and formulas again once their '
    + 'module is there does not slow the open. A size profile of the first module on 2026-12-07 '
    + '(function bodies by the crate whose code they are, generic code counted where it is '
    + 'defined; names kept with `SKEIN_WASM_NAMES=1`, after wasm-opt; 1.36 MB of code and '
    + '0.20 MB of data, 479 KB brotli of the first download\'s 528): the standard library\'s '
    + 'generic code 0.26 MB; Leptos (tachys, reactive_graph, leptos) 0.29 MB; the engine 0.18 MB '
    + '(Markdown 44 KB; the temporary-chat store\'s methods 35 KB and the IndexedDB store\'s '
    + 'about as much, every method kept because the service reaches the store through a trait '
    + 'object; the message parts\' serde readers 35 KB); the app 0.17 MB, 54 KB of it one '
    + 'closure holding the root view; serde 0.10 MB; blanket trait impls 77 KB; the components '
    + '62 KB; the platform 42 KB; pulldown-cmark 28 KB. wasm-opt passes beyond `-Oz` (a second '
    + '`-Oz`, `--converge`, `--gufa`, `--flatten --rereloop`) took at most 1.4 % more off the '
    + 'module. For the target the first module would have to come down to about 200 KB brotli, '
    + '42 % of its size, while Leptos and the generic code alone are 35 % of it and nearly all '
    + 'the rest draws and stores a conversation: the target needs a smaller view layer, not more '
    + 'splitting.',
  // `stream` is written from the run's own figures (see below).
  sse_openai: 'The common chunk of each protocol (a text delta) is read by a small strict '
    + 'scanner (wire/src/json_scan.rs) instead of serde\'s generic code; serde still reads every '
    + 'other shape, and a test checks the two agree on generated and recorded chunks. The stream '
    + 'loop reuses one event list, one delta list and the events\' buffers, the repeated model '
    + 'name is passed on once, and lines are found with `memchr` (SIMD128). New in this round: '
    + 'the SSE decoder and the scanner are their own crate, `skein-wire`, which the release '
    + 'profile compiles for speed (opt-level 3) while the rest stays at "z" (in Node on the same '
    + 'build, 0.58 to 0.72 times the JavaScript time, against 0.74 to 0.94 before; the whole '
    + 'engine at opt-level 3 reached 0.43 to 0.54 but added 47 KB brotli to the first download, '
    + 'and at "s" 26 KB). The decoders are in the module that writes answers '
    + '(src/split/generation.rs), so the first download does not grow. The figure is taken after '
    + 'ten warm-up runs of every protocol on both sides. Until 2026-12-06 each protocol was '
    + 'warmed just before it was timed, and OpenAI, timed first, still caught V8 moving the '
    + 'decoder and scanner the three share to its optimising compiler: 0.87 times the '
    + 'JavaScript time in a first pass and 0.57 in the next two, on the same build.',
};
ANALYSIS.assembly_wasm = 'This figure moved between 0.9 and 4.4 ms across runs on this 2-core '
  + 'machine (the native one between 0.7 and 1.1 ms; 4.4 ms on 2026-12-06, a run whose other '
  + 'wasm figures were slower too, on unchanged request-assembly code), so it is at the target '
  + 'rather than clearly under it; it runs after the 100,000 × 1,536 search has grown the wasm memory to '
  + 'about 700 MB, which may explain part of the spread (not verified). The work itself is the branch walk, the '
  + 'summary check and serialising the 40-message window; most of the 10,000 messages are '
  + 'only looked at, not copied. Changed on 2026-12-07: the conversation tree keeps each '
  + 'message\'s parent by its place (engine/src/domain/tree.rs), so walking the branch to its '
  + 'root hashes no ID per step; timed natively with the bench\'s own workload, the walk took 0.72 '
  + 'of the 0.95 ms the whole assembly took, and 0.024 of 0.27 ms after.';
ANALYSIS.cos_100000x384 = 'At 100,000 vectors the search streams 150 MB (384 dimensions) or '
  + '600 MB (1,536) of f32 through the CPU per query, and the JavaScript loop reads the same '
  + 'memory: the ratio follows the machine\'s memory bandwidth more than the code. The same code '
  + 'measured 2.85× (384) and 2.24× (1,536) on the AMD EPYC machine of the 2026-12-02 run; here '
  + 'its native figures are about twice that run\'s too (see the native table). Not profiled '
  + 'further on this machine.';
ANALYSIS.cos_100000x1536 = ANALYSIS.cos_100000x384;
ANALYSIS.sse_anthropic = ANALYSIS.sse_openai;
ANALYSIS.sse_gemini = ANALYSIS.sse_openai;

/// The opening figure's analysis, from this run's nine openings.
function openAnalysis(o) {
  const runs = (o.runsMs ?? []).map((v) => Math.round(v));
  const slow = runs.filter((v) => v >= 300);
  return `The nine runs took ${runs.join(', ')} ms: ${slow.length} of them over 300 ms, the `
    + `median ${ms(o.ms)}. Only the latest 40 messages are put in the page when a conversation `
    + 'opens (`render::window`), so what remains is reading the branch from IndexedDB and the '
    + 'rendering of those 40; the slow runs have not been profiled.';
}

/// The streaming figure's analysis, from this run's numbers, the DevTools traces of
/// `node tests/bench/profile.mjs stream` and `profile.mjs stream-cost` (2026-12-06 and -07).
function streamAnalysis(s) {
  const own = s.busyMsPerToken - s.bareWorker.busyMsPerToken;
  const longer = s.busyMsPerToken - s.empty.busyMsPerToken;
  const literal = s.busyMsPerToken - s.bareFetch.busyMsPerToken;
  return 'Since 2026-12-06 the app sends provider requests and reads their streams in a dedicated '
    + 'worker (`platform/src/batched_body.js`), which posts the bytes to the page in batches: the '
    + 'page\'s thread no longer handles a task per network chunk. The issue measures Skein\'s own '
    + 'cost as the busy time minus a bare `fetch` reader\'s on the page; that reader does work the '
    + 'app no longer does on the page, so the difference '
    + `(${literal.toFixed(3)} ms) understates what Skein spends there. The figure judged here `
    + 'subtracts instead the floor of the path the app uses: the same stream read by the app\'s own '
    + 'worker module with the app\'s batch window, its batches posted to the page and dropped '
    + `(${s.bareWorker.busyMsPerToken.toFixed(3)} ms per token, mostly the frames the bench's own `
    + '`requestAnimationFrame` counter asks for). Against it Skein spends '
    + `${own.toFixed(3)} ms per token, of which ${longer.toFixed(3)} ms appear only in the `
    + '500-message conversation. The long thread\'s own cost against the empty one\'s, '
    + `${ratio(own, s.empty.busyMsPerToken - s.bareWorker.busyMsPerToken)} in this run, was 1.17×, 1.20×, `
    + '1.27× and 1.29× in four `profile.mjs stream-cost` runs of the same build on 2026-12-07: it '
    + 'is not reliably under the 1.1× target. '
    + 'The first screen (later on 2026-12-07, figure 1) does nothing while a stream is read: no copy '
    + 'is painted in these pages, the script only listens for the tab being hidden, and the app\'s '
    + 'root gains attributes that change with the conversation, not with its text. '
    + '`profile.mjs stream-cost` alternating the build before it and after it, same session, on an '
    + 'AMD EPYC machine: busy 0.726 and 0.833 ms per token into 500 messages before, 0.804 and 0.820 '
    + 'after; 0.655 and 0.701 ms into an empty one before, 0.688 and 0.735 after: within the spread '
    + 'of the same build. '
    + 'Changed on 2026-12-07: the worker posts every 83 ms, the interval at which the screen shows new '
    + 'text (`PUBLISH_INTERVAL_MS`), instead of every 40 ms: each batch wakes wasm and runs the '
    + 'engine\'s work for it, and text that comes more often waits for the screen anyway. '
    + '`profile.mjs stream-cost` on the build before and the same build with only the window changed, '
    + 'same session: busy 0.734 against 0.679 ms per token into 500 messages, 0.645 against 0.582 ms '
    + 'into an empty one. Changed on 2026-12-06: the worker; a 40 ms window (was 16 ms); the '
    + 'coalescer hands on all that one batch brought as one piece, and deadlines 8 ms away or less '
    + 'are met at once; the publisher clears its timer when an update goes first (busy 0.945 against '
    + '0.69 ms per token into 500 messages, 0.855 against 0.58 ms into an empty one, same machine). '
    + `This run's bare page reader took ${s.bareFetch.busyMsPerToken.toFixed(3)} ms per token; on `
    + '2026-12-07 the same reader took between 0.242 and 0.378 ms in runs minutes apart, so only '
    + 'comparisons within one session tell what a change did. '
    + 'What is left (profiled on the build before the window change): a CPU profile of 2,000 tokens '
    + 'into 500 messages samples about 1,360 ms busy, '
    + 'of which about 1,000 ms is the browser\'s own work (style, layout, paint, commit, the posted '
    + 'messages) and about 300 ms script and wasm, no function of the app\'s glue or wasm over 15 ms. What the long '
    + 'thread adds, from the traces of 2,000 tokens into each conversation in one page: 210 ms in '
    + 'all, of which paint, pre-paint and layerize 67 ms, garbage collection 27 ms (two major '
    + 'collections against one), the browser\'s visibility checks for `content-visibility: auto` '
    + '18 ms and layout 13 ms. '
    + 'Where the rest goes, measured later on 2026-12-07 (own cost over the worker floor per token, '
    + '2,000-token streams into the 500 messages, rules added to the page\'s styles or the view '
    + 'moved, alternated in one session): with the reader\'s view held still, the question at the '
    + 'top of the screen and the answer growing below it, 0.469, 0.303 and 0.330 ms against 0.317, '
    + '0.342 and 0.281 ms following the newest text, so text moving up is not the cost; with the '
    + 'answer 4,000 px below the screen (the reader scrolled up), 0.141, 0.154 and 0.102 ms. Only '
    + 'the last six messages displayed: 0.331 against 0.351 ms; no scrollers in code blocks and '
    + 'tables: 0.350; the sidebar contained, the list hidden, `contain: content` on messages or on '
    + 'Markdown blocks: all within the spread. So the long thread\'s extra cost over the empty '
    + 'one is not the other messages in the page; these runs do not say what it is. What costs is the answer itself being drawn where '
    + 'the reader sees it: the trace of 2,000 tokens against the worker floor\'s shows about 120 '
    + 'updates costing 5 to 6 ms each (paint 134 ms, pre-paint 75, layout 90, commit 59, layerize '
    + '41, style 21; script and wasm about 270 ms with the posted batches), the browser rasterising '
    + 'in software here. 0.2 ms per token at 200 tokens a second leaves 40 ms a second, about 3 ms '
    + 'per update at the 12 updates a second the screen shows. '
    + 'Changed later on 2026-12-07: messages far above the screen leave the page again once the '
    + 'reader is back down (`render::window::MessageWindow::release`, components/src/page_window.rs), '
    + 'and newer ones while the reader is far above them. '
    + 'Before, every message the reader had scrolled past stayed, and the browser\'s per-frame work '
    + 'grew with them: streaming after reading the 500 messages up to the first and back cost 0.673 '
    + 'and 0.588 ms per token with 504 messages in the page, against 0.310 and 0.242 ms freshly '
    + 'opened; with the change, 0.359 and 0.293 ms against 0.362 and 0.347 ms, 40 messages left in '
    + 'the page (a row of figure 2 measures it in each run). '
    + 'Tried on 2026-12-07 by editing the built stylesheet, each against the unchanged build '
    + 'in the same session: without `content-visibility: auto` on messages, 0.948 against 0.679 ms '
    + 'into 500 messages (every message in the page laid out and painted: kept); `contain: strict` '
    + 'on the scroller, no change (0.592 against 0.592 ms); the streaming message without '
    + '`content-visibility`, within the noise (0.547 and 0.620 against 0.573 ms). Earlier attempts: '
    + 'an ordinary scroller kept at its end instead of the reversed one (0.584 against 0.548 ms, not '
    + 'kept), and a 40 ms window alone, without the coalescer change (no change: the coalescer set a '
    + 'timer per batch anyway). Tried later on 2026-12-07: the unfinished tail drawn block by block, '
    + 'a growing list or table item by item or row by row, so an update builds again only what '
    + 'changed: 0.433 against 0.438 ms own per token (median of four 2,000-token streams into the '
    + '500 messages each, the two builds alternated in one session), not kept. A CPU profile of '
    + '2,000 tokens into the 500 messages on the same day: the browser\'s own work ("program") '
    + '1,344 ms against 1,070 ms into an empty conversation, no script or wasm function over '
    + '50 ms.';
}

const ms = (value) => (value === null || value === undefined ? 'n/a' : `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`);
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
const ratio = (a, b) => `${(a / b).toFixed(2)}×`;

function row(figure, measured, target, comparison, met, miss, before) {
  return { figure, measured, target, comparison, met, miss, before };
}

export function write(r, before = {}) {
  const rows = [];
  const missed = [];
  const add = (id, figure, measured, target, comparison, met, miss = '') => {
    rows.push(row(figure, measured, target, comparison, met, miss, before[id] ?? '—'));
    if (!met) missed.push({ id, figure, miss });
  };

  const b = r.bundle;
  const lazy = b.lazy ?? [];
  const later = lazy.length === 0 ? 'no module is loaded later'
    : `loaded on first use: ${lazy.map((f) => `${f.file.split('/').pop()} ${kb(f.brotli)}`).join(', ')}; `
      + `all files ${kb(b.all.brotli)} brotli`;
  if (b.screen) {
    add('bundle_screen', '1. First download on a returning visit: the files fetched before the latest conversation shows and the composer takes text (the screen saved on the last visit, painted by `shell-*.js` with the stylesheet, before the app\'s code has loaded)',
      `${kb(b.screen.raw)} raw, ${kb(b.screen.gzip)} gzip, **${kb(b.screen.brotli)} brotli**`,
      '< 250 KB brotli', `the app, fetched at once behind it (its loader, JS, first wasm module and language file): ${kb(b.app.brotli)} brotli; until it has started, only the composer acts, and what was typed or sent there is handed to the app`,
      b.screen.brotli < 250 * 1024, `${kb(b.screen.brotli - 250 * 1024)} over`);
  }
  add('bundle', b.screen ? '1. … on a new visit (nothing saved: the app itself is the first screen): the wasm, JS and CSS fetched before it shows and the composer works'
    : '1. First download: the wasm, JS and CSS fetched before the latest conversation shows and the composer works',
    `${kb(b.raw)} raw, ${kb(b.gzip)} gzip, **${kb(b.brotli)} brotli**`,
    '< 250 KB brotli', later, b.brotli < 250 * 1024,
    `${kb(b.brotli - 250 * 1024)} over (${ratio(b.brotli, 250 * 1024)} the target)`);

  const s = r.app.stream;
  // Over the floor of the path the app reads streams by (see streamAnalysis).
  const own = s.busyMsPerToken - s.bareWorker.busyMsPerToken;
  const ownEmpty = s.empty.busyMsPerToken - s.bareWorker.busyMsPerToken;
  add('stream', '2. Streaming 4,000 tokens at 200/s into 500 messages: Skein\'s own main-thread busy time per token (busy time minus that of the same stream read and dropped, as the app reads it: in its worker)',
    `**${own.toFixed(3)} ms**`, '< 0.2 ms',
    `busy in all: ${s.busyMsPerToken.toFixed(3)} ms; the worker's floor: ${s.bareWorker.busyMsPerToken.toFixed(3)} ms; a bare \`fetch\` reader on the page: ${s.bareFetch.busyMsPerToken.toFixed(3)} ms (busy minus it: ${(s.busyMsPerToken - s.bareFetch.busyMsPerToken).toFixed(3)} ms)`, own < 0.2,
    `${ratio(own, 0.2)} the target`);
  add('stream_growth', '2. … the 500-message thread against an empty one (own cost per token)',
    `**${ratio(own, ownEmpty)}**`, '≤ 1.1×', `own cost into an empty conversation: ${ownEmpty.toFixed(3)} ms (busy in all ${s.empty.busyMsPerToken.toFixed(3)} ms)`,
    own <= 1.1 * ownEmpty, `${ms(own - ownEmpty)} more per token in the long thread`);
  if (s.readBack) {
    const ownBack = s.readBack.busyMsPerToken - s.bareWorker.busyMsPerToken;
    add('stream_read_back', '2. … into the same 500 messages after the reader scrolled up to the first one and back (own cost per token, one stream)',
      `**${ownBack.toFixed(3)} ms** (${s.readBack.inPage} messages left in the page)`, 'report; ≈ the figure above',
      `${ratio(ownBack, own)} the 500-message figure; messages far above the screen leave the page once the reader is back down`, true);
  }
  add('long_tasks', '2. … long tasks (> 50 ms) during the stream', `**${s.longTasks}** (longest ${ms(s.longestTaskMs)})`,
    '0', `empty conversation: ${s.empty.longTasks}`, s.longTasks === 0, `${s.longTasks} long tasks`);
  add('dropped', '2. … dropped frames', `${s.dropped} of ${s.frames + s.dropped} (${(100 * s.dropped / Math.max(1, s.frames + s.dropped)).toFixed(1)} %)`,
    'report', `empty conversation: ${s.empty.dropped}`, true);

  const o = r.app.open;
  add('open', '3. Open a 2,000-message conversation: latest messages visible, composer usable; the slowest of nine runs', `**${ms(o.maxMs)}** (median ${ms(o.ms)}, fastest ${ms(o.minMs)})`,
    'slowest < 300 ms', `a 500-message one: ${ms(o.shortMs)} (median)`, o.maxMs < 300, `${ms(o.maxMs - 300)} over`);
  add('heap', '3. … JS heap after opening (after GC); wasm memory', `**${o.jsHeapMb.toFixed(1)} MB** JS; ${o.wasmMb === null ? 'n/a' : `${o.wasmMb.toFixed(1)} MB`} wasm`,
    '< 100 MB', '—', o.jsHeapMb + (o.wasmMb ?? 0) < 100, `${(o.jsHeapMb + (o.wasmMb ?? 0) - 100).toFixed(1)} MB over (JS + wasm)`);

  // One write in each 250 ms the stream lasted, counting the one it began in (a stream of
  // 25.1 s began 101 of them), and the final write.
  const allowed = Math.ceil(s.elapsedMs / 250) + 1;
  const gap = s.minGapMs == null ? '' : `; the closest two throttled ones ${ms(s.minGapMs)} apart`;
  // The answer's own writes (the message, with its conversation's order fields); the usage
  // record and a new title are written once per answer besides.
  const answerWrites = (s.stores['conversations,messages'] ?? 0) + (s.stores.messages ?? 0);
  add('writes', '4. IndexedDB writes of the streamed answer', `**${answerWrites}** (${ms(s.writeMs)} for all ${s.writes} write transactions: ${Object.entries(s.stores).map(([stores, n]) => `${n} × ${stores}`).join(', ')}${gap})`,
    `≤ one per 250 ms + the final one (${allowed} for this ${(s.elapsedMs / 1000).toFixed(1)} s stream)`,
    '4,000 tokens (a write per token would be 4,000)', answerWrites <= allowed, `${answerWrites - allowed} more than allowed`);
  add('write_rate', '4. … write transactions per second while it streams (all of them)', `**${(s.writes / (s.elapsedMs / 1000)).toFixed(1)}/s**`,
    '≤ 5/s', `${s.writes} in ${(s.elapsedMs / 1000).toFixed(1)} s`, s.writes / (s.elapsedMs / 1000) <= 5, 'more than a few a second');
  const kills = r.app.kills;
  if (kills) {
    const lost = (k) => `median **${ms(k.medianMs)}**, worst ${ms(k.maxMs)}, ${k.over100} of ${k.runs} over 100 ms`;
    add('kill_loss', `4. Text lost when the browser is killed (SIGKILL) mid-answer, a 200-token/s stream, ${kills.journal.runs} kills: what the provider had sent against what the app shows after a restart`,
      lost(kills.journal), 'worst ≤ 100 ms',
      `the same kills with the stream journal removed before the restart (what the database alone kept, written every 250 ms): ${lost(kills.database).replaceAll('**', '')}`,
      kills.journal.maxMs <= 100, `${ms(kills.journal.maxMs - 100)} over`);
  }

  for (const [protocol, v] of Object.entries(r.page.sse)) {
    add(`sse_${protocol}`, `5. SSE decode, ${protocol}, 4,000 deltas (${kb(v.bytes)}) in wasm`,
      `**${ms(v.wasm)}** (${(v.bytes / 1e6 / (v.wasm / 1000)).toFixed(0)} MB/s)`, '≥ as fast as JS',
      `eventsource-parser + JSON.parse: ${ms(v.js)} (wasm takes ${ratio(v.wasm, v.js)} its time)`
        + (v.firstWasm == null ? '' : `; the very first call, both sides cold: wasm ${ms(v.firstWasm)}, JS ${ms(v.firstJs)}`),
      v.same && v.wasm <= v.js, `${ratio(v.wasm, v.js)} the JavaScript time`);
  }

  const m = r.page.markdown;
  add('md_finished', `6. Markdown parse of a finished ${kb(m.bytes)} message (to Skein's display model)`, `**${ms(m.finished.wasm)}**`,
    'report; vs marked', `marked (to HTML): ${ms(m.finished.js)} (${ratio(m.finished.js, m.finished.wasm)} ours)`, true);
  add('md_stream', `6. Markdown while streaming, per appended token (${m.tokens} tokens)`, `**${(m.streaming.wasm * 1000).toFixed(1)} µs**`,
    'report; vs marked', `marked re-parsing the text per token: ${(m.streaming.js * 1000).toFixed(1)} µs (${ratio(m.streaming.js, m.streaming.wasm)} ours)`, true);

  for (const [id, label] of [['markdown_worst_native_100k', 'parsed whole'], ['markdown_worst_stream_native_100k', 'streamed in 200 updates']]) {
    const worst = r.native.find((n) => n.id === id);
    if (worst) {
      add(id, `6. Worst-case Markdown, 100 KB, ${label} (native)`, `**${ms(worst.median_ms)}**`,
        'report; linear in size', worst.detail, true);
    }
  }

  for (const [shape, v] of Object.entries(r.page.retrieval)) {
    const target = shape === '100000x384' ? v.wasm < 40 : true;
    const twice = v.js / v.wasm >= 2;
    add(`cos_${shape}`, `7. Cosine top 10 over ${shape.replace('x', ' × ')} in wasm (SIMD)`, `**${ms(v.wasm)}**`,
      shape === '100000x384' ? '< 40 ms; ≥ 2× the JS loop' : '≥ 2× the JS loop',
      `plain JS loop over Float32Array: ${ms(v.js)} (${ratio(v.js, v.wasm)} ours)`, v.same && target && twice,
      `${target ? '' : `${ms(v.wasm - 40)} over 40 ms; `}${twice ? '' : `only ${ratio(v.js, v.wasm)} the JS loop`}`);
  }
  add('bm25', '7. BM25 top 10 over 10,000 chunks in wasm', `**${ms(r.page.bm25.wasm)}**`, 'report',
    `native: ${ms(r.native.find((n) => n.id === 'bm25_native_10000')?.median_ms)}`, true);

  const k = r.page.knowledge;
  add('knowledge', '7. A question against a 100,000-chunk knowledge base (384-dimension vectors): retrieval in wasm, base already indexed',
    `**${ms(k.warm)}**`, '< 150 ms', `the first question (every chunk read from the store and indexed): ${ms(k.first)}; ${k.hits} chunks found`,
    k.hits > 0 && k.warm < 150, `${ms(k.warm - 150)} over`);

  const native = r.native.find((n) => n.id === 'request_assembly_native');
  add('assembly_native', '8. Request assembly, 10,000-message branch with a valid summary (native)', `**${ms(native.median_ms)}**`,
    '< 2 ms', native.detail, native.median_ms < 2, `${ms(native.median_ms - 2)} over`);
  add('assembly_wasm', '8. … in wasm in Chromium', `**${ms(r.page.assembly.wasm)}**`, '< 2 ms',
    `native ${ms(native.median_ms)} (wasm takes ${ratio(r.page.assembly.wasm, native.median_ms)})`, r.page.assembly.wasm < 2,
    `${ms(r.page.assembly.wasm - 2)} over`);

  const c = r.app.coldStart;
  add('cold', '9. Cold start with 1,000 stored conversations: page load to composer usable', `**${ms(c.ms)}**`,
    '< 500 ms', `with none stored: ${ms(c.emptyMs)} (both reloads: the service worker serves the build)`
      + (c.firstScreenMs == null ? '' : `; the screen saved on the last visit painted at ${ms(c.firstScreenMs)} (median of the ${c.firstScreenRuns} of ${c.runs} runs that had one; the first reload follows the import, which leaves on screen a conversation the app does not open at start, so none is saved), its composer taking text from then`),
    c.ms < 500, `${ms(c.ms - 500)} over`);

  const v = r.app.visits;
  if (v) {
    add('visits', '10. Start on a repeat visit (service worker warm) against the first visit: page load to composer usable',
      `**${ms(v.repeatMs)}**`, 'faster than the first visit', `first visit (new profile, nothing cached): ${ms(v.firstMs)}; ${ratio(v.repeatMs, v.firstMs)} of it`,
      v.repeatMs < v.firstMs, `${ms(v.repeatMs - v.firstMs)} slower`);
  }

  const y = r.app.sync;
  if (y) {
    const secs = (value) => `${(value / 1000).toFixed(1)} s`;
    const slower = Math.max(y.pushMs, y.pullMs);
    add('sync', '11. Sync: 10,000 messages in 100 conversations sent by one browser, then received by another (PouchDB Server on loopback; from Connect to the end of the first round, the key derivation included)',
      `**sent in ${secs(y.pushMs)}, received in ${secs(y.pullMs)}**`, '< 60 s each way',
      `the sender's round: “${y.pushReport}”; the receiver's: “${y.pullReport}”; then a round with nothing new that reads every message (Sync now): ${ms(y.idle.ms)}, its longest task ${ms(y.idle.longestTaskMs)} (the rounds that run by themselves read only the conversations whose record changed)${y.join ? `; creating an account (Connect to set up, the Argon2id derivation nearly all of it): ${ms(y.join.ms)}, its longest task ${ms(y.join.longestTaskMs)}` : ''}`, slower < 60_000,
      `${secs(slower - 60_000)} over`);
  }

  const nativeRows = r.native.filter((n) => !n.gate).map((n) => `| ${n.id} | ${ms(n.median_ms)} | ${n.detail} |`).join('\n');
  const gateRows = r.native.filter((n) => n.gate).map(({ gate: g }) =>
    `| ${g.corpus} | ${g.gate} | ${g.lang} | ${g.cases} (${g.true}/${g.benign}) | ${g.precision.toFixed(2)} | ${g.recall.toFixed(2)} | ${g.false_alarms} | ${g.missed} |`).join('\n');
  const table = rows.map((x) => `| ${x.figure} | ${x.measured} | ${x.before} | ${x.target} | ${x.comparison} | ${x.met ? 'met' : `**missed**: ${x.miss}`} |`).join('\n');
  const misses = missed.length === 0 ? 'None: every target is met.'
    : missed.map((x) => {
      const why = x.id === 'stream' || x.id === 'stream_growth' || x.id === 'long_tasks' ? streamAnalysis(s)
        : x.id === 'open' ? openAnalysis(r.app.open) : ANALYSIS[x.id];
      return `- **${x.figure}** — ${x.miss}.${why ? ` ${why}` : ''}`;
    }).join('\n');
  const embedSection = (e) => (e ? `
## The embeddable package

\`cargo xtask dist --embed\` (\`dist-embed/\`): the engine's JavaScript API, the conversations
API and \`<skein-chat>\` in one module, so a page that imports it downloads the whole app's wasm
(the chat element needs it). Total **${kb(e.raw)} raw, ${kb(e.gzip)} gzip, ${kb(e.brotli)} brotli**,
measured like the app's bundle.

| File | Raw | gzip | brotli |
|---|---|---|---|
${e.files.map((f) => `| ${f.file} | ${kb(f.raw)} | ${kb(f.gzip)} | ${kb(f.brotli)} |`).join('\n')}
` : '');
  const bundleFiles = r.bundle.files.map((f) => `| ${f.file}${f.lazy ? ' (on first use)' : ''} | ${kb(f.raw)} | ${kb(f.gzip)} | ${kb(f.brotli)} |`).join('\n');
  return `# Benchmarks

Written by \`${r.command}\` on ${r.date}; the whole command (builds included) took
${r.minutes.toFixed(1)} minutes. Do not edit by hand: run the command again. Each figure is the median of several runs (${r.runs} for the
bench-page figures, 3 streams, 9 opens and cold starts); a comparison is measured in the same
run, in the same browser, on the same input.

**Machine:** ${r.machine.cpu}, ${r.machine.memory}, ${r.machine.os}; ${r.machine.browser}; Node ${r.machine.node}.

## Figures

| Figure | Measured | Before (${before.date ?? 'no earlier run'}) | Target | Comparison (same run) | |
|---|---|---|---|---|---|
${table}

## Where a target is missed

${misses}

## How each figure is measured

- **Bundle**: every \`.wasm\`, \`.js\` and \`.css\` file of the release \`dist\` (the service
  worker aside), compressed with Node's zlib (gzip level 9, brotli quality 11). On a new visit
  the first download is every file but the \`split_*.wasm\` and \`chunk_*.wasm\` modules, which
  the app fetches when a screen that needs them first opens (the e2e suite checks that none is
  fetched at start); the service worker precaches them all. On a returning visit it is the first
  screen's script (\`shell-*.js\`) and the stylesheet: the e2e suite checks that the saved screen
  shows and its composer takes text while the app's loader is held back
  (\`tests/e2e/first_screen.test.mjs\`).
- **Streaming, persistence**: the release app in headless Chromium against the mock provider
  test fixture, which streams 4,000 chunks 5 ms apart. Busy time is the DevTools protocol's
  \`TaskDuration\` over the stream; long tasks come from a \`longtask\` PerformanceObserver,
  frames from a \`requestAnimationFrame\` loop, IndexedDB writes from counting \`readwrite\`
  transactions (wrapped before the app loads). The conversation is imported from a Skein backup
  of 500 messages whose answers hold, in turn, fenced code, a list, a table, display and inline
  math, and a quote (\`skein-bench fixtures\`). Skein's own cost is the busy time minus that of
  the same stream read by the app's own request worker in the same page, its batches dropped;
  a bare \`fetch\` reader on the page is reported beside it.
- **Open, heap**: reload, click the conversation, and stop at the frame where its latest
  message (not the previous conversation's, which may still be in the page) is on screen and
  the composer takes input; the JS heap after a forced GC
  (\`Runtime.getHeapUsage\`), and the wasm linear memory's size.
- **Cold start**: reload to the moment the app says it is ready (storage open, list loaded)
  and the composer is enabled, from navigation start.
- **First and repeat visit**: the same moment, in a new browser profile (nothing cached, no
  service worker: every file from the local server), then after a reload once the service
  worker controls the page (every file from its cache). The page is served from this machine,
  so the gap is the worker's cache and the browser's compiled-code cache, not the network; over
  a real network the first visit costs more.
- **Native figures**: \`skein-bench native\`, built with the release profile the app uses
  (opt-level "z", LTO).
- **Worst-case Markdown**: every input of the hostile corpus
  (\`skein_engine::render::markdown::hostile\`: delimiter, bracket and backtick runs, entity floods,
  deep nesting, wide tables, long lines) at 100 KB, parsed whole and streamed in 200 updates
  the way the view does; the slowest is reported, and timed again at 1 MB to show the growth.
- **SSE, Markdown, retrieval, request assembly**: the engine compiled to wasm (with SIMD) in a
  bench page (\`tests/bench/page\`), timed beside \`eventsource-parser\` + \`JSON.parse\`,
  \`marked\`, and a plain JavaScript loop over \`Float32Array\`s, on inputs the wasm module made
  so both sides read the same bytes. Each side's answer is checked to be the same. Each figure
  is the median after one untimed run; the SSE ones are timed after ten untimed runs of every
  protocol on both sides (V8 moves hot wasm and JavaScript alike from its baseline compiler to
  its optimising one as they run, and the protocols share the decoder; the first, cold call is
  shown beside them).
- **Knowledge question**: in the bench page, the engine's knowledge retrieval (the hook a
  request runs before it leaves) over one base of 100,000 chunk-sized texts with 384-dimension
  vectors in the engine's in-memory store, hybrid search (words and vectors); the embedder
  answers at once with a fixed vector, so the provider's time is left out. The first question
  reads every chunk and builds the index; the figure is the median of the next ones, which
  search the index kept in memory (\`knowledge::index_cache\`). In the app the first question
  reads the chunks from IndexedDB instead, which this figure does not include.
- **Before**: the figures of the round before (\`tests/bench/before.json\`, copied from the
  previous BENCHMARKS.md), measured on the fixtures of that round.

## Dependency changes

- **gloo-net, wasm-streams, serde-wasm-bindgen, futures, indexed_db_futures** (2026-12-03):
  fetch through \`gloo-net\` with the body read as a \`wasm-streams\` stream, records
  converted with \`serde-wasm-bindgen\` instead of JSON text, \`futures\`' \`select\` instead of
  a hand-rolled race, and the IndexedDB adapter on \`indexed_db_futures\` instead of
  hand-written request and transaction futures. Measured on the release \`dist\` of the commits
  before and after each step, same machine, with the bundle method above (\`cargo xtask dist\`,
  then the files compressed with Node's zlib; bytes, and KB of 1,024 bytes as above):

  | | raw | gzip | brotli |
  |---|---|---|---|
  | before | 2,221,069 | 862,079 | 659,580 |
  | + gloo-net, wasm-streams, serde-wasm-bindgen, futures | 2,248,769 (+27.1 KB) | 871,967 (+9.7 KB) | 668,079 (+8.3 KB) |
  | + indexed_db_futures | 2,287,498 (+37.8 KB) | 888,975 (+16.6 KB) | 681,557 (+13.2 KB) |
  | all five | +64.9 KB (+3.0 %) | +26.3 KB (+3.1 %) | **+21.5 KB (+3.3 %)** |

## Native figures (engine on the host, \`skein-bench native\`)

| Workload | Median | Detail |
|---|---|---|
${nativeRows}

## Honesty gates (\`skein-bench native\`, \`engine/src/chat/honesty/corpus.rs\`)

Each gate's rules on every case of two corpora in \`tests/fixtures/honesty/\`: \`corpus.json\`, the
requests and replies the rules were written against, and \`held_out.json\`, written apart from the
rules and that corpus (English, Chinese and Arabic; benign and true; role-play among them; a
character's text is measured too, although the gates are off for characters by default). The
refusal gate may refuse no benign request (\`corpus_tests.rs\` fails the build otherwise). On its
first run, before any rule was changed for it, the held-out set measured: refusal precision 0.96
and recall 0.83 (one false refusal, Chinese: "给我发几个…祝福语", now fixed), anti-fabrication
precision 1.00 and recall 0.76, follow-up precision 1.00 and recall 0.36. Those first-run figures are the
honest estimate of how the rules do on text they have not seen; the rules were then widened
for the held-out misses too, so both corpora below now measure rules written with them in view.

| corpus | gate | language | cases (true/benign) | precision | recall | false alarms | missed |
|---|---|---|---|---|---|---|---|
${gateRows}

## Bundle files

| File | Raw | gzip | brotli |
|---|---|---|---|
${bundleFiles}
${embedSection(r.embed)}`;
}
