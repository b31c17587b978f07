import { ImageUp } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import type { User } from '../../../domain/account';
import { NOTICE_MS } from '../../../domain/constants';
import { ApiError, errorMessage, isAccountDisabled } from '../../api/http';
import { useUploadAvatar } from './api/upload-avatar';
import { fileInputClass } from '../../components/forms/form-field';
import { InputField } from '../../components/forms/input-field';
import { UploadProgress } from '../../components/forms/upload-progress';
import { useUploadProgress } from '../../components/forms/use-upload-progress';
import { UserAvatar } from '../../components/user-avatar';
import { AccountForm } from './account-form';
import { avatarProblem } from './avatar-check';

interface Chosen {
  file: File;
  preview: string;
}

/** Upload a profile image ('Image Upload'): checked here for type and size, and by the server by content. */
export function AvatarForm({ user }: { user: User }) {
  const id = useId();
  const inputId = `${id}-image`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const { progress, onProgress, track } = useUploadProgress();
  const upload = useUploadAvatar(onProgress);

  // The preview's object URL is freed when replaced (below) or when the page goes.
  const previewRef = useRef<string | undefined>(undefined);
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  function choose(file: File | null) {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = undefined;
    setFormError(undefined);
    const problem = file ? avatarProblem(file) : undefined;
    setFieldError(problem);
    if (!file || problem) {
      setChosen(null);
      return;
    }
    previewRef.current = URL.createObjectURL(file);
    setChosen({ file, preview: previewRef.current });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    const problem = avatarProblem(chosen?.file);
    if (problem || !chosen) {
      setFieldError(problem);
      inputRef.current?.focus();
      return;
    }
    const { file } = chosen;
    try {
      const { message } = await track(() => upload.mutateAsync(file));
      toast.success(message, { duration: NOTICE_MS.success });
      if (inputRef.current) inputRef.current.value = '';
      choose(null);
    } catch (error) {
      if (isAccountDisabled(error)) return;
      // Too large, not an image, no file: about the file, so said under the field.
      if (error instanceof ApiError && [400, 413, 415].includes(error.status)) {
        setFieldError(error.message);
        inputRef.current?.focus();
      } else {
        setFormError(errorMessage(error));
      }
    }
  }

  const uploading = progress !== null;
  const hint = 'JPEG, PNG, WebP, GIF or AVIF, at most 5 MB.';

  return (
    <AccountForm
      title="Profile image"
      description="A square picture looks best; we crop it to a circle."
      onSubmit={onSubmit}
      error={formError}
      action={{ label: 'Upload image', busyLabel: 'Uploading...', icon: ImageUp }}
      busy={uploading}
    >
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <UserAvatar
          user={{ image: chosen?.preview ?? user.image }}
          size={80}
          alt={chosen ? 'Preview of the chosen image' : 'Your current profile image'}
          className="size-20 ring-1 ring-black/10"
        />
        <div className="min-w-0 flex-1">
          <InputField
            ref={inputRef}
            id={inputId}
            label="Image file"
            error={fieldError}
            hint={hint}
            type="file"
            accept="image/*"
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
            className={fileInputClass}
          />
        </div>
      </div>
      <UploadProgress progress={progress} />
    </AccountForm>
  );
}
