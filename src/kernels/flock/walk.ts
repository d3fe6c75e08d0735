// The circuit's two matrices without building them (docs/protocol.md §9.2). Every row's A and B
// operands are linear forms in z; the forward walk evaluates them at any w ∈ E^16384 by
// threading "wires" (each bit of each lane = its linear form at w) through the compression:
// a committed bit reads w[pos], a set IV bit reads the constant wire w[512], XOR adds,
// rotation permutes. The transpose walk runs the same circuit backwards (reverse mode) and
// returns the gradient of Σ_k uA[k]·(A_0 w)[k] + uB[k]·(B_0 w)[k], i.e. A_0ᵀuA + B_0ᵀuB.
// E values are 6 u32 words; a wire word is 32 of them (192 words), and a committed word's
// wire is simply its 192-word window of w.
import { IV } from '../../hash/blake2s';
import { ShapeError } from '../../util/errors';
import {
  ADD_ROWS, BLOCK_BITS, CONST_POS, F0_BASE, F1_BASE, G_A1, G_A2, G_C1, G_C2, G_LANES, G_PER_ROUND,
  H_BASE, M_BASE, OUT_BASE, ROUNDS, SIGMA, T_HI_BASE, T_LO_BASE, gBase,
} from './layout';

const WW = 192; // u32 words per wire word
const C = 6 * CONST_POS;
/** Lanes 12..15 start as IV[4..8] ⊕ these input words. */
const T_BASES = [T_LO_BASE, T_HI_BASE, F0_BASE, F1_BASE];

function checkVector(v: Uint32Array, what: string): void {
  if (v.length !== 6 * BLOCK_BITS) throw new ShapeError(`${what}: need ${BLOCK_BITS} E values (${6 * BLOCK_BITS} words), got ${v.length}`);
}

/** dst[d..d+6) ^= src[s..s+6) */
function addTo(dst: Uint32Array, d: number, src: Uint32Array, s: number): void {
  dst[d] ^= src[s]; dst[d + 1] ^= src[s + 1]; dst[d + 2] ^= src[s + 2];
  dst[d + 3] ^= src[s + 3]; dst[d + 4] ^= src[s + 4]; dst[d + 5] ^= src[s + 5];
}

/** The 192-word window of E vector v at bit position pos (a committed word's wire). */
const word = (v: Uint32Array, pos: number): Uint32Array => v.subarray(6 * pos, 6 * pos + WW);

/** out = rotr(x ⊕ y, n) for wire words; out is distinct from x and y. */
function xorRotr(out: Uint32Array, x: Uint32Array, y: Uint32Array, n: number): void {
  for (let i = 0; i < 32; i++) {
    const s = 6 * ((i + n) & 31);
    for (let t = 0; t < 6; t++) out[6 * i + t] = x[s + t] ^ y[s + t];
  }
}

/** The transpose of rotr(·, n): out_j = x_{(j − n) mod 32}; out is distinct from x. */
function rotrT(out: Uint32Array, x: Uint32Array, n: number): void {
  for (let j = 0; j < 32; j++) {
    const s = 6 * ((j - n) & 31), o = 6 * j;
    for (let t = 0; t < 6; t++) out[o + t] = x[s + t];
  }
}

/** The four adds of every G, in order, with the lane plumbing between them. */
interface Gadgets {
  /** out = x + y with carry rows at cb */
  add(out: Uint32Array, x: Uint32Array, y: Uint32Array, cb: number): void;
  /** out = x + y + z with majority and ripple rows at base */
  add3(out: Uint32Array, x: Uint32Array, y: Uint32Array, z: Uint32Array, base: number): void;
}

