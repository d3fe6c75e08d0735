# Loop helpers: a runtime-bounded loop whose body calls a function and a nested loop, the loop
# counter captured by an inner loop, a loop capturing a g-address cursor and a shifted pointer,
# and loops in a non-main function returning values.
from snark_lib import *


def body(x, y):
    return x * y


def count(buf, n):
    for i in mul_range(1, n):
        buf[i] = body(i, n)
    return buf[1]


def main():
    s = StackBuf(1)
    hint_witness(s, "n")
    n = s[0]
    h = HeapBuf(64)
    cur = GEN ** 3
    view = h * GEN ** 32
    for i in mul_range(1, n):
        h[i * cur] = i
        for j in mul_range(1, GEN ** 2):
            view[i * j] = body(i, j)
    r = count(h * GEN ** 40, GEN ** 5)
    h[GEN ** 60] = r
    return
