import { useId, useRef, useState, type FormEvent } from 'react';
import { Undo2 } from 'lucide-react';
import { formatPrice } from '../../../domain/cart-lines';
import { NOTICE_MS } from '../../../domain/constants';
import type { Order } from '../../../domain/payment';
import {
  ledgerOfOrder,
  leftCents,
  priceRefund,
  refundableCents,
  refundedPairs,
  refundRefusalMessage,
  refundRequestSchema,
  type RefundRequest,
} from '../../../domain/refunds';
import { ApiError, errorMessage } from '../../api/http';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { toast } from '../../lib/toast';
import { useRefundOrder } from './api/refund-order';
import { RestockBox } from './restock-box';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { compactBoxClass, CompactField, compactControlClass } from '../../components/forms/compact-field';
import { InlineError } from '../../components/forms/inline-error';
import { SectionCard } from '../../components/section-card';

const money = (cents: number) => formatPrice(cents / 100);

/** Whether a failed press may have given money back: then pressing again must be the same refund. */
const outcomeUnknown = (failure: unknown) =>
  failure instanceof ApiError && (failure.status === 0 || failure.status === 504);

/**
 * Refund an order from its admin view: some pairs (their share of what was paid, and back in stock
 * if asked) or an amount, with an internal reason and perhaps words for the buyer. One
 * Idempotency-Key per refund prepared here: a second press, or a press again after a timeout, is the
 * same refund; after a refusal the next press is a new one. Money leaves only once the dialog naming
 * the amount and the pairs is confirmed (issue 32); nothing to give back, nothing to press.
 */
