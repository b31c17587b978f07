import { Download, FileSpreadsheet } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { dayOf } from '../../../domain/days';
import { ordersExportQuerySchema } from '../../../domain/orders-csv';
import { apiUrl } from '../../api/http';
import { secondaryButtonClass } from '../../components/forms/button-class';
import { fieldAria, FormField, inputClass } from '../../components/forms/form-field';
import { DashboardCard } from './dashboard-card';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last 30 days, today's included: the range the form opens with. */
function lastThirtyDays(): { from: string; to: string } {
  const now = Date.now();
  return { from: dayOf(new Date(now - 29 * DAY_MS)), to: dayOf(new Date(now)) };
}

/**
 * The CSV downloads (issue 33 item 4; docs/catalogue-csv.md): the catalogue in the import's format,
 * and the orders of a date range for the accountant. A link and a GET of the range (no secret in its
 * URL): the browser saves the server's attachment. The range is checked here first with the
 * server's own rules, so a wrong one is said beside its field instead of opening an error page.
 */
export function CsvExports() {
  const [range, setRange] = useState(lastThirtyDays);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const fromId = useId();
  const toId = useId();

  function download(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ordersExportQuerySchema.safeParse(range);
    if (parsed.success) {
      setErrors({});
      // A GET the browser saves as a file (an attachment): the page stays where it is.
      window.location.assign(apiUrl('/admin/orders.csv', parsed.data));
      return;
    }
    const found: { from?: string; to?: string } = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'from' ? 'from' : 'to';
      found[field] ??= issue.message;
    }
    setErrors(found);
  }

  return (
    <DashboardCard
      title="CSV exports"
      icon={FileSpreadsheet}
      description="Spreadsheets of the catalogue and of the orders, UTF-8 for Excel, Numbers and Google Sheets."
    >
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <p className="text-sm text-gray-700">
            Every shoe in every size, in the format the import reads: edit it and import it back.
          </p>
          <a href={apiUrl('/admin/catalogue.csv')} download className={`${secondaryButtonClass} mt-3`}>
            <Download aria-hidden="true" className="size-4" />
            Export catalogue (CSV)
          </a>
        </div>
        <form method="post" onSubmit={download} noValidate aria-label="Export orders">
          <p className="text-sm text-gray-700">
            One row per order line, with SKUs, discounts, tax, shipping and refunds (days in UTC).
          </p>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            <FormField id={fromId} label="From" error={errors.from}>
              <input
                id={fromId}
                name="from"
                type="date"
                required
                value={range.from}
                onChange={(event) => setRange({ ...range, from: event.target.value })}
                className={inputClass}
                {...fieldAria(fromId, { error: errors.from })}
              />
            </FormField>
            <FormField id={toId} label="To" error={errors.to}>
              <input
                id={toId}
                name="to"
                type="date"
                required
                value={range.to}
                onChange={(event) => setRange({ ...range, to: event.target.value })}
                className={inputClass}
                {...fieldAria(toId, { error: errors.to })}
              />
            </FormField>
          </div>
          <button type="submit" className={`${secondaryButtonClass} mt-3`}>
            <Download aria-hidden="true" className="size-4" />
            Export orders (CSV)
          </button>
        </form>
      </div>
    </DashboardCard>
  );
}
