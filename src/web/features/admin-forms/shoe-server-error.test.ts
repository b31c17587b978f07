import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http';
import { applyShoeServerError } from './shoe-server-error';

type Values = { name: string; image: File | undefined };
const FIELDS = ['name', 'image'] as const;

describe('applyShoeServerError', () => {
  it('puts a too-large image (413) under the image field', () => {
    const setError = vi.fn();
    const error = new ApiError(413, 'payload_too_large', 'The image can be at most 10 MB');
    expect(applyShoeServerError<Values>(error, setError, FIELDS)).toBeUndefined();
    expect(setError).toHaveBeenCalledWith(
      'image',
      { type: 'server', message: 'The image can be at most 10 MB' },
      { shouldFocus: true },
    );
  });

  it('puts validation messages under their fields', () => {
    const setError = vi.fn();
    const error = new ApiError(415, 'unsupported_media_type', 'Not an image', { image: 'Add a valid image' });
    expect(applyShoeServerError<Values>(error, setError, FIELDS)).toBeUndefined();
    expect(setError).toHaveBeenCalledWith(
      'image',
      { type: 'server', message: 'Add a valid image' },
      { shouldFocus: true },
    );
  });

  it('returns anything else for the whole form', () => {
    const setError = vi.fn();
    const error = new ApiError(404, 'not_found', 'Shoe not found');
    expect(applyShoeServerError<Values>(error, setError, FIELDS)).toBe('Shoe not found');
    expect(setError).not.toHaveBeenCalled();
  });
});
