import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from 'shared-auth';
import { paths } from 'shared-core';

export const LOGOUT_FAILED_MESSAGE = 'ログアウトに失敗しました。';

/** Signs out, then goes to the business login (spec section 4); a failure is kept to be shown. */
export function useLogout() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(async () => {
    setPending(true);
    setError(null);
    let failure: string | null = null;
    try {
      const result = await logout();
      if (!result.success) failure = result.error ?? LOGOUT_FAILED_MESSAGE;
    } catch {
      failure = LOGOUT_FAILED_MESSAGE;
    }
    if (failure === null) {
      navigate(paths.businessLogin, { replace: true });
      return;
    }
    setError(failure);
    setPending(false);
  }, [logout, navigate]);

  return { logout: run, pending, error };
}
