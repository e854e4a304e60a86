import path from 'node:path';
import { REPO_ROOT } from '../config/env';
import { startLocalS3 } from '../testing/s3-server';

/**
 * `pnpm start:cluster`'s object storage: a local S3-compatible server (s3rver) with one bucket, kept on disk in
 * S3_LOCAL_DIR (default .data/cluster/s3) on S3_LOCAL_PORT (default 4569). Every API copy and worker of the
 * cluster reads and writes it through @aws-sdk/client-s3, as they would an S3, R2 or MinIO bucket.
 */
const port = Number(process.env.S3_LOCAL_PORT ?? 4569);
const directory = path.resolve(REPO_ROOT, process.env.S3_LOCAL_DIR ?? '.data/cluster/s3');
const bucket = process.env.S3_BUCKET ?? 'wayfarer-media';
const s3 = await startLocalS3({ port, directory, bucket });
console.log(`[s3] S3-compatible server on ${s3.endpoint}, bucket ${bucket}, objects in ${directory}`);
const stop = () => void s3.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
