# Virtual bindings: g-power cursors advanced by GEN, shifted pointers folded into DEREF's beta,
# field constants folded through arithmetic and materialised at use, integer-only folds
# (// - %) bound as words, rebinding a name from one kind to another, and x * 1 / x + 0.
from snark_lib import *


def main():
    buf = HeapBuf(64)
    c = GEN ** 2
    buf[c] = 5
    c = c * GEN
    buf[c] = 6
    view = buf * GEN ** 10
    view[1] = 7
    view[GEN ** 3] = 8
    w = 3
    w = w * 5 + 1
    buf[GEN ** 20] = w
    n = 17
    h = n // 2
    m = n - 3
    r = n % 4
    buf[GEN ** 21] = h + m + r
    a = buf[c]
    a = a * 1 + 0
    a = a + buf[GEN ** 2]
    z = 0
    y = z + a
    buf[GEN ** 22] = y * (GEN ** 0)
    q = view[GEN ** 3] * c
    buf[GEN ** 23] = q
    return
