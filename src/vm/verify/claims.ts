// A claim on one committed (or virtual) column, MLE(column)(point) = value, as the VM's layers
// produce them; routing them to the stack is ./routing.ts.
import type { E } from '../../field/e';

export interface ColumnClaim {
  /** Global column number (src/vm/tables/columns.ts). */
  readonly column: number;
  /** The column's own point, LSB first (packed E). */
  readonly point: Uint32Array;
  readonly value: E;
}
