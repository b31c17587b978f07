import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';

interface FormAlertProps {
  tone: 'error' | 'success';
  children: ReactNode;
}

/**
 * A whole-form message (not tied to one field): a failed request (announced as an alert),
 * or a done one (put it inside an always-rendered `role="status"` region to have it read).
 */
export function FormAlert({ tone, children }: FormAlertProps) {
  const Icon = tone === 'error' ? CircleAlert : CircleCheck;
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={`flex items-start gap-2 rounded-xl px-4 py-3 text-sm font-medium ${
        tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-emerald-50 text-emerald-800'
      }`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
