import { Link, useLocation } from 'react-router';
import { textLinkClass } from '../../components/forms/button-class';

interface AuthSwitchLinkProps {
  /** The question before the link: "Already have an account?". */
  question: string;
  to: string;
  label: string;
}

/**
 * The way from one account form to another, under its card. It carries the page a guard sent
 * the user away from, so they still land there once signed in.
 */
export function AuthSwitchLink({ question, to, label }: AuthSwitchLinkProps) {
  const location = useLocation();
  return (
    <p>
      {question}{' '}
      <Link to={to} state={location.state} className={textLinkClass}>
        {label}
      </Link>
    </p>
  );
}
