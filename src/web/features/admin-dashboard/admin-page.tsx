import { useAdminStats } from './api/use-admin-stats';
import { usePageViews } from './api/use-page-views';
import { InlineError } from '../../components/forms/inline-error';
import { PageHeader } from '../../components/page-header';
import { PAGE_WIDTH } from '../../components/page-width';
import { AdminLinks } from './admin-links';
import { BestSellers } from './best-sellers';
import { BrandsTable } from './brands-table';
import { CsvExports } from './csv-exports';
import { DiscountsTable } from './discounts-table';
import { MostWanted } from './most-wanted';
import { OrdersTable } from './orders-table';
import { PageViewsPanel } from './page-views-panel';
import { ReturnsTable } from './returns-table';
import { MoneySplit } from './money-split';
import { SalesChart } from './sales-chart';
import { SettingsCard } from './settings-card';
import { CartRemindersCard } from './cart-reminders-card';
import { ShoesTable } from './shoes-table';
import { SummaryFigures } from './summary-figures';
import { TopRoutes } from './top-routes';
import { UsersTable } from './users-table';

/**
 * `/admin` (spec §2, inside RequireAdmin): the admin tools, the business at a glance, and
 * the users, orders, shoes and brands tables (each loads and pages on its own), and the CSV exports.
 */
export default function AdminPage() {
  const stats = useAdminStats();
  const pageViews = usePageViews();

  return (
    <div className={`${PAGE_WIDTH} space-y-6 py-10 sm:space-y-8 sm:py-14`}>
      <PageHeader
        eyebrow="Admin"
        title="Dashboard"
        description="Run the store: the catalogue, customers and their orders."
      />
      <AdminLinks />
      <SummaryFigures stats={stats.data} pageViews={pageViews.data} />
      <InlineError message={stats.isError ? 'The sales figures could not be loaded just now.' : null} />
      <MoneySplit money={stats.data?.money} />
      <div className="grid gap-6 lg:grid-cols-3">
        <SalesChart salesByDay={stats.data?.salesByDay} className="lg:col-span-2" />
        <BestSellers bestSellers={stats.data?.bestSellers} />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <PageViewsPanel pageViews={pageViews.data} className="lg:col-span-2" />
        <TopRoutes topRoutes={pageViews.data?.topRoutes} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <MostWanted mostWanted={stats.data?.mostWanted} />
        <CartRemindersCard />
      </div>
      <UsersTable />
      <OrdersTable />
      <ReturnsTable />
      <CsvExports />
      <ShoesTable />
      <DiscountsTable />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <BrandsTable />
        <SettingsCard />
      </div>
    </div>
  );
}
