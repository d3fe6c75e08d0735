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
#   leaf        per opened query: its leaf image, two K words a cell
#   siblings    per opened query: its path's hashed pairs (left, right), leaf level first, four cells each
#   path_bits   per opened query: its position's bits, least significant first, each 0 or 1
# and, for main's pieces on one child:
#   piece       [g^p]: p = 0 the transcript replay, 1 the Merkle openings
#   n_events    [g^n]: the transcript's compressions, a grinding check counting as one
#   events      per event: [g^k], k = 0 absorb, 1 squeeze, 2 grinding check
#   challenges  per squeeze: the challenge the TypeScript verifier drew
#   n_openings  [g^n]: the queries opened, every phase's in order
#   opening     per query: [g^k (k = 0 a leaf of 8 blocks, 1 of 3), g^(height - 1), the root's two cells]
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
# The tallest Merkle tree a child commits (2^MAX_HEIGHT leaves).
MAX_HEIGHT = 26
# The most rows a child's table has (2^MAX_DEPTH), so the table sumcheck's rounds; DEPTHS
# counts 0 ..= MAX_DEPTH (the reference compiler's match_range takes literal bounds only).
MAX_DEPTH = 28
DEPTHS = 29
# The bus depths the GKR piece handles: GKR_MIN_DEPTH .. GKR_MIN_DEPTH + 7; its chain's cells.
GKR_MIN_DEPTH = 16
# The six tables' committed columns, whose values close the table sumcheck.
TABLE_COLUMNS = 102
# The announced sizes at a proof's start: h, the six τ, the rate.
ANNOUNCED = 8
# The framework values after the GKR: the memory's three limbs and the two final counts at ζ.
FRAMEWORK_VALUES = 5
GKR_CELLS = 1600
# Flock's zerocheck point: its seven fixed coordinates (r_0..r_6, docs/protocol.md §9.3).
FLOCK_R = [f192(5772811086190238293, 0, 0), f192(18376177690117868746, 0, 0), f192(1537792354547671042, 0, 0), f192(3877548338577296374, 1367482035892397521, 13373126565067795492), f192(7200243516802924451, 16251485319816311889, 13522021764491415548), f192(14498505783250251438, 16564499533431716054, 16770611540025040673), f192(3934799921294095118, 853327055063395975, 1309330797735322834)]
# The univariate skip's 128 nodes φ8(u), u < 128, as K words: S = the first 64 (node 0 is 0), Λ
# the rest; on a subspace every Lagrange denominator is 1/SKIP_DEN_k (k = 6: S, k = 7: S ∪ Λ).
SKIP_NODES_K = [0, 1, 233317187178767958, 233317187178767959, 5847396588373319944, 5847396588373319945, 5916261553440163678, 5916261553440163679, 909273441170553857, 909273441170553856, 1126616643693337175, 1126616643693337174, 6753221685647269129, 6753221685647269128, 6810757554037128031, 6810757554037128030, 13425015913296524956, 13425015913296524957, 13363258058013790410, 13363258058013790411, 16963121286284040084, 16963121286284040085, 16741555821419917762, 16741555821419917763, 13173415632012282525, 13173415632012282524, 13109335328444067019, 13109335328444067018, 16714968798032636821, 16714968798032636820, 16486437098630516163, 16486437098630516162, 13413663147086793287, 13413663147086793286, 13337989939188722705, 13337989939188722704, 16933754119322725199, 16933754119322725198, 16734302103207496985, 16734302103207496984, 13166419680609547846, 13166419680609547847, 13079698300183580688, 13079698300183580689, 16689958445912364878, 16689958445912364879, 16474814470949679384, 16474814470949679385, 29795976497216731, 29795976497216730, 240155289994828429, 240155289994828428, 5859178164118920659, 5859178164118920658, 5941114056868903813, 5941114056868903812, 934417933708345562, 934417933708345563, 1138091936817112716, 1138091936817112717, 6760351777467556306, 6760351777467556307, 6840247247740520324, 6840247247740520325, 5077413140227349505, 5077413140227349504, 4992927275758287447, 4992927275758287446, 1680045447218232585, 1680045447218232584, 1471640032698489695, 1471640032698489694, 5397840376063860736, 5397840376063860737, 5319898533665736278, 5319898533665736279, 2003779738599850248, 2003779738599850249, 1797556034875041630, 1797556034875041631, 18174738647891815069, 18174738647891815068, 18376177690117868747, 18376177690117868746, 12474835414352726933, 12474835414352726932, 12547991768974339523, 12547991768974339522, 17341048660226299548, 17341048660226299549, 17553676061639045322, 17553676061639045323, 11637837820279650196, 11637837820279650197, 11726545947089916354, 11726545947089916355, 18181172200248022598, 18181172200248022599, 18405252315020079120, 18405252315020079121, 12499283362976839502, 12499283362976839503, 12559051997470757144, 12559051997470757145, 17351837927878388295, 17351837927878388294, 17578380677594729489, 17578380677594729488, 11666641484232641359, 11666641484232641358, 11733236166605761817, 11733236166605761816, 5052831051185709274, 5052831051185709275, 4982014381818922636, 4982014381818922637, 1673477754444464594, 1673477754444464595, 1442712742353364868, 1442712742353364869, 5368607902574976219, 5368607902574976218, 5313623929546259085, 5313623929546259084, 1992561661411900883, 1992561661411900882, 1773267034315692933, 1773267034315692932]
SKIP_DEN_6 = 11666641484232641359
SKIP_DEN_7 = 233317187178767959
# The BLAKE2S table's τ values (log2 of Flock's blocks) the Flock piece handles: 0 ..= 16.
FLOCK_BLOCKS = 17
FLOCK_MAX_BLOCKS = 16
# The deferred matrix claim's cells: z, χ_in (8), α, χ'_in (8), s (64), T.
FLOCK_CLAIM = 83
# The stacked WHIR opening (src/pcs/whir/config.ts): the commitment sizes log N the piece handles
# (WHIR_MIN_LOGN .. + WHIR_LOGNS - 1, at log inverse rate 1), and their query counts per level
# (WHIR_QUERIES[0][logN - 15]), WHIR_Q[7·(logN - WHIR_MIN_LOGN) + level].
WHIR_MIN_LOGN = 20
WHIR_LOGNS = 4
WHIR_Q = [224, 56, 38, 28, 0, 0, 0, 224, 56, 38, 28, 22, 0, 0, 225, 56, 38, 28, 23, 0, 0, 225, 56, 38, 28, 23, 0, 0]
# The point claims the batch combines after the ring claim (bus, table sumcheck, public line).
POINT_CLAIMS = 110
# The additive NTT's subspace constants s_k = V_k(e_k) and 1/s_k as K words (src/ntt/subspace.ts):
# a query at domain point x weighs Π_k (1 + p_k·(1 + Ŵ_k(x))), Ŵ_k = V_k/s_k, V_{k+1} = V_k·(V_k + s_k).
SUB_S = [1, 6, 360, 18245760, 78274681211224091, 8244804748658156366, 8749050644146709186, 1085473640648473244, 7640059558905957125, 15191009085390685913, 7878391778441664005, 15027479999479429674, 45258276057990961, 4327488829911782419, 436120406283855025, 12258566772772131633, 4173344427556738922, 9379383436311302198, 12815162240740981585, 12781823355040158032, 4363999843076762013, 4884544371481386850, 16029846640984092377, 6101037898394275605, 5083921288726957680, 9840509665356629610, 16460138475881057682, 14988195084384350563]
SUB_SINV = [1, 9223372036854775803, 16566595158504539616, 12911735938760240710, 2125028155691853901, 4204569583749220094, 6707278589741703265, 1511496419735272010, 8683548997371710969, 120515905832802472, 10797586625038654684, 5944514742312431224, 18149037763096777334, 15307119890373185988, 18218058313307988331, 14663487748577323313, 4781568082007774283, 7330356837328886549, 13911455371512638823, 16617999719419028343, 1788007485707911540, 270802305267126156, 17758540139578744940, 13312579079212403361, 12323593364353422091, 7404272763573462125, 4604879283052166577, 4734029200032747673]


