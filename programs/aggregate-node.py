# aggregate-node: the node program (issue 31; main, at the end, is the node): the in-VM verifier
# of its child VM proofs, built piece by piece, and the node's own layer. Each piece is a function
# below, executed in tests on hints taken from real child proofs
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
#   size_bits   per announced size: its six bits, least significant first
#   ceil_bits   per ⌈log2⌉ checked (the stack's μ, then the bus depth): the difference's bits
#   stack_log   [g^(μ - MIN_STACK_LOG)]; gkr_depth [g^(D - GKR_MIN_DEPTH)]; depth [g^(max τ)]
#   layout_order, stack_order  [36 bits]: for group pairs a < b of the bus layout, of the
#               stack, [s_a ≥ s_b]
#   block_digits  per bus block (push's 36, then count's 27): its offset's DIGITS 4-bit digits
#               g^d, least significant first
#   bytecode_share  [the share]: the deferred value, checked through the AIR terminal
# (the pieces' test variant's own streams, `piece` and the replays', are test/workloads/
# recursion-guest/pieces.py's)
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
# The bus depths the GKR piece handles: GKR_MIN_DEPTH .. GKR_MIN_DEPTH + GKR_DEPTHS - 1 (16 ..= 26:
# a node over nodes has D = 24, a 16→1 node D = 26); its chain's cells (5k² + 10k + 4 steps for
# k = 13, two cells a step).
GKR_MIN_DEPTH = 16
GKR_DEPTHS = 11
# The six tables' committed columns, whose values close the table sumcheck.
TABLE_COLUMNS = 102
# The announced sizes at a proof's start: h, the six τ, the rate.
ANNOUNCED = 8
# The framework values after the GKR: the memory's three limbs and the two final counts at ζ.
FRAMEWORK_VALUES = 5
GKR_CELLS = 2000
# Flock's zerocheck point: its seven fixed coordinates (r_0..r_6, docs/protocol.md §9.3).
FLOCK_R = [f192(5772811086190238293, 0, 0), f192(18376177690117868746, 0, 0), f192(1537792354547671042, 0, 0), f192(3877548338577296374, 1367482035892397521, 13373126565067795492), f192(7200243516802924451, 16251485319816311889, 13522021764491415548), f192(14498505783250251438, 16564499533431716054, 16770611540025040673), f192(3934799921294095118, 853327055063395975, 1309330797735322834)]
# The univariate skip's 128 nodes φ8(u), u < 128, as K words: S = the first 64 (node 0 is 0), Λ
# the rest; on a subspace every Lagrange denominator is 1/SKIP_DEN_k (k = 6: S, k = 7: S ∪ Λ).
SKIP_NODES_K = [0, 1, 233317187178767958, 233317187178767959, 5847396588373319944, 5847396588373319945, 5916261553440163678, 5916261553440163679, 909273441170553857, 909273441170553856, 1126616643693337175, 1126616643693337174, 6753221685647269129, 6753221685647269128, 6810757554037128031, 6810757554037128030, 13425015913296524956, 13425015913296524957, 13363258058013790410, 13363258058013790411, 16963121286284040084, 16963121286284040085, 16741555821419917762, 16741555821419917763, 13173415632012282525, 13173415632012282524, 13109335328444067019, 13109335328444067018, 16714968798032636821, 16714968798032636820, 16486437098630516163, 16486437098630516162, 13413663147086793287, 13413663147086793286, 13337989939188722705, 13337989939188722704, 16933754119322725199, 16933754119322725198, 16734302103207496985, 16734302103207496984, 13166419680609547846, 13166419680609547847, 13079698300183580688, 13079698300183580689, 16689958445912364878, 16689958445912364879, 16474814470949679384, 16474814470949679385, 29795976497216731, 29795976497216730, 240155289994828429, 240155289994828428, 5859178164118920659, 5859178164118920658, 5941114056868903813, 5941114056868903812, 934417933708345562, 934417933708345563, 1138091936817112716, 1138091936817112717, 6760351777467556306, 6760351777467556307, 6840247247740520324, 6840247247740520325, 5077413140227349505, 5077413140227349504, 4992927275758287447, 4992927275758287446, 1680045447218232585, 1680045447218232584, 1471640032698489695, 1471640032698489694, 5397840376063860736, 5397840376063860737, 5319898533665736278, 5319898533665736279, 2003779738599850248, 2003779738599850249, 1797556034875041630, 1797556034875041631, 18174738647891815069, 18174738647891815068, 18376177690117868747, 18376177690117868746, 12474835414352726933, 12474835414352726932, 12547991768974339523, 12547991768974339522, 17341048660226299548, 17341048660226299549, 17553676061639045322, 17553676061639045323, 11637837820279650196, 11637837820279650197, 11726545947089916354, 11726545947089916355, 18181172200248022598, 18181172200248022599, 18405252315020079120, 18405252315020079121, 12499283362976839502, 12499283362976839503, 12559051997470757144, 12559051997470757145, 17351837927878388295, 17351837927878388294, 17578380677594729489, 17578380677594729488, 11666641484232641359, 11666641484232641358, 11733236166605761817, 11733236166605761816, 5052831051185709274, 5052831051185709275, 4982014381818922636, 4982014381818922637, 1673477754444464594, 1673477754444464595, 1442712742353364868, 1442712742353364869, 5368607902574976219, 5368607902574976218, 5313623929546259085, 5313623929546259084, 1992561661411900883, 1992561661411900882, 1773267034315692933, 1773267034315692932]
SKIP_DEN_6 = 11666641484232641359
SKIP_DEN_7 = 233317187178767959
# The BLAKE2S table's τ values (log2 of Flock's blocks) the Flock piece handles: 0 ..= 18 (a
# 16→1 node's is 18).
FLOCK_BLOCKS = 19
FLOCK_MAX_BLOCKS = 18
# The deferred matrix claim's cells: z, χ_in (8), α, χ'_in (8), s (64), T.
FLOCK_CLAIM = 83
# The stacked WHIR opening (src/pcs/whir/config.ts): the commitment sizes log N the piece handles
# (WHIR_MIN_LOGN .. + WHIR_LOGNS - 1, at log inverse rate 1), and their query counts per level
# (WHIR_QUERIES[0][logN - 15]), WHIR_Q[7·(logN - WHIR_MIN_LOGN) + level].
WHIR_MIN_LOGN = 20
WHIR_LOGNS = 9
WHIR_Q = [224, 56, 38, 28, 0, 0, 0, 224, 56, 38, 28, 22, 0, 0, 225, 56, 38, 28, 23, 0, 0, 225, 56, 38, 28, 23, 0, 0, 225, 56, 38, 28, 23, 19, 0, 226, 56, 38, 28, 23, 19, 0, 226, 56, 38, 28, 23, 19, 0, 227, 56, 38, 28, 23, 19, 16, 228, 56, 38, 28, 23, 19, 16]
# The point claims the batch combines after the ring claim: the framework values', the table
# sumcheck's column values' and the public-input line's three limbs' claims, in that order.
POINT_CLAIMS = 110
# The table columns' claims (5 .. 106) by local column (src/vm/tables/columns.ts): the first
# VIRTUAL_FIRST committed at OUT_PLACE entries 6 .., then the BLAKE2S table's 18 value columns
# (strided claims on q_flock behind their slot's QFLOCK_SLOT_BITS bits, VALUE_SLOT_BITS: slots
# 10..17, 4..7, 0..3, 18, 19, each low bit first), then the rest committed at entries 81 ..;
# TABLE_FIRST: each table's first local column.
VIRTUAL_FIRST = 75
VALUE_SLOT_BITS = [0, 1, 0, 1, 0, 0, 0, 0, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0]
QFLOCK_SLOT_BITS = 8
TABLE_FIRST = [0, 15, 30, 38, 53, 67, 102]
# The additive NTT's subspace constants s_k = V_k(e_k) and 1/s_k as K words (src/ntt/subspace.ts):
# a query at domain point x weighs Π_k (1 + p_k·(1 + Ŵ_k(x))), Ŵ_k = V_k/s_k, V_{k+1} = V_k·(V_k + s_k).
SUB_S = [1, 6, 360, 18245760, 78274681211224091, 8244804748658156366, 8749050644146709186, 1085473640648473244, 7640059558905957125, 15191009085390685913, 7878391778441664005, 15027479999479429674, 45258276057990961, 4327488829911782419, 436120406283855025, 12258566772772131633, 4173344427556738922, 9379383436311302198, 12815162240740981585, 12781823355040158032, 4363999843076762013, 4884544371481386850, 16029846640984092377, 6101037898394275605, 5083921288726957680, 9840509665356629610, 16460138475881057682, 14988195084384350563]
SUB_SINV = [1, 9223372036854775803, 16566595158504539616, 12911735938760240710, 2125028155691853901, 4204569583749220094, 6707278589741703265, 1511496419735272010, 8683548997371710969, 120515905832802472, 10797586625038654684, 5944514742312431224, 18149037763096777334, 15307119890373185988, 18218058313307988331, 14663487748577323313, 4781568082007774283, 7330356837328886549, 13911455371512638823, 16617999719419028343, 1788007485707911540, 270802305267126156, 17758540139578744940, 13312579079212403361, 12323593364353422091, 7404272763573462125, 4604879283052166577, 4734029200032747673]
# Per table (opcode order): its bus interactions (push and pull blocks each) and its committed
# columns (the BLAKE2S table's value columns live in q_flock), for the bus's and the stack's sizes.
TABLE_INTERACTIONS = [5, 5, 3, 5, 5, 10]
TABLE_COMMITTED = [15, 15, 8, 15, 14, 17]
# The stack's log size μ lies in MIN_STACK_LOG ..= MAX_STACK_LOG (WHIR's window).
MIN_STACK_LOG = 15
STACK_LOGS = 14
# A child's record, a HeapBuf of CHILD_OUT cells that child_to_ring fills, by first cell:
OUT_CHAIN = 0
OUT_RING = 2
OUT_RING_F = 3
OUT_SHARE = 9
OUT_MATRIX = 10
OUT_SIZES = 93
OUT_MU = 101
OUT_DEPTH = 102
OUT_MAXTAU = 103
OUT_ALPHA = 104
OUT_BETA = 108
OUT_ZETA = 109
OUT_LEAVES = 141
OUT_FRAMEWORK = 144
OUT_XI = 149
OUT_TPOINT = 150
OUT_COLUMNS = 178
OUT_LINE = 280
OUT_PUBLIC = 284
OUT_SEL = 286
OUT_W = 349
OUT_TOTALS = 365
OUT_SHARE_W = 368
OUT_TW = 371
OUT_PLACE = 377
OUT_CHI_OUT = 467
OUT_ROOT = 485
OUT_LB = 487
# (cells below CHILD_CHECKED are the verifier's values; above, the lookup tables child_to_ring
# builds: g^(2^n) for n ≤ 32; per s ≤ BUS_BITS the products Π_{k<s} (1 + ζ_k) and the index
# column's MLE at ζ_<s; block_sel's digit tables)
CHILD_CHECKED = 488
OUT_P2 = 488
OUT_ZP = 521
OUT_IM = 550
OUT_EQD = 579
OUT_GD = 691
CHILD_OUT = 803
# The bus's push (= pull) layout groups: the state, memory and bytecode blocks, then each table's
# interactions; the count tree's: each table's count columns. ζ is padded with zeros to BUS_BITS
# coordinates (the GKR's depths are below it), a block's offset has that many bits: DIGITS 4-bit digits.
PUSH_BLOCKS = [1, 1, 1, 5, 5, 3, 5, 5, 10]
TABLE_COUNTS = [4, 4, 2, 4, 4, 9]
PUSH_FIRST = [0, 1, 2, 3, 8, 13, 16, 21, 26]
COUNT_FIRST = [36, 40, 44, 46, 50, 54]
BUS_BITS = 28
DIGITS = 7
# The stack's groups (memory's four columns, the bytecode's final count, q_flock, each table's
# committed columns): their columns and the first's place among the 90 committed.
STACK_COLUMNS = [4, 1, 1, 15, 15, 8, 15, 14, 17]
STACK_FIRST = [0, 4, 5, 6, 21, 36, 44, 59, 73]
# Bits 2 and 3 of the slot index i < 16 (eq(α, i)'s factors: α_k where set, 1 + α_k where not).
SLOT_BIT2 = [0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1]
SLOT_BIT3 = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]

