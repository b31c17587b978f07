interface SwitchButtonProps {
  checked: boolean;
  /** Names the setting and its row, e.g. "Manager: ana@example.com". */
  label: string;
  /** The current value in words, shown beside the switch ("Enabled", "Disabled"). */
  stateText: string;
  onToggle: () => void;
  disabled?: boolean;
  /** Why the switch is disabled (the administrator's own row). */
  title?: string;
  busy?: boolean;
}

/**
 * An on/off setting of a table row (user status, manager flag, on sale). A real switch for
 * assistive technology; the state word beside it is visible text only, since the name must
 * stay the same whichever way the switch is set.
 */
export function SwitchButton({
  checked,
  label,
  stateText,
  onToggle,
  disabled = false,
  title,
  busy = false,
}: SwitchButtonProps) {
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap" title={title}>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        aria-busy={busy || undefined}
        title={title}
        disabled={disabled || busy}
        onClick={onToggle}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${
          checked ? 'bg-emerald-600' : 'bg-gray-400'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
            checked ? 'translate-x-5.5' : 'translate-x-0.5'
          }`}
        />
      </button>
      <span
        aria-hidden="true"
        className={`text-sm font-semibold ${checked ? 'text-emerald-800' : 'text-gray-600'}`}
      >
        {stateText}
      </span>
    </span>
  );
}
