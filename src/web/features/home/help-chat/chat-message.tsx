import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { ExternalLink } from '../../../components/external-link';
import type { ChatEntry, ChatLink } from './chat-flow';

const linkClass =
  'mt-2 inline-flex items-center gap-1.5 rounded-full bg-ink px-3 py-1.5 text-xs font-semibold text-paper transition-colors hover:bg-accent-dark';

function MessageLink({ link, onNavigate }: { link: ChatLink; onNavigate: () => void }) {
  const content = (
    <>
      {link.label}
      <ArrowRight aria-hidden="true" className="size-3.5" />
    </>
  );
  if (link.external) {
    return (
      <ExternalLink href={link.href} className={linkClass}>
        {content}
      </ExternalLink>
    );
  }
  // Following an internal link leaves the conversation: the panel closes so the page is visible.
  return (
    <Link to={link.href} onClick={onNavigate} className={linkClass}>
      {content}
    </Link>
  );
}

/** One bubble: the bot on the left, the shopper's choice on the right. */
export function ChatMessage({ entry, onNavigate }: { entry: ChatEntry; onNavigate: () => void }) {
  if (entry.from === 'user') {
    return (
      <li className="flex justify-end">
        <p className="max-w-[80%] rounded-2xl rounded-br-sm bg-accent-dark px-3.5 py-2 text-sm font-medium text-white">
          <span className="sr-only">You: </span>
          {entry.text}
        </p>
      </li>
    );
  }
  return (
    <li className="flex justify-start">
      <div className="max-w-[85%] rounded-2xl rounded-bl-sm bg-white px-3.5 py-2 text-sm text-ink shadow-sm ring-1 ring-black/5">
        <p>
          <span className="sr-only">Assistant: </span>
          {entry.message.text}
        </p>
        {entry.message.link && <MessageLink link={entry.message.link} onNavigate={onNavigate} />}
      </div>
    </li>
  );
}
