import { useQueryClient } from '@tanstack/react-query';
import { Ticket } from 'lucide-react';
import type { DropAnswer } from '../../../domain/contracts/drops';
import { MESSAGES } from '../../../domain/messages';
import { dropKeys } from '../../api/query-keys';
import { useSession } from '../../api/use-session';
import { enterDrop } from './api/drops';
import { DropCardForm } from './drop-card-form';
import { SignInNotice } from './sign-in-notice';

const T = MESSAGES.dropPages;

/**
 * The entry to a draw (issue 36): a size of the drop's, the delivery address and the card. The card
 * is saved by the server for the draw; it is charged only if it wins.
 */
export function EntryForm({ drop }: { drop: DropAnswer }) {
  const queryClient = useQueryClient();
  const session = useSession();
  return (
    <DropCardForm
      dropId={drop._id}
      shoeId={drop.shoe._id}
      totalLabel={T.chargedIfWon}
      heading={T.entryHeading}
      icon={Ticket}
      intro={
        <>
          <p className="mt-2 text-sm text-gray-700">{T.entryIntro}</p>
          {session.data === null && <SignInNotice dropId={drop._id} message={T.signInToEnter} />}
        </>
      }
      sizes={drop.sizes.map((row) => row.size)}
      submitLabel={T.enterButton}
      busyLabel={T.entering}
      signInMessage={T.signInToEnter}
      send={(form) => enterDrop(drop._id, form)}
      onRefused={(error) => {
        // The drop closed or is already entered: its page says where it stands now.
        if (error.status === 409) void queryClient.invalidateQueries({ queryKey: dropKeys.drop(drop._id) });
      }}
    />
  );
}
