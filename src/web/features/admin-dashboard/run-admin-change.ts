import { NOTICE_MS } from '../../../domain/constants';
import { errorMessage } from '../../api/http';
import { toast } from '../../lib/toast';

/**
 * Runs a change made from a table row (a switch, a delete) and says how it went: its message,
 * or the server's reason for refusing it (e.g. 403 "Only the administrator can change
 * managers"). Resolves whether it was done.
 */
export async function runAdminChange(change: () => Promise<string>): Promise<boolean> {
  try {
    toast.success(await change(), { duration: NOTICE_MS.admin });
    return true;
  } catch (error) {
    toast.error(errorMessage(error), { duration: NOTICE_MS.admin });
    return false;
  }
}
