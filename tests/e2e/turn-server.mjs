// A real TURN server on loopback for the relay-only tests: Debian's coturn (/usr/bin/turnserver, which
// scripts/setup.sh installs). startTurnServer(t) starts one on a free port with one user and returns
// { url, username, credential, log() }; it is stopped after t. `loopbackPeers: false` starts it refusing to relay
// to loopback addresses, which on one machine means it can never carry a connection.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TURNSERVER = '/usr/bin/turnserver';

/** A TCP port nobody listens on right now (coturn takes the same number for UDP). */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const accepts = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

export async function startTurnServer(t, { loopbackPeers = true } = {}) {
  if (!existsSync(TURNSERVER)) throw new Error(`${TURNSERVER} is missing: run scripts/setup.sh (Debian's coturn)`);
  const dir = await mkdtemp(join(tmpdir(), 'reversi-turn-'));
  const port = await freePort();
  const [username, credential] = ['reversi', 'test-only-secret'];
  const args = [
    '-n', '--listening-ip=127.0.0.1', '--relay-ip=127.0.0.1', `--listening-port=${port}`,
    '--lt-cred-mech', `--user=${username}:${credential}`, '--realm=reversi.test',
    '--no-cli', '--no-tls', '--no-dtls', '--log-file=stdout', '--verbose',
    // Its own database and pid file, so it needs no root and leaves nothing behind.
    `--userdb=${join(dir, 'turndb')}`, `--pidfile=${join(dir, 'turnserver.pid')}`,
    ...(loopbackPeers ? ['--allow-loopback-peers'] : []),
  ];
  const server = spawn(TURNSERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  server.stdout.on('data', (chunk) => (log += chunk));
  server.stderr.on('data', (chunk) => (log += chunk));
  t.after(async () => {
    server.kill();
    await rm(dir, { recursive: true, force: true });
  });
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (server.exitCode !== null) throw new Error(`turnserver exited (${server.exitCode}):\n${log}`);
    if (Date.now() > deadline) throw new Error(`turnserver is not listening on ${port} after 10 s:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: `turn:127.0.0.1:${port}`, username, credential, log: () => log };
}

/** The page query that makes a page use only `turn` (relay-only ICE, no STUN). */
export const relayOnly = (turn) =>
  `stun=none&ice=relay&turn=${encodeURIComponent(turn.url)}&turnuser=${turn.username}&turncred=${turn.credential}`;
