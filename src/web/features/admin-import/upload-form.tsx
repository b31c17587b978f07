import { Upload } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { IMPORT_CSV_MAX_BYTES, IMPORT_ZIP_MAX_BYTES } from '../../../domain/contracts/catalogue-import';
import { ApiError, errorMessage, isAccountDisabled } from '../../api/http';
import { fileInputClass } from '../../components/forms/form-field';
import { FormSubmit } from '../../components/forms/form-submit';
import { InputField } from '../../components/forms/input-field';
import { UploadProgress } from '../../components/forms/upload-progress';
import { useUploadProgress } from '../../components/forms/use-upload-progress';
import { useUploadImport } from './api/imports';

type FileField = 'csv' | 'zip';
type FieldErrors = Partial<Record<FileField, string>>;

const MB = 1024 * 1024;
const LIMITS: Record<FileField, number> = { csv: IMPORT_CSV_MAX_BYTES, zip: IMPORT_ZIP_MAX_BYTES };

/** Which field a dropped file belongs to, by its name. */
function fieldOf(file: File): FileField | undefined {
  if (/\.(csv|txt)$/i.test(file.name)) return 'csv';
  if (/\.zip$/i.test(file.name)) return 'zip';
  return undefined;
}

/** What the browser can tell before sending: a chosen file, not larger than the server takes. */
function checkFiles(files: Partial<Record<FileField, File>>): FieldErrors {
  const errors: FieldErrors = {};
  if (!files.csv) errors.csv = 'Choose the CSV file to import';
  for (const field of ['csv', 'zip'] as const) {
    const file = files[field];
    if (file && file.size > LIMITS[field])
      errors[field] = `This file is larger than ${LIMITS[field] / MB} MB`;
  }
  return errors;
}

/**
 * The field a refusal is about: the server names it (`fields.csv`, `fields.zip`), except a file too
 * large (413), whose message names the ZIP when it is the ZIP.
 */
function fieldErrorsOf(error: ApiError): FieldErrors {
  if (error.status === 413)
    return /\bZIP\b/.test(error.message) ? { zip: error.message } : { csv: error.message };
  return { csv: error.fields.csv, zip: error.fields.zip };
}

/**
 * The upload: a CSV and, optionally, a ZIP of the photos it names, chosen with the file pickers or
 * dropped on the form. A file the server refuses at once (not UTF-8, a wrong header, too large, an
 * unsafe ZIP) shows its reason under its field; otherwise `onUploaded` gets the queued import.
 */
export function UploadForm({ onUploaded }: { onUploaded: (id: string) => void }) {
  const id = useId();
  const { progress, onProgress, track } = useUploadProgress();
  const upload = useUploadImport(onProgress);
  const [files, setFiles] = useState<Partial<Record<FileField, File>>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const inputs = useRef<Partial<Record<FileField, HTMLInputElement | null>>>({});

  const choose = (field: FileField, file: File | undefined) => {
    setFiles((current) => ({ ...current, [field]: file }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** Dropped files land in the field their name says, and the field shows them as if picked. */
  const onDrop = (event: DragEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDragging(false);
    for (const file of Array.from(event.dataTransfer.files)) {
      const field = fieldOf(file);
      const input = field && inputs.current[field];
      if (!field || !input) continue;
      const list = new DataTransfer();
      list.items.add(file);
      input.files = list.files;
      choose(field, file);
    }
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(undefined);
    const problems = checkFiles(files);
    setErrors(problems);
    if (problems.csv || problems.zip || !files.csv) {
      inputs.current[problems.csv ? 'csv' : 'zip']?.focus();
      return;
    }
    try {
      const status = await track(() => upload.mutateAsync({ csv: files.csv!, zip: files.zip }));
      // The next upload starts from empty pickers.
      setFiles({});
      for (const input of Object.values(inputs.current)) if (input) input.value = '';
      onUploaded(status._id);
    } catch (error) {
      if (isAccountDisabled(error)) return;
      const fields = error instanceof ApiError ? fieldErrorsOf(error) : {};
      if (fields.csv || fields.zip) {
        setErrors(fields);
        inputs.current[fields.csv ? 'csv' : 'zip']?.focus();
      } else setFormError(errorMessage(error));
    }
  };

  const fileInput = (field: FileField, label: string, hint: string, accept: string) => (
    <InputField
      id={`${id}-${field}`}
      label={label}
      hint={hint}
      error={errors[field]}
      name={field}
      type="file"
      accept={accept}
      ref={(element) => {
        inputs.current[field] = element;
      }}
      onChange={(event) => choose(field, event.target.files?.[0])}
      className={fileInputClass}
    />
  );

  return (
    <form
      method="post"
      encType="multipart/form-data"
      noValidate
      aria-label="Upload a catalogue"
      onSubmit={onSubmit}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
      className={`space-y-5 rounded-2xl transition-shadow ${dragging ? 'ring-4 ring-accent/60 ring-offset-4' : ''}`}
    >
      {fileInput(
        'csv',
        'Catalogue CSV',
        `One row per shoe and size, UTF-8, up to ${IMPORT_CSV_MAX_BYTES / MB} MB.`,
        '.csv,text/csv',
      )}
      {fileInput(
        'zip',
        'Photos (ZIP, optional)',
        `The images the CSV names, matched by file name; up to ${IMPORT_ZIP_MAX_BYTES / MB} MB. Or drop both files on this form.`,
        '.zip,application/zip',
      )}
      <UploadProgress progress={progress} />
      <FormSubmit
        error={formError}
        action={{ label: 'Upload and preview', busyLabel: 'Uploading...', icon: Upload }}
        busy={upload.isPending}
        className="w-full sm:w-auto sm:min-w-40"
      />
    </form>
  );
}
