/** Who may have an order's invoice and its packing slip: the matrix's rows. */
import { ORDER_DOCUMENT_ROWS } from '../support/authorization/rows/order-documents.js';
import { walkRows } from '../support/authorization/walk.js';

walkRows('order documents', ORDER_DOCUMENT_ROWS);