/** The forward walk: A_0 w and B_0 w (6·16384 words each) for w ∈ E^16384. */
export function forwardWalk(w: Uint32Array): { a: Uint32Array; b: Uint32Array } {
  checkVector(w, 'forwardWalk');
  const ra = new Uint32Array(w.length), rb = new Uint32Array(w.length);
  const wc = w.subarray(C, C + 6);
  // Input rows: A = the bit itself, B = the constant wire; the constant row: both the wire.
  const inputRows = (from: number, count: number): void => {
    for (let k = from; k < from + count; k++) {
      ra.set(w.subarray(6 * k, 6 * k + 6), 6 * k);
      rb.set(wc, 6 * k);
    }
  };
  inputRows(CONST_POS, 1);
  inputRows(H_BASE, 256);
  inputRows(M_BASE, 512);
  inputRows(T_LO_BASE, 128);

  const cin = new Uint32Array(6), maj = new Uint32Array(6 * 31), p = new Uint32Array(6);
  const gadgets: Gadgets = {
    // Row cb+i: A = x_i + cin_i, B = y_i + cin_i; sum_i = x_i + y_i + cin_i; cin_{i+1} = cin_i + w[cb+i].
    add(out, x, y, cb) {
      cin.fill(0);
      for (let i = 0; i < 32; i++) {
        const o = 6 * i, k = 6 * (cb + i);
        for (let t = 0; t < 6; t++) {
          const A = x[o + t] ^ cin[t];
          if (i < ADD_ROWS) {
            ra[k + t] = A;
            rb[k + t] = y[o + t] ^ cin[t];
          }
          out[o + t] = A ^ y[o + t];
        }
        if (i < ADD_ROWS) addTo(cin, 0, w, k);
      }
    },
    // Majority row base+i (i < 31): A = x_i + z_i, B = y_i + z_i, maj_i = w[base+i] + z_i.
    // Ripple row base+31+(i−1) (1 ≤ i ≤ 30): A = p_i + cin_i, B = q_i + cin_i with
    // p = x + y + z and q_i = maj_{i−1} (q_0 = 0); sum_i = p_i + q_i + cin_i.
    add3(out, x, y, z, base) {
      for (let i = 0; i < 31; i++) {
        const o = 6 * i, k = 6 * (base + i);
        for (let t = 0; t < 6; t++) {
          ra[k + t] = x[o + t] ^ z[o + t];
          rb[k + t] = y[o + t] ^ z[o + t];
          maj[o + t] = w[k + t] ^ z[o + t];
        }
      }
      cin.fill(0);
      for (let i = 0; i < 32; i++) {
        const o = 6 * i, q = 6 * (i - 1);
        for (let t = 0; t < 6; t++) p[t] = x[o + t] ^ y[o + t] ^ z[o + t] ^ cin[t];
        for (let t = 0; t < 6; t++) out[o + t] = i === 0 ? p[t] : p[t] ^ maj[q + t];
        if (i >= 1 && i <= 30) {
          const k = 6 * (base + 30 + i);
          for (let t = 0; t < 6; t++) {
            ra[k + t] = p[t];
            rb[k + t] = maj[q + t] ^ cin[t];
          }
          addTo(cin, 0, w, k);
        }
      }
    },
  };

  const lanes = initialLanes(w);
  runRounds(lanes, w, gadgets);
  // Output rows: A = h ⊕ v[l] ⊕ v[l + 8], B = the constant wire.
  for (let l = 0; l < 8; l++) {
    const h = word(w, H_BASE + 32 * l);
    for (let i = 0; i < 32; i++) {
      const k = 6 * (OUT_BASE + 32 * l + i), o = 6 * i;
      for (let t = 0; t < 6; t++) ra[k + t] = lanes[l][o + t] ^ lanes[l + 8][o + t] ^ h[o + t];
      rb.set(wc, k);
    }
  }
  return { a: ra, b: rb };
}

/** The 16 lane wires the compression starts from: h, IV[0..4], IV[4..8] ⊕ (t_lo, t_hi, f0, f1). */
function initialLanes(w: Uint32Array): Uint32Array[] {
  const lanes: Uint32Array[] = [];
  for (let l = 0; l < 16; l++) {
    if (l < 8) {
      lanes.push(word(w, H_BASE + 32 * l).slice());
      continue;
    }
    const v = l < 12 ? new Uint32Array(WW) : word(w, T_BASES[l - 12]).slice();
    for (let i = 0; i < 32; i++) if ((IV[l - 8] >>> i) & 1) addTo(v, 6 * i, w, C);
    lanes.push(v);
  }
  return lanes;
}

