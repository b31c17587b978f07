import { SHOP_NAME } from '../../../../domain/constants';
import { externalLinks, paths } from '../../../paths';

/**
 * The 'Need Help?' chatbot of spec §2 "Chatbot flow" as plain data, so the
 * whole conversation can be checked by unit tests without rendering anything.
 */
export type StepId =
  | 'askHelp'
  | 'topics'
  | 'help'
  | 'information'
  | 'account'
  | 'shoeSize'
  | 'orderProblem'
  | 'aboutUs'
  | 'authentication'
  | 'pictures'
  | 'bug'
  | 'goodbye';

export interface ChatLink {
  label: string;
  href: string;
  /** External links open in a new tab; internal ones go through the router. */
  external: boolean;
}

export interface BotMessage {
  text: string;
  link?: ChatLink;
}

export interface ChatOption {
  label: string;
  next: StepId;
}

export interface ChatStep {
  /** What the bot says on arriving at this step, in order. */
  messages: readonly BotMessage[];
  /** The answers the shopper can pick. */
  options: readonly ChatOption[];
}

export const GREETING = `Hi! Welcome to ${SHOP_NAME}.`;
export const ANYTHING_ELSE = 'Can I help you with anything else?';

const internal = (label: string, href: string): ChatLink => ({ label, href, external: false });

/** Spec: after each answer "it then loops back asking whether anything else is needed". */
const LOOP_BACK: readonly ChatOption[] = [
  { label: 'Yes', next: 'topics' },
  { label: 'No', next: 'goodbye' },
];

const answer = (message: BotMessage): ChatStep => ({
  messages: [message, { text: ANYTHING_ELSE }],
  options: LOOP_BACK,
});

export const CHAT_FLOW: Readonly<Record<StepId, ChatStep>> = {
  askHelp: {
    messages: [{ text: 'Do you need help?' }],
    options: LOOP_BACK,
  },
  topics: {
    messages: [{ text: 'Great! What can I do for you?' }],
    options: [
      { label: 'Help', next: 'help' },
      { label: 'Information', next: 'information' },
      { label: 'Bug', next: 'bug' },
    ],
  },
  help: {
    messages: [{ text: 'Sure! What do you need help with?' }],
    options: [
      { label: 'Account', next: 'account' },
      { label: 'Shoe size', next: 'shoeSize' },
      { label: 'Order problem', next: 'orderProblem' },
    ],
  },
  information: {
    messages: [{ text: 'What would you like to know?' }],
    options: [
      { label: 'About us', next: 'aboutUs' },
      { label: 'Authentication', next: 'authentication' },
      { label: 'Pictures', next: 'pictures' },
    ],
  },
  account: answer({
    text: 'Your profile, orders and favorites all live in your account.',
    link: internal('Go to my account', paths.account),
  }),
  shoeSize: answer({
    text: 'Not sure about your size? Compare US, UK and EU sizes in our size chart.',
    link: internal('Open the size chart', paths.sizeChart),
  }),
  orderProblem: answer({
    text: 'Sorry about that! Tell us what happened with your order and we will sort it out.',
    link: internal('Contact us', paths.contactUs),
  }),
  aboutUs: answer({
    text: 'Curious about who we are and how we work?',
    link: internal('Read about us', paths.aboutUs),
  }),
  authentication: answer({
    text: 'Every pair we sell is 100% legitimate and authenticated by a third party before it ships.',
  }),
  pictures: answer({
    text: 'Find more pictures of our sneakers on our Instagram.',
    link: { label: 'See our pictures', href: externalLinks.instagram, external: true },
  }),
  bug: answer({
    text: 'Found a bug? Thanks for telling us! Describe it in our contact form and we will fix it.',
    link: internal('Report a bug', paths.contactUs),
  }),
  goodbye: {
    messages: [{ text: 'Alright! Enjoy your sneakers, and come back anytime.' }],
    options: [{ label: 'Start again', next: 'askHelp' }],
  },
};

export type ChatEntry = { from: 'bot'; message: BotMessage } | { from: 'user'; text: string };

export interface Conversation {
  step: StepId;
  /** Everything said so far, oldest first; only ever appended to. */
  entries: readonly ChatEntry[];
}

const botEntries = (step: StepId): ChatEntry[] =>
  CHAT_FLOW[step].messages.map((message) => ({ from: 'bot', message }));

export function startConversation(): Conversation {
  return {
    step: 'askHelp',
    entries: [{ from: 'bot', message: { text: GREETING } }, ...botEntries('askHelp')],
  };
}

/** The shopper picks `option`: their answer is added, then the bot's reply. */
export function choose(conversation: Conversation, option: ChatOption): Conversation {
  return {
    step: option.next,
    entries: [...conversation.entries, { from: 'user', text: option.label }, ...botEntries(option.next)],
  };
}
