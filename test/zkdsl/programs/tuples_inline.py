# Tuple bindings of an @inline call mixing a StackBuf, a scalar and an advanced cursor (the
# fused-state idiom), chained so each call consumes the previous state, and a real call
# returning a StackBuf bound in a tuple.
from snark_lib import *


@inline
def step(st, cur, x):
    nx = StackBuf(2)
    blk = [x, 1]
    blake2s(st, blk, nx)
    return nx, nx[0] + x, cur * GEN


def real(a):
    s = StackBuf(2)
    s[0] = a
    s[1] = a * a
    return s, a + 1


def main():
    v = StackBuf(3)
    hint_witness(v, "v")
    st = StackBuf(2)
    st[0] = v[0]
    st[1] = v[1]
    cur = GEN
    h = HeapBuf(16)
    for i in unroll(0, 3):
        st, y, cur = step(st, cur, v[2])
        h[cur] = y
    p, q = real(y)
    h[GEN ** 10] = p[0] + p[1] + q
    return
