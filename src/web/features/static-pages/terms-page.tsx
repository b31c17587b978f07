import { PAGES } from '../../../domain/routes';
import { Link } from 'react-router';
import { SHOP_NAME } from '../../../domain/constants';
import { paths } from '../../paths';
import { PageSection, proseLinkClass, StaticPage } from './static-page-layout';

/** Static terms text (spec §2). */
export default function TermsPage() {
  return (
    <StaticPage
      title={PAGES.termsOfService.title}
      intro={`These terms apply to every purchase from ${SHOP_NAME}. By placing an order you agree to them, so please read them carefully.`}
    >
      <PageSection title="1. Orders">
        <p>
          An order is confirmed once your payment has been accepted. All shoes are subject to availability: if
          a size sells out before your payment is processed, we will not charge you for it. We may refuse or
          cancel orders that look fraudulent or that exceed reasonable quantities.
        </p>
      </PageSection>

      <PageSection title="2. Prices and payment">
        <p>
          Prices are shown in US dollars and may change at any time, but the price you pay is the one shown
          when you place your order. We accept major credit and debit cards. Card details are handled by our
          payment processor and never stored on our servers.
        </p>
      </PageSection>

      <PageSection title="3. Shipping">
        <p>
          We ship orders within two business days and send tracking once your parcel is on its way. Delivery
          times depend on your address and the carrier. Please check that your shipping address is complete
          and correct: we cannot be responsible for parcels sent to an address you entered incorrectly.
        </p>
      </PageSection>

      <PageSection title="4. Returns and refunds">
        <p>
          You can return unworn shoes in their original box within 30 days of delivery. Once we receive and
          check the pair, we refund the purchase price to your original payment method. Shoes that show signs
          of wear cannot be refunded.
        </p>
      </PageSection>

      <PageSection title="5. Authenticity">
        <p>
          Every pair we sell is 100% legitimate and authenticated by an independent third party before it
          ships.
        </p>
      </PageSection>

      <PageSection title="6. Privacy">
        <p>
          We use your personal data only to run your account, process and deliver your orders and, if you
          subscribe, send you our newsletter. We never sell your data. You can unsubscribe from the newsletter
          at any time and ask us to delete your account.
        </p>
      </PageSection>

      <PageSection title="7. Contact">
        <p>
          Questions about these terms or about an order? Write to us through our{' '}
          <Link to={paths.contactUs} className={proseLinkClass}>
            contact form
          </Link>{' '}
          and we will get back to you as soon as we can.
        </p>
      </PageSection>
    </StaticPage>
  );
}
