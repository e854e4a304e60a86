// autocannon in its own process (so on its own core): the bench forks this file, sends the options over IPC and
// gets the summary back. Running the load generator in the server's event loop would measure the two competing.
import { createRequire } from 'node:module';

const autocannon = createRequire(import.meta.url)('autocannon');

process.once('message', async (opts) => {
  const r = await autocannon(opts);
  const { latency, requests, non2xx, errors, timeouts } = r;
  process.send({ latency, requests, non2xx, errors, timeouts }, () => process.exit(0));
});
