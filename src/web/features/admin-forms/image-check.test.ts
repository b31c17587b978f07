import { MESSAGES } from '../../../domain/messages';
import { describe, expect, it } from 'vitest';
import { SHOE_IMAGE_MAX_BYTES } from '../../../domain/admin';
import { shoeImageField, shoeImageProblem } from './image-check';

const png = (size = 1000) => ({ type: 'image/png', size });

describe('shoeImageProblem', () => {
  it('asks for an image only when one is required', () => {
    expect(shoeImageProblem(undefined, { required: true })).toBe(MESSAGES.adminForm.image);
    expect(shoeImageProblem(null, { required: true })).toBe(MESSAGES.adminForm.image);
    expect(shoeImageProblem(undefined, { required: false })).toBeUndefined();
  });

  it('accepts the raster images the shop stores', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']) {
      expect(shoeImageProblem({ type, size: 1000 }, { required: true })).toBeUndefined();
    }
  });

  it('refuses other files, SVG and unknown types included', () => {
    for (const type of ['application/pdf', 'image/svg+xml', 'text/html', '']) {
      expect(shoeImageProblem({ type, size: 1000 }, { required: false })).toBe(MESSAGES.adminForm.image);
    }
  });

  it('refuses images over the size limit, with the limit in the message', () => {
    expect(shoeImageProblem(png(SHOE_IMAGE_MAX_BYTES), { required: true })).toBeUndefined();
    expect(shoeImageProblem(png(SHOE_IMAGE_MAX_BYTES + 1), { required: true })).toBe(
      MESSAGES.admin.imageTooLarge(10),
    );
  });
});

describe('shoeImageField', () => {
  const file = (type: string) => new File(['x'], 'shoe', { type });

  it('passes a valid file, and no file when optional', () => {
    expect(shoeImageField({ required: true }).safeParse(file('image/webp')).success).toBe(true);
    expect(shoeImageField({ required: false }).safeParse(undefined).success).toBe(true);
  });

  it('fails with the field message otherwise', () => {
    const missing = shoeImageField({ required: true }).safeParse(undefined);
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe(MESSAGES.adminForm.image);
    const notImage = shoeImageField({ required: false }).safeParse(file('text/plain'));
    expect(notImage.error?.issues[0]?.message).toBe(MESSAGES.adminForm.image);
  });
});
