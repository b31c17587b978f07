import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { createShoeSchema } from '../../../domain/admin';
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
import { TextField } from './text-field';
import { UploadProgress } from '../../components/forms/upload-progress';
import { AdminForm } from './admin-form';

const schema = createShoeSchema.extend({ image: shoeImageField({ required: true }) });
type Values = z.input<typeof schema>;

const EMPTY: Values = {
  brand: '',
  name: '',
  color: '',
  price: '',
  size: '',
  q: '',
  description: '',
  image: undefined,
};
const FIELDS = ['brand', 'name', 'color', 'price', 'size', 'q', 'description', 'image'] as const;

/**
 * Create Shoes (spec §2, §5): the shoe, its first size and an image, sent as one multipart
 * upload. On success the form empties for the next shoe and links to the one just added.
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

  const onSubmit = form.handleSubmit(async ({ image, ...fields }) => {
    if (!image) return; // The schema requires one; this tells TypeScript.
    setFormError(undefined);
    setCreated(undefined);
    try {
      const { shoe } = await track(() => createShoe.mutateAsync({ fields, image }));
      toast.success(MESSAGES.admin.shoeCreated, { duration: NOTICE_MS.admin });
      form.reset(EMPTY);
      setCreated(shoe);
    } catch (error) {
      if (!isAccountDisabled(error))
        toast.error(MESSAGES.admin.shoeCreateFailed, { duration: NOTICE_MS.admin });
      setFormError(applyShoeServerError(error, form.setError, FIELDS));
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
        <TextField name="size" label="Size" inputMode="decimal" hint="Whole or half, e.g. 9 or 9.5." />
        <TextField name="q" label="Quantity" inputMode="numeric" hint="Pairs in stock of this size." />
      </div>
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
