import { ChevronDown, ExternalLink, ShieldCheck } from 'lucide-react';
import type { DropAnswer, DropResultAnswer } from '../../../domain/contracts/drops';
import { dropUrls } from '../../../domain/drop-urls';
import { MESSAGES } from '../../../domain/messages';
import { textLinkClass } from '../../components/forms/button-class';
import { useDropResult } from './api/drops';
import { DropSection } from './drop-section';

const T = MESSAGES.dropPages;
/** Entry ids listed on the page; the JSON answer holds them all. */
export const SHOWN_ENTRY_IDS = 50;

const codeClass =
  'block overflow-x-auto rounded-xl bg-ink px-4 py-3 font-mono text-sm leading-relaxed whitespace-pre text-paper';
const hashClass = 'font-mono text-sm break-all';

/**
 * How anyone checks the draw (docs/decisions/032): the commitment published before entries opened,
 * the seed once drawn, the entry ids, and the two commands that recompute the order with nothing
 * of ours.
 */
export function FairnessSection({ drop }: { drop: DropAnswer }) {
  const started = drop.phase === 'drawing' || drop.phase === 'drawn';
  const result = useDropResult(drop._id, {
    enabled: started && drop.mode === 'draw',
    drawn: drop.phase === 'drawn',
  });
  const seed = drop.seed ?? result.data?.seed ?? null;
  return (
    <DropSection id="fairness-heading" icon={ShieldCheck} title={T.fairnessHeading}>
      <p className="mt-2 max-w-3xl text-sm text-gray-700">{T.fairnessIntro}</p>
      <dl className="mt-5 space-y-4">
        <div>
          <dt className="text-xs font-bold tracking-widest text-gray-700 uppercase">{T.commitment}</dt>
          <dd className={`mt-1 ${hashClass}`} data-testid="drop-commitment">
            {drop.commitment}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-bold tracking-widest text-gray-700 uppercase">{T.seed}</dt>
          <dd
            className={`mt-1 ${seed ? hashClass : 'text-sm font-semibold text-gray-600'}`}
            data-testid="drop-seed"
          >
            {seed ?? T.seedHidden}
          </dd>
        </div>
      </dl>
      {result.data && <EntryIds dropId={drop._id} result={result.data} />}
      <div className="mt-6">
        <h3 className="text-lg font-bold tracking-tight">{T.checkHeading}</h3>
        <ol className="mt-3 list-decimal space-y-4 pl-5 text-sm text-gray-800 marker:font-bold">
          <li className="space-y-2">
            <p>{T.checkSeed}</p>
            <code
              className={codeClass}
            >{`SEED=${seed ?? '<the seed, once drawn>'}\nprintf %s "$SEED" | sha256sum`}</code>
          </li>
          <li className="space-y-2">
            <p>{T.checkRank}</p>
            <code className={codeClass}>{`printf %s "$ENTRY_ID" | openssl dgst -sha256 -hmac "$SEED"`}</code>
          </li>
          <li>
            <p>{T.checkWalk}</p>
          </li>
        </ol>
      </div>
    </DropSection>
  );
}

function EntryIds({ dropId, result }: { dropId: string; result: DropResultAnswer }) {
  const shown = result.entries.slice(0, SHOWN_ENTRY_IDS);
  return (
    <details className="group mt-5 rounded-2xl bg-paper px-4 py-3">
      <summary className="flex min-h-10 cursor-pointer list-none items-center justify-between gap-3 font-bold">
        {T.entryIds(result.entries.length)}
        <ChevronDown aria-hidden="true" className="size-5 transition-transform group-open:rotate-180" />
      </summary>
      {result.entries.length > shown.length && (
        <p className="mt-2 text-sm text-gray-700">{T.firstEntries(shown.length, result.entries.length)}</p>
      )}
      <ul className="mt-3 space-y-1 font-mono text-xs sm:text-sm">
        {shown.map((entry) => (
          <li key={entry.id} className="flex flex-wrap gap-x-3">
            <span className="break-all">{entry.id}</span>
            <span className="text-gray-600">
              size {entry.size} · {T.publicOutcome[entry.outcome]}
            </span>
          </li>
        ))}
      </ul>
      <a
        href={dropUrls.result(dropId)}
        className={`mt-3 inline-flex items-center gap-1.5 text-sm ${textLinkClass}`}
      >
        {T.allEntriesJson}
        <ExternalLink aria-hidden="true" className="size-4" />
      </a>
    </details>
  );
}
