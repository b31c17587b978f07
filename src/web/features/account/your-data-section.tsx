import { Download } from 'lucide-react';
import { secondaryButtonClass } from '../../components/forms/button-class';
import { AccountSection } from './account-section';
import { yourDataUrl } from './api/delete-account';

/**
 * Your data (issue 20): everything the shop holds about you as a JSON file. Deleting the account
 * is DeleteAccountSection, at the page's foot. docs/your-data.md says what the file holds.
 */
export function YourDataSection() {
  return (
    <AccountSection title="Your data" description="Everything we hold about you, yours to take.">
      <a href={yourDataUrl()} download className={secondaryButtonClass}>
        <Download aria-hidden="true" className="size-4" />
        Download my data
      </a>
    </AccountSection>
  );
}
