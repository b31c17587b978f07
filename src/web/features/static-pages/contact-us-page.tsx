import { PAGES } from '../../../domain/routes';
import { Link } from 'react-router';
import { paths } from '../../paths';
import { ContactForm } from './contact-form';
import { proseLinkClass, StaticPage } from './static-page-layout';
import { cardClass } from '../../components/card-class';

/** Contact form page (spec §2). */
export default function ContactUsPage() {
  return (
    <StaticPage
      title={PAGES.contactUs.title}
      intro="A question about an order, a size or a pair you are hunting for? Write to us and we will answer as soon as we can."
    >
      <div className={cardClass}>
        <ContactForm />
      </div>
      <p className="text-sm text-gray-600">
        Not sure about your size? Our{' '}
        <Link to={paths.sizeChart} className={proseLinkClass}>
          size chart
        </Link>{' '}
        compares US, UK and EU sizes. For an order problem, include your order number so we can find it fast.
      </p>
    </StaticPage>
  );
}
