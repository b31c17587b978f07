import { PAGES } from '../../../domain/routes';
import { Link } from 'react-router';
import { paths } from '../../paths';
import { ContactForm } from './contact-form';
import { StaticPage } from './static-page-layout';

/** Contact form page (spec §2). */
export default function ContactUsPage() {
  return (
    <StaticPage
      title={PAGES.contactUs.title}
      intro="A question about an order, a size or a pair you are hunting for? Write to us and we will answer as soon as we can."
    >
      <div className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-8">
        <ContactForm />
      </div>
      <p className="text-sm text-gray-600">
        Not sure about your size? Our{' '}
        <Link to={paths.sizeChart} className="font-semibold text-accent-dark underline underline-offset-2">
          size chart
        </Link>{' '}
        compares US, UK and EU sizes. For an order problem, include your order number so we can find it fast.
      </p>
    </StaticPage>
  );
}
