import { useId, useState } from 'react';
import { PackageOpen } from 'lucide-react';
import { formatPrice } from '../../../domain/cart-lines';
import { NOTICE_MS } from '../../../domain/constants';
import type { Order } from '../../../domain/payment';
import { isWaitingReturn, ledgerOfOrder, priceRefund } from '../../../domain/refunds';
import { returnDecisionSchema } from '../../../domain/returns';
import { errorMessage } from '../../api/http';
import { CompactField } from '../../components/forms/compact-field';
import { InlineError } from '../../components/forms/inline-error';
import { ReturnSummary } from '../../components/return-summary';
import { toast } from '../../lib/toast';
import { useDecideReturn } from './api/decide-return';
import { RestockBox } from './restock-box';
import { SectionCard } from '../../components/section-card';

type Asked = Order['returns'][number];

/** What refunding a return gives back now: its pairs' share of what their lines cost. */
function valueCents(order: Order, asked: Asked): number {
  const priced = priceRefund({ lines: asked.lines }, ledgerOfOrder(order), asked._id);
  return priced.ok ? priced.cents : 0;
}

const primaryClass =
  'h-11 rounded-full bg-ink px-5 text-sm font-bold text-white transition-colors hover:bg-accent-dark disabled:opacity-60';
const secondaryClass =
  'h-11 rounded-full border border-gray-300 px-5 text-sm font-bold text-ink transition-colors hover:border-ink disabled:opacity-60';

/**
 * The staff's answer to one waiting return. Asked: approve it (the shopper is mailed how to send the
 * pairs back), or approve and refund at once on purpose, or reject it. Approved: mark the pairs
 * received (refunded, back in stock if ticked), or reject it (never sent back).
 */
function DecisionForm({ order, asked }: { order: Order; asked: Asked }) {
  const id = useId();
  const decide = useDecideReturn();
  const awaitingPairs = asked.status === 'approved';
  const [restock, setRestock] = useState(awaitingPairs);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const value = formatPrice(valueCents(order, asked) / 100);

  function send(decision: unknown, done: string) {
    const parsed = returnDecisionSchema.safeParse(decision);
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    decide
      .mutateAsync({ id: asked._id, decision: parsed.data })
      .then(() => toast.success(done, { duration: NOTICE_MS.admin }))
      .catch((failure: unknown) => setError(errorMessage(failure)));
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => event.preventDefault()}
      aria-label={`Decide the return asked on ${asked.date.slice(0, 10)}`}
      className="mt-3 flex flex-col gap-3 rounded-xl bg-paper p-4"
    >
      {awaitingPairs ? (
        <div className="flex flex-wrap items-center gap-4">
          <button
            type="button"
            disabled={decide.isPending}
            onClick={() => send({ decision: 'receive', restock }, `Pairs received: ${value} refunded`)}
            className={primaryClass}
          >
            Pairs received: refund {value}
          </button>
          <RestockBox checked={restock} onChange={setRestock} />
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              disabled={decide.isPending}
              onClick={() =>
                send(
                  { decision: 'approve', refundNow: false },
                  'Return approved; the shopper is mailed how to send the pairs back',
                )
              }
              className={primaryClass}
            >
              Approve: the shopper sends them back
            </button>
            <button
              type="button"
              disabled={decide.isPending}
              onClick={() =>
                send({ decision: 'approve', refundNow: true, restock }, `Return approved: ${value} refunded`)
              }
              className={secondaryClass}
            >
              Approve and refund {value} now
            </button>
          </div>
          <RestockBox
            checked={restock}
            onChange={setRestock}
            label="With a refund now, put the pairs back in stock"
          />
        </div>
      )}
      <CompactField id={`${id}-message`} label="Or reject, telling the shopper why">
        <textarea
          id={`${id}-message`}
          value={message}
          rows={2}
          maxLength={500}
          onChange={(event) => setMessage(event.target.value)}
          className="w-full rounded-xl border border-gray-300 bg-white px-3 py-2 text-sm hover:border-ink"
        />
        <button
          type="button"
          disabled={decide.isPending}
          onClick={() => send({ decision: 'reject', message }, 'Return rejected; the shopper is mailed')}
          className="mt-1 h-10 self-start rounded-full border border-red-200 px-4 text-sm font-bold text-deal transition-colors hover:border-deal hover:bg-deal hover:text-white disabled:opacity-60"
        >
          Reject
        </button>
      </CompactField>
      <InlineError message={error} />
    </form>
  );
}

/** The returns a shopper asked on this order, waiting ones with the staff's decision. */
export function ReturnDecisions({ order }: { order: Order }) {
  if (order.returns.length === 0) return null;
  return (
    <SectionCard title="Returns" icon={PackageOpen}>
      <ol className="mt-3 flex flex-col divide-y divide-gray-100">
        {order.returns.map((asked) => (
          <li key={asked._id} className="py-3">
            <ReturnSummary order={order} asked={asked} />
            {isWaitingReturn(asked) && <DecisionForm key={asked.status} order={order} asked={asked} />}
          </li>
        ))}
      </ol>
    </SectionCard>
  );
}
