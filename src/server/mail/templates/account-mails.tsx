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

/** The subject of the email confirmation (tests tell it from the other mails a new account gets). */
export const EMAIL_CONFIRMATION_SUBJECT = `Confirm your ${SHOP_NAME} email address`;

/**
 * The link that confirms the address of a password sign-up (src/server/auth/email-confirmation.ts),
 * mailed at sign-up and again when the shopper asks from the account page.
 */
export function emailConfirmationMail(props: {
  publicUrl: string;
  email: string;
  link: string;
  hours: number;
}): Promise<MailContent> {
  const { publicUrl, email, link, hours } = props;
  const text =
    `Welcome to ${SHOP_NAME}! Confirm that ${email} is your address within the next ${hours} hours: ${link}\n\n` +
    'A confirmed address lets you enter drops and keeps your account yours.\n\n' +
    'If you did not create this account, ignore this mail: nothing happens without the link.';
  return mailContent(
    EMAIL_CONFIRMATION_SUBJECT,
    text,
    <MailLayout
      publicUrl={publicUrl}
      preview={`Confirm your address within the next ${hours} hours.`}
      heading="Confirm your email address"
    >
      <Paragraph>
        Welcome to {SHOP_NAME}! Confirm that {email} is your address within the next {hours} hours:
      </Paragraph>
      <CallToAction href={link}>Confirm my email</CallToAction>
      <Paragraph>A confirmed address lets you enter drops and keeps your account yours.</Paragraph>
      <Paragraph muted>
        If you did not create this account, ignore this mail: nothing happens without the link.
      </Paragraph>
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
