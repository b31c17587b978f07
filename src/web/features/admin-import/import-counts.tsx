import type { ImportStatus } from '../../../domain/contracts/catalogue-import';
import { count } from './import-text';

interface ImportCountsProps {
  status: ImportStatus;
  /** The report's words (created...) rather than the preview's (to create...). */
  done: boolean;
}

const cell = 'px-3 py-2 text-right tabular-nums';

/** Rows and shoes by what the import does to them: a preview's plan, or a report's outcome. */
export function ImportCounts({ status, done }: ImportCountsProps) {
  const lines = [
    ['Rows', status.rows],
    ['Shoes', status.shoes],
  ] as const;
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{done ? 'What the import did' : 'What the import will do'}</caption>
      <thead>
        <tr className="border-b border-gray-200 text-gray-600">
          <td className="py-2 pr-3" />
          <th scope="col" className={cell}>
            {done ? 'Created' : 'To create'}
          </th>
          <th scope="col" className={cell}>
            {done ? 'Updated' : 'To update'}
          </th>
          <th scope="col" className={cell}>
            Unchanged
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map(([label, counts]) => (
          <tr key={label} className="border-b border-gray-100 last:border-0">
            <th scope="row" className="py-2 pr-3 text-left font-bold">
              {label}
            </th>
            <td className={cell}>{counts ? count(counts.create) : '-'}</td>
            <td className={cell}>{counts ? count(counts.update) : '-'}</td>
            <td className={cell}>{counts ? count(counts.unchanged) : '-'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
