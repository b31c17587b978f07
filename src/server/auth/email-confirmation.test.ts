import { describe, expect, it, vi } from 'vitest';
import type { MailMessage, SendOptions } from '../mail/mailer.js';
import { createEmailConfirmation } from './email-confirmation.js';

const publicUrl = 'https://shop.test';
const user = { id: 'user-1', email: 'sam@example.com' };

function setUp(send: (message: MailMessage, options?: SendOptions) => Promise<void>) {
  const errors: [object, string][] = [];
  const confirmation = createEmailConfirmation({
    mailer: { send: vi.fn(send) },
    publicUrl,
    log: { error: (object, message) => errors.push([object, message]) },
  });
  return { confirmation, errors };
}

describe('the email confirmation', () => {
  it('mails the link to /verify-email with the token, to be delivered after the request', async () => {
    const sent: [MailMessage, SendOptions | undefined][] = [];
    const { confirmation } = setUp(async (message, options) => void sent.push([message, options]));
    await confirmation.onSignUp({ user, token: 'a.b.c' });
    expect(sent).toHaveLength(1);
    const [message, options] = sent[0]!;
    expect(message.to).toBe(user.email);
    expect(message.text).toContain(`${publicUrl}/verify-email?token=a.b.c`);
    expect(options).toEqual({ deliverLater: true });
    expect(confirmation.expiresIn).toBe(24 * 60 * 60);
  });

  it("never fails a sign-up: a mail that cannot be kept is logged, without the error's text", async () => {
    const { confirmation, errors } = setUp(async (message) => {
      // As a database error reads: its parameters, the link among them.
      throw Object.assign(new Error(`Failed query: insert ... params: ${message.text}`), { code: '57P01' });
    });
    await expect(confirmation.onSignUp({ user, token: 'secret.token.value' })).resolves.toBeUndefined();
    expect(errors).toEqual([
      [
        { userId: user.id, failure: { name: 'Error', code: '57P01' } },
        'the email confirmation could not be mailed',
      ],
    ]);
    expect(JSON.stringify(errors)).not.toContain('secret.token.value');
  });

  it('tells the shopper who asked for a new link that it could not be mailed', async () => {
    const { confirmation } = setUp(async () => {
      throw new Error('the outbox is down');
    });
    await expect(
      confirmation.mailNewLink(user, 'a-secret-of-at-least-thirty-two-characters'),
    ).rejects.toThrow('the outbox is down');
  });
});
