# The node program's pieces, for their tests (children.ts compiles programs/aggregate-node.py
# with its main replaced by this file): the replays of one child verification's transcript,
# Merkle openings and query positions against the TypeScript verifier's values, and main, a
# dispatch on the hint `piece`. Not a node program: a piece writes no public input.
#
# Streams of its own:
#   piece       [g^p]: p = 0 the transcript replay, 1 the Merkle openings, 2 (4 bare) one child's
#               verification through ring switching's claim, 3 the query positions, 5 that bare
#               run and the WHIR opening
#   child_statement  [s0, s1, p0, p1, g^kbc]; child_expect  the child's record, CHILD_CHECKED cells
#   n_events    [g^n]: the transcript's compressions, a grinding check counting as one
#   events      per event: [g^k], k = 0 absorb, 1 squeeze, 2 grinding check
#   challenges  per squeeze: the challenge the TypeScript verifier drew
#   n_openings  [g^n]: the queries opened, every phase's in order
#   opening     per query: [g^k (k = 0 a leaf of 8 blocks, 1 of 3), g^(height - 1), the root's two cells]

# One query's opening checked against a root (r0, r1): its leaf image of nb blocks hinted and
# hashed, its path of height log(hg) + 1 walked to the root.
def open_leaf(r0, r1, hg, nb: Const):
    img = StackBuf(32)
    hint_witness(img[0:4 * nb], "leaf")
    dg = StackBuf(2)
    leaf_hash(img, dg, nb)
    d = match_range(log(hg), range(0, MAX_HEIGHT), lambda k: merkle_walk(dg[0], dg[1], r0, r1, k + 1))
    return


# Every opening of one child verification checked against its phase's root.
def merkle_replay():
    nn = StackBuf(1)
    hint_witness(nn, "n_openings")
    ng = nn[0]
    for i in mul_range(1, ng):
        sh = StackBuf(4)
        hint_witness(sh, "opening")
        assert log(sh[0]) < 2
        assert log(sh[1]) < MAX_HEIGHT
        match log(sh[0]):
            case 0:
                open_leaf(sh[2], sh[3], sh[1], 8)
            case 1:
                open_leaf(sh[2], sh[3], sh[1], 3)
    return


# A query squeeze's positions: each d-bit run j of the challenge's bits (bits_run), checked
# against the position the verifier drew.
@inline
def check_runs(bits, d: Const):
    want = StackBuf(192)
    hint_witness(want[0:192 // d], "positions")
    for j in unroll(0, 192 // d):
        want[j] = bits_run(bits, j, d)
    return 0


# Every query squeeze of one child verification: the squeezed challenge and g^(d - 1) hinted,
# its bits checked once, then its runs by a dispatch on d.
def positions_replay():
    nn = StackBuf(1)
    hint_witness(nn, "n_squeezes")
    ng = nn[0]
    for i in mul_range(1, ng):
        sq = StackBuf(2)
        hint_witness(sq, "squeeze")
        assert log(sq[1]) < MAX_HEIGHT
        bits = StackBuf(192)
        challenge_bits(sq[0], bits)
        d = match_range(log(sq[1]), range(0, MAX_HEIGHT), lambda k: check_runs(bits, k + 1) + 0)
    return


# The transcript of one child verification replayed event by event on a heap chain of
# chaining values, each squeeze checked against the TypeScript verifier's challenge.
def transcript_replay():
    nn = StackBuf(1)
    hint_witness(nn, "n_events")
    ng = nn[0]
    hh = HeapBuf(ng * ng * GEN ** 2)
    hh[GEN ** 0] = FS_START_0
    hh[GEN] = FS_START_1
    for i in mul_range(1, ng):
        i2 = i * i
        ch = StackBuf(4)
        ch[0] = hh[i2]
        ch[1] = hh[i2 * GEN]
        ev = StackBuf(1)
        hint_witness(ev, "events")
        kd = ev[0]
        assert log(kd) < 3
        match log(kd):
            case 0:
                s = fs_observe(ch, 0)
            case 1:
                c = fs_squeeze(ch, 0)
                want = StackBuf(1)
                hint_witness(want, "challenges")
                want[0] = c
            case 2:
                fs_grind(ch, 0)
        hh[i2 * GEN ** 2] = ch[2]
        hh[i2 * GEN ** 3] = ch[3]
    return


# main runs one piece on one child: the hint `piece` is g^0 for the transcript replay, g^1 for the
# Merkle openings, g^3 for the query positions, g^2 for one child's verification through ring
# switching's claim (child_to_ring) on its hinted statement, with the record pre-written from the
# hint `child_expect` (the TypeScript verifier's values), so each of the program's writes into it
# is checked at its own line; g^4 the same bare, as the node runs it (only the program's own
# checks); g^5 that bare run, then the stacked WHIR opening on the chain it leaves (whir_at): one
# chain from the statement to WHIR's terminal check.
def main():
    pc = StackBuf(1)
    hint_witness(pc, "piece")
    assert log(pc[0]) < 6
    match log(pc[0]):
        case 0:
            transcript_replay()
        case 1:
            merkle_replay()
        case 2:
            st = StackBuf(5)
            hint_witness(st, "child_statement")
            out = HeapBuf(CHILD_OUT)
            hint_witness(out[0:CHILD_CHECKED], "child_expect")
            child_to_ring(st[0], st[1], st[2], st[3], st[4], out)
        case 3:
            positions_replay()
        case 4:
            sb = StackBuf(5)
            hint_witness(sb, "child_statement")
            rec = HeapBuf(CHILD_OUT)
            child_to_ring(sb[0], sb[1], sb[2], sb[3], sb[4], rec)
        case 5:
            sw = StackBuf(5)
            hint_witness(sw, "child_statement")
            rw = HeapBuf(CHILD_OUT)
            child_to_ring(sw[0], sw[1], sw[2], sw[3], sw[4], rw)
            whir_at(rw)
    return
