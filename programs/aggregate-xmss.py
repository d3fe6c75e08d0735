# aggregate-xmss: n XMSS signatures (leanVM-b's scheme, docs/xmss.md) on one 32-byte message m at
# one epoch e, by n public keys, verified in one run; the public input is the statement digest
#   D = BLAKE2s(STATEMENT_TAG ‖ m ‖ e ‖ n ‖ K_n),  K_0 = BLAKE2s(KEY_LIST_TAG ‖ n ‖ 0^16),
#   K_{i+1} = BLAKE2s(K_i ‖ root_i ‖ P_i)
# (m[0] = D's bytes 0..16, m[1] = bytes 16..32). docs/xmss-aggregation.md argues why a proof of
# this program cannot pass for signers whose signatures do not all verify; [C1]..[C7] below are
# its checks. One compiled program serves every n from 1 to 4095 (n is read from 12 bits).
#
# Witness streams, in the order the program pops their entries (src/workloads/xmss-aggregate
# builds them; a 16-byte value is one cell, bytes 0..8 and 8..16 as its two 64-bit limbs):
#   n_bits      1 entry: the 12 bits of n, least significant first (each 0 or 1)
#   message     1 entry: m as two cells
#   epoch_bits  1 entry: the 32 bits of e, least significant first
#   then for each signer i, keys in strictly increasing byte order (the verifier checks it):
#   pk          2 entries: [root_i], [P_i]
#   rand        1 entry: [randomness bytes 0..16, bytes 16..24 ‖ 8 zero bytes]
#   digits      1 entry: 21 words g^(8·e_2p + e_2p+1), the encoding digits of chains 2p, 2p + 1
#   chains      42 entries: [chain j's value at its digit e_j], j = 0..41
#   siblings    32 entries: [the level-l sibling], l = 0..31
#
# Cost per signature: 144 BLAKE2S rows (2 encoding, 99 chain steps, 11 leaf, 32 path), 1 for
# the key chain, one DEREF per tweak a hash reads, and per pair of chains one range check and
# one 64-way dispatch into straight-line code that walks both chains (~690 cycles in all).
from snark_lib import *

N_BITS = 12
# The heap table `ctx` main fills once, shared by every signature: the tweaks (as 128-bit cells:
# byte 0 type, bytes 1..4 sub, bytes 5..8 index, LE), the Merkle chunk selectors and m.
CTX_CHAIN = 0  # chain j, step s -> s + 1: (0, 8j + s, e), at 7j + s
CTX_LEAF = 294  # (1, 0, e)
CTX_ENC = 295  # (3, 0, e)
CTX_MERKLE = 296  # the node at level l + 1: (2, l + 1, e >> (l + 1)), at 296 + l
CTX_CHUNK = 328  # g^(bits 4c .. 4c + 3 of e), c = 0..7
CTX_MSG = 336  # m: two cells
CTX_SIZE = 338
# "leanvm-gpu/xmss-aggregate/v1" and "leanvm-gpu/xmss-agg-keys/v1", zero-padded to 32 bytes.
STATEMENT_TAG_0 = 60414715099222428737295723158092997996
STATEMENT_TAG_1 = 15307642550692378594668668769
KEY_LIST_TAG_0 = 60414715099222428737295723158092997996
KEY_LIST_TAG_1 = 59795479723860209586104161
Y = f192(0, 1, 0)
# x^64 reduced in K (x^4 + x^3 + x + 1): cancels what x^40 · P pushes past bit 63.
X64 = 27
# Digit j of the encoding lives in limb j // 21 of D's first cell, at bits 3 (j % 21) ..
LANE = [1, Y]
# type 2 and sub l + 1 of the Merkle tweaks (byte 0, bytes 1..4)
MERKLE_TYPE_SUB = [258, 514, 770, 1026, 1282, 1538, 1794, 2050, 2306, 2562, 2818, 3074, 3330, 3586, 3842, 4098, 4354, 4610, 4866, 5122, 5378, 5634, 5890, 6146, 6402, 6658, 6914, 7170, 7426, 7682, 7938, 8194]

