/** Who may list, save, change and delete saved delivery addresses: the matrix's rows. */
import { ADDRESS_ROWS } from '../support/authorization/rows/addresses.js';
import { walkRows } from '../support/authorization/walk.js';

walkRows('saved addresses', ADDRESS_ROWS);
