import { useQuery } from '@wayfarer/query';
import { ApiError } from '@wayfarer/api-client';
import { useOnline } from './use-online';

/** The page's own origin answers (the shell's static server, `/healthz`): false when there is no connection. */
async function originReachable(): Promise<boolean> {
  try {
    await fetch('/healthz', { cache: 'no-store', signal: AbortSignal.timeout(4000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a failed read failed for want of a connection: the browser says it is offline, or the read
 * failed at the network level (no HTTP answer) and the page's own origin does not answer either. A server that
 * answered with an error, or that alone is down, is not a lost connection.
 */
export function useConnectionLost(error: unknown): boolean {
  const online = useOnline();
  const network = Boolean(error) && !(error instanceof ApiError);
  const probe = useQuery({
    queryKey: ['connectivity', String(error)],
    queryFn: originReachable,
    enabled: online && network,
    networkMode: 'always',
    staleTime: 0,
    gcTime: 0,
  });
  return !online || (network && probe.data === false);
}
