import { ImageIcon } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { describedBy, FormField } from '../../components/forms/form-field';
import { fieldMessage } from './field-message';
import { FilePreview } from './file-preview';
import { SHOE_IMAGE_HINT, shoeImageProblem } from './image-check';

interface ImageFieldProps {
  label: string;
  /** The shoe's image now, shown until a new file is chosen (Modify Shoes: the file is then optional). */
  current?: { src: string; alt: string };
}

const previewClass = 'aspect-[4/3] w-full object-cover';

/**
 * The shoe image (form value `image`, a File): a file input with a preview of the chosen
 * file, or of the current image. Choosing a file counts as touching the field, so a
 * wrong file is reported at once.
 */
export function ImageField({ label, current }: ImageFieldProps) {
  const id = `${useId()}-image`;
  const {
    formState: { errors },
  } = useFormContext();
  const { field } = useController({ name: 'image' });
  const file = field.value instanceof File ? field.value : undefined;
  // Only a file that passes the checks is previewed: anything else would show a broken image.
  const previewable = file && !shoeImageProblem(file, { required: false }) ? file : undefined;
  const error = fieldMessage(errors, 'image');
  const inputRef = useRef<HTMLInputElement | null>(null);

  // After a reset the form forgets the file; the input must too, or it keeps showing its name.
  useEffect(() => {
    if (!file && inputRef.current) inputRef.current.value = '';
  }, [file]);

  return (
    <div className="grid gap-4 sm:grid-cols-[12rem_1fr] sm:items-start">
      <div className="order-last w-40 overflow-hidden rounded-2xl bg-paper ring-1 ring-black/5 sm:order-first sm:w-auto">
        {previewable ? (
          <FilePreview file={previewable} alt="Preview of the chosen image" className={previewClass} />
        ) : current ? (
          <img src={current.src} alt={current.alt} className={previewClass} />
        ) : (
          <div className={`${previewClass} flex flex-col items-center justify-center gap-1 text-gray-500`}>
            <ImageIcon aria-hidden="true" className="size-8" />
            <span className="text-xs font-semibold">No image yet</span>
          </div>
        )}
      </div>
      <FormField
        id={id}
        label={label}
        error={error}
        hint={current ? `${SHOE_IMAGE_HINT} Leave it empty to keep the current image.` : SHOE_IMAGE_HINT}
      >
        <input
          id={id}
          name={field.name}
          type="file"
          accept="image/*"
          ref={(element) => {
            inputRef.current = element;
            field.ref(element);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint: true, error })}
          onChange={(event) => {
            field.onChange(event.target.files?.[0]);
            field.onBlur();
          }}
          onBlur={field.onBlur}
          className="block w-full max-w-full rounded-xl border border-dashed border-gray-300 bg-paper p-2 text-sm text-gray-700 file:mr-3 file:rounded-full file:border-0 file:bg-ink file:px-4 file:py-2 file:text-sm file:font-bold file:text-white hover:file:bg-accent-dark aria-invalid:border-red-700"
        />
      </FormField>
    </div>
  );
}
