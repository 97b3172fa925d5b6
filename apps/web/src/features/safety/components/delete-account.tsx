import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { AccountDeletionMessage } from '@ruthless/protocol';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { signOut } from '@/lib/auth-client';
import { toast } from '@/lib/toast';
import { useSessionStore } from '@/stores/session-store';
import { useDeleteAccount } from '../api/delete-account';
import { usePlayBreak } from '../api/get-play-break';
import { safetyMessages as text } from '../messages';
import styles from './delete-account.module.css';

/**
 * 'Delete my account': a dialog asking for the password (empty for a Google account, which must
 * have signed in minutes ago) and a tick that the player understands; then signed out for good.
 * During a break it says that the break outlives the account, and why.
 */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hintId = useId();
  const current = usePlayBreak(useSessionStore((state) => state.playerUuid)).data?.current;

  const close = () => {
    setOpen(false);
    setPassword('');
    setUnderstood(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!understood) return;
    try {
      const { message } = await remove.mutateAsync({ confirm: true, ...(password ? { password } : {}) });
      toast.success(message);
      // The session is gone on the server: forget it here too.
      await signOut().catch(() => undefined);
      queryClient.clear();
      void navigate('/login', { replace: true });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <>
      <Button variant="glass" fullWidth onClick={() => setOpen(true)}>
        {text.deleteAccount}
      </Button>
      {open && (
        <Modal title={text.deleteTitle} tone="ruby" variant="form" onClose={close} initialFocus="input">
          <form className={styles.form} onSubmit={(event) => void submit(event)}>
            <p>{text.deleteWarning}</p>
            {current && <p>{AccountDeletionMessage.breakStays(current.kind, current.endsAt)}</p>}
            <Field label="Password">
              <input
                type="password"
                autoComplete="current-password"
                aria-describedby={hintId}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </Field>
            <p id={hintId} className={styles.hint}>
              {text.deleteGoogleHint}
            </p>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={understood}
                onChange={(event) => setUnderstood(event.target.checked)}
              />
              {text.deleteUnderstood}
            </label>
            <Button
              type="submit"
              variant="ruby"
              fullWidth
              disabled={!understood}
              isLoading={remove.isPending}
            >
              {text.deleteConfirm}
            </Button>
            <Button type="button" variant="glass" fullWidth onClick={close}>
              {text.cancel}
            </Button>
          </form>
        </Modal>
      )}
    </>
  );
}
