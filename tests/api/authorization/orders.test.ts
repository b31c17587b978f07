/** Who may pay, order, refund, return, and call Stripe's webhook: the matrix's rows. */
import { ORDER_ROWS } from '../support/authorization/rows/orders.js';
import { walkRows } from '../support/authorization/walk.js';

walkRows('checkout, orders, refunds, returns', ORDER_ROWS);
