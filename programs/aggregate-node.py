# aggregate-node: the in-VM verifier of a child VM proof (issue 31), built piece by piece. Each
# piece is a function below, executed in tests on hints taken from real child proofs
# (src/workloads/recursion/guest builds the hints from a TypeScript verification of the child;
# docs/recursion-guest.md says what each piece checks and costs).
#
# Cells: a BLAKE2S operand cell holds 128 bits (limbs c0, c1; c2 = 0), any other cell an E word
# (c0 + c1·y + c2·y², each limb in K). The transcript's chaining value is one BLAKE2S output pair.
#
# Witness streams (the host builds them from the child's transcript, in the order popped):
#   fs          per absorbed scalar s: [s.c0 + s.c1·y, s.c2], the block's two data cells
#   pow_bits    per grinding check: bits POW_BITS .. 63 of the check word, each 0 or 1
# and, for main (the transcript replay of one child verification):
#   n_events    [g^n]: the transcript's compressions, a grinding check counting as one
#   events      per event: [g^k], k = 0 absorb, 1 squeeze, 2 grinding check
#   challenges  per squeeze: the challenge the TypeScript verifier drew
from snark_lib import *

Y = f192(0, 1, 0)
Y2 = f192(0, 0, 1)
# A transcript block is cv ‖ (d0, d1, d2, tag): its second message cell is d2 + tag·y.
TAG_SCALAR = f192(0, 1, 0)
TAG_SQUEEZE = f192(0, 4, 0)
TAG_POW_BASE = f192(0, 5, 0)
TAG_POW_NONCE = f192(0, 6, 0)
# The chaining value after the protocol domain and the VM's label `leanvm-b` (absorbed as bytes).
FS_START_0 = 272297650824915332543093854942062663252
FS_START_1 = 253388312438515470292030806168400023715
# A grinding nonce passes when word 0 of C(base, nonce) has its low POW_BITS bits zero.
POW_BITS = 17


# Absorb the next stream scalar s into the chain cv -> nxt and return s. The hinted cells are
# the block's own: blk[0] = (s.c0, s.c1) is a BLAKE2S cell, and blk[1] = s.c2 must be in K, or
# a prover could move bits between the tag and the scalar.
@inline
def fs_observe(cv, nxt):
    blk = StackBuf(2)
    hint_witness(blk, "fs")
    assert_in_k(blk[1], blk[1])
    m = [blk[0], blk[1] + TAG_SCALAR]
    blake2s(cv, m, nxt)
    return blk[0] + blk[1] * Y2


# Squeeze: nxt = C(cv, (0, 0, 0, SQUEEZE)); the challenge is nxt's first three K words,
# nxt[0] + lo·y² for nxt[1] = lo + hi·y (lo, hi in K, split by a hint and checked).
@inline
def fs_squeeze(cv, nxt):
    m = [0, TAG_SQUEEZE]
    blake2s(cv, m, nxt)
    lm = StackBuf(2)
    hint_f192_limbs(lm, nxt[1])
    assert_in_k(lm[0], lm[1])
    nxt[1] = lm[0] + lm[1] * Y
    return nxt[0] + lm[0] * Y2


# The grinding check of the next stream scalar (the nonce), then its bind: the base is
# C(cv, (0, 0, 0, POW_BASE)) beside the chain, the check word C(base, nonce block)'s low limb
# must be x^POW_BITS times a polynomial of degree below 64 - POW_BITS (hinted bits), and the
# chain moves on by C(cv, nonce block).
@inline
def fs_grind(cv, nxt):
    blk = StackBuf(2)
    hint_witness(blk, "fs")
    base = StackBuf(2)
    mb = [0, TAG_POW_BASE]
    blake2s(cv, mb, base)
    nb = [blk[0], blk[1] + TAG_POW_NONCE]
    chk = StackBuf(2)
    blake2s(base, nb, chk)
    blake2s(cv, nb, nxt)
    lm = StackBuf(2)
    hint_f192_limbs(lm, chk[0])
    assert_in_k(lm[0], lm[1])
    assert_in_k(blk[1], blk[1])
    bits = StackBuf(64 - POW_BITS)
    hint_witness(bits, "pow_bits")
    for k in unroll(0, 64 - POW_BITS):
        bits[k] = bits[k] * bits[k]
    acc = bits[63 - POW_BITS]
    for k in unroll(1, 64 - POW_BITS):
        acc = acc * GEN + bits[63 - POW_BITS - k]
    chk[0] = acc * GEN ** POW_BITS + lm[1] * Y
    return


# The transcript of one child verification replayed event by event on a heap chain of
# chaining values, each squeeze checked against the TypeScript verifier's challenge.
def main():
    nn = StackBuf(1)
    hint_witness(nn, "n_events")
    ng = nn[0]
    hh = HeapBuf(ng * ng * GEN ** 2)
    hh[GEN ** 0] = FS_START_0
    hh[GEN] = FS_START_1
    for i in mul_range(1, ng):
        i2 = i * i
        cv = StackBuf(2)
        cv[0] = hh[i2]
        cv[1] = hh[i2 * GEN]
        nxt = StackBuf(2)
        ev = StackBuf(1)
        hint_witness(ev, "events")
        kd = ev[0]
        assert log(kd) < 3
        match log(kd):
            case 0:
                s = fs_observe(cv, nxt)
            case 1:
                c = fs_squeeze(cv, nxt)
                want = StackBuf(1)
                hint_witness(want, "challenges")
                want[0] = c
            case 2:
                fs_grind(cv, nxt)
        hh[i2 * GEN ** 2] = nxt[0]
        hh[i2 * GEN ** 3] = nxt[1]
    return
