import { afterEach, describe, expect, it, vi } from 'vitest';
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

afterEach(() => {
  vi.useRealTimers();
});

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

  it('answers from the last copy while the next read is on its way: no poll waits for the database', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { store, reads } = countingStore();
    let release = () => {};
    const slow = store.find;
    const waitingRoom = room({
      ...store,
      find: async (...args: Parameters<DropsStore['find']>) => {
        if (reads.find >= 1) await new Promise<void>((resolve) => (release = resolve));
        return slow(...args);
      },
    } as DropsStore);
    const token = places.sign({ d: DROP_ID, u: 'u', p: 3 });
    await waitingRoom.poll(DROP_ID, token);
    vi.setSystemTime(Date.now() + 1_500);
    // The copy is 1.5 s old: the poll is answered from it at once, and one read is sent.
    const stale = await waitingRoom.poll(DROP_ID, token);
    expect(stale.answer.place).toBe(3);
    release();
    await vi.waitFor(() => expect(reads.find).toBe(2));
    // Past DROP_STALE_MS with no read answered, a poll waits for the read.
    vi.setSystemTime(Date.now() + 20_000);
    let answered = false;
    const waiting = waitingRoom.poll(DROP_ID, token).then(() => (answered = true));
    await Promise.resolve();
    expect(answered).toBe(false);
    release();
    await waiting;
    expect(reads.find).toBe(3);
  });

  it('spreads the early arrivals’ first poll after the opening over a few seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(opensAt.getTime() - 1_500);
    const { store } = countingStore();
    const waitingRoom = room(store);
    const seconds = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const { answer } = await waitingRoom.poll(DROP_ID, places.sign({ d: DROP_ID, u: `e${i}`, p: null }));
      expect(answer.status).toBe('early');
      seconds.add(answer.pollAfterSeconds);
    }
    expect([...seconds].sort()).toEqual([2, 3, 4, 5]);
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
