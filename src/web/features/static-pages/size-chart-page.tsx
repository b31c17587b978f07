import { PAGES } from '../../../domain/routes';
import { Link } from 'react-router';
import { SIZE_CHART } from '../../../domain/size-chart';
import { paths } from '../../paths';
import { PageSection, proseLinkClass, StaticPage } from './static-page-layout';

const headCell = 'px-4 py-3 text-left text-xs font-bold tracking-widest uppercase sm:px-6';

/** Static size table (spec §2): size / US / UK / EU. */
export default function SizeChartPage() {
  return (
    <StaticPage
      title={PAGES.sizeChart.title}
      intro="Our sizes follow US sizing. Find your size below and compare it with UK and EU sizes before you order."
    >
      <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
        <table className="w-full border-collapse text-left tabular-nums">
          <caption className="px-4 pt-4 pb-3 text-left text-sm text-gray-600 sm:px-6">
            Sneaker sizes with their US, UK and EU equivalents
          </caption>
          <thead className="bg-ink text-paper">
            <tr>
              <th scope="col" className={headCell}>
                Size
              </th>
              <th scope="col" className={headCell}>
                US
              </th>
              <th scope="col" className={headCell}>
                UK
              </th>
              <th scope="col" className={headCell}>
                EU
              </th>
            </tr>
          </thead>
          <tbody>
            {SIZE_CHART.map((row) => (
              <tr key={row.size} className="border-t border-black/5 even:bg-paper hover:bg-orange-50">
                <th scope="row" className="px-4 py-3 font-bold text-ink sm:px-6">
                  {row.size}
                </th>
                <td className="px-4 py-3 sm:px-6">{row.us}</td>
                <td className="px-4 py-3 sm:px-6">{row.uk}</td>
                <td className="px-4 py-3 sm:px-6">{row.eu}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <PageSection title="How to measure your foot">
        <ol className="list-decimal space-y-2 pl-5">
          <li>
            Stand on a sheet of paper with your heel against a wall, wearing the socks you usually wear.
          </li>
          <li>Mark the tip of your longest toe and measure from the wall to the mark.</li>
          <li>Measure both feet and go with the longer one. Between two sizes? Pick the larger.</li>
        </ol>
        <p>
          Still unsure?{' '}
          <Link to={paths.contactUs} className={proseLinkClass}>
            Ask us
          </Link>{' '}
          and we will help you find your fit.
        </p>
      </PageSection>
    </StaticPage>
  );
}
