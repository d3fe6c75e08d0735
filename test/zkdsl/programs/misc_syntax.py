# Syntax forms: augmented assignment (+= *= -= //= %=), parenthesised expressions and
# precedence, `log x` without parentheses, comments and blank lines inside blocks, and
# `return` in main.
from snark_lib import *


def main():
    h = HeapBuf(8)
    h[1] = 3
    x = h[1]

    # a comment inside a block
    x += 1
    x *= GEN
    k = 10
    k -= 3
    k //= 2
    k %= 2
    y = (x + GEN) * (x + 1) + x * x * GEN ** 2
    s = StackBuf(3)
    s[k] = y
    assert log x < 20
    h[GEN] = (s[1] + y)
    return
