# Every hint builtin: hint_witness into a whole StackBuf, a StackBuf slice, a HeapBuf slice with
# compile-time bounds and one with a runtime start; hint_decompose_bits and its exponent form;
# hint_log2_ceil; hint_f192_limbs into a list literal (materialised first); print with and
# without a label (the default label is the argument's text, constants substituted).
from snark_lib import *

N = 6


def main():
    s = StackBuf(5)
    hint_witness(s, "whole")
    hint_witness(s[1:3], "part")
    h = HeapBuf(20)
    hint_witness(h[2:5], "heap")
    i = s[0]
    hint_witness(h[i:i + 3], "runtime")
    bits = HeapBuf(8)
    hint_decompose_bits(bits, s[1], 8)
    hint_decompose_bits_exponent(bits * GEN ** 4, s[2], 4)
    g = hint_log2_ceil(bits, 8, 2)
    limbs = [0, 0, 0]
    hint_f192_limbs(limbs, s[3] * s[4])
    print(g)
    print("limb", limbs[2])
    print(s[3] + N * 2)
    h[GEN ** 10] = g + limbs[0]
    return
