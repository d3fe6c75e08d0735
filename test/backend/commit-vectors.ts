// The ntt reference vectors (shared/vectors/ntt) through any backend's commit interface:
// the real level-0 commit of a 2^10 stack, and the single-lane codeword (a 2^16 stack
// whose data fills exactly one block) with its one-word-leaf tree.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Backend } from '../../src/backend/backend';
import { vectorPath } from '../vectors';

export const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

function vectorWords(file: string): Uint32Array {
  return new Uint32Array(new Uint8Array(readFileSync(vectorPath('ntt', file))).buffer);
}

/** [title, check] pairs, one test each. */
export function commitVectorChecks(backend: () => Backend): [string, () => Promise<void>][] {
  return [
    ['commit_codeword_n10 (64 lanes, rate 1/2) and its root', async () => {
      const b = backend();
      const msg = await b.upload('K', vectorWords('ntt_msg_n10.bin'));
      const codeword = await b.encode(msg, 10, 1);
      expect(await b.download(codeword)).toEqual(vectorWords('commit_codeword_n10.bin'));
      const tree = await b.merkleBuild(codeword, 64, 64);
      expect(tree).toMatchObject({ nLeaves: 32, height: 5, rowWords: 64, leafWords: 64 });
      expect(hex(tree.root)).toBe('33aa3af8cb433f8a76c9bd182c7b0b72a6da5187920b23ac60a28a26ec3ae31e');
      b.freeTree(tree);
      for (const buf of [msg, codeword]) b.free(buf);
    }],
    ['the single-lane rate-1/2 codeword of ntt_msg_n10 and its one-word-leaf root', async () => {
      const b = backend();
      const msg = await b.upload('K', vectorWords('ntt_msg_n10.bin'));
      const codeword = await b.encode(msg, 16, 1);
      expect(await b.download(codeword)).toEqual(vectorWords('ntt_codeword_n10_rate2_single_lane.bin'));
      const tree = await b.merkleBuild(codeword, 1, 1);
      expect(hex(tree.root)).toBe('158ea7f0db1a91d8077545d2f98ac2e58fa0cf632a5d31dadbfc2a5c19bda98c');
      b.freeTree(tree);
      for (const buf of [msg, codeword]) b.free(buf);
    }],
  ];
}