# ---- The node's own layer (docs/recursion.md §4, §5 [N2]–[N5]) ----
# Leading the node's statement digest, a leaf's, and the key-list chain: the ASCII tags
# "leanvm-gpu/xmss-agg-node/v1", "leanvm-gpu/xmss-aggregate/v1", "leanvm-gpu/xmss-agg-keys/v1",
# zero-padded to 32 bytes, as two cells each.
NODE_TAG_0 = 60414715099222428737295723158092997996
NODE_TAG_1 = 59795478709153926545368929
STATEMENT_TAG_0 = 60414715099222428737295723158092997996
STATEMENT_TAG_1 = 15307642550692378594668668769
KEY_LIST_TAG_0 = 60414715099222428737295723158092997996
KEY_LIST_TAG_1 = 59795479723860209586104161
# The chains after the protocol domain and the labels of the claims digest's transcript
# (`leanvm-gpu/recursion-claims/v1`) and of the batch's (`leanvm-gpu/recursion-batch/v1`).
CLAIMS_START_0 = 244893947218772051089940934407389423943
CLAIMS_START_1 = 309523076096568164539499122841932188406
BATCH_START_0 = 68059647633187660735294338017210715646
BATCH_START_1 = 205353499645821955077841735457113503068
# A leaf child's transcript seed: fsSeed of programs/aggregate-xmss.py (AGGREGATE_PROGRAM_DIGEST).
LEAF_SEED_0 = 136547925252151414223007359309415561914
LEAF_SEED_1 = 144572432085348871823076518395770262206
# The first block of a node child's seed BLAKE2s(`leanvm-b-fs-seed-v2-blake2s` ‖ R1CS digest ‖ H_N):
# 59 constant bytes, then H_N's bytes 0..5 in cell 3's high limb from bit 24.
SEED_BLOCK_0 = 133449279209878597269749305500762203500
SEED_BLOCK_1 = 191449446468716743356196348279699699245
SEED_BLOCK_2 = 302322525915166906539599807337825472304
SEED_BLOCK_3 = 283756386380728254558387413
# The node program has 2^KN bytecode slots, so its multilinear P_N has NODE_VARS = KN + 4
# variables (the host checks KN against the compiled program); P_L has LEAF_VARS.
KN = 19
LEAF_VARS = 19
NODE_VARS = KN + 4
MATRIX_VARS = 28
# A node statement's claim scalars (docs/recursion.md §4.2), at these offsets.
CLAIM_SCALARS = LEAF_VARS + 1 + NODE_VARS + 1 + MATRIX_VARS + 2
OC_NODE = LEAF_VARS + 1
OC_MATRIX = OC_NODE + NODE_VARS + 1
MAX_CHILDREN = 16
# A child's fresh claims from its verification: the bytecode point (LEAF_VARS or NODE_VARS
# coordinates), the share, the matrix term's FLOCK_CLAIM cells.
FRESH_MAX = NODE_VARS + 1 + FLOCK_CLAIM
# A child's record in the heap (REC cells a child, at g^(REC·j)): g^kind, its P_L claim, its
# fresh and carried P_N claims, its fresh matrix term and carried matrix claim (zeros where the
# kind has none), then the batch's coefficients for them.
REC = 256
R_KIND = 0
R_PL = 1
R_PNF = R_PL + LEAF_VARS + 1
R_PNC = R_PNF + NODE_VARS + 1
R_MF = R_PNC + NODE_VARS + 1
R_MC = R_MF + FLOCK_CLAIM
R_LAM_L = R_MC + MATRIX_VARS + 2
R_LAM_NF = R_LAM_L + 1
R_LAM_NC = R_LAM_L + 2
R_GAM = R_LAM_L + 3
R_GAM_A = R_LAM_L + 4
R_GAM_B = R_LAM_L + 5
# ---- Shared with programs/aggregate-xmss.py (the raw signatures a node verifies itself, and
# its context of tweaks); test/workloads/recursion-guest/shared-xmss.test.ts checks that these
# constants and the functions marked "shared with aggregate-xmss.py" are the leaf's, text for text.
CTX_CHAIN = 0
CTX_LEAF = 294
CTX_ENC = 295
CTX_MERKLE = 296
CTX_CHUNK = 328
CTX_MSG = 336
CTX_SIZE = 338
X64 = 27
LANE = [1, Y]
MERKLE_TYPE_SUB = [258, 514, 770, 1026, 1282, 1538, 1794, 2050, 2306, 2562, 2818, 3074, 3330, 3586, 3842, 4098, 4354, 4610, 4866, 5122, 5378, 5634, 5890, 6146, 6402, 6658, 6914, 7170, 7426, 7682, 7938, 8194]


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


# Absorb a known scalar s (step i): its block's cells hinted as fs_observe's, then checked to be s.
@inline
def fs_absorb(ch, s, i: Const):
    v = fs_observe(ch, i)
    assert v == s
    return


# 2^(m - 1) < w ≤ 2^m for w given as gw = g^w (nb = m - 1; nb = m gives 0 < w ≤ 2^m): the
# difference 2^m - w's nb bits hinted, each checked a bit, and g^(2^m) = g^w·g^(2^m - w), so the
# difference lies in 0 .. 2^nb - 1 (exponents stay far below g's order 2^64 - 1).
@inline
def ceil_log(gw, m: Const, nb: Const):
    bits = StackBuf(32)
    hint_witness(bits[0:nb], "ceil_bits")
    ge = 1 + bits[0] * (GEN + 1)
    for j in unroll(0, nb):
        bits[j] = bits[j] * bits[j]
    for j in unroll(1, nb):
        ge = ge * (1 + bits[j] * (GEN ** (2 ** j) + 1))
    assert gw * ge == GEN ** (2 ** m)
    return


# Absorb the next stream scalar, a 128-bit value (a digest's half: c2 = 0), from one hinted cell.
@inline
def fs_observe_half(ch, i: Const):
    blk = StackBuf(1)
    hint_witness(blk, "fs")
    m = [blk[0], TAG_SCALAR]
    blake2s(ch[2 * i:2 * i + 2], m, ch[2 * i + 2:2 * i + 4])
    return blk[0]


# Absorb a known 128-bit value v (a digest's half, c2 = 0) at step i: its one cell is v itself,
# so nothing is hinted.
@inline
def fs_bind_half(ch, v, i: Const):
    m = [v, TAG_SCALAR]
    blake2s(ch[2 * i:2 * i + 2], m, ch[2 * i + 2:2 * i + 4])
    return


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


# The table sumcheck's opening claim and its d rounds from the chain before ξ, d = max τ (checked:
# every τ_t ≤ d and one equals it): ξ squeezed, the claim Σ_s ξ^(2 + s)·(total_s + w_s·share) of
# the bus's three side totals, each less its part w_s·share of the deferred bytecode share (ξ^0,
# ξ^1 weigh JUMP's two constraints), then every round, round j binding coordinate d - 1 - j of the
# table point; table_tail goes on from the chain it leaves and returns the chain after the
# public-input line.
def table_rounds(c0, c1, out, d: Const):
    for t in unroll(0, 6):
        below = GEN ** d / out[GEN ** (OUT_SIZES + 1 + t)]
        assert log(below) < 33
    top = (out[GEN ** (OUT_SIZES + 1)] + GEN ** d) * (out[GEN ** (OUT_SIZES + 2)] + GEN ** d) * (out[GEN ** (OUT_SIZES + 3)] + GEN ** d) * (out[GEN ** (OUT_SIZES + 4)] + GEN ** d) * (out[GEN ** (OUT_SIZES + 5)] + GEN ** d) * (out[GEN ** (OUT_SIZES + 6)] + GEN ** d)
    assert top == 0
    out[GEN ** OUT_MAXTAU] = GEN ** d
    ch = StackBuf(2 * (4 * MAX_DEPTH + 2))
    ch[0] = c0
    ch[1] = c1
    tot = StackBuf(3)
    shw = StackBuf(3)
    for s in unroll(0, 3):
        tot[s] = out[GEN ** (OUT_TOTALS + s)]
        shw[s] = out[GEN ** (OUT_SHARE_W + s)]
    # The bytecode share MLE(P)(ζ_<kbc ‖ α), a hinted deferred value (docs/recursion.md §2.1): its
    # cell is the claim the node hands on, evaluated by the root.
    share = StackBuf(1)
    hint_witness(share, "bytecode_share")
    out[GEN ** OUT_SHARE] = share[0]
    xi = fs_squeeze(ch, 0)
    out[GEN ** OUT_XI] = xi
    x2 = xi * xi
    sh = share[0]
    claim = x2 * (tot[0] + shw[0] * sh + xi * (tot[1] + shw[1] * sh + xi * (tot[2] + shw[2] * sh)))
    rcs = StackBuf(2 * MAX_DEPTH)
    for v in unroll(0, d):
        round3(ch, claim, rcs, v)
        claim = rcs[2 * v + 1]
        out[GEN ** (OUT_TPOINT + d - 1 - v)] = rcs[2 * v]
    # table t's eq weight: Π_{v<τ_t} eq(ζ_v, r_v)·Π_{τ_t≤v<d} r_v (it sits at the all-ones corner
    # of the variables above its own), tabulated for every τ ≤ d and read at g^τ_t
    cw = HeapBuf(DEPTHS + 1)
    ep = StackBuf(MAX_DEPTH + 1)
    rs = StackBuf(MAX_DEPTH + 1)
    ep[0] = 1
    rs[d] = 1
    for v in unroll(0, d):
        ep[v + 1] = ep[v] * (1 + out[GEN ** (OUT_ZETA + v)] + rcs[2 * (d - 1 - v)])
        rs[d - 1 - v] = rs[d - v] * rcs[2 * v]
    for k in unroll(0, d + 1):
        cw[GEN ** k] = ep[k] * rs[k]
    for t in unroll(0, 6):
        out[GEN ** (OUT_TW + t)] = cw[out[GEN ** (OUT_SIZES + 1 + t)]]
    e0, e1 = table_tail(ch[2 + 8 * d], ch[3 + 8 * d], out, claim)
    return e0, e1


# After the rounds, from the chain (c0, c1): the TABLE_COLUMNS column values absorbed and the AIR
# terminal checked against the rounds' last claim, then the public-input line: r squeezed, the
# memory's three limbs at (r, 0, …) absorbed, and l0 + y·l1 + y²·l2 must be the line through the
# child's public words, p0 + r·(p0 + p1); returns the chain it leaves.
def table_tail(c0, c1, out, claim):
    ch = StackBuf(2 * (TABLE_COLUMNS + 5))
    ch[0] = c0
    ch[1] = c1
    for c in unroll(0, TABLE_COLUMNS):
        out[GEN ** (OUT_COLUMNS + c)] = fs_observe(ch, c)
    term = air_terminal(out)
    assert term == claim
    p0 = out[GEN ** OUT_PUBLIC]
    p1 = out[GEN ** (OUT_PUBLIC + 1)]
    r = fs_squeeze(ch, TABLE_COLUMNS)
    out[GEN ** OUT_LINE] = r
    l0 = fs_observe(ch, TABLE_COLUMNS + 1)
    l1 = fs_observe(ch, TABLE_COLUMNS + 2)
    l2 = fs_observe(ch, TABLE_COLUMNS + 3)
    out[GEN ** (OUT_LINE + 1)] = l0
    out[GEN ** (OUT_LINE + 2)] = l1
    out[GEN ** (OUT_LINE + 3)] = l2
    line = StackBuf(1)
    line[0] = p0 + r * (p0 + p1)
    line[0] = l0 + Y * l1 + Y2 * l2
    return ch[2 * (TABLE_COLUMNS + 4)], ch[2 * (TABLE_COLUMNS + 4) + 1]


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


