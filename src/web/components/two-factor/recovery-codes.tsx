import { Download } from 'lucide-react';
import { useMemo } from 'react';
import { secondaryButtonClass } from '../forms/button-class';

/**
 * Ten one-time recovery codes, shown once: listed for copying, and downloadable as a text file
 * (a data: link, so nothing is sent anywhere).
 */
export function RecoveryCodes({ codes, email }: { codes: readonly string[]; email: string }) {
  const file = useMemo(
    () =>
      `data:text/plain;charset=utf-8,${encodeURIComponent(
        `Sneaker Street recovery codes for ${email}\nEach code works once.\n\n${codes.join('\n')}\n`,
      )}`,
    [codes, email],
  );
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-700">
        Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone; they are
        not shown again.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-2xl bg-gray-50 p-4 font-mono text-sm tracking-wide"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <a href={file} download="sneaker-street-recovery-codes.txt" className={secondaryButtonClass}>
        <Download aria-hidden="true" className="size-4" />
        Download the codes
      </a>
    </div>
  );
}
