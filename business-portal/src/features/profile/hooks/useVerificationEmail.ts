import { useState } from 'react';
import { useAuth } from 'shared-auth';

export const VERIFICATION_SENT = '認証メールを送信しました。メールボックスを確認してください。';
export const VERIFICATION_FAILED = '認証メールの送信に失敗しました。';

type Outcome = { tone: 'success' | 'error'; message: string } | null;

/**
 * Sends the verification mail; the outcome is shown inline, next to the button, instead of the
 * original alert(). The auth context also posts it to the shell's banners: those are cleared so
 * the message appears once, where the user is looking.
 */
export function useVerificationEmail() {
  const { sendVerificationEmail, clearMessages } = useAuth();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const send = async () => {
    setSending(true);
    setOutcome(null);
    try {
      const result = await sendVerificationEmail();
      clearMessages();
      setOutcome(
        result.success
          ? { tone: 'success', message: result.message ?? VERIFICATION_SENT }
          : { tone: 'error', message: result.error ?? VERIFICATION_FAILED },
      );
    } catch {
      setOutcome({ tone: 'error', message: VERIFICATION_FAILED });
    } finally {
      setSending(false);
    }
  };

  return { send, sending, outcome };
}
