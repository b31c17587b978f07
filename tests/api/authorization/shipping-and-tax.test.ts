/** Who may set up shipping methods and sales tax (issue 31 items 5-6): the matrix's rows. */
import { SHIPPING_AND_TAX_ROWS } from '../support/authorization/rows/shipping-and-tax.js';
import { walkRows } from '../support/authorization/walk.js';

walkRows('shipping and tax', SHIPPING_AND_TAX_ROWS);
