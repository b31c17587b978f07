/** Who may change a shoe's photo gallery (issue 33 item 1): the matrix's rows. */
import { GALLERY_ROWS } from '../support/authorization/rows/gallery.js';
import { walkRows } from '../support/authorization/walk.js';

walkRows('photo gallery', GALLERY_ROWS);
