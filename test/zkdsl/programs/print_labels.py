# print labels: the default label is the argument's source text as written (inner spacing
# kept, global constants substituted), an explicit label, and a label with spaces.
from snark_lib import *

K = 12
W = f192(1, 2, 3)


def main():
    h = HeapBuf(2)
    h[1] = 4
    x = h[1]
    print(x)
    print(x  *  K  +  W)
    print( GEN ** K )
    print("the value", x + 1)
    return
