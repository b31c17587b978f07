import { describe, expect, it } from 'vitest';
import { createSignedTokens } from '../../http/signed-token.js';
import type { DropsStore } from './store.js';
import { createWaitingRoom } from './waiting-room.js';

const SECRET = 'waiting-room-unit-test-secret-0123456789';
const DROP_ID = '00000000-0000-4000-8000-000000000001';
const opensAt = new Date(Date.now() - 1_000);

/** The one read a poll may cause: the drop, counted. */
function countingStore() {
  const reads = { find: 0, earlyPlaces: 0 };
  const store = {
    find: async () => {
      reads.find += 1;
      return {
        id: DROP_ID,
        mode: 'first_come',
        status: 'scheduled',
        opensAt,
        closesAt: new Date(Date.now() + 3_600_000),
        admitPerMinute: 60,
        minutesToPay: 5,
        sizes: [{ size: '9', pairs: 50, sold: 0 }],
      };
    },
    earlyPlaces: async () => {
      reads.earlyPlaces += 1;
      return new Map([
        ['early', 7],
        ['also-early', 3],
      ]);
    },
  } as unknown as DropsStore;
  return { store, reads };
}

const room = (store: DropsStore) =>
  createWaitingRoom({
    repository: store,
    payments: { saveCard: async () => ({ fingerprint: 'f', last4: '4242' }) },
    offersShipping: async () => true,
    chargeEntry: async () => ({ outcome: 'declined' }),
    jobs: { enqueue: async () => 'job' },
    secret: SECRET,
  });

const places = createSignedTokens(SECRET, 'drop-queue');

describe('a poll of the waiting room', () => {
  it('reads the drop once for a crowd polling at once, and nothing else', async () => {
    const { store, reads } = countingStore();
    const waitingRoom = room(store);
    const answers = await Promise.all(
      Array.from({ length: 500 }, (_, index) =>
        waitingRoom.poll(DROP_ID, places.sign({ d: DROP_ID, u: `user-${index}`, p: index + 1 })),
      ),
    );
    expect(reads).toEqual({ find: 1, earlyPlaces: 0 });
    expect(answers[0]!.answer).toMatchObject({ status: 'admitted', place: 1 });
    expect(answers[499]!.answer).toMatchObject({ status: 'waiting', place: 500 });
    expect(answers.every((polled) => polled.token === undefined)).toBe(true);
  });

  it('reads the early arrivals’ drawn order once for them all, then carries each place in a new token', async () => {
    const { store, reads } = countingStore();
    const waitingRoom = room(store);
    const [first, other] = await Promise.all([
      waitingRoom.poll(DROP_ID, places.sign({ d: DROP_ID, u: 'early', p: null })),
      waitingRoom.poll(DROP_ID, places.sign({ d: DROP_ID, u: 'also-early', p: null })),
    ]);
    expect(first.answer.place).toBe(7);
    expect(other.answer.place).toBe(3);
    expect(first.token).toBeDefined();
    const next = await waitingRoom.poll(DROP_ID, first.token);
    expect(next.answer.place).toBe(7);
    expect(next.token).toBeUndefined();
    expect(reads).toEqual({ find: 1, earlyPlaces: 1 });
  });

  it('refuses a token signed with another secret or for another purpose', async () => {
    const { store } = countingStore();
    const waitingRoom = room(store);
    const foreign = createSignedTokens('another-secret-0123456789-0123456789', 'drop-queue');
    const otherPurpose = createSignedTokens(SECRET, 'cart-reminders');
    for (const token of [
      foreign.sign({ d: DROP_ID, u: 'u', p: 1 }),
      otherPurpose.sign({ d: DROP_ID, u: 'u', p: 1 }),
      places.sign({ d: DROP_ID, u: 'u', p: 0 }),
      'not-a-token',
    ]) {
      await expect(waitingRoom.poll(DROP_ID, token)).rejects.toMatchObject({
        statusCode: 404,
        code: 'not_queued',
      });
    }
  });
});
