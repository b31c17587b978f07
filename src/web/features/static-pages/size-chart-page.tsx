import { PAGES } from '../../../domain/routes';
import { Link } from 'react-router';
import { SIZE_CHART } from '../../../domain/size-chart';
import { paths } from '../../paths';
import { PageSection, proseLinkClass, StaticPage } from './static-page-layout';

const headCell = 'px-4 py-3 text-left text-xs font-bold tracking-widest uppercase sm:px-6';

/** Static size table (spec §2): the shop's US men's sizes with US women's, UK, EU and cm (decision 021). */
export default function SizeChartPage() {
  return (
    <StaticPage
      title={PAGES.sizeChart.title}
      intro="Our sizes are US men's sizes: the size you pick on a shoe is the first column. Women's US sizes run 1.5 larger, so a women's 8.5 is our 7. Measure your foot and pick the row of its length in cm."
    >
      <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
        <table className="w-full border-collapse text-left tabular-nums">
          <caption className="px-4 pt-4 pb-3 text-left text-sm text-gray-600 sm:px-6">
            Our sizes (US men's) with their US women's, UK, EU and foot-length equivalents
          </caption>
          <thead className="bg-ink text-paper">
            <tr>
              {["Size (US men's)", "US women's", 'UK', 'EU', 'cm'].map((label) => (
                <th key={label} scope="col" className={headCell}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {SIZE_CHART.map((row) => (
              <tr key={row.size} className="border-t border-black/5 even:bg-paper hover:bg-orange-50">
                <th scope="row" className="px-4 py-3 font-bold text-ink sm:px-6">
                  {row.size}
                </th>
                {[row.usWomen, row.uk, row.eu, row.cm].map((value, index) => (
                  // The columns are fixed: a cell's place is its identity.
                  <td key={index} className="px-4 py-3 sm:px-6">
                    {value}
                  </td>
                ))}
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