# The transcript is a chain of chaining values in a StackBuf `ch`, two cells each: step i reads
# ch[2i:2i + 2] and writes ch[2i + 2:2i + 4].

# Absorb the next stream scalar s (step i) and return s. The hinted cells are the block's own:
# blk[0] = (s.c0, s.c1) is a BLAKE2S cell, and blk[1] = s.c2 must be in K, or a prover could move
# bits between the tag and the scalar.
@inline
def fs_observe(ch, i: Const):
    blk = StackBuf(2)
    hint_witness(blk, "fs")
    assert_in_k(blk[1], blk[1])
    m = [blk[0], blk[1] + TAG_SCALAR]
    blake2s(ch[2 * i:2 * i + 2], m, ch[2 * i + 2:2 * i + 4])
    return blk[0] + blk[1] * Y2


# Absorb the next stream scalar, a 128-bit value (a digest's half: c2 = 0), from one hinted cell.
@inline
def fs_observe_half(ch, i: Const):
    blk = StackBuf(1)
    hint_witness(blk, "fs")
    m = [blk[0], TAG_SCALAR]
    blake2s(ch[2 * i:2 * i + 2], m, ch[2 * i + 2:2 * i + 4])
    return blk[0]


# Squeeze (step i): C(cv, (0, 0, 0, SQUEEZE)); the challenge is the new chaining value's first
# three K words, ch[2i + 2] + lo·y² for ch[2i + 3] = lo + hi·y (lo, hi in K, split by a hint and
# checked).
@inline
def fs_squeeze(ch, i: Const):
    m = [0, TAG_SQUEEZE]
    blake2s(ch[2 * i:2 * i + 2], m, ch[2 * i + 2:2 * i + 4])
    lm = StackBuf(2)
    hint_f192_limbs(lm, ch[2 * i + 3])
    assert_in_k(lm[0], lm[1])
    ch[2 * i + 3] = lm[0] + lm[1] * Y
    return ch[2 * i + 2] + lm[0] * Y2


# The grinding check of the next stream scalar (the nonce), then its bind (step i): the base is
# C(cv, (0, 0, 0, POW_BASE)) beside the chain, the check word C(base, nonce block)'s low limb
# must be x^POW_BITS times a polynomial of degree below 64 - POW_BITS (hinted bits), and the
# chain moves on by C(cv, nonce block).
@inline
def fs_grind(ch, i: Const):
    blk = StackBuf(2)
    hint_witness(blk, "fs")
    base = StackBuf(2)
    mb = [0, TAG_POW_BASE]
    blake2s(ch[2 * i:2 * i + 2], mb, base)
    nb = [blk[0], blk[1] + TAG_POW_NONCE]
    chk = StackBuf(2)
    blake2s(base, nb, chk)
    blake2s(ch[2 * i:2 * i + 2], nb, ch[2 * i + 2:2 * i + 4])
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


# The 192 bits of a challenge c, least significant first (c0's, then c1's, then c2's), hinted
# into bits and checked: each a bit, and c = Σ_l (Σ_i bits[64l + i]·x^i)·y^l. Query positions
# are runs of these bits (a squeeze read as the 192-bit integer c0 + 2^64·c1 + 2^128·c2).
@inline
def challenge_bits(c, bits):
    hint_witness(bits, "challenge_bits")
    for k in unroll(0, 192):
        bits[k] = bits[k] * bits[k]
    a0 = bits[63]
    a1 = bits[127]
    a2 = bits[191]
    for k in unroll(1, 64):
        a0 = a0 * GEN + bits[63 - k]
        a1 = a1 * GEN + bits[127 - k]
        a2 = a2 * GEN + bits[191 - k]
    chk = StackBuf(1)
    chk[0] = c
    chk[0] = a0 + a1 * Y + a2 * Y2
    return


# Run j of d bits of a challenge's bits (bits jd .. jd + d - 1) as the polynomial Σ_i bit·x^i:
# the query position they read as an integer.
@inline
def bits_run(bits, j: Const, d: Const):
    pos = bits[j * d + d - 1]
    for i in unroll(1, d):
        pos = pos * GEN + bits[j * d + d - 1 - i]
    return pos


# A Merkle leaf image of nb blocks (4·nb cells, two K words each) hashed into dg[0:2]: one
# BLAKE2s-256 of 64·nb bytes.
@inline
def leaf_hash(img, dg, nb: Const):
    cv = StackBuf(2)
    blake2s(img[0:2], img[2:4], cv, counter=64, final=0)
    for q in unroll(1, nb - 1):
        nxt = StackBuf(2)
        blake2s(img[4 * q:4 * q + 2], img[4 * q + 2:4 * q + 4], nxt, cv=cv, counter=64 * (q + 1), final=0)
        cv = nxt
    blake2s(img[4 * nb - 4:4 * nb - 2], img[4 * nb - 2:4 * nb], dg[0:2], cv=cv, counter=64 * nb, final=1)
    return


