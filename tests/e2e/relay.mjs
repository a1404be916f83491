// A real Nostr relay on loopback for the one-link tests: crates/test-relay (rust-nostr's relay builder), which
// scripts/setup.sh builds. startRelay(t) starts one on a free port, returns its ws:// address and stops it after t.
// publishEvent(relay, args) signs and publishes one event to it with the same crate's reversi-test-event (node has
// no secp256k1 Schnorr signatures) and returns the relay's answers, [{ id, accepted, message }], one per copy sent.

import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BINARIES = join(process.env.CARGO_TARGET_DIR ?? join(ROOT, 'target'), 'debug');
export const RELAY_BINARY = join(BINARIES, 'reversi-test-relay');
export const EVENT_BINARY = join(BINARIES, 'reversi-test-event');

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

/**
 * Publishes one event to `relay`: `args` are reversi-test-event's (`--tag t=… --content …`, `--age S`,
 * `--content-bytes N`, `--kind N`, or `--event JSON [--copies N]` for an event already signed, sent N times back
 * to back).
 */
export function publishEvent(relay, args) {
  if (!existsSync(EVENT_BINARY)) {
    throw new Error(`${EVENT_BINARY} is missing: run scripts/setup.sh (or cargo build -p test-relay)`);
  }
  return new Promise((resolve, reject) => {
    execFile(EVENT_BINARY, [relay, ...args], { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`reversi-test-event ${args.join(' ').slice(0, 200)}: ${stderr || error.message}`));
      else resolve(stdout.trim().split('\n').map((line) => JSON.parse(line)));
    });
  });
}
