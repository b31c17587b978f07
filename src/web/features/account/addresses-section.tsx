import { MapPin, Pencil, Plus, Save, Star, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { MAX_SAVED_ADDRESSES, type SavedAddress } from '../../../domain/contracts/addresses';
import { NOTICE_MS } from '../../../domain/constants';
import { addressLines } from '../../../domain/payment';
import { errorMessage } from '../../api/http';
import { addressFieldsOf, useSavedAddresses } from '../../api/saved-addresses';
import { secondaryButtonClass } from '../../components/forms/button-class';
import { LoadStatus } from '../../components/load-status';
import { toast } from '../../lib/toast';
import { AccountSection } from './account-section';
import { AddressForm, EMPTY_ADDRESS } from './address-form';
import { useAddressChanges, type AddressChanges } from './api/use-address-changes';

const smallButtonClass =
  'inline-flex min-h-10 items-center gap-1.5 rounded-full border border-gray-300 px-3 text-sm font-bold transition-colors hover:border-ink hover:bg-ink hover:text-white disabled:opacity-50';
const dangerButtonClass =
  'inline-flex min-h-10 items-center gap-1.5 rounded-full bg-deal px-3 text-sm font-bold text-white transition-colors hover:bg-red-800 disabled:opacity-50';

/** Runs one change and says how it went. */
function report(change: Promise<string>) {
  change
    .then((message) => toast.success(message, { duration: NOTICE_MS.success }))
    .catch((error: unknown) => toast.error(errorMessage(error), { duration: NOTICE_MS.error }));
}

/** Saved delivery addresses on /account (issue 31 item 4): the cart offers them, the default first. */
export function AddressesSection() {
  const addresses = useSavedAddresses();
  const changes = useAddressChanges();
  // Which form is open: a new address, or the id of the one being edited.
  const [editing, setEditing] = useState<string | null>(null);
  // Where the focus goes back to once a form closes: the card's Edit, or "Add an address".
  const [closed, setClosed] = useState<{ id: string | null }>({ id: null });
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (closed.id === 'new') addButton.current?.focus();
  }, [closed]);
  const close = () => {
    // A new object each time: closing the new address's form twice brings the focus back twice.
    setClosed({ id: editing });
    setEditing(null);
  };
  const full = (addresses.data?.length ?? 0) >= MAX_SAVED_ADDRESSES;

  return (
    <AccountSection
      title="Addresses"
      description="Where your orders can go. The cart offers them when you pay, your default one first."
    >
      {addresses.isPending || addresses.isError ? (
        <LoadStatus failed={addresses.isError} className="py-4" />
      ) : addresses.data.length === 0 && editing === null ? (
        <p className="text-sm text-gray-700">No saved address yet.</p>
      ) : (
        <ul aria-label="Your addresses" className="grid gap-4 md:grid-cols-2">
          {addresses.data.map((address) => (
            <li key={address._id} className={editing === address._id ? 'md:col-span-2' : undefined}>
              {editing === address._id ? (
                <div className="rounded-2xl border border-gray-200 p-4 sm:p-5">
                  <AddressForm
                    initial={addressFieldsOf(address)}
                    label="Save changes"
                    icon={Save}
                    send={(changed) => changes.update.mutateAsync({ id: address._id, address: changed })}
                    onDone={close}
                  />
                </div>
              ) : (
                <AddressCard
                  address={address}
                  changes={changes}
                  onEdit={() => setEditing(address._id)}
                  focusEdit={closed.id === address._id}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {editing === 'new' ? (
        <div className="mt-5 border-t border-gray-200 pt-5">
          <h3 className="mb-4 text-base font-bold">New address</h3>
          <AddressForm
            initial={EMPTY_ADDRESS}
            label="Add this address"
            icon={MapPin}
            send={(address) => changes.add.mutateAsync(address)}
            onDone={close}
          />
        </div>
      ) : (
        addresses.isSuccess && (
          <div className="mt-5">
            <button
              ref={addButton}
              type="button"
              onClick={() => setEditing('new')}
              disabled={full}
              className={`${secondaryButtonClass} w-full sm:w-auto`}
            >
              <Plus aria-hidden="true" className="size-4" />
              Add an address
            </button>
            {full && (
              <p className="mt-2 text-sm text-gray-700">
                You keep {MAX_SAVED_ADDRESSES} addresses, the most there can be: delete one to add another.
              </p>
            )}
          </div>
        )
      )}
    </AccountSection>
  );
}

/** One saved address: its label's lines, the default marked; edit, make default, delete (asked first). */
function AddressCard({
  address,
  changes,
  onEdit,
  focusEdit,
}: {
  address: SavedAddress;
  changes: AddressChanges;
  onEdit: () => void;
  /** Its edit form just closed: the focus comes back to its Edit button. */
  focusEdit: boolean;
}) {
  const [confirming, setConfirming] = useState<boolean | null>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusEdit) editButton.current?.focus();
  }, [focusEdit]);
  // The focus follows the question: to "Keep it" (the safe answer) when it opens, back to Delete after.
  useEffect(() => {
    if (confirming === null) return;
    (confirming ? keepButton : deleteButton).current?.focus();
  }, [confirming]);
  const [name, ...lines] = addressLines(address);
  const busy = changes.remove.isPending || changes.makeDefault.isPending;
  return (
    <article
      aria-label={`${address.name}, ${address.line1}${address.isDefault ? ' (default)' : ''}`}
      className={`flex h-full flex-col rounded-2xl border p-4 sm:p-5 ${
        address.isDefault ? 'border-ink ring-1 ring-ink' : 'border-gray-200'
      }`}
    >
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 font-bold break-words">{name}</p>
        {address.isDefault && (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-bold text-emerald-800">
            <Star aria-hidden="true" className="size-3" />
            Default
          </span>
        )}
      </div>
      <address className="mt-1 text-sm break-words text-gray-700 not-italic">
        {lines.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
        {address.phone && <span className="block">{address.phone}</span>}
      </address>
      {confirming ? (
        <div role="group" aria-label="Delete this address?" className="mt-4 rounded-xl bg-red-50 p-3">
          <p className="text-sm font-semibold text-red-900">Delete this address? This cannot be undone.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              disabled={busy}
              className={dangerButtonClass}
              onClick={() => report(changes.remove.mutateAsync(address._id))}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Yes, delete it
            </button>
            <button
              ref={keepButton}
              type="button"
              className={smallButtonClass}
              onClick={() => setConfirming(false)}
            >
              Keep it
            </button>
          </div>
        </div>
      ) : (
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          <button ref={editButton} type="button" className={smallButtonClass} onClick={onEdit}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit<span className="sr-only"> {address.line1}</span>
          </button>
          {!address.isDefault && (
            <button
              type="button"
              disabled={busy}
              className={smallButtonClass}
              onClick={() => report(changes.makeDefault.mutateAsync(address._id))}
            >
              <Star aria-hidden="true" className="size-4" />
              Make default<span className="sr-only"> {address.line1}</span>
            </button>
          )}
          <button
            ref={deleteButton}
            type="button"
            className={smallButtonClass}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete<span className="sr-only"> {address.line1}</span>
          </button>
        </div>
      )}
    </article>
  );
}
