# @inline bodies with runtime `if`s and folded ones, inlined inside branches and loops, an
# inline returning a StackBuf(1) used in an expression, and an inline whose argument is a
# shifted pointer (still folded into beta inside the body).
from snark_lib import *


@inline
def sel(a, b):
    r = HeapBuf(1)
    if a == b:
        r[1] = a
    else:
        r[1] = b * b
    return r[1]


@inline
def one_cell(x):
    s = StackBuf(1)
    s[0] = x * GEN
    return s


@inline
def put(p, v):
    p[GEN] = v
    return v


def main():
    v = StackBuf(2)
    hint_witness(v, "v")
    a = v[0]
    b = v[1]
    h = HeapBuf(16)
    h[1] = sel(a, b)
    if a != b:
        oc = one_cell(a)
        h[GEN] = sel(b, a) + oc[0]
    c = one_cell(b)
    d = one_cell(a) + c[0]
    for i in mul_range(1, GEN ** 3):
        h[i * GEN ** 4] = sel(i, a)
    e = put(h * GEN ** 9, d)
    h[GEN ** 12] = e
    return
