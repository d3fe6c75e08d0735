# Heap addressing: runtime indices with a constant g-power factor in either order, shifted
# views times runtime cursors, exponents at and past the 2^16 fold limit, the HeapBuf bounds
# of sized buffers, runtime-sized buffers, and a store whose value is itself a heap read.
from snark_lib import *


def main():
    nb = StackBuf(1)
    hint_witness(nb, "n")
    i = nb[0]
    buf = HeapBuf(70000)
    buf[i] = 1
    buf[i * GEN ** 3] = 2
    buf[GEN ** 4 * i] = 3
    buf[i * 8] = 4
    v = buf * GEN ** 100
    v[i * GEN] = 5
    buf[GEN ** 65535] = 6
    buf[GEN ** 65536] = 7
    big = HeapBuf(65540)
    far = big * GEN ** 65536
    far[GEN] = 8
    d = HeapBuf(i * i)
    d[1] = buf[i * GEN ** 3]
    d[GEN] = buf[GEN ** 65536]
    return
