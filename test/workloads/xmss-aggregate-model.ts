// An independent model of programs/aggregate-xmss.py for tests: it replays, over the witness
// streams alone and with @noble/hashes' BLAKE2s and BigInt, every check the program makes
// (docs/xmss-aggregation.md §3, [C1]..[C7]) and returns the statement it publishes. A stream
// layout the program would reject throws here, naming the check.
import { blake2s } from '@noble/hashes/blake2.js';
import { th } from '../xmss/oracle';

type Word = Uint32Array;

const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) (out.set(p, o), (o += p.length));
  return out;
};

/** A 128-bit word's 16 bytes; the program's BLAKE2S operands must have a zero top limb. */
function cell(w: Word, what: string): Uint8Array {
  if (w.length !== 6) throw new Error(`${what}: not an E word`);
  if (w[4] !== 0 || w[5] !== 0) throw new Error(`${what}: a nonzero top limb is no BLAKE2S operand`);
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = w[i >>> 2] >>> (8 * (i & 3));
  return out;
}

const u128 = (b: Uint8Array): bigint => b.reduceRight((acc, x) => (acc << 8n) | BigInt(x), 0n);

/** A boolean word (the bit checks b·b = b). */
function bit(w: Word, what: string): number {
  if (w.some((x, i) => (i === 0 ? x > 1 : x !== 0))) throw new Error(`${what}: not a bit`);
  return w[0];
}

/** g^k for k < bound, g = x: the word with only bit k of its low limb set. */
function gPower(w: Word, bound: number, what: string): number {
  const v = u128(cell(w, what));
  for (let k = 0; k < bound; k++) if (v === 1n << BigInt(k)) return k;
  throw new Error(`${what}: not g^k for k < ${bound}`);
}

const u32Field = (v: number): Uint8Array => {
  const b = new Uint8Array(16);
  new DataView(b.buffer).setUint32(0, v, true);
  return b;
};

export interface ModelTags {
  statement: Uint8Array;
  keyList: Uint8Array;
}

/** The program's run over `streams`: throws at the first failing check, else returns the
 * published digest and the key list it hashed. */
export function replayAggregate(streams: ReadonlyMap<string, readonly (readonly Word[])[]>, tags: ModelTags): { digest: Uint8Array; keys: Uint8Array[] } {
  const pos = new Map<string, number>();
  const pop = (name: string, len: number): readonly Word[] => {
    const entries = streams.get(name) ?? [];
    const at = pos.get(name) ?? 0;
    if (at >= entries.length) throw new Error(`stream ${name}: entry ${at} is missing`);
    if (entries[at].length !== len) throw new Error(`stream ${name}: entry ${at} has ${entries[at].length} words, the hint takes ${len}`);
    pos.set(name, at + 1);
    return entries[at];
  };
  // [C2] n from 12 bits, n ≥ 1; [C3] e from 32 bits.
  const n = pop('n_bits', 12).reduce((acc, w, k) => acc + bit(w, 'n_bits') * 2 ** k, 0);
  if (n === 0) throw new Error('C2: n = 0');
  const [m0, m1] = pop('message', 2);
  const message = concat(cell(m0, 'message'), cell(m1, 'message'));
  const epoch = pop('epoch_bits', 32).reduce((acc, w, k) => acc + bit(w, 'epoch_bits') * 2 ** k, 0);
  let chain = blake2s(concat(tags.keyList, u32Field(n), new Uint8Array(16)));
  const keys: Uint8Array[] = [];
  for (let i = 0; i < n; i++) {
    const root = cell(pop('pk', 1)[0], 'pk root');
    const pp = cell(pop('pk', 1)[0], 'pk P');
    keys.push(concat(root, pp));
    chain = blake2s(concat(chain, root, pp));
    // [C4] the encoding digest, the high 8 bytes of the randomness cell zero.
    const [r0, r1] = pop('rand', 2).map((w) => cell(w, 'rand'));
    if (r1.subarray(8).some((x) => x !== 0)) throw new Error(`C4: signer ${i}: randomness cell 1 is not in K`);
    const d = th(pp, 3, 0, epoch, concat(message, r0, r1)); // m ‖ randomness (24) ‖ 0^8
    const pairs = pop('digits', 21).map((w) => gPower(w, 64, 'digits'));
    const digits = pairs.flatMap((k) => [k >> 3, k & 7]);
    let lane0 = 0n, lane1 = 0n;
    digits.forEach((e, j) => (j < 21 ? (lane0 |= BigInt(e) << BigInt(3 * j)) : (lane1 |= BigInt(e) << BigInt(3 * (j - 21)))));
    if (lane0 !== u128(d.subarray(0, 8)) || lane1 !== u128(d.subarray(8, 16))) throw new Error(`C4: signer ${i}: the digits are not the encoding digest's`);
    if (digits.reduce((a, b) => a + b, 0) !== 195) throw new Error(`C4: signer ${i}: the digits do not sum to 195`);
    // [C5] the chains, [C6] the leaf, [C7] the path.
    const ends = digits.map((e, j) => {
      let x = cell(pop('chains', 1)[0], 'chains');
      for (let s = e; s < 7; s++) x = th(pp, 0, 8 * j + s, epoch, x);
      return x;
    });
    let node = th(pp, 1, 0, epoch, concat(...ends));
    for (let l = 0; l < 32; l++) {
      const sib = cell(pop('siblings', 1)[0], 'siblings');
      const right = Math.floor(epoch / 2 ** l) % 2 === 1;
      node = th(pp, 2, l + 1, Math.floor(epoch / 2 ** (l + 1)), right ? concat(sib, node) : concat(node, sib));
    }
    if (u128(node) !== u128(root)) throw new Error(`C7: signer ${i}: the path does not reach the root`);
  }
  for (const [name, entries] of streams) {
    if ((pos.get(name) ?? 0) !== entries.length) throw new Error(`stream ${name}: ${entries.length - (pos.get(name) ?? 0)} entries left over`);
  }
  // [C1]
  const digest = blake2s(concat(tags.statement, message, u32Field(epoch), u32Field(n), chain));
  return { digest, keys };
}
