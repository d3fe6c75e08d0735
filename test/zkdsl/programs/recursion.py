# Recursion with early returns inside if/else branches, a function whose last statement is not
# a return (the implicit one), and functions that branch on runtime values (self-fp).
from snark_lib import *


def pow2(x, n):
    if n == 1:
        return x
    return pow2(x * x, n / GEN)


def pick(a, b, c):
    if a == b:
        return c
    elif a != c:
        return a * c
    else:
        return b
    return a


def touch(buf, v):
    buf[1] = v


def main():
    h = HeapBuf(4)
    r = pow2(GEN, GEN ** 6)
    h[1] = r
    t = HeapBuf(1)
    touch(t, pick(r, GEN, h[1]))
    h[GEN] = t[1] + pick(GEN, GEN, 3)
    return
