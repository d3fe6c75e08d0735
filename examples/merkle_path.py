# A Merkle-path check: the leaf is the BLAKE2s-256 of a 64-byte record (stream "record", four
# cells), its position a hinted index (stream "index") below 2^DEPTH, and the siblings hinted
# one per level (stream "sibling"). The index's bits are hinted too, each checked to be 0 or
# 1 and recombined to the index (bit j weighs x^j = g^j, so the sum is the index's own bit
# pattern); at each level a runtime branch on the bit orders node and sibling. The root is
# published (m[0] = root bytes 0..16, m[1] = bytes 16..32).
# public_input: 301766695700833729517658771210039789062, 280226434209175743867921208294857273167
# witness record: 74807362761477704399552015528116028730, 30596719201530863682302496828373021245, 198497225311907049117962463849591757243, 263911320600417295480208348218054468944
# witness index: 19
# witness sibling: 13003515350582881704267034854358171690, 246926849905338750287679540780903627912
# witness sibling: 205821789456147589525496105064296767089, 5719910528506418067425800518800047316
# witness sibling: 233408477652618205103111775768093826050, 257433839678104168288615772011067919117
# witness sibling: 24447168314949774950703474467186084213, 228576634828574417973637860677707523296
# witness sibling: 168827592807031620709471981904649486671, 24592929049825303054948872409560825920
from snark_lib import *

DEPTH = 5


def main():
    rec = StackBuf(4)
    hint_witness(rec, "record")
    node = StackBuf(2)
    blake2s(rec[0:2], rec[2:4], node)

    ib = StackBuf(1)
    hint_witness(ib, "index")
    index = ib[0]
    bits = HeapBuf(DEPTH)
    hint_decompose_bits(bits, index, DEPTH)
    acc = 0
    for j in unroll(0, DEPTH):
        b = bits[GEN ** j]
        assert b * b == b
        acc = acc + b * GEN ** j
    assert acc == index

    for j in unroll(0, DEPTH):
        sib = StackBuf(2)
        hint_witness(sib, "sibling")
        parent = StackBuf(2)
        if bits[GEN ** j] == 0:
            blake2s(node, sib, parent)
        else:
            blake2s(sib, node, parent)
        node = parent
    pub = GEN ** 0
    pub[1] = node[0]
    pub[GEN] = node[1]
    return
