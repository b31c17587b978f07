import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http';
import { EMPTY_BILLING } from './address-input';
import { paymentFormSchema } from './card-input';
import {
  cardModeOf,
  stripeBillingDetails,
  stripeFailure,
  stripePaymentFormSchema,
  withTimeout,
} from './card-mode';

const address = {
  name: 'Ana Lima',
  state: 'California',
  city: 'San Diego',
  line1: 'Main St 12',
  postal_code: '92101',
};
const noCard = { cardNumber: '', expiry: '', cvc: '' };
const sameBilling = { sameBilling: true, billing: EMPTY_BILLING };

describe('card mode', () => {
  it('waits for the config before choosing a card field', () => {
    expect(cardModeOf({ data: undefined, isError: false })).toEqual({ kind: 'pending' });
  });

  it('uses our card fields with the test processor', () => {
    expect(cardModeOf({ data: { provider: 'test', publishableKey: null }, isError: false })).toEqual({
      kind: 'test',
    });
  });

  it("uses Stripe's card field when the server uses Stripe with a publishable key", () => {
    expect(cardModeOf({ data: { provider: 'stripe', publishableKey: 'pk_test_x' }, isError: false })).toEqual(
      {
        kind: 'stripe',
        publishableKey: 'pk_test_x',
      },
    );
  });

  it('has no card field for Stripe without a publishable key', () => {
    expect(cardModeOf({ data: { provider: 'stripe', publishableKey: null }, isError: false })).toEqual({
      kind: 'unavailable',
    });
    expect(cardModeOf({ data: { provider: 'stripe', publishableKey: '' }, isError: false })).toEqual({
      kind: 'unavailable',
    });
  });

  it('keeps our card fields when the config cannot be read', () => {
    expect(cardModeOf({ data: undefined, isError: true })).toEqual({ kind: 'test' });
  });

  it('keeps the config it has when a later read fails', () => {
    expect(cardModeOf({ data: { provider: 'stripe', publishableKey: 'pk_test_x' }, isError: true })).toEqual({
      kind: 'stripe',
      publishableKey: 'pk_test_x',
    });
  });
});

describe('the payment form with Stripe', () => {
  it('checks the name and address with the spec messages, as the test form does', () => {
    const bad = {
      ...address,
      city: 'SD',
      ...noCard,
      sameBilling: false,
      billing: { ...address, state: 'Ontario' },
    };
    const stripe = stripePaymentFormSchema.safeParse(bad);
    const test = paymentFormSchema.safeParse({
      ...bad,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/99',
      cvc: '123',
    });
    expect(stripe.success).toBe(false);
    expect(stripe.error?.issues.map((issue) => [issue.path, issue.message])).toEqual(
      test.error?.issues.map((issue) => [issue.path, issue.message]),
    );
  });

  it('leaves the card to Stripe: empty card inputs pass', () => {
    const parsed = stripePaymentFormSchema.parse({
      ...address,
      name: '  Ana Lima ',
      ...noCard,
      ...sameBilling,
    });
    expect(parsed).toEqual({ ...address, ...noCard, sameBilling: true, billing: null });
  });

  it('sends the name and billing address as Stripe billing details', () => {
    expect(stripeBillingDetails(address)).toEqual({
      name: 'Ana Lima',
      address: { city: 'San Diego', line1: 'Main St 12', state: 'California', postal_code: '92101' },
    });
  });
});

describe('Stripe.js failures', () => {
  it('are told as API errors carrying Stripe’s message', () => {
    const declined = stripeFailure({
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    expect(declined).toBeInstanceOf(ApiError);
    expect(declined).toMatchObject({
      status: 402,
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    expect(
      stripeFailure({ type: 'invalid_request_error', message: 'Invalid API Key provided' }),
    ).toMatchObject({
      status: 400,
      code: 'invalid_request_error',
      message: 'Invalid API Key provided',
    });
  });

  it('count a lost connection as no answer', () => {
    expect(stripeFailure({ type: 'api_connection_error' })).toMatchObject({
      status: 0,
      code: 'api_connection_error',
    });
  });

  it('always have a message', () => {
    expect(stripeFailure({ type: 'api_error' }).message).not.toBe('');
  });
});

describe('withTimeout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves as the promise does in time', async () => {
    await expect(withTimeout(Promise.resolve('stripe'), 1000, 'late')).resolves.toBe('stripe');
  });

  it('rejects as the promise does in time', async () => {
    await expect(withTimeout(Promise.reject(new Error('offline')), 1000, 'late')).rejects.toThrow('offline');
  });

  it('rejects with its message when the promise takes too long', async () => {
    vi.useFakeTimers();
    const never = new Promise<string>(() => {});
    const result = withTimeout(never, 1000, 'Stripe.js took too long to load');
    const checked = expect(result).rejects.toThrow('Stripe.js took too long to load');
    await vi.advanceTimersByTimeAsync(1000);
    await checked;
  });

  it('does not reject after the promise has settled', async () => {
    vi.useFakeTimers();
    const result = withTimeout(Promise.resolve(1), 1000, 'late');
    await expect(result).resolves.toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(vi.getTimerCount()).toBe(0);
  });
});
