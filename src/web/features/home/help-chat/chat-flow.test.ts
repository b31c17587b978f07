import { describe, expect, it } from 'vitest';
import { externalLinks } from '../../../paths';
import {
  ANYTHING_ELSE,
  CHAT_FLOW,
  choose,
  startConversation,
  type ChatOption,
  type Conversation,
  type StepId,
} from './chat-flow';

const stepIds = Object.keys(CHAT_FLOW) as StepId[];

function option(step: StepId, label: string): ChatOption {
  const found = CHAT_FLOW[step].options.find((candidate) => candidate.label === label);
  if (!found) throw new Error(`step ${step} has no option ${label}`);
  return found;
}

/** Follows the shopper's clicks from the start of a conversation. */
function walk(...labels: string[]): Conversation {
  return labels.reduce(
    (conversation, label) => choose(conversation, option(conversation.step, label)),
    startConversation(),
  );
}

function labelsOf(conversation: Conversation): string[] {
  return CHAT_FLOW[conversation.step].options.map((candidate) => candidate.label);
}

function lastBotLink(conversation: Conversation) {
  const links = conversation.entries.flatMap((entry) =>
    entry.from === 'bot' && entry.message.link ? [entry.message.link] : [],
  );
  return links.at(-1);
}

function reachableFrom(start: StepId): Set<StepId> {
  const seen = new Set<StepId>([start]);
  const queue: StepId[] = [start];
  for (let step = queue.shift(); step; step = queue.shift()) {
    for (const { next } of CHAT_FLOW[step].options) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

describe('help chat flow (spec §2 "Chatbot flow")', () => {
  it('greets and asks whether help is needed, with Yes and No', () => {
    const conversation = startConversation();
    const texts = conversation.entries.map((entry) =>
      entry.from === 'bot' ? entry.message.text : entry.text,
    );
    expect(texts[0]).toBe('Hi! Welcome to Sneaker Street.');
    expect(texts.at(-1)).toBe('Do you need help?');
    expect(labelsOf(conversation)).toEqual(['Yes', 'No']);
  });

  it('offers Help, Information and Bug after Yes', () => {
    expect(labelsOf(walk('Yes'))).toEqual(['Help', 'Information', 'Bug']);
  });

  it('says goodbye after No and offers to start again', () => {
    const goodbye = walk('No');
    expect(goodbye.step).toBe('goodbye');
    expect(labelsOf(goodbye)).toEqual(['Start again']);
    expect(walk('No', 'Start again').step).toBe('askHelp');
  });

  it('lists Account, Shoe size and Order problem under Help', () => {
    expect(labelsOf(walk('Yes', 'Help'))).toEqual(['Account', 'Shoe size', 'Order problem']);
  });

  it('lists About us, Authentication and Pictures under Information', () => {
    expect(labelsOf(walk('Yes', 'Information'))).toEqual(['About us', 'Authentication', 'Pictures']);
  });

  it.each([
    [['Help', 'Account'], '/account', false],
    [['Help', 'Shoe size'], '/SizeChart', false],
    [['Help', 'Order problem'], '/ContactUs', false],
    [['Information', 'About us'], '/AboutUs', false],
    [['Information', 'Pictures'], externalLinks.instagram, true],
    [['Bug'], '/ContactUs', false],
  ])('%j links to %s', (labels, href, external) => {
    expect(lastBotLink(walk('Yes', ...labels))).toMatchObject({ href, external });
  });

  it('answers Authentication with the third-party authenticity promise and no link', () => {
    const conversation = walk('Yes', 'Information', 'Authentication');
    const [answer] = CHAT_FLOW[conversation.step].messages;
    expect(answer?.text).toMatch(/100% legitimate/);
    expect(answer?.text).toMatch(/authenticated by a third party/);
    expect(answer?.link).toBeUndefined();
  });

  it('loops back after every answer: anything else? Yes -> topics, No -> goodbye', () => {
    const answers = stepIds.filter((id) => CHAT_FLOW[id].messages.at(-1)?.text === ANYTHING_ELSE);
    expect(answers.sort()).toEqual(
      ['account', 'shoeSize', 'orderProblem', 'aboutUs', 'authentication', 'pictures', 'bug'].sort(),
    );
    for (const id of answers) {
      expect(CHAT_FLOW[id].options).toEqual([
        { label: 'Yes', next: 'topics' },
        { label: 'No', next: 'goodbye' },
      ]);
    }
  });

  it('has no dead ends: every step is reachable and leads back to the topics', () => {
    expect([...reachableFrom('askHelp')].sort()).toEqual([...stepIds].sort());
    for (const id of stepIds) {
      expect(CHAT_FLOW[id].options.length, id).toBeGreaterThan(0);
      expect(reachableFrom(id).has('topics'), id).toBe(true);
    }
  });

  it('records the shopper choice and the bot reply, keeping the earlier conversation', () => {
    const before = startConversation();
    const after = choose(before, option('askHelp', 'Yes'));
    expect(after.entries.slice(0, before.entries.length)).toEqual(before.entries);
    expect(after.entries[before.entries.length]).toEqual({ from: 'user', text: 'Yes' });
    expect(after.entries.at(-1)).toEqual({ from: 'bot', message: CHAT_FLOW.topics.messages.at(-1) });
  });
});
