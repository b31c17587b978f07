import { describe, expect, it } from 'vitest';
import { eventLabel, utcMinute } from './webhook-text';

describe('webhook text', () => {
  it('names events by their labels, a ping as a test event, and an unknown type as itself', () => {
    expect(eventLabel('order.paid')).toBe('Order paid');
    expect(eventLabel('ping')).toBe('Test event');
    expect(eventLabel('toString')).toBe('toString');
    expect(eventLabel('order.lost')).toBe('order.lost');
  });

  it('writes times to the minute in UTC', () => {
    expect(utcMinute('2026-11-27T02:05:59.123Z')).toBe('2026-11-27 02:05 UTC');
  });
});
