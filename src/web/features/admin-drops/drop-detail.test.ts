import { describe, expect, it } from 'vitest';
import type { AdminEntry } from '../../../domain/contracts/drops';
import { flaggedFirst, flagText } from './drop-detail';
import { localInputValue } from './local-time';

const entry = (id: string, flags: AdminEntry['flags'] = []): AdminEntry => ({
  _id: id,
  email: `${id}@example.com`,
  size: '9',
  city: 'San Diego',
  state: 'CA',
  cardLast4: '4242',
  outcome: 'entered',
  orderId: null,
  flags,
  createdAt: '2030-05-01T12:00:00.000Z',
});

describe("the staff's view of entries", () => {
  it('lists the flagged entries first, keeping the order of the rest', () => {
    const flag = { reason: 'card' as const, email: 'x@y.com', at: '2030-05-01T12:01:00.000Z' };
    const sorted = flaggedFirst([entry('a'), entry('b', [flag]), entry('c'), entry('d', [flag])]);
    expect(sorted.map((row) => row._id)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('says what another shopper tried', () => {
    expect(flagText({ reason: 'card', email: 'x@y.com', at: '' })).toBe('card also tried by x@y.com');
    expect(flagText({ reason: 'address', email: 'z@y.com', at: '' })).toBe('address also tried by z@y.com');
  });
});

describe('localInputValue', () => {
  it('writes a moment as a datetime-local input takes it, in the browser zone', () => {
    const date = new Date(2030, 0, 5, 9, 7, 30);
    expect(localInputValue(date)).toBe('2030-01-05T09:07');
    expect(new Date(localInputValue(date)).getTime()).toBe(new Date(2030, 0, 5, 9, 7).getTime());
  });
});
