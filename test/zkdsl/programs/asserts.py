# Assertions: == on runtime and constant sides, != on runtime values and on unequal literals
# (which folds away), range checks with integer and `log GEN ** k` bounds (the bound cell shared
# by equal bounds), the extreme bounds 1 and 65536, and a runtime bound.
from snark_lib import *


def main():
    nb = StackBuf(3)
    hint_witness(nb, "v")
    a = nb[0]
    b = nb[1]
    m = nb[2]
    assert a == b
    assert a * b == 9
    assert a != b + 1
    assert 3 != 4
    assert log(a) < 10
    assert log a < log GEN ** 10
    assert log(b) < log(GEN ** 1)
    assert log(b) < 65536
    assert log(m) < 65536
    assert log(a) < log(m)
    assert log(b) < log m
    return
