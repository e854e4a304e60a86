// autocannon in its own process (so on its own core): the bench forks this file and sends a list of runs over
// IPC; they run back to back in this one process and the summary of the last comes back. The earlier runs are
// the warm-up of both sides: the server's JIT and this process's own (a cold load generator is slow for its
// first second, which would show up as server latency).
import { createRequire } from 'node:module';

const autocannon = createRequire(import.meta.url)('autocannon');

process.once('message', async (runs) => {
  let r;
  for (const opts of runs) r = await autocannon(opts);
  const { latency, requests, non2xx, errors, timeouts } = r;
  process.send({ latency, requests, non2xx, errors, timeouts }, () => process.exit(0));
});
