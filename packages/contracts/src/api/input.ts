import { z } from 'zod';

/**
 * Building blocks for request schemas, so what a schema accepts is what PostgreSQL stores:
 * text refuses U+0000 (text columns reject it, SQLSTATE 22021) and unpaired UTF-16 surrogates (jsonb and UTF-8
 * cannot hold them, 22P02/22P05); integers carry the range of the column they land in (22003 otherwise).
 */

/** Why a string cannot be stored, or null when it can: a NUL character or an unpaired UTF-16 surrogate. */
export function unsafeTextReason(s: string): string | null {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return 'a NUL character (U+0000)';
    if (c < 0xd800 || c > 0xdfff) continue;
    const next = s.charCodeAt(i + 1);
    if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
    else return 'an unpaired UTF-16 surrogate';
  }
  return null;
}

export const UNSAFE_TEXT_MESSAGE =
  'must not contain a NUL character (U+0000) or an unpaired UTF-16 surrogate';

/**
 * Matches strings with neither a NUL nor an unpaired surrogate. A negative lookahead over one greedy scan (linear,
 * no deep backtracking stack on a megabyte of text); no lookbehind, so older Safari parses it too.
 */
const SAFE_TEXT = /^(?![^]*(?:\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]))/;

/** A string PostgreSQL can store; chain the usual checks (`text().trim().min(1).max(200)`). */
export const text = () => z.string().regex(SAFE_TEXT, UNSAFE_TEXT_MESSAGE);

/** Value ranges of PostgreSQL's integer types; bigint is held to the integers a JSON number carries exactly. */
export const PG_INT_RANGE = {
  smallint: [-32_768, 32_767],
  integer: [-2_147_483_648, 2_147_483_647],
  bigint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
} as const;
export type PgIntType = keyof typeof PG_INT_RANGE;

const bounded = (n: z.ZodNumber, type: PgIntType) => {
  const [min, max] = PG_INT_RANGE[type];
  return n
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
};

/** A JSON integer within a column type's range (default `integer`); chain narrower `.min()`/`.max()` as usual. */
export const int = (type: PgIntType = 'integer') => bounded(z.number(), type);

/** The same for a query-string parameter (coerced from text; 'abc', 'NaN' and 'Infinity' fail the checks). */
export const queryInt = (type: PgIntType = 'integer') => bounded(z.coerce.number(), type);
