/** Who may subscribe, ask for a restock mail, write to the shop, count a page view, probe: the matrix's rows. */
import { PUBLIC_FORM_ROWS } from '../support/authorization/rows/public-forms.js';
import { walkRows } from '../support/authorization/walk.js';

walkRows('public forms and probes', PUBLIC_FORM_ROWS);
