import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../lib/session.ts';
import { loadProfile, PROFILE_QUERY_KEY } from './auth.ts';

/**
 * On app start with a token, refresh the stored profile (menu, language) once. Login seeds the
 * cache, so the layout does not fetch it twice. Apart from auth.ts so the login screen, which
 * imports auth.ts, does not load the query hooks.
 */
export function useProfileRefresh(): void {
  const { token } = useSession();
  useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: loadProfile,
    enabled: token != null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
