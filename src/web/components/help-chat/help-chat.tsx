import { MessageCircle, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { choose, startConversation, type ChatOption } from './chat-flow';
import { ChatPanel } from './chat-panel';

/** The floating 'Need Help?' chatbot (spec §2). The conversation survives closing and reopening. */
export function HelpChat() {
  const panelId = useId();
  const launcherRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [conversation, setConversation] = useState(startConversation);

  function close() {
    setOpen(false);
    launcherRef.current?.focus();
  }

  return (
    <div className="fixed right-4 bottom-4 z-40 flex flex-col items-end gap-3">
      {open && (
        <ChatPanel
          id={panelId}
          conversation={conversation}
          onChoose={(option: ChatOption) => setConversation((current) => choose(current, option))}
          onClose={close}
          onNavigate={() => setOpen(false)}
        />
      )}
      <button
        ref={launcherRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((isOpen) => !isOpen)}
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
