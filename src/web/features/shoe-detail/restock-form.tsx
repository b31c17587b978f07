import { useId, useState, type FormEvent } from 'react';
import { BellRing } from 'lucide-react';
import type { Shoe } from '../../../domain/catalog';
import { MESSAGES } from '../../../domain/messages';
import { errorMessage } from '../../api/http';
import { useSession } from '../../api/use-session';
import { CompactField, compactControlClass } from '../../components/forms/compact-field';
import { waitForSize } from './api/wait-for-size';

/**
 * "Email me when it's back" for the shoe's sold-out sizes: the shopper leaves an address (a signed-in
 * shopper's own, filled in) and is mailed once when the size is restocked.
 */
export function RestockForm({ shoe }: { shoe: Shoe }) {
  const id = useId();
  const session = useSession();
  const soldOut = shoe.stock
    .filter((entry) => entry.quantity === 0)
    .sort((a, b) => Number(a.size) - Number(b.size));
  const [size, setSize] = useState(soldOut[0]?.size ?? '');
  const [typed, setTyped] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  if (soldOut.length === 0) return null;
  const email = typed ?? session.data?.email ?? '';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Checked by the server with the newsletter's rule; its message shows here.
    setSending(true);
    try {
      setAnswer({
        ok: true,
        text: (await waitForSize({ email: email.trim(), shoeId: shoe._id, size })).message,
      });
    } catch (error) {
      setAnswer({ ok: false, text: errorMessage(error) });
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      method="post"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="mt-6 rounded-2xl bg-paper p-4 ring-1 ring-black/5"
    >
      <p id={`${id}-title`} className="flex items-center gap-2 text-sm font-bold">
        <BellRing aria-hidden="true" className="size-4" />
        {MESSAGES.restock.emailMe}
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <CompactField id={`${id}-size`} label="Sold-out size" className="sm:w-32">
          <select
            id={`${id}-size`}
            value={size}
            onChange={(event) => setSize(event.target.value)}
            className={compactControlClass}
          >
            {soldOut.map((entry) => (
              <option key={entry._id} value={entry.size}>
                {entry.size}
              </option>
            ))}
          </select>
        </CompactField>
        <CompactField id={`${id}-email`} label="Your email" className="flex-1">
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={answer && !answer.ok ? true : undefined}
            aria-describedby={answer ? `${id}-answer` : undefined}
            className={compactControlClass}
          />
        </CompactField>
        <button
          type="submit"
          disabled={sending}
          className="h-11 shrink-0 rounded-full border border-ink px-5 text-sm font-bold transition-colors hover:bg-ink hover:text-white disabled:opacity-60"
        >
          Notify me
        </button>
      </div>
      <p
        id={`${id}-answer`}
        role={answer && !answer.ok ? 'alert' : 'status'}
        className={`mt-2 text-sm font-semibold ${answer?.ok ? 'text-emerald-800' : 'text-deal'}`}
      >
        {answer?.text ?? ''}
      </p>
    </form>
  );
}
