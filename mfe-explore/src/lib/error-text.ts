/** The text shown for a failed call: its message (api-client's ApiError carries the spec's), else 'request failed'. */
export const errorText = (e: unknown): string =>
  e instanceof Error && e.message ? e.message : 'request failed';
