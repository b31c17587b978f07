import { Link } from 'react-router';
import type { DropAnswer } from '../../../domain/contracts/drops';
import { formatPrice } from '../../../domain/cart-lines';
import { MESSAGES } from '../../../domain/messages';
import { DropCountdown } from '../../components/drops/drop-countdown';
import { DropPhaseBadge } from '../../components/drops/drop-phase-badge';
import { DropTime } from '../../components/drops/drop-time';
import { ShoeImage } from '../../components/shoe-image';
import { paths } from '../../paths';

const T = MESSAGES.dropPages;

/** The drop's shoe, where the drop stands and its countdown, the pairs of each size and the entries. */
export function DropSummary({ drop, receivedAt }: { drop: DropAnswer; receivedAt: number | null }) {
  const { shoe } = drop;
  return (
    <div className="grid gap-8 lg:grid-cols-[1.1fr_1fr] lg:gap-14">
      <div className="overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-black/5">
        <ShoeImage
          src={shoe.image}
          alt={`${shoe.brand} ${shoe.name}`}
          sizes="shoePage"
          priority
          className="aspect-[4/3] w-full object-cover"
        />
      </div>
      <div className="flex flex-col">
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-extrabold tracking-widest text-accent-dark uppercase">{shoe.brand}</p>
          <DropPhaseBadge phase={drop.phase} mode={drop.mode} />
        </div>
        <h1 className="mt-2 text-4xl font-black tracking-tight break-words sm:text-5xl">{shoe.name}</h1>
        <p className="mt-3 text-3xl font-black">{formatPrice(shoe.price)}</p>
        <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5">
          <DropCountdown drop={drop} receivedAt={receivedAt} size="large" />
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm">
            <dt className="font-bold text-gray-700">Opens</dt>
            <dd className="font-semibold">
              <DropTime iso={drop.opensAt} />
            </dd>
            <dt className="font-bold text-gray-700">Closes</dt>
            <dd className="font-semibold">
              <DropTime iso={drop.closesAt} />
            </dd>
            {drop.mode === 'draw' && (
              <>
                <dt className="font-bold text-gray-700">Entries</dt>
                <dd className="font-semibold">{T.entries(drop.entries)}</dd>
              </>
            )}
          </dl>
        </div>
        <h2 className="mt-6 text-xs font-bold tracking-widest text-gray-700 uppercase">Pairs per size</h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {drop.sizes.map(({ size, pairs }) => (
            <li
              key={size}
              className="rounded-xl bg-white px-3 py-2 text-sm font-semibold shadow-sm ring-1 ring-black/5"
            >
              {T.pairsOfSize(size, pairs)}
            </li>
          ))}
        </ul>
        <Link
          to={paths.shoe(shoe._id)}
          className="mt-6 self-start text-sm font-semibold text-accent-dark underline underline-offset-4 hover:text-ink"
        >
          About this shoe
        </Link>
      </div>
    </div>
  );
}
