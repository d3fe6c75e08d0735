// An operand's storage on the device. One GPUBuffer holds at most the device's maxBufferSize
// (2–4 GiB through Dawn on many GPUs), while a GPU server's hash batches hold operands of 2–16
// GiB; so an operand longer than a buffer is kept in parts of one power-of-two size, its bytes
// in order. Kernels never see a part: they bind windows (window.ts), and the recording finds
// the part holding each window, or gathers one that straddles two (recording.ts); copies,
// reads and writes are cut at the parts' ends (pieces below).

/** An operand kept in several buffers: bytes [k·partBytes, (k + 1)·partBytes) in parts[k]. */
export class PartedBuffer {
  constructor(
    readonly parts: readonly GPUBuffer[],
    readonly partBytes: number,
    /** The operand's bytes in all. */
    readonly size: number,
  ) {}

  destroy(): void {
    for (const part of this.parts) part.destroy();
  }
}

/** Where an operand lives: one buffer, or parts. */
export type Store = GPUBuffer | PartedBuffer;

/** A run of bytes within one buffer: `bytes` from `offset` of `buffer`, `from` bytes after the
 * start of the range it is a piece of. */
export interface Piece {
  readonly buffer: GPUBuffer;
  readonly offset: number;
  readonly bytes: number;
  readonly from: number;
}

/** The pieces of bytes [offset, offset + bytes) of `store`, in order, each within one buffer. */
export function pieces(store: Store, offset: number, bytes: number): Piece[] {
  if (!(store instanceof PartedBuffer)) return [{ buffer: store, offset, bytes, from: 0 }];
  const out: Piece[] = [];
  for (let from = 0; from < bytes; ) {
    const at = offset + from;
    const k = Math.floor(at / store.partBytes);
    const within = at - k * store.partBytes;
    const n = Math.min(bytes - from, store.partBytes - within);
    out.push({ buffer: store.parts[k] as GPUBuffer, offset: within, bytes: n, from });
    from += n;
  }
  return out;
}

/** The copies moving `bytes` of `src` from `offset` to `dst` at `dstOffset`, each between one
 * buffer of each (a copy may cross a part's end on either side). */
export function copyPieces(src: Store, offset: number, dst: Store, dstOffset: number, bytes: number): { src: Piece; dst: Piece }[] {
  const out: { src: Piece; dst: Piece }[] = [];
  for (const s of pieces(src, offset, bytes)) {
    for (const d of pieces(dst, dstOffset + s.from, s.bytes)) {
      const from = s.from + d.from;
      out.push({ src: { buffer: s.buffer, offset: s.offset + d.from, bytes: d.bytes, from }, dst: { ...d, from } });
    }
  }
  return out;
}
