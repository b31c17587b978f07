/** Who may set up webhooks and read their deliveries (issue 34 item 3): the matrix's rows. */
import { WEBHOOK_ROWS } from '../support/authorization/rows/webhooks.js';
import { walkRows } from '../support/authorization/walk.js';

walkRows('webhooks', WEBHOOK_ROWS);