/** The ten rounds of G calls on the lane wires, in place. */
function runRounds(lanes: Uint32Array[], w: Uint32Array, g: Gadgets): void {
  const a1 = new Uint32Array(WW), c1 = new Uint32Array(WW), d1 = new Uint32Array(WW), b1 = new Uint32Array(WW);
  for (let r = 0; r < ROUNDS; r++) {
    for (let gi = 0; gi < G_PER_ROUND; gi++) {
      const [la, lb, lc, ld] = G_LANES[gi];
      const base = gBase(G_PER_ROUND * r + gi);
      const a = lanes[la], b = lanes[lb], c = lanes[lc], d = lanes[ld];
      g.add3(a1, a, b, word(w, M_BASE + 32 * SIGMA[r][2 * gi]), base + G_A1);
      xorRotr(d1, d, a1, 16);
      g.add(c1, c, d1, base + G_C1);
      xorRotr(b1, b, c1, 12);
      g.add3(a, a1, b1, word(w, M_BASE + 32 * SIGMA[r][2 * gi + 1]), base + G_A2); // a2
      xorRotr(d, d1, a, 8); // d2
      g.add(c, c1, d, base + G_C2); // c2
      xorRotr(b, b1, c, 7); // b2
    }
  }
}

/**
 * The transpose walk: A_0ᵀ uA + B_0ᵀ uB (6·16384 words) for row weights uA, uB ∈ E^16384.
 * Lincheck's column weights (A_0 + αB_0)ᵀ e are transposeWalk(e, α·e).
 */
