# Deferred stack stores across branches: an outer StackBuf assembled differently on each path
# (each path writes its aliases before the join), an alias made before the branch and kept,
# a second store to an aliased cell inside a branch (an assertion), and nested branches.
from snark_lib import *


def main():
    v = StackBuf(3)
    hint_witness(v, "v")
    a = v[0]
    b = v[1]
    s = StackBuf(4)
    s[3] = b
    if a == b:
        s[0] = a
        s[1] = 0
        if a != 1:
            s[2] = 9
        else:
            s[2] = b
    else:
        s[0] = b
        s[1] = 7
        s[2] = a
        s[3] = b
    o = StackBuf(2)
    blake2s(s[0:2], s[2:4], o)
    h = HeapBuf(2)
    h[1] = o[0]
    return
