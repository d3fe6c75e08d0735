# Common subexpressions: the same product, sum and constant computed twice in one block, again
# after a label (not folded across it), a repeated heap address, and an assert idiom whose cell
# is written twice (never folded).
from snark_lib import *


def main():
    h = HeapBuf(8)
    h[1] = 3
    h[GEN] = 5
    a = h[1]
    b = h[GEN]
    s = StackBuf(6)
    s[0] = a * b
    s[1] = b * a
    s[2] = a + b
    s[3] = b + a
    assert a * b == b * a
    if a != b:
        s[4] = a * b
    s[5] = a * b
    h[GEN ** 2] = s[0] + s[1] + s[2] + s[3] + s[5]
    h[GEN ** 3] = s[0] + s[1] + s[2] + s[3] + s[5]
    return
