import { desc } from 'drizzle-orm';
import { auditLog } from '../../../src/server/db/schema.js';
import { insertCatalog } from './catalog-fixture.js';
import { createStaffTestApp, type StaffAccount, type StaffTestApp } from './staff-test-app.js';
import type { TestApp } from './test-app.js';

export interface StaffShop extends StaffTestApp {
  /** The one shoe on sale, in size 9. */
  shoeId: string;
}

/**
 * A staff test app (createStaffTestApp) selling one shoe of the brand Stride in size 9: where what
 * the staff set (shipping methods, tax rates, codes) meets what a shopper is quoted and charged.
 * `price` is in dollars, as the catalogue fixture takes it; `stock` is the pairs of size 9. Without
 * `shoe`, a red $100 Runner with 50 pairs.
 */
export async function createStaffShop(
  staff: StaffAccount,
  options: { signInFrom: string; shoe?: { name: string; color: string; price: number; stock: number } },
): Promise<StaffShop> {
  const { t, admin } = await createStaffTestApp(staff, { signInFrom: options.signInFrom });
  const { name, color, price, stock } = options.shoe ?? {
    name: 'Runner',
    color: 'Red',
    price: 100,
    stock: 50,
  };
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [{ name, brand: 'Stride', color, price, sizes: [['9', stock]] }],
  );
  return { t, admin, shoeId: shoeIds.get(name)! };
}

/** The audit log's newest entry: what the staff's last change wrote there. */
export async function lastAudit(t: TestApp) {
  const [entry] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.at)).limit(1);
  return entry!;
}
