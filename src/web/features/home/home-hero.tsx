import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { Shoe } from '../../../domain/catalog';
import { SHOP_NAME } from '../../../domain/constants';
import { PAGE_WIDTH } from '../../components/page-width';
import { paths } from '../../paths';
import { ShoeImage } from '../../components/shoe-image';

interface HomeHeroProps {
  /** The cheapest deal, shown large; the hero stands on its own without one. */
  featured: Shoe | undefined;
}

/** The shop's welcome: who we are and the two ways in (everything, or the deals). */
export function HomeHero({ featured }: HomeHeroProps) {
  return (
    <section className={`${PAGE_WIDTH} pt-6 sm:pt-8`} aria-labelledby="home-title">
      <div className="relative isolate overflow-hidden rounded-3xl bg-ink px-6 py-10 text-white sm:px-12 sm:py-16 lg:grid lg:grid-cols-[1.1fr_1fr] lg:items-center lg:gap-10">
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-24 -z-10 size-96 rounded-full bg-accent/25 blur-3xl"
        />
        <div>
          <p className="text-sm font-bold tracking-[0.25em] text-accent uppercase">{SHOP_NAME}</p>
          <h1
            id="home-title"
            className="mt-4 text-5xl leading-[0.95] font-black tracking-tight sm:text-6xl lg:text-7xl"
          >
            Step into something <span className="text-accent">new</span>.
          </h1>
          <p className="mt-6 max-w-md text-base text-gray-300 sm:text-lg">
            Runners, court classics and street icons from the brands you love. Pick your size, we do the rest.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to={paths.shoes}
              className="inline-flex h-12 items-center gap-2 rounded-full bg-white px-6 font-extrabold text-ink transition-colors hover:bg-accent"
            >
              Shop all sneakers
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <Link
              to={paths.sale}
              className="inline-flex h-12 items-center rounded-full border border-white/40 px-6 font-extrabold text-white transition-colors hover:border-white hover:bg-white/10"
            >
              See the deals
            </Link>
          </div>
        </div>
        {featured && (
          <ShoeImage
            src={featured.image}
            sizes="hero"
            alt=""
            priority
            className="mx-auto mt-10 hidden aspect-[4/3] w-full max-w-lg -rotate-6 rounded-3xl object-cover shadow-2xl ring-8 ring-white/10 sm:block lg:mt-0"
          />
        )}
      </div>
    </section>
  );
}
