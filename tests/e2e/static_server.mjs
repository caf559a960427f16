// A minimal static file server for the end-to-end tests: serves a `dist` directory under a
// public path, as any static host would (no rewriting, no SPA fallback beyond index.html), with
// the headers the build's `_headers` file gives (the Content Security Policy and the rest), as
// Netlify or Cloudflare Pages would send them.

import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { readFileSync, existsSync } from 'node:fs';
import { join, normalize, extname } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/// `_headers` as [pattern, {name: value}] pairs: a line at the left margin is a path (a trailing
/// `*` matches every path below), the indented lines under it are its headers.
export function readHeaders(text) {
  const rules = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    if (!/^\s/.test(line)) rules.push([line.trim(), {}]);
    else if (rules.length) {
      const at = line.indexOf(':');
      rules[rules.length - 1][1][line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
  }
  return rules;
}

const matches = (pattern, path) => (pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern);

/// `options.override(path)` may return a body to serve instead of the file (a test changing
/// what the "server" has, e.g. a new build's service worker); `options.root()` may name another
/// directory to serve from.
export function serveStatic(root, publicPath, options = {}) {
  const headersFile = join(root, '_headers');
  const rules = existsSync(headersFile) ? readHeaders(readFileSync(headersFile, 'utf8')) : [];
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    if (!path.startsWith(publicPath)) {
      response.writeHead(404).end('outside the public path');
      return;
    }
    let relative = normalize(path.slice(publicPath.length));
    if (relative.startsWith('..')) {
      response.writeHead(403).end();
      return;
    }
    if (relative === '.' || relative === '') relative = 'index.html';
    else if (relative.endsWith('/')) relative = join(relative, 'index.html');
    const headers = { 'content-type': TYPES[extname(relative)] ?? 'application/octet-stream' };
    for (const [pattern, values] of rules) if (matches(pattern, path)) Object.assign(headers, values);
    try {
      const body = options.override?.(path) ?? await readFile(join(options.root?.() ?? root, relative));
      response.writeHead(200, headers);
      response.end(body);
    } catch {
      response.writeHead(404).end('not found');
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        port: server.address().port,
        close: () => new Promise((done) => server.close(done)),
      });
    });
  });
}
