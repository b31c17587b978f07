import { Music } from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { SHOP_NAME } from '../../domain/constants';
import { externalLinks, paths } from '../paths';
import { ExternalLink } from './external-link';
import { PAGE_WIDTH } from './page-width';
import { LazyNewsletterForm } from './newsletter/lazy-newsletter-form';
import { InstagramIcon, XIcon } from './social-icons';

const SHOP_LINKS = [
  { label: 'About Us', to: paths.aboutUs },
  { label: 'Terms of Service', to: paths.termsOfService },
] as const;

const HELP_LINKS = [
  { label: 'Contact Us', to: paths.contactUs },
  { label: 'Size Chart', to: paths.sizeChart },
] as const;

const SOCIAL_LINKS: { label: string; href: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { label: 'Instagram', href: externalLinks.instagram, Icon: InstagramIcon },
  { label: 'X', href: externalLinks.twitter, Icon: XIcon },
];

const linkClass = 'rounded-sm text-gray-300 transition-colors hover:text-accent';
const headingClass = 'text-xs font-bold tracking-[0.2em] text-gray-400 uppercase';

function LinkColumn({ title, links }: { title: string; links: readonly { label: string; to: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className={headingClass}>{title}</h2>
      <ul className="mt-4 space-y-3 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Site-wide footer (spec §2 "Footer"): static pages, social and playlist links, newsletter. */
export function SiteFooter() {
  // UTC, as the server renders it (a visitor's New Year's Eve would otherwise differ from the HTML).
  const year = new Date().getUTCFullYear();

  return (
    // The footer starts below the fold: the browser lays it out and paints it only as it comes near
    // the screen (content-visibility), which keeps that work out of the page's first moments.
    <footer className="mt-16 bg-ink text-paper [contain-intrinsic-size:auto_640px] [content-visibility:auto]">
      <div
        className={`${PAGE_WIDTH} grid grid-cols-1 gap-10 py-12 md:grid-cols-2 lg:grid-cols-[1.3fr_0.7fr_0.7fr_1.5fr]`}
      >
        <div>
          <Link to={paths.home} className="inline-block rounded-md text-2xl font-black tracking-tight">
            {SHOP_NAME}
            <span aria-hidden="true" className="text-accent">
              .
            </span>
          </Link>
          <p className="mt-3 max-w-xs text-sm leading-relaxed text-gray-300">
            Authentic sneakers from the brands you love, checked by hand and shipped to your door.
          </p>
          <ul className="mt-5 flex gap-3" aria-label="Follow us">
            {SOCIAL_LINKS.map(({ label, href, Icon }) => (
              <li key={label}>
                <ExternalLink
                  href={href}
                  className="flex size-10 items-center justify-center rounded-full border border-white/20 text-gray-200 transition-colors hover:border-accent hover:text-accent"
                >
                  <Icon aria-hidden="true" className="size-5" />
                  <span className="sr-only">{label}</span>
                </ExternalLink>
              </li>
            ))}
          </ul>
        </div>

        <div className="grid grid-cols-2 gap-8 lg:contents">
          <LinkColumn title="Shop" links={SHOP_LINKS} />
          <LinkColumn title="Help" links={HELP_LINKS} />
        </div>

        <div className="md:col-span-2 lg:col-span-1">
          <h2 className={headingClass}>Newsletter</h2>
          <p className="mt-4 mb-4 text-sm text-gray-300">
            New drops, restocks and sales, before anyone else. No spam, unsubscribe anytime.
          </p>
          <LazyNewsletterForm />
        </div>
      </div>

      <div className="border-t border-white/10">
        <div
          className={`${PAGE_WIDTH} flex flex-col gap-2 py-6 text-xs text-gray-400 sm:flex-row sm:items-center sm:justify-between`}
        >
          <p>
            © {year} {SHOP_NAME}. All rights reserved.
          </p>
          <ExternalLink
            href={externalLinks.playlist}
            className="inline-flex items-center gap-1.5 rounded-sm hover:text-accent"
          >
            <Music aria-hidden="true" className="size-3.5" />
            Listen to the Sneaker Street playlist
          </ExternalLink>
        </div>
      </div>
    </footer>
  );
}
