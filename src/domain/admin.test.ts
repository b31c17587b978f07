import { describe, expect, it } from 'vitest';
import { createShoeSchema } from './admin';
import { MESSAGES } from './messages';

const M = MESSAGES.adminForm;
const valid = {
  brand: 'Velo',
  name: 'Sky Runner',
  color: 'Green',
  price: '120',
  size: '9.5',
  q: '4',
  description: 'Light, quick and comfortable.',
};

/** The message Create Shoes answers for `field` set to `value`, or undefined when it passes. */
function messageFor(field: keyof typeof valid, value: string): string | undefined {
  const result = createShoeSchema.safeParse({ ...valid, [field]: value });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('Create Shoes: real sneaker names, colours and product copy (decision 021)', () => {
  it.each([
    'Air Force 1',
    '550',
    'Gel-Kayano 14',
    'Chuck 70 Hi',
    "Dunk Low 'Panda'",
    'Old Skool',
    'Kids 4.5',
  ])('takes the name %s', (name) => {
    expect(messageFor('name', name)).toBeUndefined();
  });

  it.each(['!!', '###', 'Air <Max>', '-', "''", 'Runner@Home', 'Max {90}'])(
    'refuses the name %s with the spec message',
    (name) => {
      expect(messageFor('name', name)).toBe(M.nameFormat);
    },
  );

  it.each(['Off-White', 'Black/White', 'Navy', 'Crème'])('takes the colour %s', (color) => {
    expect(messageFor('color', color)).toBeUndefined();
  });

  it.each(['Bl@ck', '90', '--', 'Red;'])('refuses the colour %s with the spec message', (color) => {
    expect(messageFor('color', color)).toBe(M.colorFormat);
  });

  it.each([
    'Gore-Tex upper, 10mm drop. It’s ready for rain!',
    "It's light (245 g) and 100% suede: comfort; grip? Yes.",
    'Made for "long runs" / short sprints + daily wear.\nSecond line.',
    'Now 30 percent lighter',
  ])('takes the description %j', (description) => {
    expect(messageFor('description', description)).toBeUndefined();
  });

  it.each(['!!', '###', 'Only <b>bold</b> words', 'Mail me @ home', 'a = b', '{json}', '1234 5678'])(
    'refuses the description %j with the spec message',
    (description) => {
      expect(messageFor('description', description)).toBe(M.descriptionFormat);
    },
  );

  it('keeps the brand to the spec letters and spaces', () => {
    expect(messageFor('brand', 'V3lo')).toBe(M.brandFormat);
  });
});
