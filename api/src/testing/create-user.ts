import type { Queryable } from '../db/types';
import { upsertEmailUser, type CreateUserInput } from '../auth/users';

let n = 0;

/** A confirmed user with a complete profile (unless profile: null), for tests. Returns its id, e-mail and password. */
export async function createUser(
  db: Queryable,
  input: Partial<CreateUserInput> = {},
): Promise<{ id: string; email: string; password: string }> {
  n += 1;
  const email = input.email ?? `user${Date.now().toString(36)}${n}@test.local`;
  const password = input.password ?? 'test-password-123';
  const name = input.profile?.display_name ?? `Test User ${n}`;
  const { id } = await upsertEmailUser(db, {
    confirmed: true,
    ...input,
    email,
    password,
    profile:
      input.profile === null
        ? null
        : { display_name: name, gender: 'female', birthdate: '1990-01-01', ...input.profile },
  });
  return { id, email, password };
}