export function transposeWalk(uA: Uint32Array, uB: Uint32Array): Uint32Array {
  checkVector(uA, 'transposeWalk (uA)');
  checkVector(uB, 'transposeWalk (uB)');
  const g = new Uint32Array(uA.length);
  // Every row whose B side is the constant wire sends its uB there; the constant row both.
  const inputRows = (from: number, count: number): void => {
    for (let k = from; k < from + count; k++) {
      addTo(g, 6 * k, uA, 6 * k);
      addTo(g, C, uB, 6 * k);
    }
  };
  inputRows(CONST_POS, 1);
  inputRows(H_BASE, 256);
  inputRows(M_BASE, 512);
  inputRows(T_LO_BASE, 128);

  // Lane adjoints, seeded by the output rows' A sides (A = h ⊕ v[l] ⊕ v[l + 8]).
  const adj: Uint32Array[] = [];
  for (let l = 0; l < 16; l++) adj.push(new Uint32Array(WW));
  for (let l = 0; l < 8; l++) {
    for (let i = 0; i < 32; i++) {
      const k = 6 * (OUT_BASE + 32 * l + i);
      addTo(adj[l], 6 * i, uA, k);
      addTo(adj[l + 8], 6 * i, uA, k);
      addTo(g, 6 * (H_BASE + 32 * l + i), uA, k);
      addTo(g, C, uB, k);
    }
  }

  const suffix = new Uint32Array(6), cinAdj = new Uint32Array(6);
  /** Transpose of add at cb: from the sum's adjoint s, writes the adjoints of x and y. */
  const backAdd = (x: Uint32Array, y: Uint32Array, s: Uint32Array, cb: number): void => {
    suffix.fill(0);
    for (let i = 31; i >= 0; i--) {
      const o = 6 * i, k = 6 * (cb + i);
      for (let t = 0; t < 6; t++) {
        const rA = i < ADD_ROWS ? uA[k + t] : 0, rB = i < ADD_ROWS ? uB[k + t] : 0;
        x[o + t] = s[o + t] ^ rA;
        y[o + t] = s[o + t] ^ rB;
        cinAdj[t] = s[o + t] ^ rA ^ rB;
      }
      // cin_i = Σ_{j<i} w[cb+j]: slot j collects the adjoints of every later cin.
      if (i < ADD_ROWS) addTo(g, k, suffix, 0);
      addTo(suffix, 0, cinAdj, 0);
    }
  };
  const qAdj = new Uint32Array(6 * 33);
  /** Transpose of add3 at base: from the sum's adjoint s, writes the adjoints of x, y, z. */
  const backAdd3 = (x: Uint32Array, y: Uint32Array, z: Uint32Array, s: Uint32Array, base: number): void => {
    suffix.fill(0);
    qAdj.fill(0);
    for (let i = 31; i >= 0; i--) {
      const o = 6 * i, ripple = i >= 1 && i <= 30, k = 6 * (base + 30 + i);
      for (let t = 0; t < 6; t++) {
        const rA = ripple ? uA[k + t] : 0, rB = ripple ? uB[k + t] : 0;
        const left = s[o + t] ^ rA; // p_i reaches sum_i and the ripple row's A side
        x[o + t] = y[o + t] = z[o + t] = left;
        cinAdj[t] = left ^ rB;
        qAdj[o + t] = i === 0 ? 0 : s[o + t] ^ rB; // q_i reaches sum_i and the B side
      }
      if (ripple) addTo(g, k, suffix, 0);
      addTo(suffix, 0, cinAdj, 0);
    }
    for (let i = 0; i < 31; i++) {
      const o = 6 * i, k = 6 * (base + i), q = 6 * (i + 1); // maj_i = w[base+i] + z_i is q_{i+1}
      for (let t = 0; t < 6; t++) {
        const mA = uA[k + t], mB = uB[k + t], qa = qAdj[q + t];
        x[o + t] ^= mA;
        y[o + t] ^= mB;
        z[o + t] ^= mA ^ mB ^ qa;
        g[k + t] ^= qa;
      }
    }
  };

  const A1 = new Uint32Array(WW), B1 = new Uint32Array(WW), C1 = new Uint32Array(WW), D1 = new Uint32Array(WW);
  const A2 = new Uint32Array(WW), D2 = new Uint32Array(WW), X = new Uint32Array(WW), Y = new Uint32Array(WW);
  const msg = new Uint32Array(WW);
  const toMessage = (idx: number): void => {
    const m = word(g, M_BASE + 32 * idx);
    for (let j = 0; j < WW; j++) m[j] ^= msg[j];
  };
  const xorInto = (dst: Uint32Array, src: Uint32Array): void => {
    for (let j = 0; j < WW; j++) dst[j] ^= src[j];
  };
  for (let r = ROUNDS - 1; r >= 0; r--) {
    for (let gi = G_PER_ROUND - 1; gi >= 0; gi--) {
      const [la, lb, lc, ld] = G_LANES[gi];
      const base = gBase(G_PER_ROUND * r + gi);
      const a = adj[la], b = adj[lb], c = adj[lc], d = adj[ld]; // adjoints of a2, b2, c2, d2
      A2.set(a);
      D2.set(d);
      // b2 = rotr(b1 ⊕ c2, 7)
      rotrT(B1, b, 7);
      xorInto(c, B1); // c now holds c2's full adjoint
      // c2 = c1 + d2
      backAdd(C1, X, c, base + G_C2);
      xorInto(D2, X);
      // d2 = rotr(d1 ⊕ a2, 8)
      rotrT(D1, D2, 8);
      xorInto(A2, D1);
      // a2 = a1 + b1 + my
      backAdd3(A1, X, msg, A2, base + G_A2);
      xorInto(B1, X);
      toMessage(SIGMA[r][2 * gi + 1]);
      // b1 = rotr(b ⊕ c1, 12)
      rotrT(b, B1, 12);
      xorInto(C1, b);
      // c1 = c + d1
      backAdd(c, Y, C1, base + G_C1);
      xorInto(D1, Y);
      // d1 = rotr(d ⊕ a1, 16)
      rotrT(d, D1, 16);
      xorInto(A1, d);
      // a1 = a + b + mx
      backAdd3(a, X, msg, A1, base + G_A1);
      xorInto(b, X);
      toMessage(SIGMA[r][2 * gi]);
    }
  }
  // The initial lanes: h bits, set IV bits (the constant wire), and the t/f input words.
  for (let l = 0; l < 16; l++) {
    if (l < 8) {
      const h = word(g, H_BASE + 32 * l);
      for (let j = 0; j < WW; j++) h[j] ^= adj[l][j];
      continue;
    }
    if (l >= 12) {
      const t = word(g, T_BASES[l - 12]);
      for (let j = 0; j < WW; j++) t[j] ^= adj[l][j];
    }
    for (let i = 0; i < 32; i++) if ((IV[l - 8] >>> i) & 1) addTo(g, C, adj[l], 6 * i);
  }
  return g;
}
