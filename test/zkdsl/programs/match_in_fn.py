# match and match_range inside non-main functions (the frame's own fp bounced through the
# heap once), a match whose arms call functions, a fused match_range whose callee has locals
# of different sizes per specialisation, and a match_range arm that is a constant.
from snark_lib import *


def spec(x, k: Const):
    s = StackBuf(4)
    for i in unroll(0, k):
        s[i] = x * i
    return s[0] + x


def route(x, y):
    match log(x):
        case 0:
            z = spec(y, 1)
        case 1:
            z = spec(y, 2)
    r = match_range(log(x), range(0, 2), lambda k: spec(y, k))
    c = match_range(log(x), range(0, 2), lambda k: k + 10)
    return r + c


def main():
    s = StackBuf(2)
    hint_witness(s, "x")
    h = HeapBuf(2)
    h[1] = route(s[0], s[1])
    return
