// BullMQ (with ioredis, msgpackr and their native parts) loaded on first use, not when the CLI
// or the library is loaded: every command but the tree's would otherwise pay for it at start-up
// (≈ 50 ms of module loading).
type BullMq = typeof import('bullmq');

let loading: Promise<BullMq> | undefined;

/** The bullmq module, imported once. */
export function bullmq(): Promise<BullMq> {
  return (loading ??= import('bullmq'));
}
