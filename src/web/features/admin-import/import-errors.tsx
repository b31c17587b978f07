import { useId } from 'react';
import type { ImportStatus } from '../../../domain/contracts/catalogue-import';
import { count } from './import-text';

/**
 * Every problem the preview found, by line and column, in words. The server lists the first few
 * hundred and counts them all: the heading says so when the list is shorter than the count.
 */
export function ImportErrors({ status }: { status: ImportStatus }) {
  const headingId = useId();
  const { errors, errorCount } = status;
  const total = `${count(errorCount)} ${errorCount === 1 ? 'error' : 'errors'}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-lg font-black tracking-tight text-red-800">
        {errors.length < errorCount ? `${total}, showing the first ${count(errors.length)}` : total}
      </h3>
      <div
        role="group"
        aria-labelledby={headingId}
        tabIndex={0}
        className="max-h-[32rem] overflow-auto rounded-xl ring-1 ring-black/10"
      >
        <table className="w-full text-sm">
          <thead className="sticky top-0 bg-paper text-left text-gray-700">
            <tr>
              <th scope="col" className="px-3 py-2 tabular-nums">
                Line
              </th>
              <th scope="col" className="px-3 py-2">
                Column
              </th>
              <th scope="col" className="px-3 py-2">
                Reason
              </th>
            </tr>
          </thead>
          <tbody>
            {errors.map((error, index) => (
              <tr key={index} className="border-t border-gray-100 align-top">
                <td className="px-3 py-2 tabular-nums">{error.line}</td>
                <td className="px-3 py-2 font-mono text-xs break-all">{error.column ?? '-'}</td>
                <td className="px-3 py-2">{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
