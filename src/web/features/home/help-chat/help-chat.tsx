import { MessageCircle, Send, X } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '../../../../domain/messages';
import { PAGE_WIDTH } from '../../../components/page-width';
import { paths } from '../../../paths';
import type { Conversation } from './chat-flow';
import { useScrolledPast } from './use-scrolled-past';

const loadChatWindow = () => import('./chat-window');
const ChatWindow = lazy(loadChatWindow);

const pillClass =
  'inline-flex h-12 items-center gap-2 rounded-full text-sm font-bold transition-colors focus-visible:outline-offset-2';
const dockedLauncher = `${pillClass} bg-ink pr-5 pl-4 text-paper shadow-lg ring-2 ring-accent/70 hover:bg-gray-800`;
// Past the band the launcher follows the shopper as a small round button in the corner; the
// footer keeps that corner free (styles.css), so at the page's end it covers nothing.
const floatingLauncher =
  'fixed right-4 bottom-4 z-40 flex size-14 items-center justify-center rounded-full bg-ink text-paper shadow-xl ring-2 ring-white hover:bg-gray-800';

/**
 * The 'Need Help?' chatbot (spec §2), as a band of the home page between the deals and the
 * collection: it says the assistant is a script and offers the contact form beside it. Once the
 * shopper scrolls past the band, the launcher floats as an icon; its place in the band is kept, so
 * nothing moves. The conversation survives closing and reopening.
 */
export function HelpChat() {
  const panelId = useId();
  const headingId = useId();
  const dockRef = useRef<HTMLDivElement>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const floating = useScrolledPast(dockRef);
  const [open, setOpen] = useState(false);
  const [conversation, setConversation] = useState<Conversation>();

  function close() {
    setOpen(false);
    launcherRef.current?.focus();
  }

  return (
    <section aria-labelledby={headingId} className={`${PAGE_WIDTH} mt-14 sm:mt-20`}>
      <div className="flex flex-col gap-5 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-7 md:flex-row md:items-center">
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-xl font-black tracking-tight sm:text-2xl">
            {MESSAGES.helpChat.heading}
          </h2>
          <p className="mt-2 max-w-2xl text-sm leading-relaxed text-gray-700">{MESSAGES.helpChat.scripted}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:gap-3">
          <div ref={dockRef} className="h-12 w-[9.75rem]">
            <button
              ref={launcherRef}
              type="button"
              data-help-launcher={floating ? 'floating' : 'docked'}
              aria-expanded={open}
              aria-controls={open ? panelId : undefined}
              onClick={() => setOpen((isOpen) => !isOpen)}
              // Fetch the chat as soon as the shopper reaches for it, so it opens without a wait.
              onPointerEnter={() => void loadChatWindow()}
              onFocus={() => void loadChatWindow()}
              className={floating ? floatingLauncher : dockedLauncher}
            >
              {open ? (
                <X aria-hidden="true" className="size-5 shrink-0 text-accent" />
              ) : (
                <MessageCircle aria-hidden="true" className="size-5 shrink-0 text-accent" />
              )}
              <span className={floating ? 'sr-only' : undefined}>{MESSAGES.pages.needHelp}</span>
            </button>
          </div>
          <Link
            to={paths.contactUs}
            className={`${pillClass} border-2 border-ink px-4 text-ink hover:bg-ink hover:text-paper`}
          >
            <Send aria-hidden="true" className="size-4 shrink-0" />
            {MESSAGES.helpChat.contactUs}
          </Link>
        </div>
      </div>
      {open && (
        <div className={`fixed right-4 z-40 ${floating ? 'bottom-22' : 'bottom-4'}`}>
          <Suspense fallback={null}>
            <ChatWindow
              id={panelId}
              conversation={conversation}
              onConversationChange={setConversation}
              onClose={close}
              onNavigate={() => setOpen(false)}
            />
          </Suspense>
        </div>
      )}
    </section>
  );
}