# Frame layout of one signature (the loop body):
#   tape[16j + 2s]      chain j's value at position s (its BLAKE2S output pair is 2s, 2s + 1):
#                       the hint puts sigma_j at 2 e_j, each step writes the next, tape[16j + 14]
#                       is the chain end
#   ops[28j + 4s ..]    step s of chain j's block: its tweak (read from ctx), then P, the value
#                       and 0, forwarded where they already are (no copies)
#   mt[4l ..]           level l's children: left, the left hash's second half, right, its half
#   mops[4l ..]         level l's block: tweak, P, left, right


# [C5] Chain j walked from its digit d to 7: the signature's value hinted at position d, then
# one 48-byte hash per step with tweak (0, 8j + s, e), each writing the next position.
@inline
def walk(ctx, tape, ops, j: Const, d: Const):
    hint_witness(tape[16 * j + 2 * d:16 * j + 2 * d + 1], "chains")
    for s in unroll(d, 7):
        ops[28 * j + 4 * s] = ctx[GEN ** (CTX_CHAIN + 7 * j + s)]
        blake2s(ops[28 * j + 4 * s:28 * j + 4 * s + 2], ops[28 * j + 4 * s + 2:28 * j + 4 * s + 4], tape[16 * j + 2 * s + 2:16 * j + 2 * s + 4], counter=48, final=1)
    return


