import { describe, expect, it } from 'vitest';
import { multipartBody } from './send-multipart';

describe('multipartBody', () => {
  it('holds the text fields, leaving out undefined ones', () => {
    const body = multipartBody({ name: 'Air', size: '9.5', onSale: undefined });
    expect([...body.keys()]).toEqual(['name', 'size']);
    expect(body.get('size')).toBe('9.5');
  });

  it('puts the files after the text fields, and only the chosen ones', () => {
    const image = new File(['png'], 'shoe.png', { type: 'image/png' });
    const body = multipartBody({ name: 'Air' }, { image, other: undefined });
    expect([...body.keys()]).toEqual(['name', 'image']);
    const sent = body.get('image');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('shoe.png');
  });
});
