// A cpu pool worker (built to dist/node/cpu-pool-worker.js): runs each task it is sent
// and answers with null, or with the error's name and message.
//
// A task's arrays are this isolate's views of shared memory, and a view keeps its memory
// alive until this isolate collects it. A worker allocates too little for V8 to ever
// collect on its own (a codeword per commit would pile up), so after each task, once its
// views are garbage, the worker runs a young-generation collection, which frees them.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort } from 'node:worker_threads';
import { runCpuTask, type CpuTask } from '../../src/backend/cpu/tasks';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as (options: { type: 'minor' | 'major' }) => void;

const port = parentPort;
if (port === null) throw new Error('cpu-pool-worker runs as a worker thread');
port.on('message', (task: CpuTask) => {
  try {
    runCpuTask(task);
    port.postMessage(null);
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    port.postMessage({ name: err.name, message: err.message });
  }
  setImmediate(() => collect({ type: 'minor' }));
});
