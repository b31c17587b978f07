import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { checkShoeForm, createShoeSchema, moreSizesSchema } from '../../../domain/admin';
import type { Shoe } from '../../../domain/catalog';
import { NOTICE_MS } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { useCreateShoe } from './api/create-shoe';
import { isAccountDisabled } from '../../api/http';
import { FormAlert } from '../../components/forms/form-alert';
import { useUploadProgress } from '../../components/forms/use-upload-progress';
import { CreatedShoeNotice } from './created-shoe-notice';
import { DescriptionField } from './description-field';
import { ImageField } from './image-field';
import { shoeImageField } from './image-check';
import { ShoeBasicsFields } from './shoe-basics-fields';
import { applyShoeServerError } from './shoe-server-error';
import { SizeGridFields } from './size-grid-fields';
import { UploadProgress } from '../../components/forms/upload-progress';
import { AdminForm } from './admin-form';

// The cross-field check (the first size not again in the grid) goes on last: Zod 4 cannot extend a refined object.
const schema = createShoeSchema
  .extend({ moreSizes: moreSizesSchema, image: shoeImageField({ required: true }) })
  .superRefine(checkShoeForm);
type Values = z.input<typeof schema>;

const EMPTY: Values = {
  brand: '',
  name: '',
  color: '',
  price: '',
  compareAtPrice: '',
  size: '',
  q: '',
  description: '',
  moreSizes: [],
  image: undefined,
};
const FIELDS = [
  'brand',
  'name',
  'color',
  'price',
  'compareAtPrice',
  'size',
  'q',
  'description',
  'image',
  'moreSizes',
] as const;

/** The server names a grid row's field `moreSizes.<row>.size` or `.q`, as the form names it. */
const rowFields = (rows: number) =>
  Array.from({ length: rows }, (_, row) => [`moreSizes.${row}.size`, `moreSizes.${row}.q`] as const).flat();

/**
 * Create Shoes (spec §2, §5): the shoe, its sizes (the spec's first and the size grid's) and an
 * image, sent as one multipart upload. On success the form empties for the next shoe and links to the one just added.
 */
export function CreateShoeForm() {
  const { progress, onProgress, track } = useUploadProgress();
  const [formError, setFormError] = useState<string>();
  const [created, setCreated] = useState<Shoe>();
  const createShoe = useCreateShoe(onProgress);
  const form = useForm({
    resolver: zodResolver(schema),
    // Spec §5: errors show only for touched fields (and all of them after a submit attempt).
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const onSubmit = form.handleSubmit(async ({ image, moreSizes, ...fields }) => {
    if (!image) return; // The schema requires one; this tells TypeScript.
    setFormError(undefined);
    setCreated(undefined);
    try {
      const { shoe } = await track(() => createShoe.mutateAsync({ fields, moreSizes, image }));
      toast.success(MESSAGES.admin.shoeCreated, { duration: NOTICE_MS.admin });
      form.reset(EMPTY);
      setCreated(shoe);
    } catch (error) {
      if (!isAccountDisabled(error))
        toast.error(MESSAGES.admin.shoeCreateFailed, { duration: NOTICE_MS.admin });
      const rows = form.getValues('moreSizes').length;
      setFormError(applyShoeServerError(error, form.setError, [...FIELDS, ...rowFields(rows)]));
    }
  });

  return (
    <AdminForm
      form={form}
      onSubmit={onSubmit}
      action={{ label: 'Create', busyLabel: 'Creating...', icon: Plus }}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <ShoeBasicsFields />
      </div>
      <SizeGridFields />
      <DescriptionField
        hint={`Words, digits and the punctuation of product copy: , . ; : ! ? ' " ( ) % & / + -`}
      />
      <ImageField label="Image" />
      <UploadProgress progress={progress} />
      {formError && <FormAlert tone="error">{formError}</FormAlert>}
      {/* Always rendered so screen readers announce the new shoe when it appears. */}
      <div role="status">{created && <CreatedShoeNotice shoe={created} />}</div>
    </AdminForm>
  );
}
