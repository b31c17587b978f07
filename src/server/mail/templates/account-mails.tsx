import { SHOP_NAME } from '../../../domain/constants.js';
import { MailLayout } from './layout.js';
import { CallToAction, Paragraph } from './parts.js';
import { mailContent, type MailContent } from './render.js';

/** The password reset better-auth asks for (src/server/auth/auth-instance.ts): the link lives an hour. */
export function passwordResetMail(props: {
  publicUrl: string;
  email: string;
  link: string;
}): Promise<MailContent> {
  const { publicUrl, email, link } = props;
  const text =
    `Someone (hopefully you) asked to reset the password of ${email}.\n\n` +
    `Choose a new password here within the next hour: ${link}\n\n` +
    'If it was not you, ignore this mail: your password stays as it is.';
  return mailContent(
    `Reset your ${SHOP_NAME} password`,
    text,
    <MailLayout
      publicUrl={publicUrl}
      preview="Choose a new password within the next hour."
      heading="Reset your password"
    >
      <Paragraph>Someone (hopefully you) asked to reset the password of {email}.</Paragraph>
      <Paragraph>Choose a new password within the next hour:</Paragraph>
      <CallToAction href={link}>Choose a new password</CallToAction>
      <Paragraph muted>If it was not you, ignore this mail: your password stays as it is.</Paragraph>
    </MailLayout>,
  );
}

const DELETED =
  'As you asked, your account is deleted: you are signed out everywhere, and your profile, ' +
  'favorites and subscriptions are gone. Your orders are kept for our accounts, without your ' +
  'address, and your reviews stay without your name.';

/** The confirmation of an account's deletion, to the address it had (modules/your-data). */
export function accountDeletedMail(props: { publicUrl: string }): Promise<MailContent> {
  return mailContent(
    `Your ${SHOP_NAME} account was deleted`,
    `${DELETED}\n\nThank you for shopping with us.`,
    <MailLayout
      publicUrl={props.publicUrl}
      preview="Your account is deleted."
      heading="Your account is deleted"
    >
      <Paragraph>{DELETED}</Paragraph>
      <Paragraph>Thank you for shopping with us.</Paragraph>
    </MailLayout>,
  );
}
