// A CouchDB-protocol server for the sync tests and the sync benchmark: PouchDB Server from the
// npm registry (installed into tests/e2e by `cargo xtask setup`), in memory, on a free loopback
// port, with CORS open the way a user's CouchDB must be for the app's origin.

import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/// Starts the server; `{ url, stop }`.
export async function startCouch() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const bin = new URL('./node_modules/.bin/pouchdb-server', import.meta.url).pathname;
  // It writes its config and log where it runs: a directory of its own.
  const child = spawn(bin, ['--in-memory', '--port', String(port), '--host', '127.0.0.1'], {
    cwd: mkdtempSync(join(tmpdir(), 'skein-couch-')), stdio: 'ignore',
  });
  let up = false;
  for (let i = 0; i < 150 && !up; i += 1) {
    try {
      up = (await fetch(`${url}/`)).ok;
    } catch { /* not listening yet */ }
    if (!up) await new Promise((r) => setTimeout(r, 100));
  }
  if (!up) {
    child.kill();
    throw new Error(`PouchDB Server did not start on ${url}`);
  }
  for (const [key, value] of [
    ['httpd/enable_cors', 'true'], ['cors/origins', '*'], ['cors/methods', 'GET, PUT, POST, HEAD, DELETE'],
    ['cors/headers', 'accept, authorization, content-type, origin, referer'],
  ]) {
    const answer = await fetch(`${url}/_config/${key}`, { method: 'PUT', body: JSON.stringify(value) });
    if (!answer.ok) throw new Error(`PouchDB Server config ${key}: ${answer.status}`);
  }
  return { url, stop: () => child.kill() };
}