# The GKR of depth D from the chain (c0, c1) after α and β, with the bus's balance; D is checked
# to be the bus's depth ⌈log2 W⌉ for gw = g^W (W a tree's block rows); writes ζ and the three
# leaf values into the child's record and returns the chain it leaves, the pair at chain step
# off_k for k = ⌈D/2⌉ (written by the last step's λ).
def gkr(c0, c1, gw, out, D: Const):
    ceil_log(gw, D, D - 1)
    out[GEN ** OUT_DEPTH] = GEN ** D
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
    for t in unroll(0, 3):
        out[GEN ** (OUT_LEAVES + t)] = vl[4 * ((D + 1) // 2) + t]
    for c in unroll(0, D):
        out[GEN ** (OUT_ZETA + c)] = pt[32 * ((D + 1) // 2) - 32 + c]
    for c in unroll(D, BUS_BITS):
        out[GEN ** (OUT_ZETA + c)] = 0
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
# §2.1) in the child's record (OUT_MATRIX). Every division is one MUL. Returns the chain it
# leaves (ring switching's claim follows on it: ring_target).
def flock_rounds(c0, c1, out, nb: Const):
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
    mt = out * GEN ** OUT_MATRIX
    mt[GEN ** 0] = z
    for i in unroll(0, 8):
        mt[GEN ** (1 + i)] = chi[i]
    mt[GEN ** 9] = al
    for i in unroll(0, nb):
        out[GEN ** (OUT_CHI_OUT + i)] = chi[8 + i]
    for i in unroll(0, 8):
        mt[GEN ** (10 + i)] = rho[7 - i]
    for u in unroll(0, 64):
        mt[GEN ** (18 + u)] = sv[u]
    mt[GEN ** 82] = lc + al2 * eqii * vs6 * SKIP_DEN_6 * ss + al2 * al * sv[0] * eat
    return ch[2 * (4 * nb + 181)], ch[2 * (4 * nb + 181) + 1]


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


# Ring switching's claim on q_flock, from the chain (c0, c1) after Flock: the map's six
# challenges squeezed (the record's OUT_RING_F) and T = Σ_{i<64} x^i·Φ(s_i) over Flock's slice
# values s (the matrix claim's, in the record) (OUT_RING: WHIR's batch takes it as its first
# claim); the chain after the six squeezes is the record's OUT_CHAIN, where WHIR goes on.
def ring_target(c0, c1, out):
    ch = StackBuf(2 * 7)
    ch[0] = c0
    ch[1] = c1
    rf = StackBuf(6)
    for p in unroll(0, 6):
        rf[p] = fs_squeeze(ch, p)
        out[GEN ** (OUT_RING_F + p)] = rf[p]
    sv = out * GEN ** (OUT_MATRIX + 18)
    tr = ring_phi(sv[GEN ** 0], rf[0], rf[1], rf[2], rf[3], rf[4], rf[5])
    for k in unroll(1, 64):
        tr = tr + GEN ** k * ring_phi(sv[GEN ** k], rf[0], rf[1], rf[2], rf[3], rf[4], rf[5])
    out[GEN ** OUT_RING] = tr
    out[GEN ** OUT_CHAIN] = ch[12]
    out[GEN ** (OUT_CHAIN + 1)] = ch[13]
    return


# One query of a WHIR level: its row's leaf image of nb blocks hinted as K words (nb = 8 at level
# 0: the row's 64 K lanes, stored last lane first; nb = 3 deeper: 8 E values of three K words),
# each pair checked in K and made the image's cell, hashed and walked (height h) to the level's
# root (r0, r1); the walk's path bits must spell pos, the position the query squeeze's bits gave.
# Returns the row folded at the level's challenges: at level 0 the lanes' MLE at 1 + a0..a5 (lane
# b sits at word 63 - b, and eq(a, 63 - j) = eq(1 + a, j)), deeper the E values' MLE at a0..a2.
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
    # the return copies all 16 cells: the unused ones are written, never read unwritten
    for j in unroll(cnt, 16):
        rs[j] = 0
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
# sent in clear); then the queries. The caller's Const shape of level i (src/pcs/whir/config.ts at
# log inverse rate 1): f = 6 folds at level 0, 3 after; at = the first fold's coordinate, 3i + 3
# (0 at level 0); m = n - 6 - 3i coordinates left; d = the oracle's log length, m + 1 at level 0
# and m + 2i + 2 after (n - 4 - i, less 1 at level 0); nq queries (WHIR_Q) drawn by
# ns = ⌈nq / ⌊192/d⌋⌉ squeezes; last = 1 at level nl - 1.
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


# Ring switching's point ρ (n coordinates) into fr[0 .. n), as the native verifier completes
# Flock's claim on q_flock's slice (src/pcs/stack/claims.ts): Flock's suffix χ'_in ‖ χ_out, then
# q_flock's selector bits. ρ_k = χ'_in_k for k < 8 (the record's matrix claim); for k < n - 8,
# ρ_(8+k) = χ_out_k (OUT_CHI_OUT) where t_k = 1 and bit 8 + k of q_flock's offset where t_k = 0,
# t_k = [k < τ] for the BLAKE2S table's τ (χ_out has τ coordinates). Hinted: the offset's n bits
# o_k, then the t_k, each checked a bit; Π_k g^(2^k·o_k) = g^offset (the record's OUT_PLACE entry
# 5: q_flock), t non-increasing and Π_k g^(t_k) = g^τ (OUT_SIZES entry 6). χ_out's cell k is read
# only where t_k = 1: past τ the pointer is a zero cell's (the record writes τ cells).
@inline
def ring_point(out, fr, n: Const):
    rb = StackBuf(64)
    hint_witness(rb[0:2 * n - 8], "ring_bits")
    for k in unroll(0, 2 * n - 8):
        rb[k] = rb[k] * rb[k]
    go = 1 + rb[0] * (GEN + 1)
    for k in unroll(1, n):
        go = go * (1 + rb[k] * (GEN ** (2 ** k) + 1))
    assert go == out[GEN ** (OUT_PLACE + 5)]
    gt = 1 + rb[n] * (GEN + 1)
    for k in unroll(1, n - 8):
        rb[n + k] = rb[n + k] * rb[n + k - 1]
        gt = gt * (1 + rb[n + k] * (GEN + 1))
    assert gt == out[GEN ** (OUT_SIZES + 6)]
    for k in unroll(0, 8):
        fr[k] = out[GEN ** (OUT_MATRIX + 10 + k)]
    zc = HeapBuf(1)
    zc[GEN ** 0] = 0
    for k in unroll(0, n - 8):
        src = rb[n + k] * (out * GEN ** (OUT_CHI_OUT + k)) + (1 + rb[n + k]) * zc
        fr[8 + k] = src[GEN ** 0] + (1 + rb[n + k]) * rb[8 + k]
    return


# The framework's and the public line's point claims (pc: the hinted points, n coordinates a
# claim) checked against the record, as the native verifier routes them (src/vm/verify/framework.ts,
# public-line.ts): the framework's claims 0..3 on mem_0, mem_1, mem_2, mem_final_cnt at ζ's first h
# coordinates (OUT_ZETA; h the announced log memory size, OUT_SIZES entry 0), its claim 4 on the
# bytecode's final count at ζ's first kbc coordinates (kbc the bytecode's log size, OUT_LB), the
# public line's 107..109 on mem_0..2 at (r, 0, …, 0) (r: OUT_LINE), each completed by its column's
# selector bits (the bits of its offset past h, or past kbc). Hinted: t_k = [k < h] (k < n), then
# each memory column's offset's n bits, then u_k = [k < kbc], then the final count's offset's n
# bits, each checked a bit; t and u prefixes with Π_k g^(t_k) = g^h, Π_k g^(u_k) = g^kbc,
# Π_k g^(2^k·o_k) = the column's g^offset (OUT_PLACE entries 0..4). Coordinate k is
# t_k·P_k + (1 + t_k)·o_k.
@inline
def memory_points(out, pc, n: Const):
    mb = StackBuf(32 * 7)
    hint_witness(mb[0:7 * n], "memory_bits")
    for k in unroll(0, 7 * n):
        mb[k] = mb[k] * mb[k]
    gh = 1 + mb[0] * (GEN + 1)
    for k in unroll(1, n):
        mb[k] = mb[k] * mb[k - 1]
        gh = gh * (1 + mb[k] * (GEN + 1))
    assert gh == out[GEN ** OUT_SIZES]
    for c in unroll(0, 4):
        go = 1 + mb[n + n * c] * (GEN + 1)
        for k in unroll(1, n):
            go = go * (1 + mb[n + n * c + k] * (GEN ** (2 ** k) + 1))
        assert go == out[GEN ** (OUT_PLACE + c)]
        for k in unroll(0, n):
            pc[n * c + k] = mb[k] * out[GEN ** (OUT_ZETA + k)] + (1 + mb[k]) * mb[n + n * c + k]
    gb = 1 + mb[5 * n] * (GEN + 1)
    gf = 1 + mb[6 * n] * (GEN + 1)
    for k in unroll(1, n):
        mb[5 * n + k] = mb[5 * n + k] * mb[5 * n + k - 1]
        gb = gb * (1 + mb[5 * n + k] * (GEN + 1))
        gf = gf * (1 + mb[6 * n + k] * (GEN ** (2 ** k) + 1))
    assert gb == out[GEN ** OUT_LB]
    assert gf == out[GEN ** (OUT_PLACE + 4)]
    for k in unroll(0, n):
        pc[4 * n + k] = mb[5 * n + k] * out[GEN ** (OUT_ZETA + k)] + (1 + mb[5 * n + k]) * mb[6 * n + k]
    for c in unroll(0, 3):
        b = FRAMEWORK_VALUES + c
        pc[n * b] = mb[0] * out[GEN ** OUT_LINE] + (1 + mb[0]) * mb[n + n * c]
        for k in unroll(1, n):
            pc[n * b + k] = (1 + mb[k]) * mb[n + n * c + k]
    return


# One table column's claim's weight Π_k (x1_k + ρ_k) (x1 = 1 + x', a heap of n cells), its point
# ρ built as the native verifier routes it (src/vm/verify/routing.ts, src/pcs/stack/claims.ts): lo
# slot bits (sb's, for a BLAKE2S value column: lo = QFLOCK_SLOT_BITS; 0 otherwise), then the table
# sumcheck's point where the table's indicator th (t_k = [k < τ]) is set and the bits of the
# column's offset (go = g^offset, the record's) past it. The offset's n bits are hinted, each
# checked a bit, and Π_k g^(2^k·o_k) = go. A call: one body for all 102 columns.
def column_weight(xh, th, tp, sb, go, n: Const, lo: Const):
    ob = StackBuf(32)
    hint_witness(ob[0:n], "column_bits")
    for k in unroll(0, n):
        ob[k] = ob[k] * ob[k]
    g = 1 + ob[0] * (GEN + 1)
    for k in unroll(1, n):
        g = g * (1 + ob[k] * (GEN ** (2 ** k) + 1))
    assert g == go
    e = 1
    for k in unroll(0, lo):
        e = e * (xh[GEN ** k] + sb[GEN ** k])
    for k in unroll(lo, n):
        t = th[GEN ** (k - lo)]
        e = e * (xh[GEN ** k] + t * tp[GEN ** (k - lo)] + (1 + t) * ob[k])
    return e


# The 102 table columns' claims' λ-weighted weights at x1 (src/vm/verify/table-sumcheck.ts: table
# t's columns at the table sumcheck's point's first τ_t coordinates). Hinted: each table's
# indicator t_k = [k < τ_t] (k < n), each checked a bit, a prefix, Π_k g^(t_k) = g^(τ_t) (OUT_SIZES
# entry 1 + t). The point (OUT_TPOINT, max τ cells) is copied zero padded to n cells, cell k read
# through a pointer steered to a zero cell where no table's t_k is set (k ≥ max τ).
@inline
def table_weights(out, x1, lp, n: Const):
    tt = HeapBuf(32 * 6)
    tb = StackBuf(32 * 6)
    hint_witness(tb[0:6 * n], "table_bits")
    for k in unroll(0, 6 * n):
        tb[k] = tb[k] * tb[k]
    for t in unroll(0, 6):
        gt = 1 + tb[n * t] * (GEN + 1)
        tt[GEN ** (32 * t)] = tb[n * t]
        for k in unroll(1, n):
            tb[n * t + k] = tb[n * t + k] * tb[n * t + k - 1]
            gt = gt * (1 + tb[n * t + k] * (GEN + 1))
            tt[GEN ** (32 * t + k)] = tb[n * t + k]
        assert gt == out[GEN ** (OUT_SIZES + 1 + t)]
    zc = HeapBuf(1)
    zc[GEN ** 0] = 0
    tp = HeapBuf(32)
    xh = HeapBuf(32)
    for k in unroll(0, n):
        xh[GEN ** k] = x1[k]
        nu = (1 + tb[k]) * (1 + tb[n + k]) * (1 + tb[2 * n + k]) * (1 + tb[3 * n + k]) * (1 + tb[4 * n + k]) * (1 + tb[5 * n + k])
        src = (1 + nu) * (out * GEN ** (OUT_TPOINT + k)) + nu * zc
        tp[GEN ** k] = src[GEN ** 0]
    sb = HeapBuf(8 * 18)
    for v in unroll(0, 18):
        for k in unroll(0, QFLOCK_SLOT_BITS):
            sb[GEN ** (8 * v + k)] = VALUE_SLOT_BITS[8 * v + k]
    wt = 0
    for t in unroll(0, 6):
        for j in unroll(TABLE_FIRST[t], TABLE_FIRST[t + 1]):
            ew = StackBuf(1)
            if j // VIRTUAL_FIRST == 0:
                ew[0] = column_weight(xh, tt * GEN ** (32 * t), tp, sb, out[GEN ** (OUT_PLACE + 6 + j)], n, 0)
            else:
                if (j - VIRTUAL_FIRST) // 18 == 0:
                    ew[0] = column_weight(xh, tt * GEN ** (32 * t), tp, sb * GEN ** (8 * (j - VIRTUAL_FIRST)), out[GEN ** (OUT_PLACE + 5)], n, QFLOCK_SLOT_BITS)
                else:
                    ew[0] = column_weight(xh, tt * GEN ** (32 * t), tp, sb, out[GEN ** (OUT_PLACE + 6 + j - 18)], n, 0)
            wt = wt + lp[FRAMEWORK_VALUES + j] * ew[0]
    return wt


# The stacked opening of a commitment of 2^n words at log inverse rate 1 (nl WHIR levels;
# src/pcs/stack/verifier.ts), on the chain child_to_ring leaves in the child's record (after ring
# switching's six squeezes). The batch: the POINT_CLAIMS values absorbed, λ squeezed, the target
# T + Σ_b λ^(1 + b)·v_b over ring switching's claim T (the record's OUT_RING). Then WHIR: the
# target bound (absorbed, checked equal), the commitment root bound from the record (OUT_ROOT,
# absorbed at the proof's start too: the native verifier binds it twice), the first polynomial, every
# level, and the terminal check weight·residual(tail) = running. The weight at the bound point
# x: the batch's at x with its six lane coordinates rotated to the end (x' = x[6:] ‖ x[:6]) — the
# ring claim's Σ_k c_k·Π_j (1 + ρ_j^(2^k) + x'_j) (c_k = Π_{p: k & d_p} f_p^(2^(k mod d_p)),
# Φ's Frobenius coefficients, from the record's map challenges) and each point claim's
# λ^(1 + b)·Π_j (1 + π_bj + x'_j), points completed by their slice's selector bits (0 and 1 are
# their own squares, so the ring's selector rides in ρ) — then each OOD claim's eq and each
# query's weight at the coordinates bound after it.
# The point claims' values are checked against the record's, ρ built from it (ring_point), the
# framework's and the line's points checked against it (memory_points), the table columns' built
# from it (table_weights).
def whir_open(out, n: Const, nl: Const):
    ch = StackBuf(2 * (POINT_CLAIMS + 7))
    ch[0] = out[GEN ** OUT_CHAIN]
    ch[1] = out[GEN ** (OUT_CHAIN + 1)]
    rf = StackBuf(6)
    for p in unroll(0, 6):
        rf[p] = out[GEN ** (OUT_RING_F + p)]
    vals = StackBuf(POINT_CLAIMS)
    for b in unroll(0, POINT_CLAIMS):
        vals[b] = fs_observe(ch, b)
    # the claims' values are the record's: the framework values, the columns', the line's limbs
    for b in unroll(0, FRAMEWORK_VALUES):
        vals[b] = out[GEN ** (OUT_FRAMEWORK + b)]
    for b in unroll(0, TABLE_COLUMNS):
        vals[FRAMEWORK_VALUES + b] = out[GEN ** (OUT_COLUMNS + b)]
    for b in unroll(0, 3):
        vals[FRAMEWORK_VALUES + TABLE_COLUMNS + b] = out[GEN ** (OUT_LINE + 1 + b)]
    lam = fs_squeeze(ch, POINT_CLAIMS)
    lp = StackBuf(POINT_CLAIMS)
    lp[0] = lam
    for b in unroll(1, POINT_CLAIMS):
        lp[b] = lp[b - 1] * lam
    tg = out[GEN ** OUT_RING]
    for b in unroll(0, POINT_CLAIMS):
        tg = tg + lp[b] * vals[b]
    chk = StackBuf(1)
    chk[0] = fs_observe(ch, 1 + POINT_CLAIMS)
    chk[0] = tg
    # the commitment root, bound again as the native verifier does (observeRoot): the record's
    # halves, absorbed from the record's cells (no hint), and level 0's Merkle root
    st = StackBuf(8 * 8)
    st[6] = out[GEN ** OUT_ROOT]
    st[7] = out[GEN ** (OUT_ROOT + 1)]
    fs_bind_half(ch, st[6], 2 + POINT_CLAIMS)
    fs_bind_half(ch, st[7], 3 + POINT_CLAIMS)
    st[0] = tg
    st[1] = fs_observe(ch, 4 + POINT_CLAIMS)
    st[3] = fs_observe(ch, 5 + POINT_CLAIMS)
    st[2] = tg + st[3]
    st[4] = ch[2 * (6 + POINT_CLAIMS)]
    st[5] = ch[2 * (6 + POINT_CLAIMS) + 1]
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
    ring_point(out, fr, n)
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
    # the five framework claims' and the line's three points (claims 0..4, 107..109 in pc's 0..7)
    pc = StackBuf(8 * 28)
    hint_witness(pc[0:8 * n], "point_claims")
    memory_points(out, pc, n)
    for c in unroll(0, 8):
        e = x1[0] + pc[n * c]
        for k in unroll(1, n):
            e = e * (x1[k] + pc[n * c + k])
        wt = wt + lp[c + (c // 5) * TABLE_COLUMNS] * e
    wt = wt + table_weights(out, x1, lp, n)
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


# The stacked opening of the child whose record child_to_ring filled, for its stack's log size μ
# (the record's OUT_MU, g^μ; derived by size_bounds) in WHIR_MIN_LOGN .. + WHIR_LOGNS - 1;
# nl = 1 + (μ - 9) // 3 levels.
def whir_at(out):
    ln = out[GEN ** OUT_MU] / GEN ** WHIR_MIN_LOGN
    assert log(ln) < WHIR_LOGNS
    d = match_range(log(ln), range(0, WHIR_LOGNS), lambda k: whir_open(out, k + WHIR_MIN_LOGN, 1 + (k + WHIR_MIN_LOGN - 9) // 3))
    return


# Flock from the chain (c0, c1) for the BLAKE2S table's τ (its announced size, bounded to the
# piece's window by size_bounds); returns the chain it leaves.
def flock_at(c0, c1, out):
    e0, e1 = match_range(log(out[GEN ** (OUT_SIZES + 6)]), range(0, FLOCK_BLOCKS), lambda k: flock_rounds(c0, c1, out, k))
    return e0, e1


# The table sumcheck and the public-input line from the chain (c0, c1), max τ hinted as g^d and
# checked by table_rounds; returns the chain after the line.
def table_at(c0, c1, out):
    dp = StackBuf(1)
    hint_witness(dp, "depth")
    assert log(dp[0]) < DEPTHS
    e0, e1 = match_range(log(dp[0]), range(0, DEPTHS), lambda k: table_rounds(c0, c1, out, k))
    return e0, e1


# The GKR from the chain (c0, c1), its depth hinted as g^(D - GKR_MIN_DEPTH) and checked by gkr
# against gw = g^W; returns the chain it leaves.
def gkr_at(c0, c1, gw, out):
    dg = StackBuf(1)
    hint_witness(dg, "gkr_depth")
    assert log(dg[0]) < GKR_DEPTHS
    e0, e1 = match_range(log(dg[0]), range(0, GKR_DEPTHS), lambda k: gkr(c0, c1, gw, out, k + GKR_MIN_DEPTH))
    return e0, e1


# The stack's size: words = 2^m·(the floor's) checked by ceil_log, μ = m; at the floor
# (m = MIN_STACK_LOG) the stack may be fuller than half.
def stack_check(gs, m: Const):
    ceil_log(gs, m, m - 1 + 1 // (m - MIN_STACK_LOG + 1))
    return 0


# The announced sizes' bounds (src/vm/layout.ts shapeProblem and the stack window), from their
# g^n in the child's record and lb = g^kbc: 16 ≤ h ≤ 32, every τ ≤ 32, 3 ≤ τ_BLAKE2S ≤
# FLOCK_MAX_BLOCKS (the Flock piece's window), 1 ≤ rate ≤ 4; the stack's words
# 4·2^h + 2^kbc + 2^(8 + τ_BLAKE2S) + Σ_t TABLE_COMMITTED_t·2^τ_t give μ = max(15, ⌈log2⌉) ≤ 28
# (hinted as g^(μ - 15), checked). Returns g^W for the bus's W = 1 + 2^h + 2^kbc +
# Σ_t TABLE_INTERACTIONS_t·2^τ_t block rows a tree (its depth is ⌈log2 W⌉, checked by gkr).
def size_bounds(out, lb):
    sz = StackBuf(ANNOUNCED)
    for k in unroll(0, ANNOUNCED):
        sz[k] = out[GEN ** (OUT_SIZES + k)]
    hm = sz[0] / GEN ** 16
    assert log(hm) < 17
    for t in unroll(0, 6):
        assert log(sz[1 + t]) < 33
    bm = sz[6] / GEN ** 3
    assert log(bm) < FLOCK_MAX_BLOCKS - 2
    rm = sz[7] / GEN
    assert log(rm) < 4
    assert log(lb) < 33
    # g^(2^n) for n ≤ 32, read at g^n
    p2 = out * GEN ** OUT_P2
    for n in unroll(0, 32):
        p2[GEN ** n] = GEN ** (2 ** n)
    p2[GEN ** 32] = p2[GEN ** 31] * p2[GEN ** 31]
    ph = p2[sz[0]]
    pb = p2[lb]
    pt = StackBuf(6)
    gw = GEN * ph * pb
    gs = ph ** 4 * pb
    for t in unroll(0, 6):
        pt[t] = p2[sz[1 + t]]
        gw = gw * pt[t] ** TABLE_INTERACTIONS[t]
        gs = gs * pt[t] ** TABLE_COMMITTED[t]
    gs = gs * pt[5] ** 256
    mu = StackBuf(1)
    hint_witness(mu, "stack_log")
    assert log(mu[0]) < STACK_LOGS
    out[GEN ** OUT_MU] = mu[0] * GEN ** MIN_STACK_LOG
    d = match_range(log(mu[0]), range(0, STACK_LOGS), lambda k: stack_check(gs, k + MIN_STACK_LOG))
    return gw


# A block's selector at ζ: its offset o (go = g^o) hinted as DIGITS 4-bit digits g^d_m, each
# range checked, and checked digit by digit against the record's tables (digit_tables):
# Π_m g^(d_m·16^m) = g^o; then eq(o >> s, ζ_≥s) = Π_m eq(d_m's bits, ζ_{4m..4m+3}) / Π_{k<s} (1 + ζ_k)
# (zps; o's bits below its rows' log s are zero, and eq(0, z) = 1 + z).
@inline
def block_sel(eqd, gd, go, zps):
    dg = StackBuf(DIGITS)
    hint_witness(dg, "block_digits")
    for m in unroll(0, DIGITS):
        assert log(dg[m]) < 16
    sl = eqd[dg[0]]
    gp = gd[dg[0]]
    for m in unroll(1, DIGITS):
        em = eqd * GEN ** (16 * m)
        gm = gd * GEN ** (16 * m)
        sl = sl * em[dg[m]]
        gp = gp * gm[dg[m]]
    assert gp == go
    return sl / zps


# The digit tables of block_sel, per 4-bit digit position m < DIGITS and digit d < 16, read at
# g^d: eq(d's bits, ζ_{4m..4m+3}) at OUT_EQD + 16m + d (ζ padded with zeros to BUS_BITS
# coordinates; eq(1, z) = z, eq(0, z) = 1 + z), g^(d·16^m) at OUT_GD + 16m + d.
@inline
def digit_tables(out, zs):
    fz = StackBuf(2 * BUS_BITS)
    for k in unroll(0, BUS_BITS):
        fz[2 * k] = 1 + zs[k]
        fz[2 * k + 1] = zs[k]
    eqd = out * GEN ** OUT_EQD
    gd = out * GEN ** OUT_GD
    for m in unroll(0, DIGITS):
        l2 = StackBuf(4)
        l3 = StackBuf(8)
        for d in unroll(0, 4):
            l2[d] = fz[8 * m + d % 2] * fz[8 * m + 2 + d // 2]
        for d in unroll(0, 8):
            l3[d] = l2[d % 4] * fz[8 * m + 4 + d // 4]
        for d in unroll(0, 16):
            eqd[GEN ** (16 * m + d)] = l3[d % 8] * fz[8 * m + 6 + d // 8]
            gd[GEN ** (16 * m + d)] = GEN ** (d * 16 ** m)
    return


# Nine groups of equal-sized blocks stacked largest first, ties in input order
# (src/pcs/stack/placement.ts stackOffsets), in one buffer gr: the sizes g^s at gr[0:9] (the
# first three set by the caller, the tables' six read here), g^(2^s) at gr[9:18], the groups'
# rows g^(blocks·2^s) at gr[18:27] (blocks: STACK_COLUMNS for the stack, PUSH_BLOCKS for the
# bus), and their order at gr[27:63], hinted by the caller: for a < b the bit
# gr[27 + b(b - 1)/2 + a] = [s_a ≥ s_b], checked by the sign of s_a − s_b (g^(s_a − s_b) or
# g^(s_b − s_a − 1) in range: exactly one is).
@inline
def groups(out, gr, stack: Const):
    p2 = out * GEN ** OUT_P2
    for t in unroll(0, 6):
        gr[3 + t] = out[GEN ** (OUT_SIZES + 1 + t)]
    for g in unroll(0, 9):
        gr[9 + g] = p2[gr[g]]
        if stack == 1:
            gr[18 + g] = gr[9 + g] ** STACK_COLUMNS[g]
        else:
            gr[18 + g] = gr[9 + g] ** PUSH_BLOCKS[g]
    for b in unroll(1, 9):
        for a in unroll(0, b):
            gr[27 + b * (b - 1) // 2 + a] = gr[27 + b * (b - 1) // 2 + a] * gr[27 + b * (b - 1) // 2 + a]
            up = gr[a] / gr[b]
            dn = gr[b] / (gr[a] * GEN)
            sg = dn + gr[27 + b * (b - 1) // 2 + a] * (up + dn)
            assert log(sg) < 33
    return


# g^O for group b of the n groups first .. first + n − 1 (of groups' nine, their order in gr), O
# the rows (rows[ro + a]: g^(blocks·2^s) of group first + a) of the groups before it.
@inline
def group_offset(gr, rows, ro: Const, b: Const, first: Const, n: Const):
    go = 1
    for a in unroll(0, b):
        go = go * (1 + gr[27 + (b + first) * (b + first - 1) // 2 + a + first] * (rows[ro + a] + 1))
    for a in unroll(b + 1, n):
        go = go * (gr[27 + (a + first) * (a + first - 1) // 2 + b + first] * (rows[ro + a] + 1) + rows[ro + a])
    return go


# The bus's leaf layout at ζ (src/vm/leaves.ts), each block's selector into the record (OUT_SEL:
# push's 36 blocks, then count's 27; pull's are push's). Push stacks the groups state (1 row),
# memory (2^h), bytecode (2^kbc) and each table's interactions (2^τ_t each), count each table's
# count columns: every group at the running offset, largest blocks first, ties in input order.
# Whether group a < b comes first ([s_a ≥ s_b]) is a hinted bit checked by the sign of s_a - s_b
# (a range check of g^(s_a - s_b) or g^(s_b - s_a - 1)); a group's offset O is
# g^O = Π over the groups before it of g^(its rows), block j's is O + j·2^s. Also builds the
# prefix tables Π_{k<s}(1 + ζ_k) (OUT_ZP) and the index column's MLE at ζ_<s (OUT_IM).
def bus_layout(out, lb):
    zp = out * GEN ** OUT_ZP
    im = out * GEN ** OUT_IM
    zs = StackBuf(BUS_BITS)
    for k in unroll(0, BUS_BITS):
        zs[k] = out[GEN ** (OUT_ZETA + k)]
    zp[GEN ** 0] = 1
    im[GEN ** 0] = 1
    zc = 1 + zs[0]
    ic = 1 + zs[0] * (1 + GEN)
    zp[GEN] = zc
    im[GEN] = ic
    for k in unroll(1, BUS_BITS):
        zc = zc * (1 + zs[k])
        ic = ic * (1 + zs[k] * (1 + GEN ** (2 ** k)))
        zp[GEN ** (k + 1)] = zc
        im[GEN ** (k + 1)] = ic
    digit_tables(out, zs)
    eqd = out * GEN ** OUT_EQD
    gd = out * GEN ** OUT_GD
    gr = StackBuf(63)
    gr[0] = 1
    gr[1] = out[GEN ** OUT_SIZES]
    gr[2] = lb
    hint_witness(gr[27:63], "layout_order")
    groups(out, gr, 0)
    sel = out * GEN ** OUT_SEL
    for b in unroll(0, 9):
        go = group_offset(gr, gr, 18, b, 0, 9)
        zps = zp[gr[b]]
        for j in unroll(0, PUSH_BLOCKS[b]):
            sel[GEN ** (PUSH_FIRST[b] + j)] = block_sel(eqd, gd, go, zps)
            go = go * gr[9 + b]
    cr = StackBuf(6)
    for t in unroll(0, 6):
        cr[t] = gr[12 + t] ** TABLE_COUNTS[t]
    for b in unroll(0, 6):
        go = group_offset(gr, cr, 0, b, 3, 6)
        zps = zp[gr[3 + b]]
        for j in unroll(0, TABLE_COUNTS[b]):
            sel[GEN ** (COUNT_FIRST[b] + j)] = block_sel(eqd, gd, go, zps)
            go = go * gr[12 + b]
    return


# The stack's placements (src/vm/layout.ts vmLayout): the committed columns in global order,
# stacked by the same rule as the bus's blocks, in nine groups: the memory's four columns
# (2^h words each), the bytecode's final count (2^kbc), q_flock (2^(8 + τ_BLAKE2S)) and each
# table's committed columns (2^τ_t). Writes each committed column's offset as g^offset into the
# record (OUT_PLACE, global order, virtual columns left out): what WHIR's point claims sit on.
def stack_layout(out, lb):
    gr = StackBuf(63)
    gr[0] = out[GEN ** OUT_SIZES]
    gr[1] = lb
    gr[2] = out[GEN ** (OUT_SIZES + 6)] * GEN ** 8
    hint_witness(gr[27:63], "stack_order")
    groups(out, gr, 1)
    pl = out * GEN ** OUT_PLACE
    for b in unroll(0, 9):
        go = group_offset(gr, gr, 18, b, 0, 9)
        for j in unroll(0, STACK_COLUMNS[b]):
            pl[GEN ** (STACK_FIRST[b] + j)] = go
            go = go * gr[9 + b]
    return


# The GKR's leaf values decomposed into what the tables owe each side (src/vm/verify/bus.ts):
# leaves outside every block are 1, so side s's total is leaf_s + 1 + Σ_blocks sel + Σ_framework
# sel·(β + fingerprint) (count: no framework); the fingerprints Σ_i eq(α, i)·t_i of the
# framework tuples at ζ (the state's constants, the halt at g^(2^kbc - 1); memory's and the
# bytecode's index column g^i as its MLE, the memory limbs and final counts the framework
# values) leave out the bytecode's program columns, the deferred share: its weight on push and
# pull is the bytecode block's selector. Writes eq(α, i) (OUT_W), the totals (OUT_TOTALS) and
# the share weights (OUT_SHARE_W).
def bus_totals(out, lb):
    al = StackBuf(4)
    for k in unroll(0, 4):
        al[k] = out[GEN ** (OUT_ALPHA + k)]
    w = out * GEN ** OUT_W
    e2 = StackBuf(4)
    e2[0] = (1 + al[0]) * (1 + al[1])
    e2[1] = al[0] * (1 + al[1])
    e2[2] = (1 + al[0]) * al[1]
    e2[3] = al[0] * al[1]
    for i in unroll(0, 16):
        w[GEN ** i] = e2[i % 4] * (1 + al[2] + SLOT_BIT2[i]) * (1 + al[3] + SLOT_BIT3[i])
    wv = StackBuf(6)
    for i in unroll(0, 6):
        wv[i] = w[GEN ** i]
    beta = out[GEN ** OUT_BETA]
    fw = StackBuf(5)
    for k in unroll(0, 5):
        fw[k] = out[GEN ** (OUT_FRAMEWORK + k)]
    im = out * GEN ** OUT_IM
    imh = im[out[GEN ** OUT_SIZES]]
    imb = im[lb]
    p2 = out * GEN ** OUT_P2
    sel = out * GEN ** OUT_SEL
    s0 = sel[GEN ** 0]
    s1 = sel[GEN]
    s2 = sel[GEN ** 2]
    ts = sel[GEN ** 3]
    for j in unroll(4, 36):
        ts = ts + sel[GEN ** j]
    cs = sel[GEN ** 36]
    for j in unroll(37, 63):
        cs = cs + sel[GEN ** j]
    # the common parts of push and pull, then each side's count slot
    st = beta + 1 + wv[0] + wv[2]
    me = beta + 1 + wv[0] * GEN + wv[1] * imh + wv[3] * fw[0] + wv[4] * fw[1] + wv[5] * fw[2]
    bc = beta + 1 + wv[0] * GEN ** 2 + wv[1] * imb
    tot = out * GEN ** OUT_TOTALS
    tot[GEN ** 0] = out[GEN ** OUT_LEAVES] + 1 + ts + s0 * (st + wv[1]) + s1 * (me + wv[2]) + s2 * (bc + wv[2])
    tot[GEN] = out[GEN ** (OUT_LEAVES + 1)] + 1 + ts + s0 * (st + wv[1] * p2[lb] / GEN) + s1 * (me + wv[2] * fw[3]) + s2 * (bc + wv[2] * fw[4])
    tot[GEN ** 2] = out[GEN ** (OUT_LEAVES + 2)] + 1 + cs
    shw = out * GEN ** OUT_SHARE_W
    shw[GEN ** 0] = s2
    shw[GEN] = s2
    shw[GEN ** 2] = 0
    return


# The AIR terminal's tables (src/vm/tables/schema.ts): what one row of each table owes the
# bus's sides at the table point, its columns' values c (the record's OUT_COLUMNS), every block
# weighed by its selector. Push and pull share a block's selector and differ in the count slot
# only (g·x pushed, x pulled), so a block owes xa·common + xb·w_slot·x with xa = ξ² + ξ³ and
# xb = g·ξ² + ξ³ (common: β and the other slots); count owes ξ⁴·Σ sel·cnt.
@inline
def owed(sel, xa, xb, c, wx):
    return sel * (xa * c + xb * wx)


# A memory read's common part (MEM, address, ·, three limbs).
@inline
def mem_common(w, beta, addr, l0, l1, l2):
    return beta + w[0] * GEN + w[1] * addr + w[3] * l0 + w[4] * l1 + w[5] * l2


# The table's columns, the slot weights eq(α, i) (12) and β, read from the record.
@inline
def table_inputs(out, c, w, n: Const, base: Const):
    for i in unroll(0, n):
        c[i] = out[GEN ** (OUT_COLUMNS + base + i)]
    for i in unroll(0, 12):
        w[i] = out[GEN ** (OUT_W + i)]
    return out[GEN ** OUT_BETA]


# XOR (t = 0) and MUL (t = 1): pc, fp, o_a, o_b, o_c, va (3), vb (3), cnt_a, cnt_b, cnt_c, cnt_bc;
# the state step, the bytecode read (g^t; o_a, o_b, o_c), reads of va, vb and the result.
def arith_owed(out, xa, xb, x4, t: Const):
    c = StackBuf(15)
    w = StackBuf(12)
    beta = table_inputs(out, c, w, 15, 15 * t)
    r = StackBuf(3)
    if t == 0:
        r[0] = c[5] + c[8]
        r[1] = c[6] + c[9]
        r[2] = c[7] + c[10]
    else:
        p3 = c[6] * c[10] + c[7] * c[9]
        p4 = c[7] * c[10]
        r[0] = c[5] * c[8] + p3
        r[1] = c[5] * c[9] + c[6] * c[8] + p3 + p4
        r[2] = c[5] * c[10] + c[6] * c[9] + c[7] * c[8] + p4
    sl = out * GEN ** (OUT_SEL + PUSH_FIRST[3 + t])
    sc = out * GEN ** (OUT_SEL + COUNT_FIRST[t])
    acc = owed(sl[GEN ** 0], xa, xb, beta + w[0] + w[2] * c[1], w[1] * c[0])
    acc = acc + owed(sl[GEN], xa, xb, beta + w[0] * GEN ** 2 + w[1] * c[0] + w[3] * GEN ** t + w[4] * c[2] + w[5] * c[3] + w[6] * c[4], w[2] * c[14])
    acc = acc + owed(sl[GEN ** 2], xa, xb, mem_common(w, beta, c[1] * c[2], c[5], c[6], c[7]), w[2] * c[11])
    acc = acc + owed(sl[GEN ** 3], xa, xb, mem_common(w, beta, c[1] * c[3], c[8], c[9], c[10]), w[2] * c[12])
    acc = acc + owed(sl[GEN ** 4], xa, xb, mem_common(w, beta, c[1] * c[4], r[0], r[1], r[2]), w[2] * c[13])
    return acc + x4 * (sc[GEN ** 0] * c[11] + sc[GEN] * c[12] + sc[GEN ** 2] * c[13] + sc[GEN ** 3] * c[14])


# SET: pc, fp, o, k (3), cnt, cnt_bc; the state step, the bytecode read (g^2; o, k), the write of k.
def set_owed(out, xa, xb, x4):
    c = StackBuf(8)
    w = StackBuf(12)
    beta = table_inputs(out, c, w, 8, 30)
    sl = out * GEN ** (OUT_SEL + PUSH_FIRST[5])
    sc = out * GEN ** (OUT_SEL + COUNT_FIRST[2])
    acc = owed(sl[GEN ** 0], xa, xb, beta + w[0] + w[2] * c[1], w[1] * c[0])
    acc = acc + owed(sl[GEN], xa, xb, beta + w[0] * GEN ** 2 + w[1] * c[0] + w[3] * GEN ** 2 + w[4] * c[2] + w[5] * c[3] + w[6] * c[4] + w[7] * c[5], w[2] * c[7])
    acc = acc + owed(sl[GEN ** 2], xa, xb, mem_common(w, beta, c[1] * c[2], c[3], c[4], c[5]), w[2] * c[6])
    return acc + x4 * (sc[GEN ** 0] * c[6] + sc[GEN] * c[7])


# DEREF: pc, fp, α, β, γ, f_pc, f_fp, ptr, v3 (3), cnt_ptr, cnt_target, cnt_local, cnt_bc; the state
# step, the bytecode read (g^3), ptr read at fp·α, the stored word at ptr·β, v3 at fp·γ.
def deref_owed(out, xa, xb, x4):
    c = StackBuf(15)
    w = StackBuf(12)
    beta = table_inputs(out, c, w, 15, 38)
    gt = 1 + c[5] + c[6]
    sl = out * GEN ** (OUT_SEL + PUSH_FIRST[6])
    sc = out * GEN ** (OUT_SEL + COUNT_FIRST[3])
    acc = owed(sl[GEN ** 0], xa, xb, beta + w[0] + w[2] * c[1], w[1] * c[0])
    acc = acc + owed(sl[GEN], xa, xb, beta + w[0] * GEN ** 2 + w[1] * c[0] + w[3] * GEN ** 3 + w[4] * c[2] + w[5] * c[3] + w[6] * c[4] + w[7] * c[5] + w[8] * c[6], w[2] * c[14])
    acc = acc + owed(sl[GEN ** 2], xa, xb, beta + w[0] * GEN + w[1] * c[1] * c[2] + w[3] * c[7], w[2] * c[11])
    acc = acc + owed(sl[GEN ** 3], xa, xb, mem_common(w, beta, c[7] * c[3], gt * c[8] + GEN ** 2 * c[5] * c[0] + c[6] * c[1], gt * c[9], gt * c[10]), w[2] * c[12])
    acc = acc + owed(sl[GEN ** 4], xa, xb, mem_common(w, beta, c[1] * c[4], c[8], c[9], c[10]), w[2] * c[13])
    return acc + x4 * (sc[GEN ** 0] * c[11] + sc[GEN] * c[12] + sc[GEN ** 2] * c[13] + sc[GEN ** 3] * c[14])


# JUMP: pc, fp, o_c, o_d, o_f, c, dest, frame, cnt_c, cnt_d, cnt_f, cnt_bc, w, b; the state moves
# to (b·dest + (b + 1)·g·pc, b·frame + (b + 1)·fp), the bytecode read (g^4), reads of c, dest,
# frame; and its two constraints b + c·w, c·b + c (ξ^0, ξ^1).
def jump_owed(out, x2, x3, xi, x4):
    c = StackBuf(14)
    w = StackBuf(12)
    beta = table_inputs(out, c, w, 14, 53)
    xa = x2 + x3
    xb = x2 * GEN + x3
    npc = c[13] * c[6] + c[13] * c[0] * GEN + c[0] * GEN
    nfp = c[13] * c[7] + c[13] * c[1] + c[1]
    sl = out * GEN ** (OUT_SEL + PUSH_FIRST[7])
    sc = out * GEN ** (OUT_SEL + COUNT_FIRST[4])
    acc = sl[GEN ** 0] * (x2 * (beta + w[0] + w[1] * npc + w[2] * nfp) + x3 * (beta + w[0] + w[1] * c[0] + w[2] * c[1]))
    acc = acc + owed(sl[GEN], xa, xb, beta + w[0] * GEN ** 2 + w[1] * c[0] + w[3] * GEN ** 4 + w[4] * c[2] + w[5] * c[3] + w[6] * c[4], w[2] * c[11])
    acc = acc + owed(sl[GEN ** 2], xa, xb, beta + w[0] * GEN + w[1] * c[1] * c[2] + w[3] * c[5], w[2] * c[8])
    acc = acc + owed(sl[GEN ** 3], xa, xb, beta + w[0] * GEN + w[1] * c[1] * c[3] + w[3] * c[6], w[2] * c[9])
    acc = acc + owed(sl[GEN ** 4], xa, xb, beta + w[0] * GEN + w[1] * c[1] * c[4] + w[3] * c[7], w[2] * c[10])
    acc = acc + c[13] + c[5] * c[12] + xi * (c[5] * c[13] + c[5])
    return acc + x4 * (sc[GEN ** 0] * c[8] + sc[GEN] * c[9] + sc[GEN ** 2] * c[10] + sc[GEN ** 3] * c[11])


# BLAKE2S: pc, fp, o_0..o_3, o_v, o_out, the eight cells' (lo, hi) (m0..m3, out0, out1, cv0, cv1),
# md_0, md_1, the eight cells' counts, cnt_bc; the state step, the bytecode read (g^5; the six
# operands and the metadata words), the eight cells read at g^k·fp·o as (lo, hi, 0).
def blake_owed(out, xa, xb, x4):
    c = StackBuf(35)
    w = StackBuf(12)
    beta = table_inputs(out, c, w, 35, 67)
    sl = out * GEN ** (OUT_SEL + PUSH_FIRST[8])
    sc = out * GEN ** (OUT_SEL + COUNT_FIRST[5])
    acc = owed(sl[GEN ** 0], xa, xb, beta + w[0] + w[2] * c[1], w[1] * c[0])
    acc = acc + owed(sl[GEN], xa, xb, beta + w[0] * GEN ** 2 + w[1] * c[0] + w[3] * GEN ** 5 + w[4] * c[2] + w[5] * c[3] + w[6] * c[4] + w[7] * c[5] + w[8] * c[6] + w[9] * c[7] + w[10] * c[24] + w[11] * c[25], w[2] * c[34])
    for m in unroll(0, 4):
        acc = acc + owed(sl[GEN ** (2 + m)], xa, xb, beta + w[0] * GEN + w[1] * c[1] * c[2 + m] + w[3] * c[8 + 2 * m] + w[4] * c[9 + 2 * m], w[2] * c[26 + m])
    for k in unroll(0, 2):
        acc = acc + owed(sl[GEN ** (6 + k)], xa, xb, beta + w[0] * GEN + w[1] * GEN ** k * c[1] * c[6] + w[3] * c[20 + 2 * k] + w[4] * c[21 + 2 * k], w[2] * c[30 + k])
        acc = acc + owed(sl[GEN ** (8 + k)], xa, xb, beta + w[0] * GEN + w[1] * GEN ** k * c[1] * c[7] + w[3] * c[16 + 2 * k] + w[4] * c[17 + 2 * k], w[2] * c[32 + k])
    cnt = sc[GEN ** 0] * c[26]
    for j in unroll(1, 9):
        cnt = cnt + sc[GEN ** j] * c[26 + j]
    return acc + x4 * cnt


# The AIR terminal (src/vm/verify/table-sumcheck.ts): Σ_t eq-weight_t·(table t's constraints and
# what its row owes the sides), the weights the record's OUT_TW, ξ the record's.
def air_terminal(out):
    xi = out[GEN ** OUT_XI]
    x2 = xi * xi
    x3 = x2 * xi
    x4 = x3 * xi
    xa = x2 + x3
    xb = x2 * GEN + x3
    tw = out * GEN ** OUT_TW
    t0 = arith_owed(out, xa, xb, x4, 0)
    t1 = arith_owed(out, xa, xb, x4, 1)
    t2 = set_owed(out, xa, xb, x4)
    t3 = deref_owed(out, xa, xb, x4)
    t4 = jump_owed(out, x2, x3, xi, x4)
    t5 = blake_owed(out, xa, xb, x4)
    return tw[GEN ** 0] * t0 + tw[GEN] * t1 + tw[GEN ** 2] * t2 + tw[GEN ** 3] * t3 + tw[GEN ** 4] * t4 + tw[GEN ** 5] * t5


# ONE CHILD'S VERIFICATION, from FS_START through ring switching's claim, on one chain:
#   child_to_ring(s0, s1, p0, p1, lb, out)
# s0, s1: the child's transcript seed (its program's, fsSeed); p0, p1: its public words; lb =
# g^kbc for its program's 2^kbc bytecode slots; out: a HeapBuf(CHILD_OUT), the child's record,
# which it fills (OUT_* above; what the node hands on and what WHIR goes on from):
#   OUT_CHAIN (2)     the chain after ring switching's six squeezes
#   OUT_RING          ring switching's claim T on q_flock; OUT_RING_F (6) the map's challenges
#   OUT_SHARE         the bytecode share, a hinted deferred value at ζ_<kbc ‖ α (OUT_ZETA's first
#                     kbc cells, then OUT_ALPHA's four): the root evaluates it
#   OUT_MATRIX (83)   Flock's deferred matrix claim {z, χ_in, α, χ'_in, s, T}
#   OUT_SIZES (8)     g^n of h, τ_0..τ_5, the rate; OUT_MU g^μ; OUT_DEPTH g^D; OUT_MAXTAU g^(max τ)
#   OUT_ALPHA (4), OUT_BETA, OUT_ZETA (D), OUT_LEAVES (3), OUT_FRAMEWORK (5), OUT_XI,
#   OUT_TPOINT (max τ), OUT_COLUMNS (102), OUT_LINE (r, three limbs), OUT_PUBLIC (p0, p1)
#   OUT_SEL (63)      the bus blocks' selectors at ζ (push's 36 = pull's, count's 27); OUT_W (16)
#                     eq(α, i); OUT_TOTALS (3), OUT_SHARE_W (3) the sides' totals and share
#                     weights; OUT_TW (6) the tables' eq weights at the table point
#   OUT_PLACE (90)    g^offset of every committed column in the stack, in global column order
#   OUT_CHI_OUT (nb)  the zerocheck's χ_out (its challenges past χ_in): ring switching's point is
#                     χ'_in ‖ χ_out on q_flock's slice; OUT_ROOT (2) the commitment root's halves
#   OUT_LB (1)        g^kbc, the bytecode's log size (the statement's lb)
# In order: the statement's four scalars absorbed, the eight announced sizes (each (n, 0, 0) made
# of six hinted bits, each checked a bit, kept as g^n) and their bounds (size_bounds), the
# commitment root's two halves (c2 = 0, as a digest's), α's four coordinates and β; the GKR
# (depth checked; ζ zero padded to BUS_BITS cells), the framework values, the bus's leaf layout
# and side totals (bus_layout, bus_totals), the stack's placements (stack_layout), the table
# sumcheck (max τ checked) with its AIR terminal and the public-input line, Flock and ring
# switching's claim, each on the chain the last one left. Nothing it pops is trusted: its streams
# (src/workloads/recursion/guest/chain.ts childStreams) are the child's stream scalars and the
# hints each checked where it is read.
def child_to_ring(s0, s1, p0, p1, lb, out):
    out[GEN ** OUT_PUBLIC] = p0
    out[GEN ** (OUT_PUBLIC + 1)] = p1
    out[GEN ** OUT_LB] = lb
    ch = StackBuf(2 * 20)
    ch[0] = FS_START_0
    ch[1] = FS_START_1
    fs_absorb(ch, s0, 0)
    fs_absorb(ch, s1, 1)
    fs_absorb(ch, p0, 2)
    fs_absorb(ch, p1, 3)
    sizes = StackBuf(ANNOUNCED)
    for k in unroll(0, ANNOUNCED):
        n = fs_observe(ch, 4 + k)
        bits = StackBuf(6)
        hint_witness(bits, "size_bits")
        for b in unroll(0, 6):
            bits[b] = bits[b] * bits[b]
        sizes[k] = bits[0] + GEN * (bits[1] + GEN * (bits[2] + GEN * (bits[3] + GEN * (bits[4] + GEN * bits[5]))))
        sizes[k] = n
        gp = 1 + bits[0] * (GEN + 1)
        for b in unroll(1, 6):
            gp = gp * (1 + bits[b] * (GEN ** (2 ** b) + 1))
        out[GEN ** (OUT_SIZES + k)] = gp
    gw = size_bounds(out, lb)
    for k in unroll(0, 2):
        out[GEN ** (OUT_ROOT + k)] = fs_observe_half(ch, 4 + ANNOUNCED + k)
    for k in unroll(0, 4):
        out[GEN ** (OUT_ALPHA + k)] = fs_squeeze(ch, 6 + ANNOUNCED + k)
    out[GEN ** OUT_BETA] = fs_squeeze(ch, 10 + ANNOUNCED)
    g0, g1 = gkr_at(ch[2 * (11 + ANNOUNCED)], ch[2 * (11 + ANNOUNCED) + 1], gw, out)
    fw = StackBuf(2 * 6)
    fw[0] = g0
    fw[1] = g1
    for k in unroll(0, FRAMEWORK_VALUES):
        out[GEN ** (OUT_FRAMEWORK + k)] = fs_observe(fw, k)
    bus_layout(out, lb)
    bus_totals(out, lb)
    stack_layout(out, lb)
    t0, t1 = table_at(fw[2 * FRAMEWORK_VALUES], fw[2 * FRAMEWORK_VALUES + 1], out)
    f0, f1 = flock_at(t0, t1, out)
    ring_target(f0, f1, out)
    return


# ---- The node's own layer (docs/recursion.md §4, §5; docs/recursion-guest.md §9) ----

# Absorb a value v the program holds (step i): its three K limbs hinted and checked to make v,
# the block's cells (c0 + c1·y, c2 + tag·y) built from them.
@inline
def fs_bind(ch, i: Const, v):
    lm = StackBuf(3)
    hint_f192_limbs(lm, v)
    assert_in_k(lm[0], lm[1])
    assert_in_k(lm[2], lm[2])
    lo = lm[0] + lm[1] * Y
    assert v == lo + lm[2] * Y2
    m = [lo, lm[2] + TAG_SCALAR]
    blake2s(ch[2 * i:2 * i + 2], m, ch[2 * i + 2:2 * i + 4])
    return


# Absorb a small integer's scalar (v, 0, 0) with v in K (step i).
@inline
def fs_bind_k(ch, i: Const, v):
    m = [v, TAG_SCALAR]
    blake2s(ch[2 * i:2 * i + 2], m, ch[2 * i + 2:2 * i + 4])
    return


# A count from nb hinted bits (least significant first, each checked a bit): the integer as a
# polynomial in x (the 16-byte u32 field a digest reads, or a transcript's small scalar) and g^n.
def count(nb: Const):
    bits = StackBuf(16)
    hint_witness(bits[0:nb], "count_bits")
    for k in unroll(0, nb):
        bits[k] = bits[k] * bits[k]
    cell = bits[nb - 1]
    gp = 1 + bits[nb - 1] * (GEN ** (2 ** (nb - 1)) + 1)
    for k in unroll(1, nb):
        cell = cell * GEN + bits[nb - 1 - k]
        gp = gp * (1 + bits[nb - 1 - k] * (GEN ** (2 ** (nb - 1 - k)) + 1))
    return cell, gp


# Bits a .. b - 1 of hb as one K word Σ hb[a + i]·x^i.
@inline
def bit_limb(hb, a: Const, b: Const):
    acc = hb[b - 1]
    for k in unroll(1, b - a):
        acc = acc * GEN + hb[b - 1 - k]
    return acc


# [N5] H_N, the node program's digest, from 256 hinted bits (never a constant of the program,
# docs/recursion.md §1), and from it a node child's transcript seed
# BLAKE2s(`leanvm-b-fs-seed-v2-blake2s` ‖ R1CS digest ‖ H_N) (fsSeed, 91 bytes: H_N sits at
# byte 59, so its bits are regrouped). Returns H_N's two cells, then the seed's.
def node_digest():
    hb = StackBuf(256)
    hint_witness(hb, "node_digest_bits")
    for k in unroll(0, 256):
        hb[k] = hb[k] * hb[k]
    h0 = bit_limb(hb, 0, 64) + bit_limb(hb, 64, 128) * Y
    h1 = bit_limb(hb, 128, 192) + bit_limb(hb, 192, 256) * Y
    b0 = [SEED_BLOCK_0, SEED_BLOCK_1]
    b1 = [SEED_BLOCK_2, SEED_BLOCK_3 + GEN ** 24 * bit_limb(hb, 0, 40) * Y]
    cv = StackBuf(2)
    blake2s(b0, b1, cv, counter=64, final=0)
    b2 = [bit_limb(hb, 40, 104) + bit_limb(hb, 104, 168) * Y, bit_limb(hb, 168, 232) + bit_limb(hb, 232, 256) * Y]
    b3 = [0, 0]
    sd = StackBuf(2)
    blake2s(b2, b3, sd, cv=cv, counter=91, final=1)
    return h0, h1, sd[0], sd[1]


# [N2] The union U of n = log(ng) keys, hinted into uk (key i's root and P at cells 2i, 2i + 1)
# and chained into K_n as the leaf chains its keys (K_0 = BLAKE2s(KEY_LIST_TAG ‖ n ‖ 0^16),
# K_{i+1} = BLAKE2s(K_i ‖ key_i)); returns K_n. U's order is bound by K_n: the root's verifier
# hashes its keys strictly increasing (docs/recursion.md §6).
def union_keys(uk, ng, ncell):
    hh = HeapBuf(ng * ng * GEN ** 2)
    k0 = [KEY_LIST_TAG_0, KEY_LIST_TAG_1]
    k1 = [ncell, 0]
    blake2s(k0, k1, hh[0:2])
    for i in mul_range(1, ng):
        i2 = i * i
        hint_witness(uk[i2:i2 + 2], "union")
        blake2s(hh[i2:i2 + 2], uk[i2:i2 + 2], hh[i2 * GEN ** 2:i2 * GEN ** 2 + 2])
    n2 = ng * ng
    return hh[n2], hh[n2 * GEN]


# [N2] Occurrence i of a key list: its index in U hinted as g^idx, idx < n, and g^f, f = 1 for
# the key's first occurrence; the running counter cn[i] moves to cn[i]·g^f, and a first
# occurrence writes it into the key's write-once cover cell (two firsts of one key conflict; the
# others write a scratch cell of their own). Returns g^(2·idx), where the key's cells sit in U.
def occurrence(cov, scr, cn, ng, i):
    ix = StackBuf(2)
    hint_witness(ix, "key_index")
    gi = ix[0]
    assert log(gi) < log(ng)
    assert log(ix[1]) < 2
    c = cn[i]
    cn[i * GEN] = c * ix[1]
    match log(ix[1]):
        case 0:
            scr[i] = c
        case 1:
            cov[gi] = c
    return gi * gi


# [N2] A child's key list of log(gc) keys (ncc its count's field): every key read from U, the
# list chained into the K its statement binds; the cover counter from c0. Returns K and the
# counter after.
def key_list(uk, cov, ng, gc, ncc, c0):
    kh = HeapBuf(gc * gc * GEN ** 2)
    cn = HeapBuf(gc * GEN)
    scr = HeapBuf(gc)
    cn[GEN ** 0] = c0
    k0 = [KEY_LIST_TAG_0, KEY_LIST_TAG_1]
    k1 = [ncc, 0]
    blake2s(k0, k1, kh[0:2])
    for i in mul_range(1, gc):
        gi2 = occurrence(cov, scr, cn, ng, i)
        key = [uk[gi2], uk[gi2 * GEN]]
        i2 = i * i
        blake2s(kh[i2:i2 + 2], key, kh[i2 * GEN ** 2:i2 * GEN ** 2 + 2])
    gc2 = gc * gc
    return kh[gc2], kh[gc2 * GEN], cn[gc]


# [N4] The raw signers: log(gr) signatures, each verified against its key read from U as the
# leaf verifies one; the cover counter from c0. Returns the counter after.
def raw_signers(ctx, uk, cov, ng, gr, c0):
    cn = HeapBuf(gr * GEN)
    scr = HeapBuf(gr)
    cn[GEN ** 0] = c0
    for i in mul_range(1, gr):
        gi2 = occurrence(cov, scr, cn, ng, i)
        verify_signature(ctx, uk[gi2], uk[gi2 * GEN])
    return cn[gr]


# A statement digest's first 128 bytes, tag ‖ m ‖ e ‖ n ‖ K_n (two blocks; the second the last
# when last = 1): the leaf's whole digest (programs/aggregate-xmss.py [C1]), a node's first two
# blocks. Returns the chain (the digest when last = 1).
def statement_head(t0, t1, m0, m1, ec, ncc, k0, k1, last: Const):
    a = [t0, t1]
    b = [m0, m1]
    cv = StackBuf(2)
    blake2s(a, b, cv, counter=64, final=0)
    c = [ec, ncc]
    d = [k0, k1]
    out = StackBuf(2)
    blake2s(c, d, out, cv=cv, counter=128, final=last)
    return out[0], out[1]


# A leaf child's public words: BLAKE2s(STATEMENT_TAG ‖ m ‖ e ‖ n ‖ K_n) for the node's m and e and
# the child's n and K_n.
def leaf_statement(m0, m1, ec, ncc, k0, k1):
    d0, d1 = statement_head(STATEMENT_TAG_0, STATEMENT_TAG_1, m0, m1, ec, ncc, k0, k1, 1)
    return d0, d1


# D_N = BLAKE2s(NODE_TAG ‖ m ‖ e ‖ n ‖ K_n ‖ H_N ‖ C) (docs/recursion.md §4.1), 192 bytes: a node
# child's public words, and the node's own.
def node_statement(m0, m1, ec, ncc, k0, k1, h0, h1, c0, c1):
    v0, v1 = statement_head(NODE_TAG_0, NODE_TAG_1, m0, m1, ec, ncc, k0, k1, 0)
    cv = [v0, v1]
    e = [h0, h1]
    f = [c0, c1]
    out = StackBuf(2)
    blake2s(e, f, out, cv=cv, counter=192, final=1)
    return out[0], out[1]


# C, the claims digest (docs/recursion.md §4.1): the chain of the claims transcript after the
# CLAIM_SCALARS scalars of cl, in statement order.
@inline
def claims_digest(cl):
    ch = StackBuf(2 * CLAIM_SCALARS + 2)
    ch[0] = CLAIMS_START_0
    ch[1] = CLAIMS_START_1
    for t in unroll(0, CLAIM_SCALARS):
        fs_bind(ch, t, cl[t])
    return ch[2 * CLAIM_SCALARS], ch[2 * CLAIM_SCALARS + 1]


# ==== THE CHILD'S VERIFICATION (docs/recursion.md §5 [N1]): one call site per child ====
# From FS_START on its statement scalars (s0, s1: its program's seed; p0, p1: its public words,
# rebuilt by the caller), for a program of lb = g^kbc slots: child_to_ring runs the child's
# verification through ring switching's claim and fills its record rec (OUT_*); the caller reads
# the fresh claims from the record (fresh_claims); whir_at then opens the child's stacked
# commitment on the chain and record child_to_ring leaves, to WHIR's terminal check.
def child_verify(s0, s1, p0, p1, lb, rec):
    child_to_ring(s0, s1, p0, p1, lb, rec)
    whir_at(rec)
    return


# A child's fresh claims from its verification's record into fr: the bytecode point ζ_<kbc ‖ α
# (nv = kbc + 4 coordinates), the share, the matrix term's FLOCK_CLAIM cells.
@inline
def fresh_claims(rec, fr, nv: Const):
    for i in unroll(0, nv - 4):
        fr[i] = rec[GEN ** (OUT_ZETA + i)]
    for i in unroll(0, 4):
        fr[nv - 4 + i] = rec[GEN ** (OUT_ALPHA + i)]
    fr[nv] = rec[GEN ** OUT_SHARE]
    for i in unroll(0, FLOCK_CLAIM):
        fr[nv + 1 + i] = rec[GEN ** (OUT_MATRIX + i)]
    return


# Cells lo .. lo + len of src into child record cr's cells at off.. (recs[cr·g^off ..]).
@inline
def store(recs, cr, off: Const, src, lo: Const, len: Const):
    for t in unroll(0, len):
        recs[cr * GEN ** (off + t)] = src[lo + t]
    return


@inline
def store_zeros(recs, cr, off: Const, len: Const):
    for t in unroll(0, len):
        recs[cr * GEN ** (off + t)] = 0
    return


# [N1, N3] Child j of the given kind (0 leaf, 1 node; record at recs[cr·…]) whose key list hashed
# to (k0, k1) with count field ncc: its statement rebuilt (a node child's from its hinted
# carried claims, bound by their digest C), its verification, then its claims observed into the
# batch transcript from the chain (b0, b1) — the kind, the fresh bytecode point and value, the
# fresh matrix term, a node's carried claims (docs/recursion.md §3 step 2) — and stored in its
# record. Returns the batch chain after.
def child(recs, cr, b0, b1, k0, k1, ncc, m0, m1, ec, h0, h1, s0, s1, kind: Const, nv: Const):
    cl = StackBuf(CLAIM_SCALARS)
    fr = StackBuf(FRESH_MAX)
    rec = HeapBuf(CHILD_OUT)
    if kind == 0:
        p0, p1 = leaf_statement(m0, m1, ec, ncc, k0, k1)
        child_verify(LEAF_SEED_0, LEAF_SEED_1, p0, p1, GEN ** (LEAF_VARS - 4), rec)
    else:
        hint_witness(cl, "child_claims")
        c0, c1 = claims_digest(cl)
        p0, p1 = node_statement(m0, m1, ec, ncc, k0, k1, h0, h1, c0, c1)
        child_verify(s0, s1, p0, p1, GEN ** KN, rec)
    fresh_claims(rec, fr, nv)
    ch = StackBuf(2 * (NODE_VARS + FLOCK_CLAIM + 3 + CLAIM_SCALARS))
    ch[0] = b0
    ch[1] = b1
    fs_bind_k(ch, 0, kind)
    for t in unroll(0, nv + 1 + FLOCK_CLAIM):
        fs_bind(ch, 1 + t, fr[t])
    if kind == 1:
        for t in unroll(0, CLAIM_SCALARS):
            fs_bind(ch, nv + FLOCK_CLAIM + 2 + t, cl[t])
    recs[cr * GEN ** R_KIND] = GEN ** kind
    store(recs, cr, R_MF, fr, nv + 1, FLOCK_CLAIM)
    if kind == 0:
        store(recs, cr, R_PL, fr, 0, LEAF_VARS + 1)
        store_zeros(recs, cr, R_PNF, 2 * NODE_VARS + 2)
        store_zeros(recs, cr, R_MC, MATRIX_VARS + 2)
    else:
        store(recs, cr, R_PL, cl, 0, LEAF_VARS + 1)
        store(recs, cr, R_PNF, fr, 0, NODE_VARS + 1)
        store(recs, cr, R_PNC, cl, OC_NODE, NODE_VARS + 1)
        store(recs, cr, R_MC, cl, OC_MATRIX, MATRIX_VARS + 2)
    return ch[2 * (nv + FLOCK_CLAIM + 2 + kind * CLAIM_SCALARS)], ch[2 * (nv + FLOCK_CLAIM + 2 + kind * CLAIM_SCALARS) + 1]


# g^(256·j) for cj = g^j: child j's record offset.
@inline
def rec_at(cj):
    c2 = cj * cj
    c4 = c2 * c2
    c8 = c4 * c4
    c16 = c8 * c8
    c32 = c16 * c16
    c64 = c32 * c32
    c128 = c64 * c64
    return c128 * c128


# nv plain degree-2 rounds of the batch (docs/recursion.md §3) on the chain ch from step 0: round
# j's c0, c2 = rc[2j], rc[2j + 1] absorbed, r_j squeezed into pt[j]; c1 = claim + c2, the next
# claim c0 + c1·r + c2·r². Returns the last claim.
@inline
def quad_rounds(ch, rc, pt, claim, nv: Const):
    for j in unroll(0, nv):
        fs_bind(ch, 3 * j, rc[2 * j])
        fs_bind(ch, 3 * j + 1, rc[2 * j + 1])
        pt[j] = fs_squeeze(ch, 3 * j + 2)
        r = pt[j]
        claim = rc[2 * j] + r * (claim + rc[2 * j + 1] + r * rc[2 * j + 1])
    return claim


# eq(a, b) = Π (1 + a_i + b_i) for a at record offset po and b at oc[ro ..], nv coordinates.
@inline
def rec_eq(recs, cr, oc, po: Const, ro: Const, nv: Const):
    e = 1 + recs[cr * GEN ** po] + oc[GEN ** ro]
    for i in unroll(1, nv):
        e = e * (1 + recs[cr * GEN ** (po + i)] + oc[GEN ** (ro + i)])
    return e


# Σ_j λ_j·eq(p_j, r) over the k = log(kg) records: p_j at record offset po (nv coordinates), λ_j
# at lo, r at oc[ro ..].
def batched_eq(recs, kg, oc, po: Const, lo: Const, ro: Const, nv: Const):
    acc = HeapBuf(MAX_CHILDREN + 1)
    acc[GEN ** 0] = 0
    for cj in mul_range(1, kg):
        cr = rec_at(cj)
        acc[cj * GEN] = acc[cj] + recs[cr * GEN ** lo] * rec_eq(recs, cr, oc, po, ro, nv)
    return acc[kg]


# A bytecode batch's rounds and value (P_L: which = 0, P_N: 1; nv variables) from the chain
# (c0, c1) and the batched claim: nv rounds, v* sent; the claim (r, v*) goes to oc's P_L or P_N
# cells. Returns the chain after, the last claim and v*.
def bytecode_rounds(c0, c1, claim, oc, which: Const, nv: Const):
    rc = StackBuf(2 * NODE_VARS)
    vv = StackBuf(1)
    for j in unroll(0, nv):
        if which == 0:
            hint_witness(rc[2 * j:2 * j + 2], "batch_leaf_rounds")
        else:
            hint_witness(rc[2 * j:2 * j + 2], "batch_node_rounds")
    ch = StackBuf(6 * NODE_VARS + 4)
    ch[0] = c0
    ch[1] = c1
    pt = StackBuf(NODE_VARS)
    last = quad_rounds(ch, rc, pt, claim, nv)
    if which == 0:
        hint_witness(vv, "batch_leaf_value")
    else:
        hint_witness(vv, "batch_node_value")
    fs_bind(ch, 3 * nv, vv[0])
    for j in unroll(0, nv):
        oc[GEN ** (which * OC_NODE + j)] = pt[j]
    oc[GEN ** (which * OC_NODE + nv)] = vv[0]
    return ch[6 * nv + 2], ch[6 * nv + 3], last, vv[0]


# The steps of a runtime loop over the children: step j at g^(3j) holds a chain (two cells) and
# a running sum; step 0 is (c0, c1, 0).
@inline
def child_steps(c0, c1):
    hc = HeapBuf(3 * MAX_CHILDREN + 3)
    hc[GEN ** 0] = c0
    hc[GEN] = c1
    hc[GEN ** 2] = 0
    return hc


# P_L's batch (docs/recursion.md §3 step 3) from the chain (c0, c1): one λ a child, the claim
# Σ λ_j·v_j, LEAF_VARS rounds, v* sent; the last claim must be v*·Σ λ_j·eq(p_j, r). The node's
# P_L claim (r, v*) goes to oc[0 .. LEAF_VARS]. Returns the chain after.
def batch_leaf(recs, kg, c0, c1, oc):
    hc = child_steps(c0, c1)
    for cj in mul_range(1, kg):
        cr = rec_at(cj)
        c3 = cj * cj * cj
        ch = StackBuf(4)
        ch[0] = hc[c3]
        ch[1] = hc[c3 * GEN]
        lam = fs_squeeze(ch, 0)
        recs[cr * GEN ** R_LAM_L] = lam
        hc[c3 * GEN ** 3] = ch[2]
        hc[c3 * GEN ** 4] = ch[3]
        hc[c3 * GEN ** 5] = hc[c3 * GEN ** 2] + lam * recs[cr * GEN ** (R_PL + LEAF_VARS)]
    ke = kg * kg * kg
    e0, e1, claim, v = bytecode_rounds(hc[ke], hc[ke * GEN], hc[ke * GEN ** 2], oc, 0, LEAF_VARS)
    w = batched_eq(recs, kg, oc, R_PL, R_LAM_L, 0, LEAF_VARS)
    assert claim == v * w
    return e0, e1


# P_N's batch (docs/recursion.md §3 step 4) from the chain (c0, c1), its branch chosen by the
# hinted g^has (gn = g^(node children)): has = 0 needs no node child, draws and sends nothing, and
# publishes (0^NODE_VARS, 0); has = 1 needs one, draws λ for each node child's fresh claim and
# then its carried one (zero for a leaf child), runs NODE_VARS rounds, v* sent, and checks the
# last claim against v*·Σ λ·eq(p, r). The claim goes to oc[OC_NODE ..]. Returns the chain.
def batch_node(recs, kg, c0, c1, oc, gn, has: Const):
    e = StackBuf(2)
    if has == 0:
        assert gn == 1
        for j in unroll(0, NODE_VARS + 1):
            oc[GEN ** (OC_NODE + j)] = 0
        e[0] = c0
        e[1] = c1
    else:
        assert gn != 1
        hc = child_steps(c0, c1)
        for cj in mul_range(1, kg):
            cr = rec_at(cj)
            c3 = cj * cj * cj
            kd = recs[cr * GEN ** R_KIND]
            match log(kd):
                case 0:
                    recs[cr * GEN ** R_LAM_NF] = 0
                    recs[cr * GEN ** R_LAM_NC] = 0
                    hc[c3 * GEN ** 3] = hc[c3]
                    hc[c3 * GEN ** 4] = hc[c3 * GEN]
                    hc[c3 * GEN ** 5] = hc[c3 * GEN ** 2]
                case 1:
                    ch = StackBuf(6)
                    ch[0] = hc[c3]
                    ch[1] = hc[c3 * GEN]
                    lf = fs_squeeze(ch, 0)
                    lc = fs_squeeze(ch, 1)
                    recs[cr * GEN ** R_LAM_NF] = lf
                    recs[cr * GEN ** R_LAM_NC] = lc
                    hc[c3 * GEN ** 3] = ch[4]
                    hc[c3 * GEN ** 4] = ch[5]
                    hc[c3 * GEN ** 5] = hc[c3 * GEN ** 2] + lf * recs[cr * GEN ** (R_PNF + NODE_VARS)] + lc * recs[cr * GEN ** (R_PNC + NODE_VARS)]
        ke = kg * kg * kg
        e0, e1, claim, v = bytecode_rounds(hc[ke], hc[ke * GEN], hc[ke * GEN ** 2], oc, 1, NODE_VARS)
        wf = batched_eq(recs, kg, oc, R_PNF, R_LAM_NF, OC_NODE, NODE_VARS)
        wc = batched_eq(recs, kg, oc, R_PNC, R_LAM_NC, OC_NODE, NODE_VARS)
        assert claim == v * (wf + wc)
        e[0] = e0
        e[1] = e1
    return e[0], e[1]


# eqTable of the six coordinates oc[ro .. ro + 6] (index bit i ↔ coordinate i) into et's 64 cells.
def eq_table6(oc, et, ro: Const):
    t = StackBuf(127)
    t[0] = 1
    for k in unroll(0, 6):
        r = oc[GEN ** (ro + k)]
        for i in unroll(0, 2 ** k):
            t[2 ** (k + 1) - 1 + 2 ** k + i] = t[2 ** k - 1 + i] * r
            t[2 ** (k + 1) - 1 + i] = t[2 ** k - 1 + i] + t[2 ** (k + 1) - 1 + 2 ** k + i]
    for i in unroll(0, 64):
        et[GEN ** i] = t[63 + i]
    return


# The matrices' batch (docs/recursion.md §3 step 5) from the chain (c0, c1): γ for each child's
# fresh term, then for a node child γ_a, γ_b (zero for a leaf); the claim Σ γ·T + γ_a·a + γ_b·b;
# MATRIX_VARS rounds; a*, b* sent; the last claim must be a*·W_A(r) + b*·W_B(r), each fresh
# weight evaluated succinctly: [Σ_s L_s(z)·eq(r_row[0..6], s)]·eq(χ_in, r_row[6..14]) ·
# [Σ_s s_s·eq(r_col[0..6], s)]·eq(χ'_in, r_col[6..14]), L_s(z) = V_S(z)·SKIP_DEN_6/(z − φs).
# The node's claim (r, a*, b*) goes to oc[OC_MATRIX ..].
def batch_matrix(recs, kg, c0, c1, oc):
    hc = child_steps(c0, c1)
    for cj in mul_range(1, kg):
        cr = rec_at(cj)
        c3 = cj * cj * cj
        kd = recs[cr * GEN ** R_KIND]
        ch = StackBuf(8)
        ch[0] = hc[c3]
        ch[1] = hc[c3 * GEN]
        g = fs_squeeze(ch, 0)
        recs[cr * GEN ** R_GAM] = g
        t = g * recs[cr * GEN ** (R_MF + FLOCK_CLAIM - 1)]
        match log(kd):
            case 0:
                recs[cr * GEN ** R_GAM_A] = 0
                recs[cr * GEN ** R_GAM_B] = 0
                hc[c3 * GEN ** 3] = ch[2]
                hc[c3 * GEN ** 4] = ch[3]
                hc[c3 * GEN ** 5] = hc[c3 * GEN ** 2] + t
            case 1:
                ga = fs_squeeze(ch, 1)
                gb = fs_squeeze(ch, 2)
                recs[cr * GEN ** R_GAM_A] = ga
                recs[cr * GEN ** R_GAM_B] = gb
                hc[c3 * GEN ** 3] = ch[6]
                hc[c3 * GEN ** 4] = ch[7]
                hc[c3 * GEN ** 5] = hc[c3 * GEN ** 2] + t + ga * recs[cr * GEN ** (R_MC + MATRIX_VARS)] + gb * recs[cr * GEN ** (R_MC + MATRIX_VARS + 1)]
    ke = kg * kg * kg
    rc = StackBuf(2 * MATRIX_VARS)
    for j in unroll(0, MATRIX_VARS):
        hint_witness(rc[2 * j:2 * j + 2], "batch_matrix_rounds")
    ch = StackBuf(6 * MATRIX_VARS + 6)
    ch[0] = hc[ke]
    ch[1] = hc[ke * GEN]
    pt = StackBuf(MATRIX_VARS)
    claim = quad_rounds(ch, rc, pt, hc[ke * GEN ** 2], MATRIX_VARS)
    ab = StackBuf(2)
    hint_witness(ab, "batch_matrix_values")
    fs_bind(ch, 3 * MATRIX_VARS, ab[0])
    fs_bind(ch, 3 * MATRIX_VARS + 1, ab[1])
    for j in unroll(0, MATRIX_VARS):
        oc[GEN ** (OC_MATRIX + j)] = pt[j]
    oc[GEN ** (OC_MATRIX + MATRIX_VARS)] = ab[0]
    oc[GEN ** (OC_MATRIX + MATRIX_VARS + 1)] = ab[1]
    et = HeapBuf(64)
    eq_table6(oc, et, OC_MATRIX)
    ec = HeapBuf(64)
    eq_table6(oc, ec, OC_MATRIX + 14)
    w = HeapBuf(2 * MAX_CHILDREN + 2)
    w[GEN ** 0] = 0
    w[GEN] = 0
    for cj in mul_range(1, kg):
        cr = rec_at(cj)
        c2 = cj * cj
        z = recs[cr * GEN ** R_MF]
        vs6 = z
        for u in unroll(1, 64):
            vs6 = vs6 * (z + SKIP_NODES_K[u])
        sl = et[GEN ** 0] / z
        for u in unroll(1, 64):
            sl = sl + et[GEN ** u] / (z + SKIP_NODES_K[u])
        row = vs6 * SKIP_DEN_6 * sl * rec_eq(recs, cr, oc, R_MF + 1, OC_MATRIX + 6, 8)
        sc = recs[cr * GEN ** (R_MF + 18)] * ec[GEN ** 0]
        for u in unroll(1, 64):
            sc = sc + recs[cr * GEN ** (R_MF + 18 + u)] * ec[GEN ** u]
        col = sc * rec_eq(recs, cr, oc, R_MF + 10, OC_MATRIX + 20, 8)
        wf = recs[cr * GEN ** R_GAM] * row * col
        e = rec_eq(recs, cr, oc, R_MC, OC_MATRIX, MATRIX_VARS)
        w[c2 * GEN ** 2] = w[c2] + wf + recs[cr * GEN ** R_GAM_A] * e
        w[c2 * GEN ** 3] = w[c2 * GEN] + recs[cr * GEN ** (R_MF + 9)] * wf + recs[cr * GEN ** R_GAM_B] * e
    k2 = kg * kg
    assert claim == ab[0] * w[k2] + ab[1] * w[k2 * GEN]
    return


# The node (docs/recursion.md §5): n and the union U; m and e, the context of tweaks its raw
# signatures use; H_N and the node children's seed; 1 ..= 16 children, each's key list read from
# U, statement rebuilt, verification (child_verify) and claims observed into the batch; the raw
# signers; the cover complete (every entry of U some first occurrence); the batch; C and D_N
# asserted into the public input.
def node_main():
    ncell, ng = count(16)
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
    m0 = ctx[GEN ** CTX_MSG]
    m1 = ctx[GEN ** (CTX_MSG + 1)]
    h0, h1, s0, s1 = node_digest()
    uk = HeapBuf(ng * ng)
    cov = HeapBuf(ng)
    kn0, kn1 = union_keys(uk, ng, ncell)

    # the children: st[3j ..] = the batch chain and the cover counter before child j, and
    # st[3j + 2]'s neighbour chain gp[j] = g^(node children before j)
    kc, kg = count(5)
    assert kg != 1
    assert log(kg) < MAX_CHILDREN + 1
    recs = HeapBuf(REC * MAX_CHILDREN)
    st = HeapBuf(3 * MAX_CHILDREN + 3)
    gp = HeapBuf(MAX_CHILDREN + 1)
    bt = [BATCH_START_0, BATCH_START_1]
    bk = [kc, TAG_SCALAR]
    blake2s(bt, bk, st[0:2])
    st[GEN ** 2] = 1
    gp[GEN ** 0] = 1
    for cj in mul_range(1, kg):
        c3 = cj * cj * cj
        kd = StackBuf(1)
        hint_witness(kd, "child_kind")
        assert log(kd[0]) < 2
        ncc, gc = count(16)
        k0, k1, cv = key_list(uk, cov, ng, gc, ncc, st[c3 * GEN ** 2])
        cr = rec_at(cj)
        e0, e1 = match_range(log(kd[0]), range(0, 2), lambda t: child(recs, cr, st[c3], st[c3 * GEN], k0, k1, ncc, m0, m1, ecell, h0, h1, s0, s1, t, LEAF_VARS + t * (NODE_VARS - LEAF_VARS)))
        st[c3 * GEN ** 3] = e0
        st[c3 * GEN ** 4] = e1
        st[c3 * GEN ** 5] = cv
        gp[cj * GEN] = gp[cj] * kd[0]
    ke = kg * kg * kg

    # the raw signers, then every entry of U covered: the counter reached g^n
    rcell, gr = count(16)
    cend = raw_signers(ctx, uk, cov, ng, gr, st[ke * GEN ** 2])
    assert cend == ng

    # the batch, then the node's claims into C
    oc = HeapBuf(CLAIM_SCALARS)
    b0, b1 = batch_leaf(recs, kg, st[ke], st[ke * GEN], oc)
    hn = StackBuf(1)
    hint_witness(hn, "has_node")
    assert log(hn[0]) < 2
    b2, b3 = match_range(log(hn[0]), range(0, 2), lambda t: batch_node(recs, kg, b0, b1, oc, gp[kg], t))
    batch_matrix(recs, kg, b2, b3, oc)
    cl = StackBuf(CLAIM_SCALARS)
    for t in unroll(0, CLAIM_SCALARS):
        cl[t] = oc[GEN ** t]
    c0, c1 = claims_digest(cl)

    # [N5] D_N into the public input
    d0, d1 = node_statement(m0, m1, ecell, ncell, kn0, kn1, h0, h1, c0, c1)
    pub = GEN ** 0
    pub[1] = d0
    pub[GEN] = d1
    return


# ---- Shared with aggregate-xmss.py: walk, pair_arm, merkle_arm (text for text) ----

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


# [N4] One signature against the key (root, pp), as the leaf's loop body verifies it ([C4]–[C7]);
# shared with aggregate-xmss.py (the body below is its loop body, text for text).
def verify_signature(ctx, root, pp):
    rootb = StackBuf(2)
    rootb[0] = root
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
    return



# The program is the node: main verifies its children and asserts the node's statement into the
# public input (node_main). The pieces' tests run a variant whose main dispatches on a hinted piece
# (test/workloads/recursion-guest/pieces.py).
def main():
    node_main()
    return
