import { jest } from '@jest/globals';
import type { FieldErrors } from 'react-hook-form';
import { firstFieldError, lazySchema } from '../forms';

describe('firstFieldError (one message at a time, in the form order)', () => {
  const errors = {
    body: { type: 'too_small', message: 'Please write the news text.' },
    title: { type: 'too_small', message: 'Please enter a title.' },
    stations: [undefined, { title: { type: 'custom', message: 'Every station needs a title.' } }],
  } as unknown as FieldErrors;

  it('takes the first field of the order that has a message, nested paths included', () => {
    expect(firstFieldError(errors, ['title', 'body'])).toEqual({
      name: 'title',
      message: 'Please enter a title.',
    });
    expect(firstFieldError(errors, ['stations.1.title', 'body'])).toEqual({
      name: 'stations.1.title',
      message: 'Every station needs a title.',
    });
  });
  it('still shows an error the order does not list (a schema-wide one), and nothing without errors', () => {
    expect(
      firstFieldError({ '': { type: 'custom', message: 'Nothing to update' } } as unknown as FieldErrors, [
        'title',
      ]),
    ).toEqual({ name: '', message: 'Nothing to update' });
    expect(firstFieldError({}, ['title'])).toBeNull();
  });
});

describe('lazySchema', () => {
  it('loads once, and again after a failed load', async () => {
    const load = jest
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue('schema');
    const get = lazySchema(load);
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe('schema');
    expect(await get()).toBe('schema');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
