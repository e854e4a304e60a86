// autocannon in its own process (so on its own core): the bench forks this file and sends a list of runs over
// IPC; they run back to back in this one process and the summary of each comes back (the caller drops the
// warm-up runs: the server's JIT and this process's own; a cold load generator is slow for its first second,
// which would show up as server latency).
import { createRequire } from 'node:module';

const autocannon = createRequire(import.meta.url)('autocannon');

process.once('message', async (runs) => {
  const results = [];
  for (const opts of runs) {
    const { latency, requests, throughput, non2xx, errors, timeouts } = await autocannon(opts);
    results.push({ latency, requests, throughput, non2xx, errors, timeouts });
  }
  process.send(results, () => process.exit(0));
});
