/** Who may export the catalogue and the orders as CSV (issue 33 item 4): the matrix's rows. */
import { EXPORT_ROWS } from '../support/authorization/rows/exports.js';
import { walkRows } from '../support/authorization/walk.js';

walkRows('CSV exports', EXPORT_ROWS);
