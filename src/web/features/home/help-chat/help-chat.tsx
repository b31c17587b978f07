import { MessageCircle, X } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { MESSAGES } from '../../../../domain/messages';
import type { Conversation } from './chat-flow';

const loadChatWindow = () => import('./chat-window');
const ChatWindow = lazy(loadChatWindow);

/** The floating 'Need Help?' chatbot (spec §2). The conversation survives closing and reopening. */
export function HelpChat() {
  const panelId = useId();
  const launcherRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [conversation, setConversation] = useState<Conversation>();

  function close() {
    setOpen(false);
    launcherRef.current?.focus();
  }

  return (
    <div className="fixed right-4 bottom-4 z-40 flex flex-col items-end gap-3">
      {open && (
        <Suspense fallback={null}>
          <ChatWindow
            id={panelId}
            conversation={conversation}
            onConversationChange={setConversation}
            onClose={close}
            onNavigate={() => setOpen(false)}
          />
        </Suspense>
      )}
      <button
        ref={launcherRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((isOpen) => !isOpen)}
        // Fetch the chat as soon as the shopper reaches for it, so it opens without a wait.
        onPointerEnter={() => void loadChatWindow()}
        onFocus={() => void loadChatWindow()}
        className="inline-flex items-center gap-2 rounded-full bg-ink py-3 pr-5 pl-4 text-sm font-bold text-paper shadow-lg ring-2 ring-accent/70 transition-transform hover:-translate-y-0.5 hover:bg-gray-800"
      >
        {open ? (
          <X aria-hidden="true" className="size-5 text-accent" />
        ) : (
          <MessageCircle aria-hidden="true" className="size-5 text-accent" />
        )}
        {MESSAGES.pages.needHelp}
      </button>
    </div>
  );
}
