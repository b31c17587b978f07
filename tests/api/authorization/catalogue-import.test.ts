/** Who may import the catalogue (issue 33 item 3): the matrix's rows. */
import { CATALOGUE_IMPORT_ROWS } from '../support/authorization/rows/catalogue-import.js';
import { walkRows } from '../support/authorization/walk.js';

walkRows('catalogue import', CATALOGUE_IMPORT_ROWS);
