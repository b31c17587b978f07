import { BrandField } from './brand-field';
import { TextField } from './text-field';

/**
 * What a shoe is, as Create Shoes and Modify Shoes both ask it: brand, name, colour, price and compare-at
 * price. A shoe being modified may cost dollars and cents (a bulk edit or an import set it so): its form
 * takes them (`cents`); the spec's Create Shoes takes whole dollars.
 */
export function ShoeBasicsFields({
  currentBrand,
  cents = false,
}: {
  currentBrand?: string;
  cents?: boolean;
}) {
  return (
    <>
      <BrandField current={currentBrand} />
      <TextField
        name="name"
        label="Name"
        maxLength={40}
        hint="Letters, digits, spaces and - ' . & / +, e.g. Gel-Kayano 14."
      />
      <TextField
        name="color"
        label="Color"
        maxLength={40}
        hint="Letters, spaces and - ' /, e.g. Off-White."
      />
      <TextField
        name="price"
        label="Price"
        prefix="$"
        inputMode={cents ? 'decimal' : 'numeric'}
        hint={cents ? 'Dollars, with cents if any (129.99).' : 'Whole dollars.'}
      />
      <TextField
        name="compareAtPrice"
        label="Compare-at price"
        prefix="$"
        inputMode="numeric"
        hint="Optional, whole dollars above the price: shown struck through with the % off while on sale."
      />
    </>
  );
}
