import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StoreOptions } from '../services/media-store';

/** s3rver's fixed credentials: it checks AWS v4 signatures made with this key pair. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface LocalS3 {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  /** The store options for `s3MediaStore` / the S3_* variables. */
  options: S3StoreOptions;
  /** The S3_* environment variables that point the API at this server. */
  env: Record<string, string>;
  /** Objects in the bucket, as keys (read from s3rver's directory). */
  keys(): string[];
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver: the S3 REST API with v4 signatures, ranges and multi-object delete, on local
 * disk) with one bucket, for tests and `pnpm start:cluster`; never the internet.
 */
export async function startLocalS3(
  opts: { bucket?: string; port?: number; directory?: string } = {},
): Promise<LocalS3> {
  const bucket = opts.bucket ?? 'wayfarer-media';
  const directory = opts.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), 'wayfarer-s3-'));
  const ownDir = !opts.directory;
  const server = new S3rver({
    address: '127.0.0.1',
    port: opts.port ?? 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const options: S3StoreOptions = {
    endpoint,
    region: 'us-east-1',
    bucket,
    forcePathStyle: true,
    ...S3RVER_CREDENTIALS,
  };
  return {
    endpoint,
    options,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    keys() {
      // s3rver keeps <key>._S3rver_object beside ._S3rver_metadata.json files.
      const root = path.join(directory, bucket);
      const out: string[] = [];
      const walk = (dir: string) => {
        for (const e of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
          const full = path.join(dir, e.name);
          if (e.isDirectory()) walk(full);
          else if (e.name.endsWith('._S3rver_object'))
            out.push(path.relative(root, full).slice(0, -'._S3rver_object'.length).split(path.sep).join('/'));
        }
      };
      walk(root);
      return out.sort();
    },
    async close() {
      await server.close();
      if (ownDir) fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
