# BLAKE2s-256 of a 144-byte message the prover supplies (stream "msg": nine 16-byte cells,
# little-endian), as three chained compressions: block q is heap cells 4q..4q+4, the chaining
# value flows through cv=, and COUNTERS (a constant array driving the unroll) gives the bytes
# absorbed through each block; the last block is zero-filled past the message and marked final.
# The digest is published (m[0] = digest bytes 0..16, m[1] = bytes 16..32), so a proof says:
# the prover knows a 144-byte message with this BLAKE2s-256.
# public_input: 49426942316204180676634021690062157679, 221686188377708400740992975284323858940
# witness msg: 206286585414198620558121591634295291720, 232345261848165962030306392783840192596, 87021999004428848499915760213616663643, 167328154009407035800564552003262868881, 60017016865170636499247720032937764738, 303170972363869000351414964875154468004, 55280868673459545506927407531461703648, 135794788740153667600048091372922649714, 9482469765944936729497528624164124370
from snark_lib import *

LEN = 144
CELLS = LEN // 16
COUNTERS = [64, 128, 144]


def main():
    msg = HeapBuf(GEN ** (4 * len(COUNTERS)))
    hint_witness(msg[0:CELLS], "msg")
    for c in unroll(CELLS, 4 * len(COUNTERS)):
        msg[GEN ** c] = 0
    h = StackBuf(2)
    for q in unroll(0, len(COUNTERS)):
        out = StackBuf(2)
        last = (q + 1) // len(COUNTERS)
        if q == 0:
            blake2s(msg[0:2], msg[2:4], out, counter=COUNTERS[0], final=last)
        else:
            blake2s(msg[4 * q:4 * q + 2], msg[4 * q + 2:4 * q + 4], out, cv=h, counter=COUNTERS[q], final=last)
        h = out
    pub = GEN ** 0
    pub[1] = h[0]
    pub[GEN] = h[1]
    return
