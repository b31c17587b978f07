/** Who may bulk-edit the shoes table (issue 33 item 5): the matrix's rows. */
import { BULK_EDIT_ROWS } from '../support/authorization/rows/bulk-edit.js';
import { walkRows } from '../support/authorization/walk.js';

walkRows('bulk edits', BULK_EDIT_ROWS);
