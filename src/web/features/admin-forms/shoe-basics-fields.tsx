import { BrandField } from './brand-field';
import { TextField } from './text-field';

/** What a shoe is, as Create Shoes and Modify Shoes both ask it: brand, name, colour, price and compare-at price. */
export function ShoeBasicsFields({ currentBrand }: { currentBrand?: string }) {
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
      <TextField name="price" label="Price" prefix="$" inputMode="numeric" hint="Whole dollars." />
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
