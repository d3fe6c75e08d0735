# @inline: expression position (arithmetic, a store value), a StackBuf return aliased by the
# binding, a g-address return (a shifted pointer, a cursor), a multi-value return into a
# tuple, an inline calling an inline, a Const parameter whose `if` folds, and StackBuf
# arguments aliasing their runs.
from snark_lib import *


@inline
def sq(x):
    return x * x


@inline
def quad(x):
    return sq(sq(x))


@inline
def pair(a, b):
    s = StackBuf(2)
    s[0] = a
    s[1] = b * b
    return s


@inline
def shifted(p, k: Const):
    return p * GEN ** k


@inline
def both(a, b):
    return a + b, a * b


@inline
def choose(s, k: Const):
    if k % 2 == 0:
        r = s[0]
    else:
        r = s[1]
    return r * GEN


def main():
    h = HeapBuf(32)
    h[1] = 3
    x = h[1]
    y = sq(x) + quad(x)
    h[GEN] = sq(y)
    pr = pair(x, y)
    v = shifted(h, 4)
    v[1] = pr[0] + pr[1]
    w = shifted(h, 5) * x
    a, b = both(x, y)
    c0 = choose(pr, 0)
    c1 = choose(pr, 1)
    h[GEN ** 6] = a + b + c0 + c1 + w
    cur = GEN
    cur = shifted(cur, 2)
    h[cur] = 1
    return
