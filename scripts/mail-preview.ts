// `npm run mail:preview [dir]`: writes every mail the shop sends, rendered for sample data, as
// <name>.html and <name>.txt in dir (dist/mail-preview by default), with an index.html linking them
// and the sample shoes' pictures beside them, to open in a browser at 390 and 600 px (docs/mails.md).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sneakerWebp } from '../src/server/db/seed/sneaker-image.js';
import {
  accountDeletedMail,
  emailConfirmationMail,
  passwordResetMail,
} from '../src/server/mail/templates/account-mails.js';
import { orderConfirmationMail } from '../src/server/mail/templates/order-confirmation.js';
import { orderRefundMail, orderShippedMail } from '../src/server/mail/templates/order-updates.js';
import type { MailContent } from '../src/server/mail/templates/render.js';
import { returnStepMail } from '../src/server/mail/templates/return-mails.js';
import { sampleOrder } from '../src/server/mail/templates/sample-order.js';
import { newsletterWelcomeMail, restockMail } from '../src/server/mail/templates/shopper-mails.js';

const dir = path.resolve(process.argv[2] ?? 'dist/mail-preview');
// The folder stands in for the shop: the pictures' absolute addresses resolve to files in it.
const publicUrl = pathToFileURL(dir).href;
const order = sampleOrder();
const returnAddress = 'Sneaker Street Returns\n400 Warehouse Way\nRaleigh, NC 27601';

const mails: Record<string, Promise<MailContent> | undefined> = {
  'password-reset': passwordResetMail({
    publicUrl,
    email: order.email,
    link: `${publicUrl}/reset-password?token=sample`,
  }),
  'email-confirmation': emailConfirmationMail({
    publicUrl,
    email: 'shopper@example.com',
    link: `${publicUrl}/verify-email?token=sample`,
    hours: 24,
  }),
  'newsletter-welcome': newsletterWelcomeMail({
    publicUrl,
    unsubscribeLink: `${publicUrl}/api/mail/newsletter/unsubscribe?token=sample`,
  }),
  restock: restockMail({
    publicUrl,
    shoe: { id: order.shoe[1]!._id!, name: order.shoe[1]!.name },
    size: '9',
  }),
  'order-confirmation': orderConfirmationMail({ publicUrl, order }),
  'order-confirmation-plain': orderConfirmationMail({
    publicUrl,
    order: sampleOrder({
      discountCode: null,
      discount: 0,
      shipping: null,
      tax: 0,
      deliveryAddress: null,
      amount: 18_000,
    }),
  }),
  'order-shipped': orderShippedMail({ publicUrl, order }),
  'order-refund': orderRefundMail({ publicUrl, order, refundId: 'refund-1' }),
  'return-requested': returnStepMail({
    publicUrl,
    order,
    returnId: 'return-1',
    step: 'requested',
    returnAddress,
  }),
  'return-approved': returnStepMail({
    publicUrl,
    order,
    returnId: 'return-1',
    step: 'approved',
    returnAddress,
  }),
  'return-rejected': returnStepMail({
    publicUrl,
    order,
    returnId: 'return-1',
    step: 'rejected',
    returnAddress,
  }),
  'account-deleted': accountDeletedMail({ publicUrl }),
};

fs.mkdirSync(path.join(dir, 'uploads/w320/shoes'), { recursive: true });
const palette = {
  upper: '#1f2937',
  accent: '#f97316',
  sole: '#f8f7f4',
  laces: '#ffffff',
  background: '#e5e7eb',
};
for (const [index, line] of order.shoe.entries()) {
  const file = path.join(dir, 'uploads/w320', line.image.slice('/uploads/'.length));
  fs.writeFileSync(file, await sneakerWebp({ ...palette, upper: index ? '#0f766e' : '#1f2937' }, index, 320));
}
const links: string[] = [];
for (const [name, pending] of Object.entries(mails)) {
  const mail = await pending;
  if (!mail) throw new Error(`the sample data gives no ${name} mail`);
  fs.writeFileSync(path.join(dir, `${name}.html`), mail.html);
  fs.writeFileSync(path.join(dir, `${name}.txt`), `Subject: ${mail.subject}\n\n${mail.text}\n`);
  links.push(`<li><a href="${name}.html">${name}</a> (<a href="${name}.txt">text</a>): ${mail.subject}</li>`);
}
fs.writeFileSync(
  path.join(dir, 'index.html'),
  `<!doctype html><title>Mails</title><ul>${links.join('')}</ul>`,
);
console.log(`${links.length} mails written to ${dir}`);
