// Kills a browser started with a profile on disk the way a crash would (SIGKILL to its main
// process: no unload event, no last write), for the tests and benchmarks of what survives.

import { readdirSync, readFileSync } from 'node:fs';

/// The main process of the browser using `profile`: the one process whose command line names
/// the profile without a `--type=` (the others are its helpers).
function browserProcess(profile) {
  const main = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).filter((pid) => {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return command.includes(`--user-data-dir=${profile}\0`) && !command.includes('--type=');
    } catch {
      return false;
    }
  });
  if (main.length !== 1) throw new Error(`expected one browser on ${profile}, found ${main.length}`);
  return Number(main[0]);
}

/// Kills the browser of `context` (launched on `profile`) at once; resolves once it is gone.
export async function killBrowser(context, profile) {
  const closed = new Promise((resolve) => context.once('close', resolve));
  process.kill(browserProcess(profile), 'SIGKILL');
  await closed;
}
