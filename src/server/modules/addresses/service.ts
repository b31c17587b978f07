import { isUuid } from '../../../domain/catalog.js';
import { MAX_SAVED_ADDRESSES, type SavedAddress } from '../../../domain/contracts/addresses.js';
import type { DeliveryAddress } from '../../../domain/forms.js';
import { MESSAGES } from '../../../domain/messages.js';
import { usStateCode } from '../../../domain/us-states.js';
import type { EventConsumer } from '../../events/domain-events.js';
import { HttpError, notFound } from '../../http/errors.js';
import type { AddressRepository, SavedAddressRow } from './repository.js';

/** A row as the API answers it: line 2 and the phone only when given, the state's code beside it. */
export function savedAddressOf(row: SavedAddressRow): SavedAddress {
  const stateCode = usStateCode(row.state);
  // Only deliveryAddressSchema's US states are ever stored: anything else is a bug upstream.
  if (stateCode === undefined) throw new Error(`Not a US state: ${row.state}`);
  return {
    _id: row.id,
    name: row.name,
    line1: row.line1,
    ...(row.line2 === null ? {} : { line2: row.line2 }),
    city: row.city,
    state: row.state,
    stateCode,
    postal_code: row.postalCode,
    ...(row.phone === null ? {} : { phone: row.phone }),
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Another user's address, an unknown one or a malformed id: all "not in your account". */
const notYours = () => notFound(MESSAGES.addresses.notFound);

/**
 * The signed-in user's saved delivery addresses (issue 31 item 4). Every call names the user: one
 * never sees or changes another's. An account with addresses has exactly one default: the first
 * saved, then the one the user picks; when the default is deleted, the most recently added other.
 */
export function createAddressService(deps: { repository: AddressRepository }) {
  const { repository } = deps;

  return {
    async list(userId: string): Promise<SavedAddress[]> {
      return (await repository.list(userId)).map(savedAddressOf);
    },

    async add(userId: string, address: DeliveryAddress): Promise<SavedAddress> {
      const row = await repository.add(userId, address, MAX_SAVED_ADDRESSES);
      if (row === 'full') {
        throw new HttpError(409, 'address_limit', MESSAGES.addresses.limit(MAX_SAVED_ADDRESSES));
      }
      return savedAddressOf(row);
    },

    async update(userId: string, id: string, address: DeliveryAddress): Promise<SavedAddress> {
      const row = isUuid(id) ? await repository.update(userId, id, address) : undefined;
      if (!row) throw notYours();
      return savedAddressOf(row);
    },

    async remove(userId: string, id: string): Promise<{ message: string }> {
      if (!isUuid(id) || !(await repository.remove(userId, id))) throw notYours();
      return { message: MESSAGES.addresses.deleted };
    },

    async makeDefault(userId: string, id: string): Promise<SavedAddress> {
      const row = isUuid(id) ? await repository.makeDefault(userId, id) : undefined;
      if (!row) throw notYours();
      return savedAddressOf(row);
    },

    /** A deleted account's addresses go (docs/your-data.md); handed over twice, nothing more goes. */
    erasure: (async (event) => {
      if (event.type === 'account.deleted') await repository.eraseOf(event.payload.userId);
    }) satisfies EventConsumer,
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
