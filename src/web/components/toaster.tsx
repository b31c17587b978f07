import { useEffect, type CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { onToasterMounted } from '../lib/toast';

/** sonner's rich colours, darkened just enough for text to reach WCAG AA contrast (4.5:1). */
const TOAST_COLORS = {
  '--success-text': 'hsl(140 100% 21%)',
  '--error-text': 'hsl(360 100% 36%)',
  '--warning-text': 'hsl(31 92% 28%)',
  '--info-text': 'hsl(210 92% 35%)',
} as CSSProperties;

/** The page's notices; loaded lazily by the app layout (see lib/toast.ts). */
export default function ShopToaster() {
  useEffect(onToasterMounted, []);
  return (
    // Below the sticky header, so a notice never covers Search, Cart or Account.
    <Toaster
      richColors
      position="top-center"
      offset={{ top: 80 }}
      mobileOffset={{ top: 104 }}
      style={TOAST_COLORS}
    />
  );
}
