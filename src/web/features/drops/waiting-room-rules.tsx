import { ListOrdered } from 'lucide-react';
import { MESSAGES } from '../../../domain/messages';
import { DropSection } from './drop-section';

const W = MESSAGES.dropPages.waitingRoom;

/** Beside a first-come drop's waiting room, as the fairness section is beside a draw's entry form. */
export function WaitingRoomRules() {
  return (
    <DropSection id="waiting-room-rules-heading" icon={ListOrdered} title={W.rulesHeading}>
      <ol className="mt-4 space-y-3 text-sm text-gray-700">
        {W.rules.map((rule, index) => (
          <li key={rule} className="flex gap-3">
            <span
              aria-hidden="true"
              className="flex size-6 shrink-0 items-center justify-center rounded-full bg-ink text-xs font-black text-paper"
            >
              {index + 1}
            </span>
            <span className="pt-0.5">{rule}</span>
          </li>
        ))}
      </ol>
    </DropSection>
  );
}
