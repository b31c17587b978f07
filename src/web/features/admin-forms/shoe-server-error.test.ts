import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http';
import { applyShoeServerError } from './shoe-server-error';

type Values = { name: string; image: File | undefined };
const FIELDS = ['name', 'image'] as const;

describe('applyShoeServerError', () => {
  it.each([
    {
      what: 'a too-large image (413)',
      error: new ApiError(413, 'payload_too_large', 'The image can be at most 10 MB'),
      shown: 'The image can be at most 10 MB',
    },
    {
      what: 'the validation message about the image',
      error: new ApiError(415, 'unsupported_media_type', 'Not an image', { image: 'Add a valid image' }),
      shown: 'Add a valid image',
    },
  ])('puts $what under the image field', ({ error, shown }) => {
    const setError = vi.fn();
    expect(applyShoeServerError<Values>(error, setError, FIELDS)).toBeUndefined();
    expect(setError).toHaveBeenCalledWith('image', { type: 'server', message: shown }, { shouldFocus: true });
  });

  it('returns anything else for the whole form', () => {
    const setError = vi.fn();
    const error = new ApiError(404, 'not_found', 'Shoe not found');
    expect(applyShoeServerError<Values>(error, setError, FIELDS)).toBe('Shoe not found');
    expect(setError).not.toHaveBeenCalled();
  });
});
