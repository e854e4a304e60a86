import { loadConfig } from '../config/env';
import { openPglite } from '../db/pglite';
import { createServer } from '../server';

/**
 * Prints the API's OpenAPI 3.1 document (what GET /docs/json serves) without a database or a port:
 * `pnpm --filter api openapi > openapi.json`, then e.g. `pnpm exec redocly lint openapi.json`.
 */
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SEED_ON_START: 'false' });
const db = await openPglite(undefined);
const app = await createServer(config, { db, logger: false });
await app.ready();
process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
