// What the app writes in postcard (crates/net/src/protocol.rs, crates/game/src/save.rs), for the tests: the peer
// messages a hostile peer sends, built byte by byte, and the few saved values the tests read back. postcard writes
// unsigned numbers as varints, strings as a varint length and UTF-8, an enum as the place of its variant, an option
// as 0 or 1 and the value. A change of either layout there shows here as a failing test.

/** The protocol the app speaks (protocol.rs `PROTOCOL_VERSION`). */
export const PROTOCOL = 3;

// The kinds of message in the order of protocol.rs's `Message` variants.
const KINDS = ['hello', 'move', 'time_out', 'undo_request', 'undo_accept', 'undo_decline', 'draw_offer', 'draw_accept',
  'draw_decline', 'resign', 'rematch', 'rematch_accept', 'keep_alive'];
const COLOURS = ['Black', 'White'];
const OPENINGS = ['Standard', 'EmptyCentre'];

function varint(value) {
  let n = BigInt(value);
  const bytes = [];
  do {
    const low = Number(n & 0x7fn);
    n >>= 7n;
    bytes.push(n ? low | 0x80 : low);
  } while (n);
  return bytes;
}

function text(value) {
  const bytes = [...new TextEncoder().encode(value)];
  return [...varint(bytes.length), ...bytes];
}

/**
 * A message as the app sends it, from the fields the protocol names (`{ type: 'move', ply: 1, square: 19 }`); a
 * hello's `variant` is `{ size, opening, first }` and it carries no clock.
 */
export function peerMessage(message) {
  const kind = KINDS.indexOf(message.type);
  if (kind < 0) throw new Error(`postcard: no message kind ${message.type}`);
  const bytes = varint(kind);
  switch (message.type) {
    case 'hello': {
      const { protocol = PROTOCOL, app, host, game_id, variant, plays, moves } = message;
      bytes.push(...varint(protocol), ...text(app), host ? 1 : 0, ...varint(game_id));
      bytes.push(variant.size, OPENINGS.indexOf(variant.opening), COLOURS.indexOf(variant.first));
      bytes.push(COLOURS.indexOf(plays), ...text(moves), 0);
      break;
    }
    case 'move':
      bytes.push(...varint(message.ply), ...varint(message.square), 0);
      break;
    case 'time_out':
    case 'undo_request':
      bytes.push(...varint(message.ply));
      break;
    case 'rematch':
    case 'rematch_accept':
      bytes.push(...varint(message.game_id));
      break;
  }
  return `${PROTOCOL}.${Buffer.from(bytes).toString('base64').replace(/=+$/, '')}`;
}

/** A reader of a saved value's bytes, after its version tag. */
function saved(text) {
  if (!text?.startsWith('v2:')) throw new Error(`postcard: not a save of today's format: ${text}`);
  const bytes = Buffer.from(text.slice(3), 'base64');
  let at = 0;
  return {
    byte: () => bytes[at++],
    number: () => {
      let n = 0n;
      for (let shift = 0n; ; shift += 7n) {
        const byte = bytes[at++];
        n |= BigInt(byte & 0x7f) << shift;
        if (!(byte & 0x80)) return Number(n);
      }
    },
    skip: (n) => (at += n),
  };
}

/** Black's wins in saved statistics (localStorage 'reversi.statistics': black_vs_white.wins comes first), 0 if none. */
export function savedWins(text) {
  return text === null ? 0 : saved(text).number();
}

/** The theme of saved options (localStorage 'reversi.options': the first field, as public/theme.js reads it). */
export function savedTheme(text) {
  return ['Light', 'Dark', 'System'][saved(text).byte()];
}

/** The online game's id in a saved game (localStorage 'reversi.game'), or null for a game played here. */
export function savedOnlineGameId(text) {
  const reader = saved(text);
  const { number } = reader;
  const at = { get: reader.byte };
  const skipText = () => reader.skip(number());
  // The game's record (game's record.rs): the variant (size, opening, first), start, moves, cursor.
  reader.skip(1);
  number();
  number();
  skipText();
  skipText();
  number();
  if (at.get()) if (number() !== 1) number(); // an ending: resigned or lost on time name a colour
  if (at.get()) number(); // a draw offer's colour
  reader.skip(2); // recorded, then the table's suspended
  if (!at.get()) return null;
  number(); // the seat: this side's colour, whether it hosts, then the game's id
  reader.skip(1);
  return number();
}

/**
 * Waits until the saves an earlier version left in JSON (version 1) are read and written again in today's format:
 * the app fetches their reader once it has started, so their values come a moment after the board. (A newer
 * version's save is left as it is: wait for its warning instead.)
 */
export async function savesConverted(page) {
  await page.waitForFunction(() =>
    Object.keys(localStorage)
      .filter((key) => /^reversi\.(options|game|statistics|set-aside)$/.test(key))
      .every((key) => !localStorage.getItem(key).trimStart().startsWith('{')),
  );
}
