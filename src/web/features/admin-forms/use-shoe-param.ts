import { useSearchParams } from 'react-router';

/** The shoe an admin form works on: `?shoe=<id>` (paths.modifyShoeFor / createSizeFor), or undefined. */
export function useShoeParam(): string | undefined {
  const [params] = useSearchParams();
  return params.get('shoe')?.trim() || undefined;
}
