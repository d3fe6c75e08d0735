# match_range arms that cannot fuse: a real two-value call whose runtime arguments differ per
# arm, an @inline two-value call per arm, an @inline arm returning a shifted pointer, and a
# StackBuf(1) returned by an @inline arm; Const specialisations queued for arms that end up
# inlined are still laid out, as upstream does.
from snark_lib import *


def two(x, k: Const):
    return x * k, x + k


@inline
def both(x, k: Const):
    return x * GEN ** k, x + k


@inline
def adr(p, k: Const):
    return p * GEN ** k


@inline
def cell1(x):
    s = StackBuf(1)
    s[0] = x * x
    return s


def main():
    nb = StackBuf(2)
    hint_witness(nb, "i")
    i = nb[0]
    b = nb[1]
    assert log(i) < 3
    r = HeapBuf(16)
    a0, a1 = match_range(log(i), range(0, 3), lambda k: two(b * (k + 1), k))
    d0, d1 = match_range(log(i), range(0, 3), lambda k: both(b + k, k))
    p = match_range(log(i), range(0, 3), lambda k: adr(r * GEN ** k, 1))
    q = match_range(log(i), range(0, 2), lambda k: cell1(b + k))
    r[GEN] = a0 + a1 + d0 + d1 + p + q
    return