# A full authentication path of height h from the leaf digest (d0, d1) to the root (r0, r1).
# Each level's hashed pair (left, right) is hinted with the position's bit b (least significant
# first): the node must sit in the pair's slot b, node = left + b·(left + right), so the other
# slot is the sibling. The last hash writes into the root's cells, so it asserts the root.
# Returns the position Σ_l bits[l]·x^l, for a caller to tie the path to the query it drew.
def merkle_walk(d0, d1, r0, r1, h: Const):
    nodes = StackBuf(2 * MAX_HEIGHT + 2)
    nodes[0] = d0
    nodes[1] = d1
    nodes[2 * h] = r0
    nodes[2 * h + 1] = r1
    lr = StackBuf(4 * MAX_HEIGHT)
    hint_witness(lr[0:4 * h], "siblings")
    bits = StackBuf(MAX_HEIGHT)
    hint_witness(bits[0:h], "path_bits")
    for l in unroll(0, h):
        bits[l] = bits[l] * bits[l]
        for c in unroll(0, 2):
            nodes[2 * l + c] = lr[4 * l + c] + bits[l] * (lr[4 * l + c] + lr[4 * l + 2 + c])
        blake2s(lr[4 * l:4 * l + 2], lr[4 * l + 2:4 * l + 4], nodes[2 * l + 2:2 * l + 4])
    pos = bits[h - 1]
    for l in unroll(1, h):
        pos = pos * GEN + bits[h - 1 - l]
    return pos


# One query's opening checked against a root (r0, r1): its leaf image of nb blocks hinted and
# hashed, its path of height log(hg) + 1 walked to the root.
def open_leaf(r0, r1, hg, nb: Const):
    img = StackBuf(32)
    hint_witness(img[0:4 * nb], "leaf")
    dg = StackBuf(2)
    leaf_hash(img, dg, nb)
    d = match_range(log(hg), range(0, MAX_HEIGHT), lambda k: merkle_walk(dg[0], dg[1], r0, r1, k + 1))
    return


# Round v of the table sumcheck, chain steps 1 + 4v .. 4 + 4v: c0, c2, c3 absorbed, r
# squeezed; p = c0 + c1·x + c2·x² + c3·x³ with c1 = claim + c2 + c3 (p(0) + p(1) is the claim);
# rc[2v] = r, rc[2v + 1] = p(r), the next claim.
@inline
def round3(ch, claim, rc, v: Const):
    c0 = fs_observe(ch, 1 + 4 * v)
    c2 = fs_observe(ch, 2 + 4 * v)
    c3 = fs_observe(ch, 3 + 4 * v)
    rc[2 * v] = fs_squeeze(ch, 4 + 4 * v)
    r = rc[2 * v]
    rc[2 * v + 1] = c0 + r * (claim + c2 + c3 + r * (c2 + r * c3))
    return


# The table sumcheck's opening claim and its d rounds (d = max τ), from the chain before ξ: ξ
# squeezed, the claim Σ_s ξ^(2 + s)·(total_s + w_s·share) of the bus's three side totals, each
# less its part w_s·share of the deferred bytecode share (ξ^0, ξ^1 weigh JUMP's two
# constraints), then every round; table_tail goes on from the chain it leaves.
def table_rounds(c0, c1, d: Const):
    ch = StackBuf(2 * (4 * MAX_DEPTH + 2))
    ch[0] = c0
    ch[1] = c1
    tot = StackBuf(3)
    hint_witness(tot, "bus_totals")
    shw = StackBuf(3)
    hint_witness(shw, "share_weights")
    # The bytecode share MLE(P)(ζ ‖ α's), a hinted deferred value (docs/recursion.md §2.1): its
    # cell is the claim the node hands on, evaluated by the root.
    share = StackBuf(1)
    hint_witness(share, "bytecode_share")
    xi = fs_squeeze(ch, 0)
    x2 = xi * xi
    sh = share[0]
    claim = x2 * (tot[0] + shw[0] * sh + xi * (tot[1] + shw[1] * sh + xi * (tot[2] + shw[2] * sh)))
    rcs = StackBuf(2 * MAX_DEPTH)
    for v in unroll(0, d):
        round3(ch, claim, rcs, v)
        claim = rcs[2 * v + 1]
    want = StackBuf(1)
    hint_witness(want, "final_claim")
    want[0] = claim
    table_tail(ch[2 + 8 * d], ch[3 + 8 * d])
    return 0


# After the rounds, from the chain (c0, c1): the TABLE_COLUMNS column values absorbed (the AIR
# terminal that checks them against the last claim is not in the VM yet), then the public-input
# line: r squeezed, the memory's three limbs at (r, 0, …) absorbed, and l0 + y·l1 + y²·l2 must be
# the line through the child's public words, p0 + r·(p0 + p1).
def table_tail(c0, c1):
    ch = StackBuf(2 * (TABLE_COLUMNS + 5))
    ch[0] = c0
    ch[1] = c1
    cols = StackBuf(TABLE_COLUMNS)
    for c in unroll(0, TABLE_COLUMNS):
        cols[c] = fs_observe(ch, c)
    pub = StackBuf(2)
    hint_witness(pub, "child_public")
    r = fs_squeeze(ch, TABLE_COLUMNS)
    l0 = fs_observe(ch, TABLE_COLUMNS + 1)
    l1 = fs_observe(ch, TABLE_COLUMNS + 2)
    l2 = fs_observe(ch, TABLE_COLUMNS + 3)
    line = StackBuf(1)
    line[0] = pub[0] + r * (pub[0] + pub[1])
    line[0] = l0 + Y * l1 + Y2 * l2
    return


# The bus's grand-product GKR over trees of 2^D leaves (D = GKR_MIN_DEPTH + window slot), from the
# chain after α and β: the three roots absorbed, λ squeezed, then ⌈D/2⌉ steps of two levels (one
# at an odd D's top). Step k's sumcheck has p_k rounds (the point so far), its children are 2^w_k
# a tree, and it starts at chain step off_k; with odd = D % 2 and z = [k = 0]:
#   w_k = 2 - odd·z,  p_k = 2k - odd·(1 - z),  off_k = 5k² + 10k + 4 - odd·(5k + 2 - 2z).
# Points live in pt (step k's at 32k: its w_k width challenges, then its rounds' challenges),
# values and λ in vl (step k's at 4k: three values, then λ).

# Round j of a GKR step from chain step i: (q(0) + q(1), c2, c3, c4) absorbed, r squeezed into
# pt[nj]; c0 = claim + ρ·d (ρ = pt[pj], the point's coordinate j), c1 = d + c2 + c3 + c4; returns
# the next claim q(r).
@inline
def gkr_round(ch, pt, claim, i: Const, pj: Const, nj: Const):
    d = fs_observe(ch, i)
    c2 = fs_observe(ch, i + 1)
    c3 = fs_observe(ch, i + 2)
    c4 = fs_observe(ch, i + 3)
    pt[nj] = fs_squeeze(ch, i + 4)
    r = pt[nj]
    return claim + pt[pj] * d + r * (d + c2 + c3 + c4 + r * (c2 + r * (c3 + r * c4)))


