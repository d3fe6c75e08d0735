# mul_range loops: a compile-time bound, an empty range, a start past g^0, a runtime bound
# that is a power-of-two literal (x^3 = g^3), a hinted runtime bound, nested loops, captured
# g-address and scalar names, a loop body with its own StackBuf and blake2s, a loop inside a
# function with parameters, and a loop in a branch.
from snark_lib import *


def inner(buf, n):
    for i in mul_range(1, n):
        buf[i] = i * GEN
    return


def main():
    nb = StackBuf(1)
    hint_witness(nb, "n")
    n = nb[0]
    assert log(n) < 32
    buf = HeapBuf(128)
    view = buf * GEN ** 64
    k = buf[1]
    for i in mul_range(1, GEN ** 5):
        view[i] = i * k
    for i in mul_range(GEN ** 3, GEN ** 3):
        buf[i] = 0
    for i in mul_range(GEN ** 2, GEN ** 7):
        buf[i * GEN ** 10] = i
    for i in mul_range(1, 8):
        buf[i * GEN ** 20] = k
    for i in mul_range(1, n):
        for j in mul_range(1, GEN ** 2):
            s = StackBuf(2)
            s[0] = i
            s[1] = j
            o = StackBuf(2)
            blake2s(s, s, o)
            buf[i * i * j * GEN ** 30] = o[0]
    inner(buf * GEN ** 100, GEN ** 4)
    if k == 1:
        for i in mul_range(1, GEN ** 2):
            buf[i * GEN ** 110] = k
    return
