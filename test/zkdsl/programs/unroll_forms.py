# unroll: nested unrolls, a counter used as a stack index, a slice bound, a GEN exponent
# (`GEN ** i` and `GEN ** (2 * i + 1)`), a Const argument and a folded `if`; a binding made in
# the last copy visible after the loop; a counter shadowing an outer name.
from snark_lib import *


def tag(x, k: Const):
    return x * (k + 1)


def main():
    s = StackBuf(16)
    for i in unroll(0, 4):
        for j in unroll(0, 4):
            s[i * 4 + j] = tag(GEN ** (2 * i + 1), j)
    h = HeapBuf(32)
    for i in unroll(0, 8):
        if i % 3 == 0:
            h[GEN ** i] = s[i]
        else:
            h[GEN ** i] = s[i + 8]
        last = s[i]
    i = 99
    for i in unroll(1, 3):
        o = StackBuf(2)
        blake2s(s[2 * i:2 * i + 2], s[2 * i + 4:2 * i + 6], o)
        h[GEN ** (i + 10)] = o[0]
    h[GEN ** 20] = last + i
    return