# The arm for digits (a, b) of chains (j, j + 1): both walks, g^(a + b) for the sum [C4] into
# `sc`, and the digits' place in D's first cell for the encoding check [C4].
@inline
def pair_arm(ctx, tape, ops, sc, j: Const, a: Const, b: Const):
    walk(ctx, tape, ops, j, a)
    walk(ctx, tape, ops, j + 1, b)
    sc[0] = GEN ** (a + b) + 0
    return a * GEN ** (3 * (j % 21)) * LANE[j // 21] + b * GEN ** (3 * ((j + 1) % 21)) * LANE[(j + 1) // 21]


# [C7] Merkle levels 4c .. 4c + 3 for the epoch bits q = bits 4c .. 4c + 3: the hash that makes
# level l's node (the leaf's last block for l = 0, else level l - 1's node) writes it into the
# child slot bit l of e names, the hinted sibling fills the other.
@inline
def merkle_arm(lops, lcv, mt, mops, c: Const, q: Const):
    for i in unroll(0, 4):
        hint_witness(mt[4 * (4 * c + i) + 2 - 2 * ((q // 2 ** i) % 2):4 * (4 * c + i) + 3 - 2 * ((q // 2 ** i) % 2)], "siblings")
        if 4 * c + i == 0:
            blake2s(lops[40:42], lops[42:44], mt[2 * (q % 2):2 * (q % 2) + 2], cv=lcv, counter=704, final=1)
        else:
            blake2s(mops[4 * (4 * c + i - 1):4 * (4 * c + i - 1) + 2], mops[4 * (4 * c + i - 1) + 2:4 * (4 * c + i)], mt[4 * (4 * c + i) + 2 * ((q // 2 ** i) % 2):4 * (4 * c + i) + 2 * ((q // 2 ** i) % 2) + 2])
    return


def main():
    # [C2] n from 12 boolean bits: ncell is n as the 16-byte u32 field, ng = g^n bounds the loop;
    # n != 0.
    nb = StackBuf(N_BITS)
    hint_witness(nb, "n_bits")
    for k in unroll(0, N_BITS):
        nb[k] = nb[k] * nb[k]
    ncell = nb[N_BITS - 1]
    ng = 1 + nb[N_BITS - 1] * (GEN ** (2 ** (N_BITS - 1)) + 1)
    for k in unroll(1, N_BITS):
        ncell = ncell * GEN + nb[N_BITS - 1 - k]
        ng = ng * (1 + nb[N_BITS - 1 - k] * (GEN ** (2 ** (N_BITS - 1 - k)) + 1))
    assert ng != 1

    ctx = HeapBuf(CTX_SIZE)
    hint_witness(ctx[CTX_MSG:CTX_MSG + 2], "message")

    # [C3] e from 32 boolean bits. pa[a] = e >> a as a polynomial in x (bit k at x^k), so
    # pa[0] is e's 16-byte field; tb[a] = the index field of a tweak with index e >> a: its low
    # 24 bits at x^40.. of the low limb, its high 8 bits in the high limb.
    eb = StackBuf(32)
    hint_witness(eb, "epoch_bits")
    for k in unroll(0, 32):
        eb[k] = eb[k] * eb[k]
    pa = StackBuf(33)
    pa[32] = 0
    pa[31] = eb[31]
    for k in unroll(1, 32):
        pa[31 - k] = eb[31 - k] + GEN * pa[32 - k]
    tb = StackBuf(33)
    for a in unroll(0, 8):
        tb[a] = GEN ** 40 * pa[a] + (X64 + Y) * pa[a + 24]
    for a in unroll(8, 32):
        tb[a] = GEN ** 40 * pa[a]
    tb[32] = 0
    t0 = tb[0]
    aa = StackBuf(7)
    for s in unroll(0, 7):
        aa[s] = t0 + s * 256
    for j in unroll(0, 42):
        for s in unroll(0, 7):
            ctx[GEN ** (CTX_CHAIN + 7 * j + s)] = aa[s] + j * 2048
    ctx[GEN ** CTX_LEAF] = t0 + 1
    ctx[GEN ** CTX_ENC] = t0 + 3
    for l in unroll(0, 32):
        ctx[GEN ** (CTX_MERKLE + l)] = tb[l + 1] + MERKLE_TYPE_SUB[l]
    for c in unroll(0, 8):
        qc = 1 + eb[4 * c] * (GEN + 1)
        for i in unroll(1, 4):
            qc = qc * (1 + eb[4 * c + i] * (GEN ** (2 ** i) + 1))
        ctx[GEN ** (CTX_CHUNK + c)] = qc
    ecell = pa[0]

    # [C1] the key chain: hh[2i], hh[2i + 1] = K_i.
    hh = HeapBuf(ng * ng * GEN ** 2)
    k0 = [KEY_LIST_TAG_0, KEY_LIST_TAG_1]
    k1 = [ncell, 0]
    blake2s(k0, k1, hh[0:2])

    # [C2] exactly n iterations, signature i against key i, key i hashed once.
    for i in mul_range(1, ng):
        rootb = StackBuf(2)
        hint_witness(rootb[0:1], "pk")
        ppb = StackBuf(1)
        hint_witness(ppb, "pk")
        pp = ppb[0]
        i2 = i * i
        kpk = [rootb[0], pp]
        blake2s(hh[i2:i2 + 2], kpk, hh[i2 * GEN ** 2:i2 * GEN ** 2 + 2])

        # [C4] the encoding digest dg[0] = Th(P, (3, 0, e), m ‖ randomness ‖ 0^8): the
        # randomness cell's high 8 bytes are zero (assert_in_k), the padding is zero.
        ea = StackBuf(2)
        ea[0] = ctx[GEN ** CTX_ENC]
        ea[1] = pp
        em = StackBuf(2)
        em[0] = ctx[GEN ** CTX_MSG]
        em[1] = ctx[GEN ** (CTX_MSG + 1)]
        ecv = StackBuf(2)
        blake2s(ea, em, ecv, counter=64, final=0)
        rnd = StackBuf(2)
        hint_witness(rnd, "rand")
        assert_in_k(rnd[1], rnd[1])
        zz = [0, 0]
        dg = StackBuf(2)
        blake2s(rnd, zz, dg, cv=ecv, counter=96, final=1)

        # [C4, C5] the chains, two per dispatch: u = g^(8a + b) range-checked below 64 picks the
        # arm that walks chain 2p from a and chain 2p + 1 from b. The arms' digit terms XOR to
        # dg[0] (so the digits are D's 3-bit chunks and both spare bits are zero), their
        # g^(a + b) multiply to g^195 (the target sum).
        tape = StackBuf(672)
        ops = StackBuf(1176)
        for j in unroll(0, 42):
            for s in unroll(0, 7):
                ops[28 * j + 4 * s + 1] = pp
                ops[28 * j + 4 * s + 2] = tape[16 * j + 2 * s]
                ops[28 * j + 4 * s + 3] = 0
        dig = StackBuf(21)
        hint_witness(dig, "digits")
        acc = 0
        prod = 1
        for p in unroll(0, 20):
            u = dig[p]
            assert log(u) < 64
            sc = StackBuf(1)
            lane = match_range(log(u), range(0, 64), lambda k: pair_arm(ctx, tape, ops, sc, 2 * p, k // 8, k % 8) + 0)
            acc = acc + lane
            prod = prod * sc[0]
        ul = dig[20]
        assert log(ul) < 64
        sc = StackBuf(1)
        lane = match_range(log(ul), range(0, 64), lambda k: pair_arm(ctx, tape, ops, sc, 40, k // 8, k % 8) + 0)
        dg[0] = acc + lane
        sm = StackBuf(1)
        sm[0] = prod * sc[0]
        sm[0] = GEN ** 195

        # [C6] the leaf: Th(P, (1, 0, e), the 42 chain ends), 11 blocks; the last is level 0's
        # first hash in merkle_arm.
        lops = StackBuf(44)
        lops[0] = ctx[GEN ** CTX_LEAF]
        lops[1] = pp
        for j in unroll(0, 42):
            lops[2 + j] = tape[16 * j + 14]
        lcv = StackBuf(2)
        blake2s(lops[0:2], lops[2:4], lcv, counter=64, final=0)
        for q in unroll(1, 10):
            nxt = StackBuf(2)
            blake2s(lops[4 * q:4 * q + 2], lops[4 * q + 2:4 * q + 4], nxt, cv=lcv, counter=64 * (q + 1), final=0)
            lcv = nxt

        # [C7] the path, four levels per dispatch on e's bits; the last hash writes into the
        # hinted root cell, so it asserts the root.
        mt = StackBuf(128)
        mops = StackBuf(128)
        for l in unroll(0, 32):
            mops[4 * l] = ctx[GEN ** (CTX_MERKLE + l)]
            mops[4 * l + 1] = pp
            mops[4 * l + 2] = mt[4 * l]
            mops[4 * l + 3] = mt[4 * l + 2]
        for c in unroll(0, 8):
            qv = ctx[GEN ** (CTX_CHUNK + c)]
            match log(qv):
                case 0:
                    merkle_arm(lops, lcv, mt, mops, c, 0)
                case 1:
                    merkle_arm(lops, lcv, mt, mops, c, 1)
                case 2:
                    merkle_arm(lops, lcv, mt, mops, c, 2)
                case 3:
                    merkle_arm(lops, lcv, mt, mops, c, 3)
                case 4:
                    merkle_arm(lops, lcv, mt, mops, c, 4)
                case 5:
                    merkle_arm(lops, lcv, mt, mops, c, 5)
                case 6:
                    merkle_arm(lops, lcv, mt, mops, c, 6)
                case 7:
                    merkle_arm(lops, lcv, mt, mops, c, 7)
                case 8:
                    merkle_arm(lops, lcv, mt, mops, c, 8)
                case 9:
                    merkle_arm(lops, lcv, mt, mops, c, 9)
                case 10:
                    merkle_arm(lops, lcv, mt, mops, c, 10)
                case 11:
                    merkle_arm(lops, lcv, mt, mops, c, 11)
                case 12:
                    merkle_arm(lops, lcv, mt, mops, c, 12)
                case 13:
                    merkle_arm(lops, lcv, mt, mops, c, 13)
                case 14:
                    merkle_arm(lops, lcv, mt, mops, c, 14)
                case 15:
                    merkle_arm(lops, lcv, mt, mops, c, 15)
        blake2s(mops[124:126], mops[126:128], rootb)

    # [C1] D = BLAKE2s(STATEMENT_TAG ‖ m ‖ e ‖ n ‖ K_n), asserted into the public input.
    n2 = ng * ng
    s0 = [STATEMENT_TAG_0, STATEMENT_TAG_1]
    s1 = [ctx[GEN ** CTX_MSG], ctx[GEN ** (CTX_MSG + 1)]]
    scv = StackBuf(2)
    blake2s(s0, s1, scv, counter=64, final=0)
    s2 = [ecell, ncell]
    out = StackBuf(2)
    blake2s(s2, hh[n2:n2 + 2], out, cv=scv, counter=128, final=1)
    pub = GEN ** 0
    pub[1] = out[0]
    pub[GEN] = out[1]
    return
