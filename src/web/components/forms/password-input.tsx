import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { inputClass } from './form-field';

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type' | 'className'>;

/**
 * A password field with a Show/Hide toggle (typing blind on a phone is how typos happen).
 * Takes react-hook-form's `register(...)` props, ref included.
 */
export function PasswordInput(props: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        {...props}
        type={visible ? 'text' : 'password'}
        spellCheck={false}
        autoCapitalize="none"
        className={`${inputClass} pr-14`}
      />
      <button
        type="button"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        aria-controls={props.id}
        onClick={() => setVisible((shown) => !shown)}
        className="absolute top-1/2 right-1.5 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full text-gray-600 transition-colors hover:bg-paper hover:text-ink"
      >
        {visible ? (
          <EyeOff aria-hidden="true" className="size-5" />
        ) : (
          <Eye aria-hidden="true" className="size-5" />
        )}
      </button>
    </div>
  );
}
