import { PAGES } from '../../../domain/routes';
import { RotateCcw, ShieldCheck, Truck, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { SHOP_NAME } from '../../../domain/constants';
import { paths } from '../../paths';
import { PageSection, proseLinkClass, StaticPage } from './static-page-layout';

const PROMISES: { Icon: LucideIcon; title: string; text: string }[] = [
  {
    Icon: ShieldCheck,
    title: '100% authentic',
    text: 'Every pair is checked by an independent third-party authenticator before it ships.',
  },
  {
    Icon: Truck,
    title: 'Tracked shipping',
    text: 'Orders leave our warehouse within two business days, with tracking from door to door.',
  },
  {
    Icon: RotateCcw,
    title: 'Easy returns',
    text: 'Wrong size? Send unworn pairs back in their original box within 30 days.',
  },
];

/** Static "About Us" text (spec §2). */
export default function AboutUsPage() {
  return (
    <StaticPage
      title={PAGES.aboutUs.title}
      intro={`${SHOP_NAME} is a sneaker shop run by people who queue for releases, swap sizes with friends and still keep the box of their first pair.`}
    >
      <PageSection title="Who we are">
        <p>
          We started {SHOP_NAME} because buying sneakers online felt like a gamble: blurry photos, vague
          sizing and no way to know whether the pair in the box was the real thing. So we built the shop we
          wanted to buy from, with honest photos, clear prices and the brands we love, from everyday runners
          to the grails you have been hunting for years.
        </p>
        <p>
          Our collection is picked by hand. We restock the classics, chase the limited drops and mark down the
          pairs that deserve a second look, so there is always something worth opening the box for.
        </p>
      </PageSection>

      <ul className="grid gap-4 sm:grid-cols-3" aria-label="Our promises">
        {PROMISES.map(({ Icon, title, text }) => (
          <li key={title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5">
            <span className="flex size-10 items-center justify-center rounded-full bg-orange-100 text-accent-dark">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <h3 className="mt-4 font-bold text-ink">{title}</h3>
            <p className="mt-1 text-sm text-gray-600">{text}</p>
          </li>
        ))}
      </ul>

      <PageSection title="Our authenticity promise">
        <p>
          Every sneaker we sell is 100% legitimate. Before a pair reaches you it is inspected and
          authenticated by an independent third party: materials, stitching, labels and packaging. If a pair
          ever fails that check, it never leaves our warehouse.
        </p>
      </PageSection>

      <PageSection title="Shipping and returns">
        <p>
          We pack every order with care and ship it within two business days, with tracking all the way. Not
          the right fit? Check our{' '}
          <Link to={paths.sizeChart} className={proseLinkClass}>
            size chart
          </Link>{' '}
          before you order, and if it still does not work out, return unworn pairs in their original box
          within 30 days. Questions? Our team is one message away on the{' '}
          <Link to={paths.contactUs} className={proseLinkClass}>
            contact page
          </Link>
          .
        </p>
      </PageSection>
    </StaticPage>
  );
}
