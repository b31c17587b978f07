import { z } from 'zod';
import { deliveryAddressSchema } from '../forms.js';
import { US_STATES, type UsStateCode } from '../us-states.js';

/**
 * A shopper's saved delivery addresses (issue 31 item 4): kept on /account and offered at checkout.
 * The body is the cart's delivery address form, with the very schema (and messages) the form uses.
 */

const US_STATE_CODES = Object.keys(US_STATES) as [UsStateCode, ...UsStateCode[]];

/** How many addresses one account may keep: enough for home, work and family, not a mailing list. */
export const MAX_SAVED_ADDRESSES = 10;

/** `POST /api/account/addresses` and `PUT /api/account/addresses/{id}`: the whole address. */
export const savedAddressBodySchema = deliveryAddressSchema.strict();

/** One saved address as the API answers it; line 2 and the phone only when given. */
export const savedAddressSchema = z.object({
  _id: z.string(),
  name: z.string(),
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  /** As the shopper typed it ("North Carolina", "nc"). */
  state: z.string(),
  /** Its USPS code, for the label's last line. */
  stateCode: z.enum(US_STATE_CODES),
  postal_code: z.string(),
  phone: z.string().optional(),
  /** The one preselected at checkout; an account with addresses has exactly one. */
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** The default first, then the most recently saved. */
export const savedAddressListSchema = z.array(savedAddressSchema);

/** A change's answer: what to tell the shopper, and the address as it is now. */
export const savedAddressAnswerSchema = z.object({ message: z.string(), address: savedAddressSchema });
