import { ImageIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useController } from 'react-hook-form';
import { fileInputClass } from '../../components/forms/form-field';
import { InputField } from '../../components/forms/input-field';
import { useFormField } from './use-form-field';
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
  const { id, error } = useFormField('image');
  const { field } = useController({ name: 'image' });
  const file = field.value instanceof File ? field.value : undefined;
  // Only a file that passes the checks is previewed: anything else would show a broken image.
  const previewable = file && !shoeImageProblem(file, { required: false }) ? file : undefined;
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
      <InputField
        id={id}
        label={label}
        error={error}
        hint={current ? `${SHOE_IMAGE_HINT} Leave it empty to keep the current image.` : SHOE_IMAGE_HINT}
        name={field.name}
        type="file"
        accept="image/*"
        ref={(element) => {
          inputRef.current = element;
          field.ref(element);
        }}
        onChange={(event) => {
          field.onChange(event.target.files?.[0]);
          field.onBlur();
        }}
        onBlur={field.onBlur}
        className={fileInputClass}
      />
    </div>
  );
}
