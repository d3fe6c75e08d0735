// The zerocheck's equality point r ∈ E^(m−6) (docs/protocol.md §9.3): seven fixed coordinates, then
// m − 13 sampled ones. The fixed ones are chosen so the prover can weight the inner seven
// variables cheaply: r_0..r_2 are φ8 images, which make eq over the three lowest word bits
// C_s·t^K inside GF(2^8) (t the AES generator, C_s = 0x1C), and r_{3+j} = γ^(2^j)/(1 + γ^(2^j))
// make eq over the next four bits γ^u / Π_j (1 + γ^(2^j)).
import { type E, eAdd, eInv, eMul, eOne, eSquare } from '../../field/e';
import { PHI } from '../../field/phi8';
import type { Channel } from '../../transcript/channel';
import { ShapeError } from '../../util/errors';

/** r_0..r_2 as GF(2^8) bytes (their φ8 images are the coordinates). */
export const SMALL_F8 = [0xf7, 0x53, 0xb5] as const;
/** eq(r_0..r_2, K) = C_S·t^K in GF(2^8) for K < 8. */
export const C_S_F8 = 0x1c;
/** γ, whose squarings give r_3..r_6. */
export const GAMMA: E = Uint32Array.of(0x85a308d3, 0x243f6a88, 0x03707344, 0x13198a2e, 0x299f31d0, 0xa4093822);
/** Coordinates fixed by the protocol. */
export const FIXED_COORDS = 7;

/** r_0..r_6, packed (42 words). */
export function fixedChallenges(): Uint32Array {
  const out = new Uint32Array(6 * FIXED_COORDS);
  SMALL_F8.forEach((v, i) => {
    out[6 * i] = PHI[2 * v];
    out[6 * i + 1] = PHI[2 * v + 1];
  });
  let g = GAMMA;
  for (let j = 0; j < 4; j++) {
    out.set(eMul(g, eInv(eAdd(eOne(), g))), 6 * (3 + j));
    g = eSquare(g);
  }
  return out;
}

/** The full point r for m = 14 + nBlocksLog: the fixed seven, then sample_vec(m − 13). */
export function equalityPoint(channel: Channel, m: number): Uint32Array {
  if (!Number.isInteger(m) || m < 13) throw new ShapeError(`equalityPoint: the zerocheck needs m ≥ 13, got ${m}`);
  const r = new Uint32Array(6 * (m - 6));
  r.set(fixedChallenges(), 0);
  r.set(channel.sampleVec(m - 13), 6 * FIXED_COORDS);
  return r;
}
