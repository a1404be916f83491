// Short names for the wasm's imports from its wasm-bindgen glue (scripts/split-wasm.mjs). wasm-bindgen names each
// import after the function it calls and a 16-digit hash (`__wbg_addEventListener_0123456789abcdef`), and both the
// wasm's import section and the glue's imports object spell all of them: 220 names, about 3 KiB gzip in each file on
// the critical path. The glue and the wasm are built together, so the name only has to match between the two.

/** `bytes` (a wasm module) with every import from `module` renamed `w0`, `w1`, … in order, and the renames (old name
 * to new). The other sections are copied as they are. */
export function shortenImports(bytes, module) {
  const out = [];
  const renames = new Map();
  let at = 8;
  out.push(bytes.subarray(0, 8));
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, sizeEnd] = leb(bytes, at + 1);
    const end = sizeEnd + size;
    if (id !== 2) {
      out.push(bytes.subarray(at, end));
      at = end;
      continue;
    }
    const body = [];
    let [count, p] = leb(bytes, sizeEnd);
    body.push(uleb(count));
    for (; count > 0; count--) {
      const [from, afterModule] = name(bytes, p);
      const [field, afterField] = name(bytes, afterModule);
      const descEnd = importDescEnd(bytes, afterField);
      let newField = field;
      if (from === module) {
        newField = `w${renames.size.toString(36)}`;
        renames.set(field, newField);
      }
      body.push(bytes.subarray(p, afterModule), encodeName(newField), bytes.subarray(afterField, descEnd));
      p = descEnd;
    }
    if (p !== end) throw new Error('wasm-imports: the import section does not end where its size says');
    const section = Buffer.concat(body);
    out.push(Uint8Array.of(2), uleb(section.length), section);
    at = end;
  }
  return { bytes: Buffer.concat(out), renames };
}

/** Where an import's description ends: a function's type, a table, a memory, a global or a tag. */
function importDescEnd(bytes, at) {
  const kind = bytes[at];
  if (kind === 0) return leb(bytes, at + 1)[1];
  if (kind === 1) return limitsEnd(bytes, valueTypeEnd(bytes, at + 1));
  if (kind === 2) return limitsEnd(bytes, at + 1);
  if (kind === 3) return valueTypeEnd(bytes, at + 1) + 1;
  if (kind === 4) return leb(bytes, at + 2)[1];
  throw new Error(`wasm-imports: unknown import kind ${kind}`);
}

/** Where a value or reference type ends: one byte, or a (ref null? heaptype) pair. */
function valueTypeEnd(bytes, at) {
  return bytes[at] === 0x63 || bytes[at] === 0x64 ? leb(bytes, at + 1)[1] : at + 1;
}

/** Where limits end: their flags, the minimum, and the maximum when flag 1 says there is one. */
function limitsEnd(bytes, at) {
  const flags = bytes[at];
  const [, afterMin] = leb(bytes, at + 1);
  return flags & 1 ? leb(bytes, afterMin)[1] : afterMin;
}

/** An unsigned LEB128 at `at`: its value and where it ends. */
function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, at];
}

function uleb(value) {
  const bytes = [];
  do {
    let byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value) byte |= 0x80;
    bytes.push(byte);
  } while (value);
  return Uint8Array.from(bytes);
}

/** A name (its length, then UTF-8) at `at`: the text and where it ends. */
function name(bytes, at) {
  const [length, start] = leb(bytes, at);
  return [Buffer.from(bytes.subarray(start, start + length)).toString('utf8'), start + length];
}

function encodeName(text) {
  const utf8 = Buffer.from(text, 'utf8');
  return Buffer.concat([uleb(utf8.length), utf8]);
}
