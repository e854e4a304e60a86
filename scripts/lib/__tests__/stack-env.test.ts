import { afterEach, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../../api/src/config/env';
import { stackEnv } from '../apps';

/** `pnpm start` / `dev` / `start:cluster` give the API the Google stand-in, except where it must not run. */
describe('stackEnv and the Google sign-in stand-in', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of ['NODE_ENV', 'AUTH_GOOGLE_STANDIN', 'GOOGLE_CLIENT_ID']) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });
  const run = (env: Record<string, string | undefined>, offset = 0) => {
    for (const [k, v] of Object.entries(env)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    return stackEnv(offset);
  };

  it('turns the stand-in on for a local run, at any offset, and the API starts with it', () => {
    const env = run({ NODE_ENV: 'development', AUTH_GOOGLE_STANDIN: undefined, GOOGLE_CLIENT_ID: undefined });
    expect(env.AUTH_GOOGLE_STANDIN).toBe('true');
    expect(run({}, 7).AUTH_GOOGLE_STANDIN).toBe('true');
    expect(loadConfig({ NODE_ENV: 'development', ...env }).google.standIn).toBe(true);
  });

  it('leaves it off in production, with a real client, and when the shell chose for itself', () => {
    expect(
      run({ NODE_ENV: 'production', AUTH_GOOGLE_STANDIN: undefined }).AUTH_GOOGLE_STANDIN,
    ).toBeUndefined();
    expect(run({ NODE_ENV: 'development', GOOGLE_CLIENT_ID: 'id' }).AUTH_GOOGLE_STANDIN).toBeUndefined();
    expect(
      run({ GOOGLE_CLIENT_ID: undefined, AUTH_GOOGLE_STANDIN: 'false' }).AUTH_GOOGLE_STANDIN,
    ).toBeUndefined();
  });
});
