import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../paths';
import { plainLinkClass } from './forms/button-class';

/** The spec's 'Back to Admin' link to `/admin`, from the admin forms and the order view. */
export function BackToAdminLink() {
  return (
    <Link to={paths.admin} className={plainLinkClass}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Admin
    </Link>
  );
}
