import { Link } from 'react-router';
import type { Shoe } from '../../../domain/catalog';
import { MESSAGES } from '../../../domain/messages';
import { textLinkClass } from '../../components/forms/button-class';
import { FormAlert } from '../../components/forms/form-alert';
import { paths } from '../../paths';

/** After Create: what was added, and where to go on with it (its page, more sizes, changes). */
export function CreatedShoeNotice({ shoe }: { shoe: Shoe }) {
  return (
    <FormAlert tone="success">
      <p>
        {MESSAGES.admin.shoeCreated}: <strong>{shoe.name}</strong>.
      </p>
      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        <Link to={paths.shoe(shoe._id)} className={textLinkClass}>
          View in store
        </Link>
        <Link to={paths.createSizeFor(shoe._id)} className={textLinkClass}>
          Add sizes
        </Link>
        <Link to={paths.modifyShoeFor(shoe._id)} className={textLinkClass}>
          Modify it
        </Link>
      </p>
    </FormAlert>
  );
}
