# Const parameters: specialisations named by literal and g-power constants (_L, _G), several
# Const parameters in one function, a constant from an unroll counter, index arithmetic on
# Const values, a Const bound of an unroll, and one specialisation shared by equal calls.
from snark_lib import *


def scale(x, k: Const, g: Const):
    s = StackBuf(8)
    s[0] = x
    for i in unroll(0, k):
        s[i + 1] = s[i] * g
    return s[k]


def cell(buf, j: Const):
    return buf[GEN ** (j * 2 + 1)]


def main():
    h = HeapBuf(16)
    for i in unroll(0, 8):
        h[GEN ** i] = i + 1
    a = scale(h[1], 3, GEN ** 2)
    b = scale(h[GEN], 3, GEN ** 2)
    c = scale(a, 1, GEN)
    d = scale(b, 2, 5)
    t = 0
    for j in unroll(0, 3):
        t = t + cell(h, j)
    h[GEN ** 9] = a + b + c + d + t
    return
