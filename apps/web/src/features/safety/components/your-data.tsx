import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/lib/toast';
import { downloadMyData } from '../api/download-my-data';
import { safetyMessages as text } from '../messages';
import { DeleteAccount } from './delete-account';
import { MarketingConsent } from './marketing-consent';
import styles from './take-a-break.module.css';

/** The profile's 'Your data': download everything kept about the player, or delete the account. */
export function YourData() {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadMyData();
      toast.success(text.downloaded);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <TitledSection titleId="your-data-title" title={text.yourData}>
      <Panel className={styles.panel}>
        <MarketingConsent />
        <p className={styles.intro}>{text.yourDataIntro}</p>
        <Button variant="gold" fullWidth isLoading={downloading} onClick={() => void download()}>
          {text.downloadData}
        </Button>
        <DeleteAccount />
      </Panel>
    </TitledSection>
  );
}
