import { MailCheck } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { reminderOverviewSchema, type ReminderSettings } from '../../../domain/contracts/cart-reminders';
import { formatPrice } from '../../../domain/cart-lines';
import { apiUrl, getData, sendJson } from '../../api/http';
import { DashboardCard } from './dashboard-card';

const KEY = ['admin', 'cart-reminders'] as const;
const fieldClass = 'h-10 w-full rounded-xl border border-gray-300 px-3 text-sm';

/**
 * Abandoned-cart reminders (docs/decisions/029): carts reminded, carts recovered (a reminded cart
 * later paid) and what those orders brought in; and the owner's choice for the second reminder, its
 * single-use code's terms (saved and audited by the server).
 */
export function CartRemindersCard({ className }: { className?: string }) {
  const queryClient = useQueryClient();
  const overview = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => getData(apiUrl('/admin/cart-reminders'), reminderOverviewSchema, signal),
  });
  // What the owner is typing; until then, the saved settings.
  const [typed, setDraft] = useState<ReminderSettings | null>(null);
  const draft = typed ?? overview.data?.settings ?? null;
  const save = useMutation({
    mutationFn: (settings: ReminderSettings) =>
      sendJson('PUT', apiUrl('/admin/cart-reminders/settings'), settings, reminderOverviewSchema),
    onSuccess: (answer) => {
      queryClient.setQueryData(KEY, answer);
      setDraft(answer.settings);
    },
  });
  const data = overview.data;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) save.mutate(draft);
  };

  return (
    <DashboardCard
      title="Cart reminders"
      icon={MailCheck}
      description="Carts left behind by signed-in shoppers"
      className={className}
    >
      <dl className="grid grid-cols-3 gap-3 text-center">
        {[
          ['Reminded', data ? String(data.reminded) : '…'],
          ['Recovered', data ? String(data.recovered) : '…'],
          ['Recovered revenue', data ? formatPrice(data.recoveredRevenue) : '…'],
        ].map(([label, value]) => (
          <div key={label} className="rounded-2xl bg-paper px-2 py-3">
            <dt className="text-xs font-semibold text-gray-600">{label}</dt>
            <dd className="text-xl font-black tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {draft && (
        <form method="post" onSubmit={onSubmit} className="mt-4 space-y-3 text-sm">
          <label className="flex items-center gap-2 font-bold">
            <input
              type="checkbox"
              checked={draft.secondEnabled}
              onChange={(event) => setDraft({ ...draft, secondEnabled: event.target.checked })}
            />
            Second reminder with a single-use code
          </label>
          <div className="grid grid-cols-3 gap-2">
            <label>
              <span className="block text-xs font-semibold text-gray-600">Code takes off</span>
              <select
                className={fieldClass}
                value={draft.kind}
                onChange={(event) =>
                  setDraft({ ...draft, kind: event.target.value === 'fixed' ? 'fixed' : 'percent' })
                }
              >
                <option value="percent">A percent</option>
                <option value="fixed">An amount</option>
              </select>
            </label>
            <label>
              <span className="block text-xs font-semibold text-gray-600">
                {draft.kind === 'percent' ? 'Percent (1-90)' : 'Dollars'}
              </span>
              <input
                className={fieldClass}
                type="number"
                min={1}
                max={draft.kind === 'percent' ? 90 : 10_000}
                value={draft.kind === 'percent' ? draft.value : draft.value / 100}
                onChange={(event) => {
                  const typed = Number(event.target.value);
                  setDraft({ ...draft, value: Math.round(draft.kind === 'percent' ? typed : typed * 100) });
                }}
              />
            </label>
            <label>
              <span className="block text-xs font-semibold text-gray-600">Valid for days</span>
              <input
                className={fieldClass}
                type="number"
                min={1}
                max={365}
                value={draft.expiryDays}
                onChange={(event) => setDraft({ ...draft, expiryDays: Number(event.target.value) })}
              />
            </label>
          </div>
          <div className="flex items-center gap-3">
            <button
              type="submit"
              disabled={save.isPending}
              className="h-10 rounded-full bg-ink px-5 text-sm font-bold text-white disabled:opacity-60"
            >
              Save
            </button>
            <p role="status" className="text-gray-600">
              {save.isError
                ? 'Not saved: a percent is 1 to 90, an amount at least $1.'
                : save.isSuccess
                  ? 'Saved.'
                  : data
                    ? `${data.codesUsed} of ${data.codesSent} codes used`
                    : ''}
            </p>
          </div>
        </form>
      )}
    </DashboardCard>
  );
}
