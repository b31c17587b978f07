import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { createSizeSchema } from '../../../domain/admin';
import type { Shoe } from '../../../domain/catalog';
import { NOTICE_MS } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { useAddSize } from './api/add-size';
import { isAccountDisabled } from '../../api/http';
import { FormAlert } from '../../components/forms/form-alert';
import { applyServerError } from '../../components/forms/server-error';
import { TextField } from './text-field';
import { AdminForm } from './admin-form';

const EMPTY = { size: '', q: '', sku: '', gtin: '' };

/** Create size (spec §2, §5): a new size of the shoe, or more pairs of one it has. */
export function CreateSizeForm({ shoe }: { shoe: Shoe }) {
  const [formError, setFormError] = useState<string>();
  const addSize = useAddSize();
  const form = useForm({
    resolver: zodResolver(createSizeSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const onSubmit = form.handleSubmit(async (fields) => {
    setFormError(undefined);
    try {
      // Left empty, a code is not sent: the size keeps its own (a new size's SKU is generated).
      const { sku, gtin, ...rest } = fields;
      const codes = { ...(sku ? { sku } : {}), ...(gtin ? { gtin } : {}) };
      const { message } = await addSize.mutateAsync({ shoeId: shoe._id, fields: { ...rest, ...codes } });
      toast.success(message, { duration: NOTICE_MS.admin });
      form.reset(EMPTY);
    } catch (error) {
      if (isAccountDisabled(error)) return;
      toast.error(MESSAGES.admin.sizeCreateFailed, { duration: NOTICE_MS.admin });
      setFormError(applyServerError(error, form.setError, { fields: ['size', 'q', 'sku', 'gtin'] }));
    }
  });

  return (
    <AdminForm
      form={form}
      onSubmit={onSubmit}
      action={{ label: 'Create', busyLabel: 'Adding...', icon: Plus }}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="size" label="Size" inputMode="decimal" hint="Whole or half, e.g. 9 or 9.5." />
        <TextField
          name="q"
          label="Quantity"
          inputMode="numeric"
          hint="Pairs to add; an existing size gets them on top."
        />
        <TextField
          name="sku"
          label="SKU (optional)"
          maxLength={64}
          hint="Your code for this size. Left empty, a new size gets one made for it."
        />
        <TextField
          name="gtin"
          label="GTIN / UPC (optional)"
          inputMode="numeric"
          maxLength={14}
          hint="The barcode's number on the box: 8, 12, 13 or 14 digits."
        />
      </div>
      {formError && <FormAlert tone="error">{formError}</FormAlert>}
    </AdminForm>
  );
}
