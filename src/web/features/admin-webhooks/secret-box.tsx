import { Check, Copy, KeyRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { secondaryButtonClass } from '../../components/forms/button-class';
import { compactControlClass } from '../../components/forms/compact-field';

/** Puts `text` on the clipboard: the Clipboard API, or the selected box's copy where it is missing. */
async function copy(text: string, box: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    box?.select();
    return document.execCommand('copy');
  }
}

interface SecretBoxProps {
  /** The endpoint it signs for. */
  url: string;
  secret: string;
  /** "Done": the page forgets it. */
  onDone: () => void;
}

/**
 * A signing secret, the once the server answers it (after an add or a rotation): a read-only box to
 * copy from, a Copy button, and the warning that it will not be shown again. It lives only in the
 * page's state: leaving the page, or Done, forgets it. Focused when it appears, so a keyboard or
 * screen reader user lands on it.
 */
export function SecretBox({ url, secret, onDone }: SecretBoxProps) {
  const id = useId();
  const region = useRef<HTMLElement>(null);
  const box = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean>();
  useEffect(() => {
    region.current?.focus();
  }, [secret]);

  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className="rounded-3xl bg-amber-50 p-5 ring-1 ring-amber-200 sm:p-8"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl font-bold tracking-tight">
        <KeyRound aria-hidden="true" className="size-5" />
        Signing secret
      </h2>
      <p className="mt-1 text-sm break-all text-gray-700">For {url}</p>
      <p className="mt-3 font-semibold text-amber-900">Store it now: it will not be shown again.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-secret`} className="sr-only">
          Signing secret
        </label>
        <input
          id={`${id}-secret`}
          ref={box}
          readOnly
          value={secret}
          spellCheck={false}
          onFocus={(event) => event.target.select()}
          className={`${compactControlClass} font-mono`}
        />
        <button
          type="button"
          className={`${secondaryButtonClass} min-h-11 shrink-0 px-4 py-1.5 text-sm`}
          onClick={() => void copy(secret, box.current).then(setCopied)}
        >
          {copied ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          Copy<span className="sr-only"> the signing secret</span>
        </button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-gray-700">
        {copied === true && 'Copied.'}
        {copied === false && 'Could not copy: select the box and copy it yourself.'}
      </p>
      <p className="mt-1 text-sm text-gray-700">
        The receiver checks each request's <code>webhook-signature</code> with it (Standard Webhooks).
      </p>
      <button
        type="button"
        className={`${secondaryButtonClass} mt-4 min-h-10 px-4 py-1.5 text-sm`}
        onClick={onDone}
      >
        I have stored it
      </button>
    </section>
  );
}