# Step k: the batched claim v0 + λ(v1 + λ·v2), p rounds, the three trees' 2^w children absorbed
# and their products checked against the last claim, w challenges squeezed, each tree's children
# folded at them into the next values, the next λ squeezed.
@inline
def gkr_step(ch, pt, vl, i: Const, k: Const, p: Const, w: Const):
    lam = vl[4 * k + 3]
    claim = vl[4 * k] + lam * (vl[4 * k + 1] + lam * vl[4 * k + 2])
    for j in unroll(0, p):
        claim = gkr_round(ch, pt, claim, i + 5 * j, 32 * k - 32 + j, 32 * k + w + j)
    cs = StackBuf(12)
    for t in unroll(0, 3):
        for c in unroll(0, 2 ** w):
            cs[4 * t + c] = fs_observe(ch, i + 5 * p + 2 ** w * t + c)
    pr = StackBuf(3)
    for t in unroll(0, 3):
        if w == 1:
            pr[t] = cs[4 * t] * cs[4 * t + 1]
        else:
            pr[t] = cs[4 * t] * cs[4 * t + 1] * cs[4 * t + 2] * cs[4 * t + 3]
    chk = StackBuf(1)
    chk[0] = claim
    chk[0] = pr[0] + lam * (pr[1] + lam * pr[2])
    for c in unroll(0, w):
        pt[32 * k + c] = fs_squeeze(ch, i + 5 * p + 3 * 2 ** w + c)
    vl[4 * k + 7] = fs_squeeze(ch, i + 5 * p + 3 * 2 ** w + w)
    z0 = pt[32 * k]
    for t in unroll(0, 3):
        if w == 1:
            vl[4 * k + 4 + t] = cs[4 * t] + z0 * (cs[4 * t] + cs[4 * t + 1])
        else:
            lo = cs[4 * t] + z0 * (cs[4 * t] + cs[4 * t + 1])
            hi = cs[4 * t + 2] + z0 * (cs[4 * t + 2] + cs[4 * t + 3])
            vl[4 * k + 4 + t] = lo + pt[32 * k + 1] * (lo + hi)
    return


