# match over 3 cases with branch-local bindings; match_range with expression arms (not
# calls), with arms calling different functions (no fusion), with uniform calls (fused), with
# an @inline arm binding two names, and with an arm returning a g-address.
from snark_lib import *


def f(x, k: Const):
    return x * GEN ** k


def g(x):
    return x + 1


def h2(x, k: Const):
    return x * k, x + k


@inline
def both(x, k: Const):
    return x * GEN ** k, x + k


@inline
def adr(p, k: Const):
    return p * GEN ** k


def main():
    nb = StackBuf(1)
    hint_witness(nb, "i")
    i = nb[0]
    assert log(i) < 3
    r = HeapBuf(8)
    match log(i):
        case 0:
            t = 5
            r[1] = t
        case 1:
            r[1] = i * i
        case 2:
            r[1] = 7
    a = match_range(log(i), range(0, 3), lambda k: i * (k + 1))
    b = match_range(log(i), range(0, 1), lambda k: g(i), range(1, 3), lambda k: f(i, k))
    c = match_range(log(i), range(0, 3), lambda k: f(a, k))
    d0, d1 = match_range(log(i), range(0, 3), lambda k: both(b, k))
    e0, e1 = match_range(log(i), range(0, 3), lambda k: h2(c, k))
    p = match_range(log(i), range(0, 3), lambda k: adr(r, k))
    r[GEN] = a + b + c + d0 + d1 + e0 + e1 + p
    return
