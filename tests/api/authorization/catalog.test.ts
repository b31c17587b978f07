/** Who may read the catalogue, keep favorites and write reviews: the authorization matrix's rows of that area. */
import { CATALOG_ROWS } from '../support/authorization/rows/catalog.js';
import { walkRows } from '../support/authorization/walk.js';

walkRows('catalogue, favorites, reviews', CATALOG_ROWS);
