/** Who may use the admin panel (catalogue writes, users, dashboard, discount codes): the matrix's rows. */
import { ADMIN_ROWS } from '../support/authorization/rows/admin.js';
import { walkRows } from '../support/authorization/walk.js';

walkRows('admin panel', ADMIN_ROWS);
