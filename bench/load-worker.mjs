// The load generator of `npm run bench`, in a process of its own (forked by measure.ts): in the
// bench's process it would share the server's event loop (the server runs in the bench's main
// thread), and even in a worker thread its start-up and garbage collection would be counted as the
// server's CPU. Two modes:
// - no `rate`: autocannon, `connections` requests in flight at all times (throughput);
// - `rate`: requests started at an even pace, `rate` per second, on up to `connections` keep-alive
//   sockets, each one's latency counted from when it was due (so a server that falls behind shows
//   it). autocannon's own rate limit sends each second's requests in one burst, which measures the
//   burst's queue instead.
// The parent sends the job, waits for "loaded", takes its CPU reading and sends "go"; this process
// answers the figures and how many of the prepared requests it used.
import http from 'node:http';
import autocannon from 'autocannon';

const job = await new Promise((resolve) => process.once('message', resolve));
const { url, prepared, seconds, connections, rate } = job;
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
  const result = await autocannon(options);
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

process.send('loaded');
await new Promise((resolve) => process.once('message', resolve));
const result = rate ? await paced() : await saturate();
process.send({ ...result, used: next }, () => process.disconnect());
