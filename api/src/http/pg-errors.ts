/**
 * PostgreSQL errors a request caused, as an HTTP status and a plain sentence (a missed validation never
 * becomes a 500, and no SQL text, constraint name or value leaves the server). Validation at the schema stays the
 * first line; this is the last resort, shared by the product error handler and the /rest/v1 one.
 */

interface DbError {
  code?: unknown;
  severity?: unknown;
  message?: unknown;
  /** The violated constraint's name (pg and PGlite both set it for 23xxx). */
  constraint?: unknown;
}

/**
 * The sentence for a failed CHECK, by the constraint's name: the length limits of migration 0203
 * (`<table>_<column>_len`) and the avatar URL rule; the name itself never leaves the server.
 */
function checkMessage(constraint: string): string {
  if (constraint === 'profiles_avatar_url_own_media')
    return 'The avatar must be a picture uploaded to this site (PUT /users/me/avatar).';
  if (/_len$/.test(constraint)) return 'A text value in the request is too long.';
  return 'A value in the request is outside what is allowed.';
}

/** The SQLSTATE of an error raised by PostgreSQL (pg and PGlite both set `code` and `severity`), else null. */
export function sqlState(err: unknown): string | null {
  const e = err as DbError | null;
  if (!e || typeof e !== 'object' || typeof e.severity !== 'string') return null;
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : null;
}

export interface MappedDbError {
  status: number;
  /** invalid_value, conflict, not_found or in_use. */
  code: string;
  message: string;
}

const DATA: Record<string, string> = {
  '22001': 'A text value in the request is too long.',
  '22003': 'A number in the request is out of range.',
  '22007': 'A date or time in the request is not valid.',
  '22008': 'A date or time in the request is out of range.',
  '22021': 'The request contains a character that cannot be stored (such as U+0000).',
  '22P02': 'A value in the request is not in the expected format.',
  '22P05': 'The request contains a character that cannot be stored (such as U+0000).',
};

/**
 * The answer for a SQLSTATE the request caused, or null for a server-side fault (a 500):
 * class 22 (data exception), 23502/23514 and 54000 (a value too large to index) are the caller's input (400);
 * 23505 and 23P01 collide with what exists (409); 23503 is 404 when the request refers to a row that does not exist
 * (insert or update) and 409 when it removes a row others still refer to (delete, as 23001 for ON DELETE RESTRICT).
 */
export function mapDbError(err: unknown): MappedDbError | null {
  const code = sqlState(err);
  if (!code) return null;
  if (code.startsWith('22'))
    return {
      status: 400,
      code: 'invalid_value',
      message: DATA[code] ?? 'A value in the request is not valid.',
    };
  switch (code) {
    case '23502':
      return { status: 400, code: 'invalid_value', message: 'A required value is missing.' };
    case '23514':
      return {
        status: 400,
        code: 'invalid_value',
        message: checkMessage(String((err as DbError).constraint ?? '')),
      };
    case '54000':
      return { status: 400, code: 'invalid_value', message: 'A value in the request is too large.' };
    case '23505':
    case '23P01':
      return { status: 409, code: 'conflict', message: 'This conflicts with something that already exists.' };
    case '23001':
      return { status: 409, code: 'in_use', message: 'This is still in use and cannot be removed.' };
    case '23503': {
      const removing = /^(update or )?delete\b/i.test(String((err as DbError).message ?? ''));
      return removing
        ? { status: 409, code: 'in_use', message: 'This is still in use and cannot be removed.' }
        : {
            status: 404,
            code: 'not_found',
            message: 'Something the request refers to does not exist (any more).',
          };
    }
    default:
      return null;
  }
}
