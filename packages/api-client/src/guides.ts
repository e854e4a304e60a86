import { GUIDE_LIMIT_CODE, GUIDE_TIMEOUT_MS } from '@wayfarer/contracts/browser';
import type {
  GenerateGuideInput,
  GenerateGuideResponse,
  GuideResponse,
  SightGuideResponse,
} from '@wayfarer/contracts';
import { ApiError, qs, request } from './request';

type Token = string | null | undefined;

/** Typed calls of the narrated guides (api/src/routes/guides.ts). */
export const generateGuide = (input: GenerateGuideInput, token: Token, signal?: AbortSignal) =>
  request<GenerateGuideResponse>('/sights/generate-guide', {
    method: 'POST',
    json: input,
    token: token ?? undefined,
    timeoutMs: GUIDE_TIMEOUT_MS,
    signal,
  });
/** The caller's guide of a sight in `language` (any language when absent), with the languages it has guides in. */
export const getSightGuide = (sightId: string, token: Token, language?: string) =>
  request<SightGuideResponse>(`/sights/${encodeURIComponent(sightId)}/guide?${qs({ language })}`, {
    token: token ?? undefined,
  });
export const getGuide = (id: string, token: Token) =>
  request<GuideResponse>(`/guides/${encodeURIComponent(id)}`, { token: token ?? undefined });

/** The monthly guide allowance of the user's plan is used up (429 with code guide_limit_reached). */
export function isGuideLimitError(e: unknown): e is ApiError {
  return (
    e instanceof ApiError &&
    Boolean(e.body) &&
    typeof e.body === 'object' &&
    (e.body as { code?: unknown }).code === GUIDE_LIMIT_CODE
  );
}
