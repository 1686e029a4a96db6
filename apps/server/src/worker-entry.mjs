// A worker thread's entry (platform/workers.ts, record 061): registers tsx in this thread, whatever
// the process was started with (`node --import tsx`, vitest, the bench), then loads the tasks.
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./worker-tasks.ts');
export default tasks.default;
