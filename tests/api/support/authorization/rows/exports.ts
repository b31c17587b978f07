/** Matrix rows of the CSV exports (issue 33 item 4): staff only, refused before a row is read. */
import { expect } from 'vitest';
import { CATALOGUE_CSV_COLUMNS } from '../../../../../src/domain/catalogue-csv.js';
import { ORDERS_CSV_COLUMNS } from '../../../../../src/domain/orders-csv.js';
import { OK, staffOnly, type Row, get } from '../roles.js';

const headerOf = (body: string) => body.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0];

export const EXPORT_ROWS: Row[] = [
  {
    route: 'GET /api/admin/catalogue.csv',
    outcomes: staffOnly(OK),
    request: () => get('/api/admin/catalogue.csv'),
    check: (response) => {
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(headerOf(response.body)).toBe(CATALOGUE_CSV_COLUMNS.join(','));
    },
  },
  {
    route: 'GET /api/admin/orders.csv',
    outcomes: staffOnly(OK),
    request: () => get('/api/admin/orders.csv?from=2020-01-01&to=2020-12-31'),
    check: (response) => {
      expect(response.headers['content-disposition']).toContain('orders-2020-01-01-to-2020-12-31.csv');
      expect(headerOf(response.body)).toBe(ORDERS_CSV_COLUMNS.join(','));
    },
  },
];
