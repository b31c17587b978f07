import { CircleX, Hourglass, PackageX, Sparkles } from 'lucide-react';
import type { QueueAnswer } from '../../../domain/contracts/drops';
import { MESSAGES } from '../../../domain/messages';
import type { QueueStatus } from '../../../domain/waiting-room';
import { Countdown } from '../../components/drops/drop-countdown';
import { minutesToWait } from './queue-clock';

const W = MESSAGES.dropPages.waitingRoom;

interface QueuePlaceProps {
  answer: QueueAnswer;
  /** The status at `now` (queueStatusAt): not `admitted`, which is the buy form. */
  status: Exclude<QueueStatus, 'admitted'>;
  /** The server's clock now. */
  now: number;
}

/** Where the shopper's place stands in the waiting room, short of the buy form. */
export function QueuePlace({ answer, status, now }: QueuePlaceProps) {
  switch (status) {
    case 'early':
      return (
        <div className="mt-5 space-y-4">
          <Headline icon={Sparkles}>{W.early}</Headline>
          <p className="text-sm text-gray-700">{W.earlyNote}</p>
          <div className="rounded-2xl bg-paper px-4 py-3">
            <Countdown label={W.dropOpensIn} target={answer.opensAt} now={now} size="large" />
          </div>
        </div>
      );
    case 'waiting':
      return (
        <div className="mt-5 space-y-4">
          <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
            <p className="flex flex-col">
              <span className="text-xs font-bold tracking-widest text-gray-700 uppercase">{W.yourPlace}</span>
              <span className="text-6xl leading-none font-black tracking-tight tabular-nums">
                {answer.place?.toLocaleString('en-US')}
              </span>
            </p>
            <div className="space-y-1 pb-1 text-sm font-semibold">
              {answer.ahead !== null && <p>{W.ahead(answer.ahead)}</p>}
              {answer.admitAt && (
                <p className="text-gray-700">{W.wait(minutesToWait(answer.admitAt, now))}</p>
              )}
            </div>
          </div>
          <p className="flex items-start gap-2 rounded-2xl bg-paper px-4 py-3 text-sm text-gray-700">
            <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-dark" />
            {W.keepOpen}
          </p>
        </div>
      );
    case 'expired':
      return <Ended icon={CircleX} title={MESSAGES.drops.passExpired} note={W.expiredNote} />;
    case 'sold_out':
      return <Ended icon={PackageX} title={MESSAGES.drops.soldOut} note={W.soldOutNote} />;
    case 'closed':
      return <Ended icon={CircleX} title={MESSAGES.drops.saleClosed} note={W.closedNote} />;
  }
}

function Headline({ icon: Icon, children }: { icon: typeof Sparkles; children: string }) {
  return (
    <p className="flex items-start gap-3 text-xl font-black tracking-tight sm:text-2xl">
      <Icon aria-hidden="true" className="mt-1 size-6 shrink-0 text-accent-dark" />
      <span>{children}</span>
    </p>
  );
}

/** A place with nothing more to wait for. */
export function Ended({ icon, title, note }: { icon: typeof Sparkles; title: string; note: string }) {
  return (
    <div className="mt-5 space-y-2">
      <Headline icon={icon}>{title}</Headline>
      <p className="text-sm text-gray-700">{note}</p>
    </div>
  );
}
