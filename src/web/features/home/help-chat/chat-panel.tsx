import { Bot, X } from 'lucide-react';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { SHOP_NAME } from '../../../../domain/constants';
import { MESSAGES } from '../../../../domain/messages';
import { paths } from '../../../paths';
import { CHAT_FLOW, type ChatOption, type Conversation } from './chat-flow';
import { ChatMessage } from './chat-message';

interface ChatPanelProps {
  id: string;
  conversation: Conversation;
  onChoose: (option: ChatOption) => void;
  /** Escape or the close button: focus goes back to the launcher. */
  onClose: () => void;
  /** An internal link was followed: the panel just closes. */
  onNavigate: () => void;
}

/** The open chat: header, the conversation so far and the current answers as buttons. */
export function ChatPanel({ id, conversation, onChoose, onClose, onNavigate }: ChatPanelProps) {
  const titleId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const optionsRef = useRef<HTMLDivElement>(null);
  const turn = conversation.entries.length;

  // Each turn replaces the answer buttons (the clicked one disappears): keep the newest
  // messages in view and put focus on the first new answer so keyboard users never lose their place.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
    optionsRef.current?.querySelector('button')?.focus();
  }, [turn]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  }

  return (
    <div
      id={id}
      role="dialog"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      className="flex max-h-[min(34rem,calc(100dvh-6.5rem))] w-[min(23rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-2xl bg-paper shadow-2xl ring-1 ring-black/10"
    >
      <div className="flex items-center gap-3 bg-ink px-4 py-3 text-paper">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-ink"
        >
          <Bot className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate text-sm font-bold">
            {SHOP_NAME} help
          </h2>
          <p className="text-xs text-gray-300">{MESSAGES.helpChat.status}</p>
        </div>
        {/* A person is one tap away from anywhere in the conversation. */}
        <Link
          to={paths.contactUs}
          onClick={onNavigate}
          className="shrink-0 rounded-full border border-white/30 px-3 py-1.5 text-xs font-semibold text-paper transition-colors hover:border-accent hover:text-accent"
        >
          {MESSAGES.helpChat.contactUs}
        </Link>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close chat"
          className="flex size-9 items-center justify-center rounded-full text-gray-300 transition-colors hover:bg-white/10 hover:text-paper"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>

      <div
        ref={logRef}
        role="log"
        aria-label="Conversation"
        className="min-h-0 flex-1 overflow-y-auto px-3 py-4"
      >
        <ol className="space-y-2.5">
          {conversation.entries.map((entry, index) => (
            // The conversation only grows, so an entry's position is a stable identity.
            <ChatMessage key={index} entry={entry} onNavigate={onNavigate} />
          ))}
        </ol>
      </div>

      <div
        ref={optionsRef}
        role="group"
        aria-label="Your answer"
        className="flex flex-wrap justify-end gap-2 border-t border-black/10 bg-white px-3 py-3"
      >
        {CHAT_FLOW[conversation.step].options.map((option) => (
          <button
            key={`${turn}-${option.label}`}
            type="button"
            onClick={() => onChoose(option)}
            className="rounded-full border-2 border-accent-dark px-4 py-1.5 text-sm font-semibold text-accent-dark transition-colors hover:bg-accent-dark hover:text-white"
          >
            {option.label}
          </button>
        ))}
      </div>
    </div>
  );
}
