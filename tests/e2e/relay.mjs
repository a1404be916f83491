// A real Nostr relay on loopback for the one-link tests: crates/test-relay (rust-nostr's relay builder), which
// scripts/setup.sh builds. startRelay(t) starts one on a free port, returns its ws:// address and stops it after t.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const RELAY_BINARY = join(process.env.CARGO_TARGET_DIR ?? join(ROOT, 'target'), 'debug', 'reversi-test-relay');

export async function startRelay(t) {
  if (!existsSync(RELAY_BINARY)) {
    throw new Error(`${RELAY_BINARY} is missing: run scripts/setup.sh (or cargo build -p test-relay)`);
  }
  const relay = spawn(RELAY_BINARY, [], { stdio: ['ignore', 'pipe', 'inherit'] });
  t.after(() => relay.kill());
  return new Promise((resolve, reject) => {
    let out = '';
    relay.stdout.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve(line.trim());
    });
    relay.on('exit', (code) => reject(new Error(`the test relay exited (${code}) before listening`)));
  });
}
