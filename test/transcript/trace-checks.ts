// Checks of single trace lines shared by the transcript replays (flock and VM traces): each
// recomputes a line's fields from the byte-level definitions or from the proof.
import { blake2s as nobleBlake2s } from '@noble/hashes/blake2.js';
import { expect } from 'vitest';
import { wordsToBytes } from '../../src/hash/blake2s';
import { FiatShamir, TAG_POW_BASE, TAG_POW_NONCE, TAG_SQUEEZE, TRANSCRIPT_DOMAIN } from '../../src/transcript';
import type { MerklePhase } from '../../src/transcript';
import { eHex, eLimbs, eListParse, hex, oracleStep, u64Hex, wordsHex } from './helpers';
import { type TraceOp, field } from './trace';

export const listHex = (packed: Uint32Array): string =>
  `[${Array.from({ length: packed.length / 6 }, (_, i) => eHex(packed, 6 * i)).join(';')}]`;
export const idxList = (s: string): number[] => JSON.parse(s) as number[];

/** An init line: its label, statement and the cv after the domain and after the label. */
export function checkInit(op: TraceOp, label: string, statement: readonly Uint32Array[] = []): void {
  expect(field(op, 'label')).toBe(`"${label}"`);
  expect(field(op, 'label_hex')).toBe(hex(new TextEncoder().encode(label)));
  expect(field(op, 'statement_len')).toBe(String(statement.length));
  expect(field(op, 'statement')).toBe(`[${statement.map((e) => eHex(e)).join(';')}]`);
  const fs = new FiatShamir();
  fs.absorbBytes(new TextEncoder().encode(TRANSCRIPT_DOMAIN));
  expect(wordsHex(fs.cv)).toBe(field(op, 'cv_after_domain'));
  fs.absorbBytes(new TextEncoder().encode(label));
  expect(wordsHex(fs.cv)).toBe(field(op, 'cv_after_label'));
}

/** pow_base and digest0 of a grind line, from the byte-level definition. */
export function checkPowFields(op: TraceOp, cvBefore: Uint8Array, nonce: Uint32Array): void {
  const base = oracleStep(cvBefore, [0n, 0n, 0n, BigInt(TAG_POW_BASE)]);
  expect(hex(base)).toBe(field(op, 'pow_base'));
  const digest = oracleStep(base, [...eLimbs(nonce), BigInt(TAG_POW_NONCE)]);
  expect(hex(digest.subarray(0, 8).reverse())).toBe(field(op, 'digest0'));
  expect(eHex(nonce)).toBe(field(op, 'nonce'));
}

/** The raw squeezes of a sample_queries line, from the byte-level definition. */
export function checkRawSqueezes(op: TraceOp, cvBefore: Uint8Array): void {
  const raw = eListParse(field(op, 'raw'));
  const d = Number(field(op, 'd'));
  expect(Number(field(op, 'block_len'))).toBe(2 ** d);
  expect(Number(field(op, 'per_squeeze'))).toBe(Math.floor(192 / d));
  expect(Number(field(op, 'squeezes'))).toBe(Math.ceil(Number(field(op, 'count')) / Math.floor(192 / d)));
  expect(raw.length / 6).toBe(Number(field(op, 'squeezes')));
  let cv = cvBefore;
  for (let k = 0; k < raw.length / 6; k++) {
    cv = oracleStep(cv, [0n, 0n, 0n, BigInt(TAG_SQUEEZE)]);
    expect(hex(cv.subarray(0, 24))).toBe(hex(wordsToBytes(raw.subarray(6 * k, 6 * k + 6))));
  }
}

/** The Merkle fingerprints of a read_merkle / hint_merkle line. */
export function checkMerkleFields(op: TraceOp, phase: MerklePhase): void {
  const rows = phase.leafData, sibs = phase.siblingHashes;
  expect(rows.length).toBe(Number(field(op, 'stored_rows')));
  for (const row of rows) expect(row.length / 2).toBe(Number(field(op, 'stored_row_words')));
  expect(sibs.length).toBe(Number(field(op, 'siblings')));
  const allRows = new Uint32Array(rows.reduce((n, r) => n + r.length, 0));
  rows.reduce((o, r) => (allRows.set(r, o), o + r.length), 0);
  expect(hex(nobleBlake2s(wordsToBytes(allRows)))).toBe(field(op, 'rows_b2s'));
  const allSibs = new Uint8Array(32 * sibs.length);
  sibs.forEach((s, i) => allSibs.set(s, 32 * i));
  expect(hex(nobleBlake2s(allSibs))).toBe(field(op, 'sib_b2s'));
  expect(u64Hex(rows[0], 0)).toBe(field(op, 'first_row_w0'));
  const last = rows[rows.length - 1];
  expect(u64Hex(last, last.length / 2 - 1)).toBe(field(op, 'last_row_wlast'));
  expect(hex(sibs[0])).toBe(field(op, 'first_sib'));
  expect(hex(sibs[sibs.length - 1])).toBe(field(op, 'last_sib'));
}
