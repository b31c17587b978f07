import { BrandField } from './brand-field';
import { TextField } from './text-field';

/** What a shoe is, as Create Shoes and Modify Shoes both ask it: brand, name, colour and price. */
export function ShoeBasicsFields({ currentBrand }: { currentBrand?: string }) {
  return (
    <>
      <BrandField current={currentBrand} />
      <TextField name="name" label="Name" maxLength={40} />
      <TextField name="color" label="Color" maxLength={40} />
      <TextField name="price" label="Price" prefix="$" inputMode="numeric" hint="Whole dollars." />
    </>
  );
}
