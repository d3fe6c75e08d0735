# blake2s: the default one-block hash (IV made once, reused), a chained hash with cv=,
# counter= and final=, last_node=, a cv assembled from non-adjacent cells (copied into a
# pair), heap operands in and out with compile-time and runtime slices, a self-hash, operands
# assembled from scattered values and zeros (read in place), and an output that was already
# written (an assertion).
from snark_lib import *


def main():
    nb = StackBuf(4)
    hint_witness(nb, "m")
    a = StackBuf(2)
    a[0] = nb[0]
    a[1] = 0
    b = [nb[2], nb[1]]
    h = StackBuf(2)
    blake2s(a, b, h)
    blake2s(h, h, h)
    c1 = StackBuf(2)
    blake2s(a, b, c1, counter=64, final=0)
    cv2 = [c1[1], h[0]]
    c2 = StackBuf(2)
    blake2s(a, a, c2, cv=cv2, counter=100, final=1)
    c3 = StackBuf(2)
    blake2s(b, b, c3, cv=c2, counter=128, final=1, last_node=1)
    heap = HeapBuf(16)
    heap[1] = nb[3]
    heap[GEN] = nb[0]
    blake2s(heap[0:2], c3, heap[2:4])
    i = nb[3]
    blake2s(heap[i:i + 2], heap[i * GEN:i * GEN + 2], heap[4:6])
    root = [nb[0], nb[1]]
    blake2s(c2, c3, root)
    big = StackBuf(6)
    blake2s(big[0:2], big[2:4], big[4:6])
    return
