// What prover and verifier do alike (docs/protocol.md §3.2): bind values both sides already
// know, and draw challenges. The two states below add the transmitting half.
import type { E } from '../field/e';
import { FiatShamir } from './fiat-shamir';
import { rootToScalars } from './root';

export class Channel {
  protected readonly fs: FiatShamir;

  constructor(label: string | Uint8Array, statement: readonly E[] = []) {
    this.fs = FiatShamir.init(label, statement);
  }

  /** Transcript rounds so far: each run of challenges (or a grinding base) drawn after
   * something was sent or bound ends one, the points where a prover waits for its data. */
  get rounds(): number {
    return this.fs.rounds;
  }

  /** A copy of the chaining value (8 u32). */
  state(): Uint32Array {
    return this.fs.cv.slice();
  }

  /** Watch every compression of the transcript from now on (FiatShamir.tap). */
  tapTranscript(tap: FiatShamir['tap']): void {
    this.fs.tap = tap;
  }

  /** Bind a value both sides compute, without transmitting it. */
  observeScalar(e: Uint32Array, offset = 0): void {
    this.fs.observe(e, offset);
  }

  /** observeScalar for n scalars packed as 6n words. */
  observeScalars(es: Uint32Array): void {
    this.fs.observeAll(es);
  }

  /** Bind a digest both sides hold, as its two scalars. */
  observeRoot(digest: Uint8Array | Uint32Array): void {
    this.fs.observeAll(rootToScalars(digest));
  }

  sample(): E {
    return this.fs.sample();
  }

  /** n challenges packed as 6n words. */
  sampleVec(n: number): Uint32Array {
    return this.fs.sampleVec(n);
  }

  /** Query positions in [0, 2^logBlockLen), in sample order, duplicates kept (§3.4). */
  sampleQueries(logBlockLen: number, count: number): number[] {
    return this.fs.sampleQueries(logBlockLen, count);
  }
}
