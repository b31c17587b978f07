import { Link } from 'react-router';
import { useBrands } from '../../api/use-brands';
import { textLinkClass } from '../../components/forms/button-class';
import { paths } from '../../paths';
import { SelectField } from './select-field';

/** The shoe's brand (form value `brand`): one of the store's brands, or the shoe's own. */
export function BrandField({ current }: { current?: string }) {
  const { data: brands, isPending, isError } = useBrands();
  const names = (brands ?? []).map((brand) => brand.name);
  // A shoe keeps its brand even if the list (which is capped) does not hold it.
  if (current && !names.includes(current)) names.unshift(current);
  const empty = !isPending && names.length === 0;

  return (
    <SelectField
      name="brand"
      label="Brand"
      disabled={isPending && !current}
      hint={
        empty ? (
          <span>
            {isError ? 'The brands could not be loaded.' : 'There are no brands yet.'}{' '}
            <Link to={paths.createBrand} className={textLinkClass}>
              Create a brand
            </Link>
          </span>
        ) : undefined
      }
    >
      <option value="">{isPending && !current ? 'Loading brands...' : 'Choose brand'}</option>
      {names.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </SelectField>
  );
}
