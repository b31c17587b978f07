import { useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { DropAnswer, MyEntry } from '../../../domain/contracts/drops';
import { MESSAGES } from '../../../domain/messages';
import { queueOpensAt } from '../../../domain/waiting-room';
import { ApiError, errorMessage, isAccountDisabled } from '../../api/http';
import { dropKeys, sessionKey } from '../../api/query-keys';
import { useSession } from '../../api/use-session';
import { Countdown } from '../../components/drops/drop-countdown';
import { DropTime } from '../../components/drops/drop-time';
import { useServerNow } from '../../components/drops/use-server-now';
import { textLinkClass } from '../../components/forms/button-class';
import { FormAlert } from '../../components/forms/form-alert';
import type { SignInRedirectState } from '../../components/guards/require-user';
import { paths } from '../../paths';
import { useJoinQueue, useQueue } from './api/queue';
import { BuyForm } from './buy-form';
import { DropActionButton } from './drop-action-button';
import { DropSection } from './drop-section';
import { MyEntryCard } from './my-entry';
import { queueAnnouncement, queueStatusAt } from './queue-clock';
import { Ended, QueuePlace } from './queue-place';
import { SignInNotice } from './sign-in-notice';

const W = MESSAGES.dropPages.waitingRoom;

interface WaitingRoomProps {
  drop: DropAnswer;
  /** When the drop's answer arrived on the device (null: rendered into the page). */
  receivedAt: number | null;
  /** The pair the shopper bought of this drop, once their entries are read. */
  bought: MyEntry | undefined;
}

/**
 * A first-come drop's side of its page (issue 36 item 2b): the waiting room's opening, the way in,
 * the place while it waits, the buy form once let in, and the pair bought. The place is the
 * server's (a cookie), read on load so a reload keeps it, and read again when the server says.
 * The server renders the room's opening and an inert Join button: who the shopper is and their
 * place are the browser's to ask.
 */
export function WaitingRoom({ drop, receivedAt, bought: known }: WaitingRoomProps) {
  const session = useSession();
  const signedIn = Boolean(session.data);
  const dropNow = useServerNow(drop.now, receivedAt);
  const roomOpensAt = queueOpensAt(new Date(drop.opensAt)).toISOString();
  const roomOpen = dropNow >= Date.parse(roomOpensAt);
  const [bought, setBought] = useState<{ message: string; entry: MyEntry } | null>(null);
  const room = useRef<HTMLDivElement>(null);
  const joining = useRef(false);
  const taken = bought?.entry ?? known;
  const queue = useQueue(drop._id, { enabled: signedIn && roomOpen && !taken });
  const answer = queue.data?.answer ?? null;
  // The place's countdowns run from its own answer's clock, the freshest the page has.
  const now = useServerNow(answer?.now ?? drop.now, answer ? (queue.data?.receivedAt ?? null) : receivedAt);
  const status = answer ? queueStatusAt(answer, now) : null;

  // The Join and Buy buttons are gone once they worked: the focus goes to what took their place,
  // not to the page.
  useEffect(() => {
    if (!joining.current || !answer) return;
    joining.current = false;
    room.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [answer]);
  useEffect(() => {
    if (bought) room.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [bought]);

  if (taken) {
    return (
      <div ref={room}>
        <MyEntryCard entry={taken} mode="first_come" message={bought?.message} />
      </div>
    );
  }

  let body;
  if (answer && status && status !== 'admitted') {
    body = <QueuePlace answer={answer} status={status} now={now} />;
  } else if (!roomOpen) {
    body = (
      <>
        <p className="mt-4 font-semibold">
          {W.opensAt} <DropTime iso={roomOpensAt} />
        </p>
        <div className="mt-3 rounded-2xl bg-paper px-4 py-3">
          <Countdown label={W.opensIn} target={roomOpensAt} now={dropNow} size="large" />
        </div>
        {session.data === null && <SignInNotice dropId={drop._id} message={W.signIn} />}
      </>
    );
  } else if (drop.phase === 'closed') {
    body = <Ended icon={Users} title={MESSAGES.drops.saleClosed} note={W.closedNote} />;
  } else if (session.data === null) {
    body = <SignInNotice dropId={drop._id} message={W.signIn} />;
  } else {
    body = (
      <JoinRoom
        drop={drop}
        // Inert until the app knows the shopper and that they have no place yet (or could not
        // tell: joining again answers the place already held).
        ready={(queue.isSuccess && answer === null) || queue.isError}
        readFailed={queue.isError ? errorMessage(queue.error) : null}
        onJoining={(pending) => (joining.current = pending)}
      />
    );
  }

  return (
    <div ref={room}>
      {/* Always there, so a screen reader hears its changes: the status, the wait to the minute. */}
      <p role="status" className="sr-only">
        {answer ? queueAnnouncement(answer, now) : ''}
      </p>
      {answer && status === 'admitted' ? (
        <BuyForm dropId={drop._id} shoeId={drop.shoe._id} answer={answer} now={now} onBought={setBought} />
      ) : (
        <DropSection id="waiting-room-heading" icon={Users} title={W.heading}>
          {!answer && <p className="mt-2 text-sm text-gray-700">{W.intro}</p>}
          {body}
        </DropSection>
      )}
    </div>
  );
}

interface JoinRoomProps {
  drop: DropAnswer;
  ready: boolean;
  /** Why the place could not be read (not a 404: that is "not joined"). */
  readFailed: string | null;
  /** A join is sent (true), or was refused (false). */
  onJoining: (pending: boolean) => void;
}

/** "Join the waiting room", and why joining was refused, in the server's words. */
function JoinRoom({ drop, ready, readFailed, onJoining }: JoinRoomProps) {
  const join = useJoinQueue(drop._id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<ApiError | null>(null);
  const backHere: SignInRedirectState = { from: paths.drop(drop._id) };

  function press(): void {
    if (!ready || join.isPending) return;
    setFailure(null);
    onJoining(true);
    join.mutate(undefined, {
      onError: (error) => {
        onJoining(false);
        if (isAccountDisabled(error)) return;
        if (error instanceof ApiError && error.status === 401) {
          void queryClient.invalidateQueries({ queryKey: sessionKey });
          void navigate(paths.signIn, { state: backHere });
          return;
        }
        // Not open yet, or no longer first come: the page reads the drop again.
        if (error instanceof ApiError && (error.status === 409 || error.status === 400))
          void queryClient.invalidateQueries({ queryKey: dropKeys.drop(drop._id) });
        setFailure(error instanceof ApiError ? error : new ApiError(0, 'unknown', errorMessage(error)));
      },
    });
  }

  const message = failure ? errorMessage(failure) : readFailed;
  return (
    <div className="mt-5 space-y-4">
      {drop.phase === 'upcoming' && <p className="text-sm text-gray-700">{W.joinHint}</p>}
      {message && (
        <FormAlert tone="error">
          {message}
          {failure?.code === 'email_not_verified' && (
            <>
              {' '}
              <Link to={paths.account} className={textLinkClass}>
                {W.goToAccount}
              </Link>
            </>
          )}
        </FormAlert>
      )}
      <DropActionButton
        type="button"
        onClick={press}
        disabled={!ready}
        busy={join.isPending}
        icon={Users}
        label={W.join}
        busyLabel={W.joining}
      />
    </div>
  );
}
