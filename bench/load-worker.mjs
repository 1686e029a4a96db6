// The load generator of `npm run bench`, in a worker thread: it would otherwise share the server's
// event loop (the server runs in the bench's main thread), and every request it sends would take
// time from the server it measures. Two modes:
// - no `rate`: autocannon, `connections` requests in flight at all times (throughput);
// - `rate`: requests started at an even pace, `rate` per second, on up to `connections` keep-alive
//   sockets, each one's latency counted from when it was due (so a server that falls behind shows
//   it). autocannon's own rate limit sends each second's requests in one burst, which measures the
//   burst's queue instead.
// Answers the figures, how many of the prepared requests it used, and this thread's own CPU time
// (so the bench can count the server's).
import fs from 'node:fs';
import http from 'node:http';
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
/** A shared cursor: a request meant to run once (submitting one cart) is sent once while the list lasts. */
const nextRequest = () => prepared[next++ % prepared.length];

async function saturate() {
  const options = {
    url,
    duration: seconds,
    connections,
    requests: [{ setupRequest: (req) => ({ ...req, ...nextRequest() }) }],
  };
  // Off the main thread autocannon answers its raw histograms; aggregate them as it would.
  const result = autocannon.aggregateResult([await autocannon(options)], options);
  return {
    rps: result.requests.total / result.duration,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytes: result.throughput.total,
  };
}

async function paced() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const send = (r) =>
    new Promise((resolve) => {
      const req = http.request(url + r.path, { method: r.method, headers: r.headers, agent }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => {
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      });
      req.setTimeout(10_000, () => req.destroy());
      req.on('error', () => resolve({ status: 0, bytes: 0 }));
      if (r.body !== undefined) req.write(r.body);
      req.end();
    });
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  let bytes = 0;
  const inFlight = [];
  const interval = 1000 / rate;
  const count = Math.round(rate * seconds);
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(
      send(nextRequest()).then((res) => {
        latencies.push(performance.now() - due);
        bytes += res.bytes;
        if (res.status === 0) errors++;
        else if (res.status < 200 || res.status >= 300) non2xx++;
      }),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: count / elapsed, total: count, p50: at(0.5), p99: at(0.99), non2xx, errors, bytes };
}

const cpuBefore = threadCpuMs();
const result = rate ? await paced() : await saturate();
parentPort.postMessage({ ...result, used: next, cpuMs: threadCpuMs() - cpuBefore });
