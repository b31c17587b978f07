import { LogOut, Monitor } from 'lucide-react';
import { NOTICE_MS } from '../../../domain/constants';
import type { AccountSession } from '../../../domain/contracts/sessions';
import { errorMessage } from '../../api/http';
import { secondaryButtonClass } from '../../components/forms/button-class';
import { LoadStatus } from '../../components/load-status';
import { toast } from '../../lib/toast';
import { AccountSection } from './account-section';
import { useAccountSessions, useEndSessions } from './api/use-account-sessions';

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** One signed-in device: what it is, where from, since when; "This device" or a way to sign it out. */
function SessionRow({ session, onEnd, busy }: { session: AccountSession; onEnd: () => void; busy: boolean }) {
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <Monitor aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gray-600" />
        <div className="min-w-0 text-sm">
          <p className="font-bold">
            {session.device}
            {session.current && (
              <span className="ml-2 inline-block rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-bold whitespace-nowrap text-emerald-800">
                This device
              </span>
            )}
          </p>
          <p className="text-gray-700">
            {session.ip ? `From ${session.ip} · ` : ''}signed in {when(session.createdAt)} · last active{' '}
            {when(session.lastActive)}
          </p>
        </div>
      </div>
      {!session.current && (
        <button
          type="button"
          onClick={onEnd}
          disabled={busy}
          className="inline-flex min-h-10 items-center gap-1.5 self-start rounded-full border border-gray-300 px-4 text-sm font-bold transition-colors hover:border-ink hover:bg-ink hover:text-white disabled:opacity-50 sm:self-center"
        >
          <LogOut aria-hidden="true" className="size-4" />
          Sign out<span className="sr-only"> {session.device}</span>
        </button>
      )}
    </li>
  );
}

/** Where the account is signed in (issue 20): every session, and signing out any or all others. */
export function SessionsSection() {
  const sessions = useAccountSessions();
  const end = useEndSessions();
  const others = (sessions.data ?? []).filter((session) => !session.current).length;

  function endSessions(id?: string) {
    end
      .mutateAsync(id)
      .then((message) => toast.success(message, { duration: NOTICE_MS.admin }))
      .catch((error: unknown) => toast.error(errorMessage(error), { duration: NOTICE_MS.admin }));
  }

  return (
    <AccountSection
      title="Signed-in devices"
      description="Where your account is signed in. Sign out anything you do not recognise, then change your password."
    >
      {sessions.isPending || sessions.isError ? (
        <LoadStatus failed={sessions.isError} className="py-6" />
      ) : (
        <>
          <ul className="divide-y divide-gray-100">
            {sessions.data.map((session) => (
              <SessionRow
                key={session._id}
                session={session}
                busy={end.isPending}
                onEnd={() => endSessions(session._id)}
              />
            ))}
          </ul>
          {others > 0 && (
            <button
              type="button"
              onClick={() => endSessions()}
              disabled={end.isPending}
              className={`${secondaryButtonClass} mt-4`}
            >
              Sign out everywhere else
            </button>
          )}
        </>
      )}
    </AccountSection>
  );
}
