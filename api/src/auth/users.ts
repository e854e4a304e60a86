import { passwordLengthProblem } from '@wayfarer/contracts/password';
import bcrypt from 'bcryptjs';
import type { Queryable } from '../db/types';

export interface CreateUserInput {
  email: string;
  password: string;
  confirmed?: boolean;
  userMetadata?: Record<string, unknown>;
  profile?: {
    display_name?: string;
    first_name?: string;
    last_name?: string;
    gender?: string;
    birthdate?: string;
  } | null;
  admin?: boolean;
}

/** Creates (or finds) an e-mail user with identity and optional profile/admin row. Idempotent by e-mail. */
export async function upsertEmailUser(
  db: Queryable,
  input: CreateUserInput,
): Promise<{ id: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const existing = await db.query<{ id: string }>('SELECT id FROM auth.users WHERE lower(email) = $1', [
    email,
  ]);
  let id = existing.rows[0]?.id;
  const created = !id;
  if (!id) {
    // The same rule as sign-up: bcrypt would silently ignore everything past 72 bytes.
    const problem = passwordLengthProblem(input.password);
    if (problem) throw new Error(`${email}: ${problem}`);
    const hash = await bcrypt.hash(input.password, 10);
    const r = await db.query<{ id: string }>(
      `INSERT INTO auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [
        email,
        hash,
        input.confirmed === false ? null : new Date().toISOString(),
        JSON.stringify({ provider: 'email', providers: ['email'] }),
        JSON.stringify({ email, email_verified: input.confirmed !== false, ...(input.userMetadata ?? {}) }),
      ],
    );
    id = r.rows[0]!.id;
    await db.query(
      `INSERT INTO auth.identities (provider_id, user_id, identity_data, provider, email) VALUES ($1, $4::uuid, $2, 'email', $3)`,
      [id, JSON.stringify({ sub: id, email, email_verified: input.confirmed !== false }), email, id],
    );
  }
  if (input.profile) {
    const p = input.profile;
    await db.query(
      `INSERT INTO public.profiles (id, display_name, first_name, last_name, gender, birthdate) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO NOTHING`,
      [
        id,
        p.display_name ?? null,
        p.first_name ?? null,
        p.last_name ?? null,
        p.gender ?? null,
        p.birthdate ?? null,
      ],
    );
  }
  if (input.admin)
    await db.query('INSERT INTO public.admin_users (user_id) VALUES ($1) ON CONFLICT DO NOTHING', [id]);
  return { id, created };
}

export const LOCAL_USERS: CreateUserInput[] = [
  {
    email: 'admin@wayfarer.local',
    password: 'wayfarer-admin',
    admin: true,
    userMetadata: {
      name: 'Ada Admin',
      firstName: 'Ada',
      lastName: 'Admin',
      gender: 'female',
      birthdate: '1985-12-10',
    },
    profile: {
      display_name: 'Ada Admin',
      first_name: 'Ada',
      last_name: 'Admin',
      gender: 'female',
      birthdate: '1985-12-10',
    },
  },
  {
    email: 'traveller@wayfarer.local',
    password: 'wayfarer-traveller',
    userMetadata: {
      name: 'Tom Traveller',
      firstName: 'Tom',
      lastName: 'Traveller',
      gender: 'male',
      birthdate: '1992-04-23',
    },
    profile: {
      display_name: 'Tom Traveller',
      first_name: 'Tom',
      last_name: 'Traveller',
      gender: 'male',
      birthdate: '1992-04-23',
    },
  },
];

/**
 * Creates the two local accounts. Their passwords are public (README), so with NODE_ENV=production nothing is created
 * and false is returned: one rule for every caller (API start with SEED_ON_START, the seed CLI, tests).
 */
export async function seedUsers(
  db: Queryable,
  nodeEnv: string = process.env.NODE_ENV ?? 'development',
): Promise<boolean> {
  if (nodeEnv === 'production') return false;
  for (const u of LOCAL_USERS) await upsertEmailUser(db, u);
  return true;
}
