// A minimal static file server for the end-to-end tests: serves a `dist` directory under a
// public path, as any static host would (no rewriting, no SPA fallback beyond index.html).

import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
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

export function serveStatic(root, publicPath) {
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
    if (relative === '.' || relative === '' || relative.endsWith('/')) relative = 'index.html';
    try {
      const body = await readFile(join(root, relative));
      response.writeHead(200, { 'content-type': TYPES[extname(relative)] ?? 'application/octet-stream' });
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
