# Where hints land: a witness hint as the last statement of main (it rides on the halt's SET),
# on a branch's last statement (anchored inside the branch), before a CSE-able constant (the
# hinted instruction is kept), an allocation hint on a DEREF, and prints inside a loop body
# and a branch.
from snark_lib import *


def main():
    s = StackBuf(2)
    hint_witness(s, "a")
    a = s[0]
    h = HeapBuf(4)
    h[1] = 5
    if a == 1:
        t = StackBuf(1)
        hint_witness(t, "b")
    for i in mul_range(1, GEN ** 2):
        print("i", i)
    if a != 2:
        print(a)
    u = StackBuf(1)
    hint_witness(u, "c")
    h[GEN] = 5
    z = StackBuf(1)
    hint_witness(z, "d")
    return
