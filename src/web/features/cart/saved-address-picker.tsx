import { useId } from 'react';
import type { SavedAddress } from '../../../domain/contracts/addresses';
import { cityLine } from '../../../domain/payment';
import { NEW_ADDRESS } from './use-saved-address-choice';

interface SavedAddressPickerProps {
  addresses: SavedAddress[];
  /** The id of the address the delivery fields hold, or NEW_ADDRESS. */
  chosen: string;
  choose: (id: string) => void;
}

const optionClass =
  'flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-gray-300 p-3 text-sm has-checked:border-ink has-checked:ring-1 has-checked:ring-ink has-focus-visible:outline-2 has-focus-visible:outline-accent-dark';

/**
 * "Deliver to": the signed-in shopper's saved addresses above the delivery fields (issue 31 item 4),
 * the default preselected, and "A new address"; picking one fills the fields below.
 */
export function SavedAddressPicker({ addresses, chosen, choose }: SavedAddressPickerProps) {
  const name = useId();
  if (addresses.length === 0) return null;
  return (
    <fieldset className="mb-5 min-w-0">
      <legend className="mb-2 text-sm font-semibold text-ink">Deliver to</legend>
      {/* One column: at 1280 px the payment form is the cart's narrow side column. */}
      <div className="grid gap-2">
        {addresses.map((address) => (
          <label key={address._id} className={optionClass}>
            <input
              type="radio"
              name={name}
              value={address._id}
              checked={chosen === address._id}
              onChange={() => choose(address._id)}
              className="mt-0.5 size-5 shrink-0 accent-ink"
            />
            <span className="min-w-0 break-words">
              <span className="block font-bold">
                {address.name}
                {address.isDefault && (
                  <span className="ml-2 inline-block rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-bold text-emerald-800">
                    Default
                  </span>
                )}
              </span>
              <span className="block text-gray-700">
                {[address.line1, address.line2].filter(Boolean).join(', ')}
              </span>
              <span className="block text-gray-700">{cityLine(address)}</span>
            </span>
          </label>
        ))}
        <label className={optionClass}>
          <input
            type="radio"
            name={name}
            value={NEW_ADDRESS}
            checked={chosen === NEW_ADDRESS}
            onChange={() => choose(NEW_ADDRESS)}
            className="mt-0.5 size-5 shrink-0 accent-ink"
          />
          <span className="font-bold">A new address</span>
        </label>
      </div>
    </fieldset>
  );
}
