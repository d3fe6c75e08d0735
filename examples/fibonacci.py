# Fibonacci in the exponent: cell k of `fib` holds g^(F_k), so one MUL of two g-powers (their
# exponents add) is one step F_(k+2) = F_(k+1) + F_k. The length is a placeholder, so this one
# template compiles at any size:
#     leanvm-gpu compile examples/fibonacci.py -D N_PLACEHOLDER=30 -o fib30.json
# Each step reads a shifted view `row = fib * k` of the buffer, whose constant offsets fold into
# the DEREF instructions. Published: m[0] = g^(F_(N-1)), m[1] = g^(F_N).
from snark_lib import *

N = N_PLACEHOLDER


def main():
    fib = HeapBuf(N + 1)
    fib[1] = GEN ** 0
    fib[GEN] = GEN
    for k in mul_range(1, GEN ** (N - 1)):
        row = fib * k
        row[GEN ** 2] = row[1] * row[GEN]
    pub = GEN ** 0
    pub[1] = fib[GEN ** (N - 1)]
    pub[GEN] = fib[GEN ** N]
    return
