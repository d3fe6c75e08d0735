# Powers and division: a runtime base raised to compile-time exponents 0, 1, 2, 5, 13 (square
# and multiply), a constant base folded to one SET, an exponent from an index expression,
# runtime field division and an inverse, and division by a constant.
from snark_lib import *

E = 13


def main():
    h = HeapBuf(16)
    h[1] = 3
    x = h[1]
    h[GEN] = x ** 0 + x ** 1 + x ** 2 + x ** 5 + x ** E
    h[GEN ** 2] = (x + 1) ** (E - 10)
    c = 7 ** 3
    h[GEN ** 3] = c + GEN ** (2 ** 4)
    y = h[GEN]
    h[GEN ** 4] = x / y
    h[GEN ** 5] = 1 / x
    h[GEN ** 6] = x / GEN
    h[GEN ** 7] = (x * y) / (y + x)
    return
