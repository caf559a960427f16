// The bench page: Skein's engine as wasm beside the JavaScript it is compared with, in one
// page, on the same inputs. `cargo xtask bench` (tests/bench/run.mjs) calls `window.bench.*`;
// each returns medians in milliseconds and a check that both sides did the same work.

import init, * as skein from './pkg/skein_bench.js';
import { createParser } from './lib/eventsource-parser/index.js';
import { marked } from './lib/marked.esm.js';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/// Median of `runs` timings after `warmups` untimed runs (one unless said; with none, the
/// timed runs start at once); `result` is the last run's answer, `firstMs` the time of the
/// first untimed run (the code still cold, when it is the first call).
function time(runs, work, warmups = 1) {
  let start = performance.now();
  let result = warmups > 0 ? work() : undefined;
  const firstMs = performance.now() - start;
  for (let i = 1; i < warmups; i += 1) work();
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    start = performance.now();
    result = work();
    times.push(performance.now() - start);
  }
  return { ms: median(times), result, firstMs };
}

/// The usual JavaScript way: eventsource-parser, then JSON.parse of each event.
function decodeInJs(protocol, bytes, piece) {
  const text = new TextDecoder();
  let chars = 0;
  const parser = createParser({
    onEvent(event) {
      if (event.data === '[DONE]') return;
      const json = JSON.parse(event.data);
      if (protocol === 'openai') {
        const content = json.choices?.[0]?.delta?.content;
        if (content) chars += content.length;
      } else if (protocol === 'anthropic') {
        if (json.type === 'content_block_delta' && json.delta?.type === 'text_delta') chars += json.delta.text.length;
      } else {
        for (const part of json.candidates?.[0]?.content?.parts ?? []) if (part.text) chars += part.text.length;
      }
    },
  });
  for (let at = 0; at < bytes.length; at += piece) {
    parser.feed(text.decode(bytes.subarray(at, at + piece), { stream: true }));
  }
  return chars;
}

/// A plain JavaScript top-10 over normalised Float32Array rows.
function top10InJs(rows, dimension, query) {
  let norm = 0;
  for (let i = 0; i < dimension; i += 1) norm += query[i] * query[i];
  norm = Math.sqrt(norm);
  const q = new Float32Array(dimension);
  for (let i = 0; i < dimension; i += 1) q[i] = query[i] / norm;
  const best = [];
  const count = rows.length / dimension;
  for (let row = 0; row < count; row += 1) {
    let dot = 0;
    const base = row * dimension;
    for (let i = 0; i < dimension; i += 1) dot += rows[base + i] * q[i];
    if (best.length < 10 || dot > best[best.length - 1][1]) {
      best.push([row, dot]);
      best.sort((a, b) => b[1] - a[1]);
      if (best.length > 10) best.pop();
    }
  }
  return best[0][0];
}

/// Untimed runs of each side before the SSE timings.
const SSE_WARMUPS = 10;

window.bench = {
  async ready() {
    await init();
    return true;
  },

  sse(runs) {
    const protocols = ['openai', 'anthropic', 'gemini'];
    const transcripts = Object.fromEntries(protocols.map((protocol) => [protocol, skein.transcript(protocol, 4000)]));
    const wasmSide = (protocol) => () => skein.decode_stream(protocol, transcripts[protocol], 1024);
    const jsSide = (protocol) => () => decodeInJs(protocol, transcripts[protocol], 1024);
    // Ten warm-ups of every protocol on both sides before any is timed: V8 starts both wasm
    // and JavaScript in a baseline compiler and moves hot code to its optimising one as it
    // runs, and the three protocols share the SSE decoder and the scanner. Warmed one protocol
    // at a time, the first one timed (OpenAI) still caught that move for the shared code:
    // 0.87 times the JavaScript time in the first pass, 0.57 in the next two, same build.
    const first = {};
    for (const protocol of protocols) {
      first[protocol] = { wasm: time(0, wasmSide(protocol), SSE_WARMUPS).firstMs, js: time(0, jsSide(protocol), SSE_WARMUPS).firstMs };
    }
    const out = {};
    for (const protocol of protocols) {
      const wasm = time(runs, wasmSide(protocol), 0);
      const js = time(runs, jsSide(protocol), 0);
      out[protocol] = {
        wasm: wasm.ms, js: js.ms, bytes: transcripts[protocol].length, same: wasm.result === js.result && wasm.result > 0,
        firstWasm: first[protocol].wasm, firstJs: first[protocol].js,
      };
    }
    return out;
  },

  markdown(runs) {
    const text = skein.markdown_text(20_000);
    const tokens = Math.round(text.length / 4);
    const finished = { wasm: time(runs, () => skein.parse_markdown(text)), js: time(runs, () => marked.parse(text)) };
    const streamWasm = time(runs, () => skein.stream_markdown(text, tokens));
    // What a renderer without incremental parsing does: the whole text again per token.
    const step = Math.max(1, Math.floor(text.length / tokens));
    const streamJs = time(Math.max(1, Math.floor(runs / 3)), () => {
      let html = '';
      for (let end = step; end < text.length + step; end += step) html = marked.parse(text.slice(0, end));
      return html.length;
    });
    return {
      bytes: text.length,
      tokens,
      finished: { wasm: finished.wasm.ms, js: finished.js.ms, blocks: finished.wasm.result },
      streaming: { wasm: streamWasm.ms / tokens, js: streamJs.ms / tokens },
    };
  },

  retrieval(runs, count, dimension) {
    const index = new skein.Vectors(count, dimension, 3);
    const rows = new Float32Array(count * dimension);
    const slice = 10_000;
    for (let from = 0; from < count; from += slice) {
      rows.set(index.rows(from, Math.min(slice, count - from)), from * dimension);
    }
    const query = skein.vectors(1, dimension, 4);
    const wasm = time(runs, () => index.top10(query));
    const js = time(runs, () => top10InJs(rows, dimension, query));
    index.free();
    return { wasm: wasm.ms, js: js.ms, same: wasm.result === js.result };
  },

  bm25(runs) {
    const index = new skein.Lexical(10_000);
    const wasm = time(runs, () => index.top10('storage vector garden'));
    index.free();
    return { wasm: wasm.ms, hits: wasm.result };
  },

  /// A question against 100,000 chunks with 384-dimension vectors: the first (the base read
  /// from the store and indexed) and the median of the next (the cached index searched).
  knowledge(runs) {
    const question = new skein.Question(100_000, 384);
    const start = performance.now();
    const firstHits = question.ask('storage vector garden');
    const first = performance.now() - start;
    const warm = time(runs, () => question.ask('which garden keeps the vectors'));
    question.free();
    return { first, warm: warm.ms, hits: Math.min(firstHits, warm.result) };
  },

  assembly(runs) {
    const assembly = new skein.Assembly(10_000);
    const built = time(runs, () => assembly.build());
    assembly.free();
    return { wasm: built.ms, bytes: built.result };
  },
};
