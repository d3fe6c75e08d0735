# StackBuf stores: deferred copies and constants forwarded to readers, a store into a cell an
# instruction already wrote (an assertion), a second store into an aliased cell, list
# literals (a swap through the old binding), StackBuf-to-StackBuf aliasing, and reading
# through chains of aliases.
from snark_lib import *


def main():
    h = HeapBuf(4)
    h[1] = 9
    a = h[1]
    s = StackBuf(4)
    s[0] = a
    s[1] = 0
    s[2] = 77
    s[3] = s[0]
    t = s
    u = [t[1], t[0], 5, a * a]
    u = [u[1], u[0], u[3], u[2]]
    x = u[0] + u[1] + u[2] + u[3]
    w = StackBuf(2)
    w[0] = x * x
    w[0] = x * x
    w[1] = a
    w[1] = h[1]
    h[GEN] = w[0] + w[1] + s[3]
    return
