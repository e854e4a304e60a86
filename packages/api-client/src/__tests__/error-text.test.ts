import { jest } from '@jest/globals';
import { ApiError, AppError, errorText, request } from '../request';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('errorText: the browser’s one error-text rule', () => {
  it('shows the server’s text of an API failure (error, its message, then message field)', () => {
    expect(
      errorText(
        new ApiError('x', 400, { error: 'Title is required', message: 'm' }),
        'Failed to create news',
      ),
    ).toBe('Title is required');
    expect(errorText(new ApiError('x', 400, { error: { message: 'Nested' } }), 'F')).toBe('Nested');
    expect(errorText(new ApiError('x', 403, { message: 'Admins only' }), 'F')).toBe('Admins only');
  });
  it('falls back when the server sent no text, whatever the status text says', () => {
    expect(errorText(new ApiError('Internal Server Error', 500, {}), 'Failed to fetch roadmap')).toBe(
      'Failed to fetch roadmap',
    );
    expect(errorText(new ApiError('request failed', 502, { raw: '<html>' }), 'Failed to fetch news')).toBe(
      'Failed to fetch news',
    );
  });
  it('shows the message of an error the app raised itself', () => {
    expect(errorText(new AppError('Authentication required'), 'Failed to create news')).toBe(
      'Authentication required',
    );
    expect(errorText(new AppError('HTTP 500'), 'Failed to load dashboard data')).toBe('HTTP 500');
  });
  it('falls back on network failures, time-outs, aborts, bugs and non-errors', () => {
    expect(errorText(new TypeError('Failed to fetch'), 'Delete failed')).toBe('Delete failed');
    expect(errorText(new DOMException('The request timed out', 'TimeoutError'), 'Upload failed')).toBe(
      'Upload failed',
    );
    expect(errorText(new Error('x is undefined'), 'Failed to update roadmap item')).toBe(
      'Failed to update roadmap item',
    );
    expect(errorText('boom', 'F')).toBe('F');
    expect(errorText(null, 'F')).toBe('F');
  });
  it('applies to what request() throws', async () => {
    globalThis.fetch = jest.fn(
      async () =>
        new Response('{"error":"Shop is down"}', { status: 503, statusText: 'Service Unavailable' }),
    ) as unknown as typeof fetch;
    expect(
      errorText(
        await request('http://x.test/a', { method: 'POST' }).catch((e: unknown) => e),
        'Purchase failed',
      ),
    ).toBe('Shop is down');
    globalThis.fetch = jest.fn(
      async () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
    ) as unknown as typeof fetch;
    expect(
      errorText(
        await request('http://x.test/a', { method: 'POST' }).catch((e: unknown) => e),
        'Purchase failed',
      ),
    ).toBe('Purchase failed');
  });
});
