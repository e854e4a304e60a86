import type { Page, Response } from '@playwright/test';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { clusterPorts, clusterS3Env, copyName, type ClusterPorts } from '../../scripts/lib/cluster';
import { test as base, expect } from '../fixtures';
import { clusterE2eOffset } from '../src/offset';

/** One answer of the balancer as the page saw it: which API copy made it (X-Wayfarer-Copy). */
export interface CopyAnswer {
  method: string;
  path: string;
  status: number;
  copy: string | null;
  /** When the browser started the request (ms since the epoch). */
  started: number;
}

export interface ClusterInfo {
  ports: ClusterPorts;
  /** The API copies' names, as X-Wayfarer-Copy sends them: api-1, api-2. */
  copies: string[];
  /** kill -9 one API copy through the global setup's Supervisor; it stays down until resume(). */
  kill(copy: string): Promise<void>;
  /** Starts a killed copy again and resolves once it answers /health. */
  resume(copy: string): Promise<void>;
  /** Every balancer answer the page receives from now on (appended as they arrive). */
  record(page: Page): CopyAnswer[];
  /** The local S3 bucket's object keys (with their sizes) under a prefix. */
  objects(prefix?: string): Promise<{ key: string; size: number }[]>;
}

function clusterInfo(): ClusterInfo {
  const offset = clusterE2eOffset();
  const ports = clusterPorts(offset);
  const control = `http://127.0.0.1:${3900 + offset}`;
  const post = async (path: string) => {
    const res = await fetch(control + path, { method: 'POST' });
    if (!res.ok) throw new Error(`control ${path} answered ${res.status}: ${await res.text()}`);
  };
  const s3env = clusterS3Env(ports);
  const s3 = new S3Client({
    endpoint: s3env.S3_ENDPOINT,
    region: s3env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: s3env.S3_ACCESS_KEY_ID!, secretAccessKey: s3env.S3_SECRET_ACCESS_KEY! },
  });
  const balancer = `http://localhost:${ports.balancer}`;
  return {
    ports,
    copies: ports.apis.map((_, i) => copyName(i)),
    kill: (copy) => post(`/copy/${copy}/kill`),
    resume: (copy) => post(`/copy/${copy}/resume`),
    record(page) {
      const seen: CopyAnswer[] = [];
      page.on('response', (r: Response) => {
        if (!r.url().startsWith(balancer)) return;
        const req = r.request();
        seen.push({
          method: req.method(),
          path: new URL(r.url()).pathname,
          status: r.status(),
          copy: r.headers()['x-wayfarer-copy'] ?? null,
          started: req.timing().startTime,
        });
      });
      return seen;
    },
    async objects(prefix) {
      const out: { key: string; size: number }[] = [];
      let token: string | undefined;
      do {
        const page = await s3.send(
          new ListObjectsV2Command({ Bucket: s3env.S3_BUCKET, Prefix: prefix, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) out.push({ key: o.Key!, size: o.Size ?? 0 });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out;
    },
  };
}

/** The usual `stack` fixture (the shell and the balancer as its API) plus `cluster`. */
export const test = base.extend<{ cluster: ClusterInfo }>({
  cluster: async ({}, use) => {
    await use(clusterInfo());
  },
});

/** The copies that answered, each once, sorted. */
export const copiesOf = (answers: CopyAnswer[]) => [...new Set(answers.map((a) => a.copy))].sort();

/** The seeded Eiffel Tower's id (a sight with a detail page, comments, photos and guides). */
export { expect };

/** The seeded Eiffel Tower's id (kept importable from here for the cluster specs). */
export { eiffelId } from '../helpers';
