import { describe, expect, it } from 'vitest';
import {
  ADDRESS_DRAFT_KEY,
  forgetAddressDraft,
  keepAddressDraft,
  restoreAddressDraft,
} from './address-draft';
import type { PaymentFormInput } from '../../components/payment/card-input';

/** sessionStorage as a map, to read what was written. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '987' };
const typed: PaymentFormInput = {
  name: 'Ana Lima',
  line1: 'Main St 12',
  line2: 'Apt 4B',
  city: 'San Diego',
  state: 'California',
  postal_code: '92101',
  phone: '(619) 555-0134',
  ...CARD,
  sameBilling: false,
  billing: { name: 'Bo Lima', line1: '1 Market St', city: 'Austin', state: 'TX', postal_code: '73301' },
};

describe('the address draft', () => {
  it('keeps every address field and the billing choice, and gives them back', () => {
    const storage = memoryStorage();
    keepAddressDraft(typed, storage);
    const { cardNumber: _number, expiry: _expiry, cvc: _cvc, ...addresses } = typed;
    expect(restoreAddressDraft(storage)).toEqual(addresses);
  });

  it('never keeps the card: its number, expiry and CVC are nowhere in what is stored', () => {
    const storage = memoryStorage();
    // Even a card number typed into an address field's neighbour (extra keys) is not picked.
    keepAddressDraft({ ...typed, ...{ card: CARD.cardNumber } } as PaymentFormInput, storage);
    const stored = storage.items.get(ADDRESS_DRAFT_KEY)!;
    for (const secret of ['4242', '12/30', '987', 'cardNumber', 'expiry', 'cvc', 'card']) {
      expect(stored).not.toContain(secret);
    }
    expect(Object.keys(restoreAddressDraft(storage)!)).not.toContain('cardNumber');
  });

  it('is forgotten once paid', () => {
    const storage = memoryStorage();
    keepAddressDraft(typed, storage);
    forgetAddressDraft(storage);
    expect(storage.items.size).toBe(0);
    expect(restoreAddressDraft(storage)).toBeNull();
  });

  it('gives nothing, or only sound fields, for what it cannot trust', () => {
    const storage = memoryStorage();
    storage.setItem(ADDRESS_DRAFT_KEY, '{not json');
    expect(restoreAddressDraft(storage)).toBeNull();
    storage.setItem(ADDRESS_DRAFT_KEY, JSON.stringify({ name: 42, city: 'Austin', cardNumber: '4242' }));
    expect(restoreAddressDraft(storage)).toEqual({
      name: '',
      line1: '',
      line2: '',
      city: 'Austin',
      state: '',
      postal_code: '',
      phone: '',
      sameBilling: true,
      billing: { name: '', line1: '', city: '', state: '', postal_code: '' },
    });
  });

  it('lets the shopper go on when storage refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => keepAddressDraft(typed, refusing)).not.toThrow();
    expect(restoreAddressDraft(refusing)).toBeNull();
    expect(() => forgetAddressDraft(refusing)).not.toThrow();
  });

  it('does nothing where there is no sessionStorage (the server)', () => {
    expect(restoreAddressDraft()).toBeNull();
    expect(() => keepAddressDraft(typed)).not.toThrow();
  });
});
