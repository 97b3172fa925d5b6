import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useSessionStore } from '@/stores/session-store';
import { useMarketingConsent, useSetMarketingConsent } from '../api/marketing-consent';
import { formatUntil, safetyMessages as text } from '../messages';
import styles from './take-a-break.module.css';

/** 'Marketing emails': the choice in force, when it was made, and a button to change it. */
export function MarketingConsent() {
  const playerUuid = useSessionStore((state) => state.playerUuid);
  const consent = useMarketingConsent(playerUuid);
  const change = useSetMarketingConsent();
  if (!consent.data) return null;
  const { given, at } = consent.data;
  const toggle = async () => {
    try {
      await change.mutateAsync(!given);
      toast.success(given ? text.marketingWithdrawn : text.marketingGiven);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <div className={styles.status} data-testid="marketing-consent">
      <strong>{text.marketingTitle}</strong>
      <span>
        {given ? text.marketingOn : text.marketingOff}
        {at ? ` ${text.marketingSince(formatUntil(at))}` : ''}
      </span>
      <Button variant="glass" fullWidth isLoading={change.isPending} onClick={() => void toggle()}>
        {given ? text.marketingWithdraw : text.marketingGive}
      </Button>
    </div>
  );
}
