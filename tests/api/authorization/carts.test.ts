/** Who may read, save and merge the cart kept on the account: the matrix's rows. */
import { CART_ROWS } from '../support/authorization/rows/carts.js';
import { walkRows } from '../support/authorization/walk.js';

walkRows('saved carts', CART_ROWS);
