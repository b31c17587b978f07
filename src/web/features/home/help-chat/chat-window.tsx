import { useState } from 'react';
import { choose, startConversation, type Conversation } from './chat-flow';
import { ChatPanel } from './chat-panel';

export interface ChatWindowProps {
  id: string;
  /** The conversation so far; undefined until the shopper first answers. */
  conversation: Conversation | undefined;
  onConversationChange: (conversation: Conversation) => void;
  onClose: () => void;
  onNavigate: () => void;
}

/**
 * The open chat with its conversation rules: loaded the first time the chat opens, so the
 * launcher is all the first load carries.
 */
export default function ChatWindow({ conversation, onConversationChange, ...panel }: ChatWindowProps) {
  const [greeting] = useState(startConversation);
  const shown = conversation ?? greeting;
  return (
    <ChatPanel
      {...panel}
      conversation={shown}
      onChoose={(option) => onConversationChange(choose(shown, option))}
    />
  );
}
