import { useQueryClient } from '@tanstack/react-query';
import { ShoppingBag } from 'lucide-react';
import type { MyEntry, QueueAnswer } from '../../../domain/contracts/drops';
import { MESSAGES } from '../../../domain/messages';
import { dropKeys, userKeys } from '../../api/query-keys';
import { Countdown } from '../../components/drops/drop-countdown';
import { purchaseDropPair } from './api/queue';
import { DropCardForm } from './drop-card-form';

const W = MESSAGES.dropPages.waitingRoom;
const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

interface BuyFormProps {
  dropId: string;
  shoeId: string;
  answer: QueueAnswer;
  /** The server's clock now. */
  now: number;
  onBought: (bought: { message: string; entry: MyEntry }) => void;
}

/**
 * A first-come drop's pair for the shopper let in (issue 36 item 2b): the sizes with a pair left,
 * the delivery address and the card, charged at once; the time to pay counts down on the server's
 * clock. Drawn only in the browser (the place is read from the shopper's cookie), so the time to
 * pay is in the shopper's own zone.
 */
export function BuyForm({ dropId, shoeId, answer, now, onBought }: BuyFormProps) {
  const queryClient = useQueryClient();
  return (
    <DropCardForm
      dropId={dropId}
      shoeId={shoeId}
      totalLabel={W.youPay}
      heading={W.yourTurn}
      icon={ShoppingBag}
      intro={
        <div className="mt-3 space-y-3">
          {answer.payBy && (
            <div className="rounded-2xl bg-paper px-4 py-3">
              <p className="font-bold">{W.payBefore(clock.format(new Date(answer.payBy)))}</p>
              <Countdown label={W.timeToPay} target={answer.payBy} now={now} size="large" />
            </div>
          )}
          <p className="text-sm text-gray-700">{W.buyIntro}</p>
        </div>
      }
      sizes={answer.sizesLeft}
      submitLabel={W.buy}
      busyLabel={W.buying}
      signInMessage={W.signInToBuy}
      send={(form) => purchaseDropPair(dropId, form)}
      onTaken={onBought}
      onRefused={(error) => {
        // Not your turn, the time ran out, a size or the drop sold out: the place and the sizes left
        // are read again, and the page follows them.
        if (error.status === 403 || error.status === 409) {
          void queryClient.invalidateQueries({ queryKey: userKeys.dropQueue(dropId) });
          void queryClient.invalidateQueries({ queryKey: dropKeys.drop(dropId) });
        }
      }}
    />
  );
}
