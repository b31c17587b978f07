import type { Row } from '../roles.js';
import { CATALOG_ROWS } from './catalog.js';
import { PUBLIC_FORM_ROWS } from './public-forms.js';
import { ACCOUNT_ROWS } from './accounts.js';
import { ADDRESS_ROWS } from './addresses.js';
import { CART_ROWS } from './carts.js';
import { ORDER_ROWS } from './orders.js';
import { ORDER_DOCUMENT_ROWS } from './order-documents.js';
import { ADMIN_ROWS } from './admin.js';
import { SHIPPING_AND_TAX_ROWS } from './shipping-and-tax.js';
import { CATALOGUE_IMPORT_ROWS } from './catalogue-import.js';
import { GALLERY_ROWS } from './gallery.js';
import { BULK_EDIT_ROWS } from './bulk-edit.js';
import { EXPORT_ROWS } from './exports.js';
import { WEBHOOK_ROWS } from './webhooks.js';
import { DROP_ROWS } from './drops.js';

/** Every row of the matrix, from one place: the route-coverage check needs them all. */
export const ALL_ROWS: Row[] = [
  ...CATALOG_ROWS,
  ...PUBLIC_FORM_ROWS,
  ...ACCOUNT_ROWS,
  ...ADDRESS_ROWS,
  ...CART_ROWS,
  ...ORDER_ROWS,
  ...ORDER_DOCUMENT_ROWS,
  ...ADMIN_ROWS,
  ...SHIPPING_AND_TAX_ROWS,
  ...CATALOGUE_IMPORT_ROWS,
  ...GALLERY_ROWS,
  ...BULK_EDIT_ROWS,
  ...EXPORT_ROWS,
  ...WEBHOOK_ROWS,
  ...DROP_ROWS,
];
