/** Who may read, enter and run drops (issue 36): the matrix's rows. */
import { DROP_ROWS } from '../support/authorization/rows/drops.js';
import { walkRows } from '../support/authorization/walk.js';

walkRows('drops', DROP_ROWS);
