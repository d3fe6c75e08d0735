# Scalar global constants: integer arithmetic (+ - * / // % **) over earlier constants, an
# f192 constant, and a placeholder-free derived size used as a StackBuf size, a GEN exponent, a
# range-check bound, an unroll count and a plain value.
from snark_lib import *

BASE = 3
WIDTH = BASE * 4 + 1
HALF = WIDTH // 2
REM = WIDTH % 5
SHIFT = 2 ** 5 - 1
DIV = 100 / 7
WORD = f192(7, 11, 13)
BIG = 340282366920938463463374607431768211455


def main():
    s = StackBuf(WIDTH)
    s[0] = HALF
    s[1] = REM
    s[2] = WORD
    s[3] = BIG
    x = GEN ** SHIFT
    assert log(x) < SHIFT + 1
    for i in unroll(0, DIV):
        s[4] = s[0] * s[1]
    h = HeapBuf(4)
    h[1] = s[0] + s[1] + s[2] + s[3]
    h[GEN] = x * WORD
    p = GEN ** 0
    p[1] = h[1]
    return