# The GKR of depth D from the chain (c0, c1) after α and β, with the bus's balance, checked
# against the TypeScript verifier's leaf values and point ζ; returns the chain it leaves, the pair
# at chain step off_k for k = ⌈D/2⌉ (written by the last step's λ).
def gkr(c0, c1, D: Const):
    ch = StackBuf(GKR_CELLS)
    ch[0] = c0
    ch[1] = c1
    pt = StackBuf(32 * 16)
    vl = StackBuf(4 * 16)
    for t in unroll(0, 3):
        vl[t] = fs_observe(ch, t)
    # the bus balances (push = pull) and no read count wrapped to zero
    bal = StackBuf(1)
    bal[0] = vl[0]
    bal[0] = vl[1]
    assert vl[2] != 0
    vl[3] = fs_squeeze(ch, 3)
    for k in unroll(0, (D + 1) // 2):
        gkr_step(ch, pt, vl, 5 * k * k + 10 * k + 4 - (D % 2) * (5 * k + 2 - 2 * (1 // (k + 1))), k, 2 * k - (D % 2) * (1 - 1 // (k + 1)), 2 - (D % 2) * (1 // (k + 1)))
    want = StackBuf(3 + 32)
    hint_witness(want[0:3 + D], "gkr_out")
    for t in unroll(0, 3):
        want[t] = vl[4 * ((D + 1) // 2) + t]
    for c in unroll(0, D):
        want[3 + c] = pt[32 * ((D + 1) // 2) - 32 + c]
    return ch[2 * (5 * ((D + 1) // 2) * ((D + 1) // 2) + 10 * ((D + 1) // 2) + 4 - (D % 2) * (5 * ((D + 1) // 2) + 2))], ch[2 * (5 * ((D + 1) // 2) * ((D + 1) // 2) + 10 * ((D + 1) // 2) + 4 - (D % 2) * (5 * ((D + 1) // 2) + 2)) + 1]


# Flock's zerocheck and lincheck for the child's BLAKE2S table of 2^nb blocks (m = 14 + nb
# variables), from the chain after the public-input line (docs/protocol.md §9.3-9.4):
#   zerocheck  r = FLOCK_R ‖ nb + 1 squeezed coordinates; the 64 round-1 values on Λ absorbed, z
#              squeezed, the claim their interpolation at z (S's values are zero): with
#              V(z) = Π_{u<128}(z - φu), Σ_{u∈Λ} V(z)·SKIP_DEN_7·v_u/(z - φu); then 8 + nb
#              eq-factored rounds (c1, c2 absorbed, χ_i squeezed, c0 = claim + r_i·(c1 + c2)); v_a,
#              v_b absorbed, v_c = claim + v_a·v_b;
#   lincheck   α squeezed, claim v_a + α·v_b + α²·v_c + α³; 8 rounds (c0, c2 absorbed, ρ_j
#              squeezed, c1 = claim + c2); the 64 slice values s absorbed; χ'_in = ρ reversed.
# The matrix term T = claim + α²·eq(χ_in, χ'_in)·Σ_s L_s(z)·s_s + α³·s_0·eq(χ'_in, 8) (the
# lincheck's last claim less its succinct terms; L_s(z) = V_S(z)·SKIP_DEN_6/(z - φs)) is not
# evaluated here: it leaves as the deferred claim {z, χ_in, α, χ'_in, s, T} (docs/recursion.md
# §2.1), in the cells the hint `matrix_claim` is checked against. Every division is one MUL.
def flock_rounds(c0, c1, nb: Const):
    ch = StackBuf(2 * (4 * FLOCK_MAX_BLOCKS + 188))
    ch[0] = c0
    ch[1] = c1
    rs = StackBuf(FLOCK_MAX_BLOCKS + 8)
    for k in unroll(0, 7):
        rs[k] = FLOCK_R[k]
    for k in unroll(0, nb + 1):
        rs[7 + k] = fs_squeeze(ch, k)
    v1 = StackBuf(64)
    for u in unroll(0, 64):
        v1[u] = fs_observe(ch, nb + 1 + u)
    z = fs_squeeze(ch, nb + 65)
    vs6 = z
    for u in unroll(1, 64):
        vs6 = vs6 * (z + SKIP_NODES_K[u])
    vu = vs6
    acc = v1[0] / (z + SKIP_NODES_K[64])
    for u in unroll(64, 128):
        vu = vu * (z + SKIP_NODES_K[u])
    for u in unroll(65, 128):
        acc = acc + v1[u - 64] / (z + SKIP_NODES_K[u])
    claim = vu * SKIP_DEN_7 * acc
    chi = StackBuf(FLOCK_MAX_BLOCKS + 8)
    for i in unroll(0, nb + 8):
        a1 = fs_observe(ch, nb + 66 + 3 * i)
        a2 = fs_observe(ch, nb + 67 + 3 * i)
        chi[i] = fs_squeeze(ch, nb + 68 + 3 * i)
        x = chi[i]
        claim = claim + rs[i] * (a1 + a2) + x * (a1 + x * a2)
    va = fs_observe(ch, 4 * nb + 90)
    vb = fs_observe(ch, 4 * nb + 91)
    al = fs_squeeze(ch, 4 * nb + 92)
    al2 = al * al
    lc = va + al * vb + al2 * (claim + va * vb + al)
    rho = StackBuf(8)
    for j in unroll(0, 8):
        b0 = fs_observe(ch, 4 * nb + 93 + 3 * j)
        b2 = fs_observe(ch, 4 * nb + 94 + 3 * j)
        rho[j] = fs_squeeze(ch, 4 * nb + 95 + 3 * j)
        x = rho[j]
        lc = b0 + x * (lc + b2 + x * b2)
    sv = StackBuf(64)
    for u in unroll(0, 64):
        sv[u] = fs_observe(ch, 4 * nb + 117 + u)
    ss = sv[0] / z
    for u in unroll(1, 64):
        ss = ss + sv[u] / (z + SKIP_NODES_K[u])
    eqii = chi[0] + rho[7] + 1
    for i in unroll(1, 8):
        eqii = eqii * (chi[i] + rho[7 - i] + 1)
    # eq(χ'_in, 8): coordinate 3 (ρ_4) set, the others clear.
    eat = rho[4] * (rho[7] + 1) * (rho[6] + 1) * (rho[5] + 1) * (rho[3] + 1) * (rho[2] + 1) * (rho[1] + 1) * (rho[0] + 1)
    mt = StackBuf(FLOCK_CLAIM)
    hint_witness(mt, "matrix_claim")
    mt[0] = z
    for i in unroll(0, 8):
        mt[1 + i] = chi[i]
    mt[9] = al
    for i in unroll(0, 8):
        mt[10 + i] = rho[7 - i]
    for u in unroll(0, 64):
        mt[18 + u] = sv[u]
    mt[82] = lc + al2 * eqii * vs6 * SKIP_DEN_6 * ss + al2 * al * sv[0] * eat
    rf = StackBuf(6)
    tr = ring_target(ch, sv, rf, 4 * nb + 181)
    return 0


# One stage of the ring map: a + fp·a^(2^d), d squarings.
@inline
def ring_stage(a, fp, d: Const):
    w = a
    for j in unroll(0, d):
        w = w * w
    return a + fp * w


# The ring map Φ for the challenges f0..f5 (docs/protocol.md §7): six stages, d = 32, 16, 8, 4,
# 2, 1 (63 squarings, 6 products); a call, not inlined: Flock's specialisations share it.
def ring_phi(a, f0, f1, f2, f3, f4, f5):
    a1 = ring_stage(a, f0, 32)
    a2 = ring_stage(a1, f1, 16)
    a3 = ring_stage(a2, f2, 8)
    a4 = ring_stage(a3, f3, 4)
    a5 = ring_stage(a4, f4, 2)
    return ring_stage(a5, f5, 1)


# Ring switching's claim on q_flock, from the chain after Flock (step i): the map's six
# challenges squeezed into rf and T = Σ_{i<64} x^i·Φ(s_i) over Flock's slice values s, in the
# cell the hint `ring_target` is checked against; returns T (WHIR's batch takes it as its first
# claim).
@inline
def ring_target(ch, sv, rf, i: Const):
    for p in unroll(0, 6):
        rf[p] = fs_squeeze(ch, i + p)
    rt = StackBuf(1)
    hint_witness(rt, "ring_target")
    tr = ring_phi(sv[0], rf[0], rf[1], rf[2], rf[3], rf[4], rf[5])
    for k in unroll(1, 64):
        tr = tr + GEN ** k * ring_phi(sv[k], rf[0], rf[1], rf[2], rf[3], rf[4], rf[5])
    rt[0] = tr
    return tr


# One query of a WHIR level: its row's leaf image of nb blocks hinted as K words (nb = 8 at level
# 0: the row's 64 K lanes, stored last lane first; nb = 3 deeper: 8 E values of three K words),
# each checked in K and paired into the image's cells, hashed and walked (height h) to the level's
# root (r0, r1); the walk's path bits must spell pos, the position the query squeeze's bits gave. Returns the row folded at the level's challenges: at
# level 0 the lanes' MLE at 1 + a0..a5 (lane b sits at word 63 - b, and eq(a, 63 - j) =
# eq(1 + a, j)), deeper the E values' MLE at a0..a2.
def whir_row(r0, r1, pos, a0, a1, a2, a3, a4, a5, h: Const, nb: Const):
    w = StackBuf(128)
    hint_witness(w[0:8 * nb], "row_words")
    img = StackBuf(32)
    for c in unroll(0, 4 * nb):
        assert_in_k(w[2 * c], w[2 * c + 1])
        img[c] = w[2 * c] + w[2 * c + 1] * Y
    dg = StackBuf(2)
    leaf_hash(img, dg, nb)
    p = merkle_walk(dg[0], dg[1], r0, r1, h)
    at = StackBuf(1)
    at[0] = p
    at[0] = pos
    out = StackBuf(1)
    if nb == 8:
        a = [a0 + 1, a1 + 1, a2 + 1, a3 + 1, a4 + 1, a5 + 1]
        # fold t: the 64 >> t values at 128 - (128 >> t) into 64 >> (t + 1) at 128 - (64 >> t)
        for t in unroll(0, 6):
            for i in unroll(0, 32 // 2 ** t):
                lo = w[128 - 128 // 2 ** t + 2 * i]
                w[128 - 64 // 2 ** t + i] = lo + a[t] * (lo + w[128 - 128 // 2 ** t + 2 * i + 1])
        out[0] = w[126]
    else:
        e = StackBuf(15)
        for j in unroll(0, 8):
            e[j] = w[3 * j] + w[3 * j + 1] * Y + w[3 * j + 2] * Y2
        a = [a0, a1, a2]
        for t in unroll(0, 3):
            for i in unroll(0, 4 // 2 ** t):
                lo = e[16 - 16 // 2 ** t + 2 * i]
                e[16 - 8 // 2 ** t + i] = lo + a[t] * (lo + e[16 - 16 // 2 ** t + 2 * i + 1])
        out[0] = e[14]
    return out[0]


# A query's weight at the coordinates at .. at + kap - 1 of the heap point p
# (src/poly/column-weight.ts): for its domain point x, Π_k (1 + p_k·(1 + Ŵ_k(x))) with V_0 = x,
# V_{k+1} = V_k·(V_k + s_k), Ŵ_k = V_k/s_k. A call (the levels' code stays small).
def query_weight(x, p, at: Const, kap: Const):
    v = x
    acc = 1 + p[GEN ** at] * (1 + v)
    for k in unroll(1, kap):
        v = v * (v + SUB_S[k - 1])
        acc = acc * (1 + p[GEN ** (at + k)] * (1 + v * SUB_SINV[k]))
    return acc


# A query squeeze's first cnt positions: its 192 bits hinted and checked (challenge_bits), then
# each d-bit run (bits_run). A call (the levels' code stays small).
def query_runs(c, d: Const, cnt: Const):
    bits = StackBuf(192)
    challenge_bits(c, bits)
    rs = StackBuf(16)
    for j in unroll(0, cnt):
        rs[j] = bits_run(bits, j, d)
    return rs


# The last level's m tail binds from chain step b (r into pt[n - m + j], each but the last
# followed by a polynomial); st[8i + 8] the final running claim, st[8i + 9] the residual res (2^m
# values) at the tail, its MLE (low coordinate first; fold t's 2^(m - t) values at
# 2^(m + 1) - 2^(m + 1 - t)).
@inline
def whir_tail(ch, st, pt, res, run, p0, p1, p2, n: Const, i: Const, m: Const, b: Const):
    for j in unroll(0, m):
        pt[n - m + j] = fs_squeeze(ch, b + 3 * j)
        r = pt[n - m + j]
        run = p0 + r * (p1 + r * p2)
        if j + 1 != m:
            p0 = fs_observe(ch, b + 3 * j + 1)
            p2 = fs_observe(ch, b + 3 * j + 2)
            p1 = run + p2
    for t in unroll(0, m):
        for k in unroll(0, 2 ** (m - t - 1)):
            lo = res[2 ** (m + 1) - 2 ** (m + 1 - t) + 2 * k]
            res[2 ** (m + 1) - 2 ** (m - t) + k] = lo + pt[n - m + t] * (lo + res[2 ** (m + 1) - 2 ** (m + 1 - t) + 2 * k + 1])
    st[8 * i + 8] = run
    st[8 * i + 9] = res[2 ** (m + 1) - 2]
    return


# Level i's queries from chain step b: the grinding check, ns squeezes whose bits (each checked,
# recombined into the challenge) give the nq positions as d-bit runs (kept in qx), λ squeezed,
# every query's row opened against the level's root and folded (whir_row) into the λ-combination
# sm, whose polynomial is absorbed; then the OOD claim oo (y, its c0, c2) at λ and the queries at
# λ² (λ at the last level, where oo is the residual) glued into the running claim and polynomial,
# the queries' scaled coefficients kept in qc (the OOD scale in zs[32i + 31]) for the terminal.
# The next level starts from st[8i + 8 ..]; the last level goes on to its tail.
@inline
def whir_queries(ch, st, pt, zs, qx, qc, oo, run, p0, p1, p2, n: Const, i: Const, f: Const, at: Const, m: Const, d: Const, nq: Const, ns: Const, last: Const, b: Const):
    fs_grind(ch, b)
    for s in unroll(0, ns):
        c = fs_squeeze(ch, b + 1 + s)
        rs = query_runs(c, d, 192 // d - ((s + 1) // ns) * (ns * (192 // d) - nq))
        for j in unroll(0, 192 // d - ((s + 1) // ns) * (ns * (192 // d) - nq)):
            qx[256 * i + s * (192 // d) + j] = rs[j]
    lam = fs_squeeze(ch, b + 1 + ns)
    fa = StackBuf(6)
    if f == 6:
        for k in unroll(0, 6):
            fa[k] = pt[at + k]
    else:
        for k in unroll(0, 3):
            fa[k] = pt[at + k]
        for k in unroll(3, 6):
            fa[k] = 0
    sc = lam
    if last == 0:
        sc = lam * lam
    lq = StackBuf(256)
    lq[0] = 1
    sm = whir_row(st[8 * i + 6], st[8 * i + 7], qx[256 * i], fa[0], fa[1], fa[2], fa[3], fa[4], fa[5], d, 3 + 5 * (f // 6))
    qc[256 * i] = sc
    for q in unroll(1, nq):
        lq[q] = lq[q - 1] * lam
        v = whir_row(st[8 * i + 6], st[8 * i + 7], qx[256 * i + q], fa[0], fa[1], fa[2], fa[3], fa[4], fa[5], d, 3 + 5 * (f // 6))
        sm = sm + lq[q] * v
        qc[256 * i + q] = sc * lq[q]
    s0 = fs_observe(ch, b + 2 + ns)
    s2 = fs_observe(ch, b + 3 + ns)
    run = run + sc * sm
    p0 = p0 + sc * s0
    p1 = p1 + sc * (sm + s2)
    p2 = p2 + sc * s2
    if last == 0:
        zs[32 * i + 31] = lam
        st[8 * i + 8] = run + lam * oo[0]
        st[8 * i + 9] = p0 + lam * oo[1]
        st[8 * i + 10] = p1 + lam * (oo[0] + oo[2])
        st[8 * i + 11] = p2 + lam * oo[2]
        st[8 * i + 12] = ch[2 * (b + 4 + ns)]
        st[8 * i + 13] = ch[2 * (b + 4 + ns) + 1]
    else:
        whir_tail(ch, st, pt, oo, run, p0, p1, p2, n, i, m, b + 4 + ns)
    return


# WHIR level i of a commitment of 2^n words (src/pcs/whir/verifier.ts) on a chain of its own,
# from the last level's end: the running claim, round polynomial (c0, c1, c2), chain and root
# pass between levels in st[8i .. 8i + 8). Its f binds (r squeezed into pt[at + j], the claim
# moved to the polynomial's value at r, the next polynomial's c0, c2 absorbed and c1 = claim +
# c2); then the next oracle's root from the stream (st[8i + 14 ..]), its OOD point (m squeezes,
# into zs[32i ..]) and answer y with y's polynomial, or at the last level the residual (2^m values
# sent in clear); then the queries.
@inline
def whir_level(st, pt, zs, qx, qc, n: Const, i: Const, f: Const, at: Const, m: Const, d: Const, nq: Const, ns: Const, last: Const):
    ch = StackBuf(2 * 128)
    ch[0] = st[8 * i + 4]
    ch[1] = st[8 * i + 5]
    run = st[8 * i]
    p0 = st[8 * i + 1]
    p1 = st[8 * i + 2]
    p2 = st[8 * i + 3]
    for j in unroll(0, f):
        pt[at + j] = fs_squeeze(ch, 3 * j)
        r = pt[at + j]
        run = p0 + r * (p1 + r * p2)
        p0 = fs_observe(ch, 3 * j + 1)
        p2 = fs_observe(ch, 3 * j + 2)
        p1 = run + p2
    oo = StackBuf(3)
    if last == 0:
        st[8 * i + 14] = fs_observe_half(ch, 3 * f)
        st[8 * i + 15] = fs_observe_half(ch, 3 * f + 1)
        for k in unroll(0, m):
            zs[32 * i + k] = fs_squeeze(ch, 3 * f + 2 + k)
        for k in unroll(0, 3):
            oo[k] = fs_observe(ch, 3 * f + 2 + m + k)
        whir_queries(ch, st, pt, zs, qx, qc, oo, run, p0, p1, p2, n, i, f, at, m, d, nq, ns, last, 3 * f + 5 + m)
    else:
        res = StackBuf(64)
        for k in unroll(0, 2 ** m):
            res[k] = fs_observe(ch, 3 * f + k)
        whir_queries(ch, st, pt, zs, qx, qc, res, run, p0, p1, p2, n, i, f, at, m, d, nq, ns, last, 3 * f + 2 ** m)
    return


# The stacked opening of a commitment of 2^n words at log inverse rate 1 (nl WHIR levels;
# src/pcs/stack/verifier.ts), from the chain after Flock. The batch: ring switching's map and
# claim T over Flock's slice values (ring_target), the POINT_CLAIMS values absorbed, λ squeezed,
# the target T + Σ_b λ^(1 + b)·v_b. Then WHIR: the target bound (absorbed, checked equal), the
# commitment root bound, the first polynomial, every level, and the terminal check
# weight·residual(tail) = running. The weight at the bound point x: the batch's at x with its six
# lane coordinates rotated to the end (x' = x[6:] ‖ x[:6]) — the ring claim's
# Σ_k c_k·Π_j (1 + ρ_j^(2^k) + x'_j) (c_k = Π_{p: k & d_p} f_p^(2^(k mod d_p)), Φ's Frobenius
# coefficients) and each point claim's λ^(1 + b)·Π_j (1 + π_bj + x'_j), points completed by their
# slice's selector bits (0 and 1 are their own squares, so the ring's selector rides in ρ) — then
# each OOD claim's eq and each query's weight at the coordinates bound after it.
# Hinted inputs the node is to take from earlier pieces (not linked yet): Flock's slice values,
# the ring point ρ, the point claims' points π_b and values, and the commitment root.
def whir_open(c0, c1, n: Const, nl: Const):
    ch = StackBuf(2 * (POINT_CLAIMS + 13))
    ch[0] = c0
    ch[1] = c1
    sv = StackBuf(64)
    hint_witness(sv, "ring_s")
    rf = StackBuf(6)
    tr = ring_target(ch, sv, rf, 0)
    vals = StackBuf(POINT_CLAIMS)
    for b in unroll(0, POINT_CLAIMS):
        vals[b] = fs_observe(ch, 6 + b)
    lam = fs_squeeze(ch, 6 + POINT_CLAIMS)
    lp = StackBuf(POINT_CLAIMS)
    lp[0] = lam
    for b in unroll(1, POINT_CLAIMS):
        lp[b] = lp[b - 1] * lam
    tg = tr
    for b in unroll(0, POINT_CLAIMS):
        tg = tg + lp[b] * vals[b]
    chk = StackBuf(1)
    chk[0] = fs_observe(ch, 7 + POINT_CLAIMS)
    chk[0] = tg
    st = StackBuf(8 * 8)
    st[6] = fs_observe_half(ch, 8 + POINT_CLAIMS)
    st[7] = fs_observe_half(ch, 9 + POINT_CLAIMS)
    st[0] = tg
    st[1] = fs_observe(ch, 10 + POINT_CLAIMS)
    st[3] = fs_observe(ch, 11 + POINT_CLAIMS)
    st[2] = tg + st[3]
    st[4] = ch[2 * (12 + POINT_CLAIMS)]
    st[5] = ch[2 * (12 + POINT_CLAIMS) + 1]
    pt = StackBuf(32)
    zs = StackBuf(32 * 8)
    qx = StackBuf(256 * 8)
    qc = StackBuf(256 * 8)
    for i in unroll(0, nl):
        whir_level(st, pt, zs, qx, qc, n, i, 3 + 3 * (1 // (i + 1)), 3 * i + 3 - 3 * (1 // (i + 1)), n - 6 - 3 * i, n - 4 - i - (1 // (i + 1)), WHIR_Q[7 * (n - WHIR_MIN_LOGN) + i], (WHIR_Q[7 * (n - WHIR_MIN_LOGN) + i] + 192 // (n - 4 - i - (1 // (i + 1))) - 1) // (192 // (n - 4 - i - (1 // (i + 1)))), (i + 1) // nl)
    # the batch's weight at x' (1 + x'_j in x1): the ring claim's, from Φ's coefficients (f_p's
    # squares f_p^(2^j) in pw[64 - 64 / 2^p + j]) and ρ's Frobenius powers (fr[32k + j] = ρ_j^(2^k))
    x1 = StackBuf(32)
    for k in unroll(0, n):
        x1[k] = 1 + pt[(k + 6) % n]
    pw = StackBuf(64)
    for p in unroll(0, 6):
        pw[64 - 64 // 2 ** p] = rf[p]
        for j in unroll(1, 32 // 2 ** p):
            pw[64 - 64 // 2 ** p + j] = pw[64 - 64 // 2 ** p + j - 1] * pw[64 - 64 // 2 ** p + j - 1]
    fr = StackBuf(64 * 32)
    hint_witness(fr[0:n], "ring_point")
    wt = 0
    for k in unroll(0, 64):
        term = x1[0] + fr[32 * k]
        for j in unroll(1, n):
            term = term * (x1[j] + fr[32 * k + j])
        for p in unroll(0, 6):
            if (k // (32 // 2 ** p)) % 2 == 1:
                term = term * pw[64 - 64 // 2 ** p + k % (32 // 2 ** p)]
        wt = wt + term
        if k != 63:
            for j in unroll(0, n):
                fr[32 * k + 32 + j] = fr[32 * k + j] * fr[32 * k + j]
    pc = StackBuf(POINT_CLAIMS * 28)
    hint_witness(pc[0:POINT_CLAIMS * n], "point_claims")
    for b in unroll(0, POINT_CLAIMS):
        e = x1[0] + pc[n * b]
        for k in unroll(1, n):
            e = e * (x1[k] + pc[n * b + k])
        wt = wt + lp[b] * e
    bw = StackBuf(1)
    bw[0] = wt
    # the glued claims: level i's OOD eq and its queries' weights at pt[6 + 3i:]
    for i in unroll(0, nl - 1):
        e = 1 + zs[32 * i] + pt[6 + 3 * i]
        for k in unroll(1, n - 6 - 3 * i):
            e = e * (1 + zs[32 * i + k] + pt[6 + 3 * i + k])
        wt = wt + zs[32 * i + 31] * e
    hp = HeapBuf(32)
    for k in unroll(0, n):
        hp[GEN ** k] = pt[k]
    for i in unroll(0, nl):
        for q in unroll(0, WHIR_Q[7 * (n - WHIR_MIN_LOGN) + i]):
            wt = wt + qc[256 * i + q] * query_weight(qx[256 * i + q], hp, 6 + 3 * i, n - 6 - 3 * i)
    fin = StackBuf(1)
    fin[0] = st[8 * nl]
    fin[0] = wt * st[8 * nl + 1]
    # checked against the TypeScript verifier's batch weight and bound point
    wo = StackBuf(33)
    hint_witness(wo[0:1 + n], "whir_out")
    wo[0] = bw[0]
    for k in unroll(0, n):
        wo[1 + k] = pt[k]
    return 0


# The stacked opening from the chain (c0, c1) after Flock, log N hinted as g^(n - WHIR_MIN_LOGN)
# (not yet derived from the announced sizes); nl = 1 + (n - 9) // 3 levels.
def whir_at(c0, c1):
    ln = StackBuf(1)
    hint_witness(ln, "whir_logn")
    assert log(ln[0]) < WHIR_LOGNS
    d = match_range(log(ln[0]), range(0, WHIR_LOGNS), lambda k: whir_open(c0, c1, k + WHIR_MIN_LOGN, 1 + (k + WHIR_MIN_LOGN - 9) // 3))
    return


# Flock from the chain (c0, c1), the BLAKE2S table's τ hinted as g^nb (not yet derived from the
# announced sizes).
def flock_at(c0, c1):
    nb = StackBuf(1)
    hint_witness(nb, "flock_blocks")
    assert log(nb[0]) < FLOCK_BLOCKS
    d = match_range(log(nb[0]), range(0, FLOCK_BLOCKS), lambda k: flock_rounds(c0, c1, k))
    return


# The table sumcheck and the public-input line from the chain (c0, c1), max τ hinted as g^d (not
# yet derived from the announced sizes).
def table_at(c0, c1):
    dp = StackBuf(1)
    hint_witness(dp, "depth")
    assert log(dp[0]) < DEPTHS
    d = match_range(log(dp[0]), range(0, DEPTHS), lambda k: table_rounds(c0, c1, k))
    return


# The GKR from the chain (c0, c1), its depth hinted as g^(D - GKR_MIN_DEPTH) (not yet derived
# from the announced sizes); returns the chain it leaves.
def gkr_at(c0, c1):
    dg = StackBuf(1)
    hint_witness(dg, "gkr_depth")
    assert log(dg[0]) < 8
    e0, e1 = match_range(log(dg[0]), range(0, 8), lambda k: gkr(c0, c1, k + GKR_MIN_DEPTH))
    return e0, e1


# A child proof's start from FS_START: the statement's four scalars (its program's seed halves
# and public words; hinted for now, where the node will compute them), the eight announced sizes
# (h, the six τ, the rate), each (n, 0, 0) with n < 64, made of six hinted bits and kept as n and
# g^n, the commitment root's two halves (c2 = 0, as a digest's), α's four coordinates and β;
# then the GKR, the framework values (mem_0..2 and the two final counts at ζ), the table
# sumcheck and the public-input line, each on the chain the last one left.
def proof_start():
    ch = StackBuf(2 * 20)
    ch[0] = FS_START_0
    ch[1] = FS_START_1
    for k in unroll(0, 4):
        st = fs_observe(ch, k)
    sizes = StackBuf(2 * ANNOUNCED)
    for k in unroll(0, ANNOUNCED):
        n = fs_observe(ch, 4 + k)
        bits = StackBuf(6)
        hint_witness(bits, "size_bits")
        for b in unroll(0, 6):
            bits[b] = bits[b] * bits[b]
        sizes[2 * k] = bits[0] + GEN * (bits[1] + GEN * (bits[2] + GEN * (bits[3] + GEN * (bits[4] + GEN * bits[5]))))
        sizes[2 * k] = n
        gp = 1 + bits[0] * (GEN + 1)
        for b in unroll(1, 6):
            gp = gp * (1 + bits[b] * (GEN ** (2 ** b) + 1))
        sizes[2 * k + 1] = gp
    for k in unroll(0, 2):
        half = fs_observe_half(ch, 4 + ANNOUNCED + k)
    for k in unroll(0, 5):
        ab = fs_squeeze(ch, 6 + ANNOUNCED + k)
    g0, g1 = gkr_at(ch[2 * (11 + ANNOUNCED)], ch[2 * (11 + ANNOUNCED) + 1])
    fw = StackBuf(2 * 6)
    fw[0] = g0
    fw[1] = g1
    for k in unroll(0, FRAMEWORK_VALUES):
        v = fs_observe(fw, k)
    table_at(fw[2 * FRAMEWORK_VALUES], fw[2 * FRAMEWORK_VALUES + 1])
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


# Until the node is assembled, main runs one piece on one child: the hint `piece` is g^0 for
# the transcript replay, g^1 for the Merkle openings, g^2 for the table sumcheck's rounds, g^3
# for the query positions, g^4 for the GKR, g^5 for the proof's start through the GKR, g^6 for
# Flock, g^7 for the stacked WHIR opening.
def main():
    pc = StackBuf(1)
    hint_witness(pc, "piece")
    assert log(pc[0]) < 8
    match log(pc[0]):
        case 0:
            transcript_replay()
        case 1:
            merkle_replay()
        case 2:
            fs2 = StackBuf(2)
            hint_witness(fs2, "fs_state")
            table_at(fs2[0], fs2[1])
        case 3:
            positions_replay()
        case 4:
            fs0 = StackBuf(2)
            hint_witness(fs0, "fs_state")
            g0, g1 = gkr_at(fs0[0], fs0[1])
        case 5:
            proof_start()
        case 6:
            fs6 = StackBuf(2)
            hint_witness(fs6, "fs_state")
            flock_at(fs6[0], fs6[1])
        case 7:
            fs7 = StackBuf(2)
            hint_witness(fs7, "fs_state")
            whir_at(fs7[0], fs7[1])
    return
