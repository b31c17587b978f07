import { Link } from 'react-router';
import { paths } from '../paths';

interface ShoeNameLinkProps {
  /** Null once the shoe has left the catalogue. */
  shoeId: string | null;
  name: string;
  /** The name's look, link or not. */
  className: string;
}

/**
 * A shoe's name in an order or a sales figure, linking to its page. A shoe that left the
 * catalogue keeps its name (and its sales) but has no page to link to.
 */
export function ShoeNameLink({ shoeId, name, className }: ShoeNameLinkProps) {
  if (!shoeId) return <span className={className}>{name}</span>;
  return (
    <Link
      to={paths.shoe(shoeId)}
      className={`rounded-sm ${className} hover:text-accent-dark hover:underline`}
    >
      {name}
    </Link>
  );
}