export function RefundForm({ order }: { order: Order }) {
  const id = useId();
  const refundOrder = useRefundOrder(order.idPayment);
  const key = useRef(newIdempotencyKey());
  const [mode, setMode] = useState<'pairs' | 'amount'>('pairs');
  const [pairs, setPairs] = useState<Record<string, number>>({});
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [buyerMessage, setBuyerMessage] = useState('');
  const [restock, setRestock] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // The checked refund waiting for its confirmation, and the cents it gives back.
  const [confirming, setConfirming] = useState<{ request: RefundRequest; cents: number } | null>(null);

  const ledger = ledgerOfOrder(order);
  const left = leftCents(ledger);
  const held = left - refundableCents(ledger);
  const refunded = refundedPairs(ledger);
  const chosen = Object.entries(pairs)
    .filter(([, quantity]) => quantity > 0)
    .map(([lineId, quantity]) => ({ lineId, quantity }));
  const priced = chosen.length > 0 ? priceRefund({ lines: chosen }, ledger) : undefined;
  const pairsCents = priced?.ok ? priced.cents : 0;
  const pairsRefusal = priced && !priced.ok ? refundRefusalMessage(priced.refusal) : null;
  const amountCents = Math.round(Number(amount) * 100) || 0;
  const cents = mode === 'amount' ? amountCents : pairsCents;

  function choosePairs(lineId: string, quantity: number) {
    setPairs({ ...pairs, [lineId]: quantity });
    // "Choose the pairs to refund" (or a refusal) is answered by choosing again.
    setError(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const request: RefundRequest =
      mode === 'amount'
        ? { reason, buyerMessage, amount: Math.round(Number(amount) * 100), restock: false }
        : { reason, buyerMessage, lines: chosen, restock };
    const parsed = refundRequestSchema.safeParse(request);
    if (!parsed.success) {
      setError(
        mode === 'pairs' && request.lines?.length === 0
          ? 'Choose the pairs to refund'
          : parsed.error.issues[0]!.message,
      );
      return;
    }
    setError(null);
    setConfirming({ request: parsed.data, cents: mode === 'amount' ? parsed.data.amount! : pairsCents });
  }

  function send(request: RefundRequest, refundCents: number) {
    refundOrder
      .mutateAsync({ request, key: key.current })
      .then(() => {
        toast.success(`Refunded ${money(refundCents)}`, {
          duration: NOTICE_MS.admin,
        });
        // The next refund is another one.
        key.current = newIdempotencyKey();
        setPairs({});
        setAmount('');
        setReason('');
        setBuyerMessage('');
      })
      .catch((failure: unknown) => {
        // Refused: nothing was given back, so the next press is a new refund. Unknown (a timeout,
        // the network): the same key again confirms the one that may have gone through.
        if (!outcomeUnknown(failure)) key.current = newIdempotencyKey();
        setError(errorMessage(failure));
      });
  }

  return (
    <SectionCard title="Refunds" icon={Undo2}>
      <p className="mt-1 text-sm text-gray-700">
        Charged {money(order.amount)} · refunded {money(order.refunded)} · left to refund {money(left)}
        {held > 0 && <> ({money(held)} held for waiting returns)</>}
      </p>
      {order.refunds.length > 0 && (
        <ul className="mt-3 flex flex-col gap-1 text-sm">
          {order.refunds.map((refund) => (
            <li key={refund._id} className="flex flex-wrap gap-x-3">
              <time dateTime={refund.date} className="font-mono text-xs text-gray-600">
                {refund.date.slice(0, 10)}
              </time>
              <span className="font-bold tabular-nums">{money(refund.amount)}</span>
              <span className="text-gray-700">{refund.reason}</span>
              {refund.message && (
                <span className="text-gray-600 italic">To the buyer: “{refund.message}”</span>
              )}
              <span className={refund.status === 'succeeded' ? 'text-emerald-800' : 'text-deal'}>
                {refund.status}
              </span>
            </li>
          ))}
        </ul>
      )}
      {left > 0 && (
        <form method="post" onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
          <fieldset className="flex gap-4 text-sm font-semibold">
            <legend className="sr-only">Refund</legend>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-mode`}
                checked={mode === 'pairs'}
                onChange={() => setMode('pairs')}
              />
              Some pairs
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-mode`}
                checked={mode === 'amount'}
                onChange={() => setMode('amount')}
              />
              An amount
            </label>
          </fieldset>
          {mode === 'pairs' ? (
            <div className="flex flex-col gap-2">
              {order.shoe.map((line) => {
                const open = line.quantity - (refunded.get(line.lineId) ?? 0);
                return (
                  // One column for the names, one for the boxes: the boxes line up whatever the names.
                  <label key={line.lineId} className="grid grid-cols-[1fr_5rem] items-center gap-3 text-sm">
                    <span>
                      Pairs of {line.name}, size {line.size}{' '}
                      <span className="text-gray-600">({open} left)</span>
                    </span>
                    <input
                      type="number"
                      min={0}
                      max={open}
                      disabled={open === 0}
                      value={pairs[line.lineId] ?? 0}
                      onChange={(event) =>
                        choosePairs(line.lineId, Math.max(0, Math.min(open, Number(event.target.value) || 0)))
                      }
                      className={`${compactBoxClass} w-20 text-right`}
                    />
                  </label>
                );
              })}
              <RestockBox checked={restock} onChange={setRestock} />
              {pairsRefusal && <p className="text-sm font-semibold text-deal">{pairsRefusal}</p>}
            </div>
          ) : (
            <CompactField id={`${id}-amount`} label="Amount ($)">
              <input
                id={`${id}-amount`}
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(event) => {
                  setAmount(event.target.value);
                  setError(null);
                }}
                className={`${compactControlClass} sm:w-48`}
              />
            </CompactField>
          )}
          <CompactField
            id={`${id}-reason`}
            label="Internal reason"
            hint="For the order’s history and the audit log; the buyer never sees it."
          >
            <input
              id={`${id}-reason`}
              value={reason}
              maxLength={200}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-reason-hint${error ? ` ${id}-error` : ''}`}
              className={compactControlClass}
            />
          </CompactField>
          <CompactField
            id={`${id}-message`}
            label="Message to the buyer (optional)"
            hint="Mailed with the refund and shown on their order page."
          >
            <textarea
              id={`${id}-message`}
              value={buyerMessage}
              rows={2}
              maxLength={500}
              onChange={(event) => setBuyerMessage(event.target.value)}
              aria-describedby={`${id}-message-hint`}
              className="w-full rounded-xl border border-gray-300 bg-white px-3 py-2 text-sm hover:border-ink"
            />
          </CompactField>
          <InlineError id={`${id}-error`} message={error} />
          <button
            type="submit"
            disabled={refundOrder.isPending || cents <= 0}
            className="h-11 self-start rounded-full bg-deal px-5 text-sm font-bold text-white transition-colors hover:bg-red-800 disabled:opacity-60"
          >
            Refund{' '}
            {mode === 'amount' ? (Number(amount) > 0 ? formatPrice(Number(amount)) : '') : money(pairsCents)}
          </button>
          <ConfirmDialog
            open={confirming !== null}
            onOpenChange={(open) => {
              if (!open) setConfirming(null);
            }}
            title={`Refund ${money(confirming?.cents ?? 0)}?`}
            description={confirming && <RefundSummary order={order} request={confirming.request} />}
            confirmLabel={`Refund ${money(confirming?.cents ?? 0)}`}
            onConfirm={() => {
              if (confirming) send(confirming.request, confirming.cents);
            }}
          />
        </form>
      )}
    </SectionCard>
  );
}

/** What the confirmation names: the pairs given back (or that it is an amount), and whether they are restocked. */
function RefundSummary({ order, request }: { order: Order; request: RefundRequest }) {
  const lines = request.lines ?? [];
  const card = <span className="block break-all">Back to the card of {order.email}.</span>;
  if (lines.length === 0) return <>An amount, no pairs. {card}</>;
  return (
    <>
      <span className="block font-semibold text-ink">
        {lines
          .map(({ lineId, quantity }) => {
            const line = order.shoe.find((shoe) => shoe.lineId === lineId);
            return `${quantity} × ${line?.name ?? 'a pair'}, size ${line?.size ?? '?'}`;
          })
          .join('; ')}
      </span>
      {request.restock && 'They go back in stock. '}
      {card}
    </>
  );
}
