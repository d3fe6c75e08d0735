from snark_lib import *

N_BITS = 12
CTX_CHAIN = 0
CTX_LEAF = 294
CTX_ENC = 295
CTX_MERKLE = 296
CTX_CHUNK = 328
CTX_MSG = 336
CTX_SIZE = 338
TAG_KEYS_0 = 60414715099222428737295723158092997996
TAG_KEYS_1 = 59795479723860209586104161
TAG_0 = 60414715099222428737295723158092997996
TAG_1 = 15307642550692378594668668769
Y = f192(0, 1, 0)
X64 = 27
LANE = [1, Y]
MERKLE_TYPE_SUB = [258, 514, 770, 1026, 1282, 1538, 1794, 2050, 2306, 2562, 2818, 3074, 3330, 3586, 3842, 4098, 4354, 4610, 4866, 5122, 5378, 5634, 5890, 6146, 6402, 6658, 6914, 7170, 7426, 7682, 7938, 8194]


@inline
def chain_arm(ctx, tape, ops, j: Const, d: Const):
    hint_witness(tape[16 * j + 2 * d:16 * j + 2 * d + 1], "chains")
    for s in unroll(d, 7):
        ops[28 * j + 4 * s] = ctx[GEN ** (CTX_CHAIN + 7 * j + s)]
        blake2s(ops[28 * j + 4 * s:28 * j + 4 * s + 2], ops[28 * j + 4 * s + 2:28 * j + 4 * s + 4], tape[16 * j + 2 * s + 2:16 * j + 2 * s + 4], counter=48, final=1)
    return d * GEN ** (3 * (j % 21)) * LANE[j // 21] + 0


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

    hh = HeapBuf(ng * ng * GEN ** 2)
    k0 = [TAG_KEYS_0, TAG_KEYS_1]
    k1 = [ncell, 0]
    blake2s(k0, k1, hh[0:2])

    for i in mul_range(1, ng):
        rootb = StackBuf(2)
        hint_witness(rootb[0:1], "pk")
        ppb = StackBuf(1)
        hint_witness(ppb, "pk")
        pp = ppb[0]
        i2 = i * i
        kpk = [rootb[0], pp]
        blake2s(hh[i2:i2 + 2], kpk, hh[i2 * GEN ** 2:i2 * GEN ** 2 + 2])

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

        tape = StackBuf(672)
        ops = StackBuf(1176)
        for j in unroll(0, 42):
            for s in unroll(0, 7):
                ops[28 * j + 4 * s + 1] = pp
                ops[28 * j + 4 * s + 2] = tape[16 * j + 2 * s]
                ops[28 * j + 4 * s + 3] = 0
        dig = StackBuf(42)
        hint_witness(dig, "digits")
        acc = 0
        prod = 1
        for j in unroll(0, 41):
            h = dig[j]
            assert log(h) < 8
            lane = match_range(log(h), range(0, 8), lambda d: chain_arm(ctx, tape, ops, j, d) + 0)
            acc = acc + lane
            prod = prod * h
        hl = dig[41]
        assert log(hl) < 8
        lane = match_range(log(hl), range(0, 8), lambda d: chain_arm(ctx, tape, ops, 41, d) + 0)
        dg[0] = acc + lane
        sm = StackBuf(1)
        sm[0] = prod * hl
        sm[0] = GEN ** 195

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

    n2 = ng * ng
    s0 = [TAG_0, TAG_1]
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
