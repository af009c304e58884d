import { useEffect } from 'react';
import { useAuthInternals } from './AuthContext';

/**
 * Loads the identity SDK as soon as the calling page mounts rather than at idle time: for pages
 * where a sign-in is likely (the login page), so the pop-up opens within the click's activation.
 */
export function useEagerAuth(): void {
  const { loadNow } = useAuthInternals();
  useEffect(loadNow, [loadNow]);
}
