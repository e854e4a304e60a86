import type { FastifyRequest } from 'fastify';
import type { Db, Queryable } from './db/types';
import type { Config } from './config/env';
import type { Jobs } from './jobs/queue';
import type { MediaStore } from './services/media-store';
import type { NearbySightGrid } from './services/nearby-sight-grid';
import type { SightSearchIndex } from './services/sight-search-index';

/** The verified caller of a request, from a Supabase-style JWT. */
export interface AuthUser {
  id: string;
  email: string;
  role: 'authenticated' | 'service_role';
  sessionId: string | null;
}

export interface AuthService {
  /** The caller, or null for an anonymous/anon-key request. An invalid or expired bearer is treated as 401. */
  getUser(req: FastifyRequest): Promise<AuthUser | null>;
  requireUser(req: FastifyRequest): Promise<AuthUser>;
  /** 401 when signed out, 403 'Admins only' when the user is not in admin_users. */
  requireAdmin(req: FastifyRequest): Promise<AuthUser>;
  isAdmin(userId: string): Promise<boolean>;
}

export interface Mailer {
  /**
   * With `tx`, the mail is recorded in the caller's transaction (an outbox): it exists only if that commits, in
   * the order the transactions took their locks.
   */
  send(mail: { to: string; subject: string; text: string; html?: string }, tx?: Queryable): Promise<void>;
}

/** What every route module receives. */
export interface Deps {
  db: Db;
  config: Config;
  auth: AuthService;
  mailer: Mailer;
  /** In-memory read model for GET /sights/nearby (null answers mean: ask SQL). */
  sightIndex: NearbySightGrid;
  /** Names for GET /search, kept by sightIndex's feed (answers once the grid is ready). */
  searchIndex: SightSearchIndex;
  /** Durable jobs (pg-boss): the API enqueues, workers run them (src/worker.ts). */
  jobs: Jobs;
  /** Where stored files live: the media directory, or an S3-compatible / Supabase Storage bucket. */
  media: MediaStore;
}
