# if / elif / else: compile-time folds on integers, `x != 0` and `0 == x` tests without an
# XOR, deferred stores into an outer StackBuf on each path (written before the join), a hint
# pending at the end of a branch (anchored there), the cell holding 1 first needed inside a
# branch, and an empty else.
from snark_lib import *


def main():
    nb = StackBuf(2)
    hint_witness(nb, "v")
    a = nb[0]
    b = nb[1]
    K = 4
    if K == 4:
        c = a * b
    else:
        c = a + b
    out = StackBuf(2)
    if a != 0:
        out[0] = a
        out[1] = 5
    else:
        out[0] = b
        out[1] = 0
    if 0 == b:
        w = StackBuf(1)
        hint_witness(w, "w")
    elif a == b:
        q = HeapBuf(1)
        q[1] = c
    if a != b:
        x = a * GEN
    h = HeapBuf(4)
    h[1] = out[0] + out[1] + c
    return
