import { MESSAGES } from '../../domain/messages';
import { PageLoading } from './page-loading';

interface LoadStatusProps {
  /** The request failed: the spec's error, announced at once. Otherwise LOADING..., announced politely. */
  failed: boolean;
  /** Its room where it stands (padding). */
  className: string;
}

/** What stands where a list will be: LOADING... while it loads, or why it is not there. */
export function LoadStatus({ failed, className }: LoadStatusProps) {
  if (!failed) return <PageLoading className={className} />;
  return (
    <p role="alert" className={`${className} text-center text-sm font-semibold text-deal`}>
      {MESSAGES.common.somethingWrong}
    </p>
  );
}
