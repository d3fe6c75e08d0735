# Constant arrays: elements as field values and as compile-time integers (a GEN exponent, a
# StackBuf index, an unroll bound), len(), an f192 element, and an array driving an unroll.
from snark_lib import *

SIZES = [3, 1, 4, 1, 5]
WORDS = [f192(1, 2, 3), 9, 340282366920938463463374607431768211455]


def main():
    acc = StackBuf(8)
    acc[0] = 1
    for i in unroll(0, len(SIZES)):
        acc[i + 1] = acc[i] * (GEN ** SIZES[i])
    buf = HeapBuf(8)
    for j in unroll(0, len(WORDS)):
        buf[GEN ** j] = WORDS[j] + acc[SIZES[j]]
    k = SIZES[2]
    buf[GEN ** k] = acc[k]
    v = buf[GEN ** SIZES[4]]
    assert v == acc[5]
    return
