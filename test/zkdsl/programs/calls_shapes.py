# Non-inline calls: one, two and three scalar returns, a StackBuf(3) return, a mixed tuple
# (StackBuf, scalar), a HeapBuf pointer return, calls nested in expressions and as store
# values (heap and stack), and a call of a function defined later.
from snark_lib import *


def three(a):
    return a, a * a, a * a * a


def run3(a):
    s = StackBuf(3)
    s[0] = a + 1
    s[1] = a + GEN
    s[2] = later(a)
    return s


def mixed(a):
    s = StackBuf(2)
    s[0] = a
    s[1] = a * GEN
    return s, a + a


def alloc(n):
    b = HeapBuf(3)
    b[1] = n
    return b


def later(x):
    return x * GEN * GEN


def main():
    h = HeapBuf(8)
    h[1] = 5
    x = h[1]
    p, q, r = three(x)
    s = run3(q)
    m, k = mixed(r)
    b = alloc(x + s[2])
    h[GEN] = later(m[1]) + k
    st = StackBuf(2)
    st[0] = later(x)
    st[1] = later(x + 1)
    h[GEN ** 2] = b[1] * later(later(p))
    h[GEN ** 3] = st[0] + st[1] + s[0] + m[0]
    return
