import { WEBHOOK_EVENTS, WEBHOOK_PING } from '../../../domain/contracts/webhooks';

/** The words for an event type: its label, "Test event" for a ping, the name itself for one unknown here. */
export function eventLabel(type: string): string {
  if (type === WEBHOOK_PING) return 'Test event';
  return Object.hasOwn(WEBHOOK_EVENTS, type) ? WEBHOOK_EVENTS[type as keyof typeof WEBHOOK_EVENTS] : type;
}

/**
 * A time of the log, to the minute, in UTC as the audit log writes it: the same on the server's render
 * and in every staff member's browser, and comparable with the receiver's own logs.
 */
export function utcMinute(iso: string): string {
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}
