/** Who may act on accounts, sessions, passwords, two-step sign-in and passkeys: the matrix's rows. */
import { ACCOUNT_ROWS } from '../support/authorization/rows/accounts.js';
import { walkRows } from '../support/authorization/walk.js';

walkRows('accounts and sessions', ACCOUNT_ROWS);
