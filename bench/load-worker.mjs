// The load generator of `npm run bench`, in a worker thread: autocannon would otherwise share the
// server's event loop (the server runs in the bench's main thread), and every request it sends
// would take time from the server it measures. Answers autocannon's result, how many of the
// prepared requests it used, and this thread's own CPU time (so the bench can count the server's).
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

/** CPU time of the calling thread, ms (Linux; 0 elsewhere). */
function threadCpuMs() {
  try {
    const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 10 ms ticks
  } catch {
    return 0;
  }
}

const { url, prepared, seconds, connections, rate } = workerData;
let next = 0;
const cpuBefore = threadCpuMs();
const options = {
  url,
  duration: seconds,
  connections,
  ...(rate ? { overallRate: rate } : {}),
  requests: [
    {
      // A shared cursor over every connection: a request meant to run once (submitting one cart)
      // is sent once while the list lasts.
      setupRequest: (req) => ({ ...req, ...prepared[next++ % prepared.length] }),
    },
  ],
};
// Off the main thread autocannon answers its raw histograms; aggregate them as it would.
const result = autocannon.aggregateResult([await autocannon(options)], options);
parentPort.postMessage({
  rps: result.requests.total / result.duration,
  total: result.requests.total,
  p50: result.latency.p50,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
  bytes: result.throughput.total,
  used: next,
  cpuMs: threadCpuMs() - cpuBefore,
});
