import { useEffect } from 'react';
import { useParams } from 'react-router';
import { LinkButton } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { Panel } from '@/components/ui/panel';
import { useResults } from '@/features/game/api/get-results';
import { useShare } from '@/features/game/api/get-share';
import { ResultsSummary } from '@/features/game/components/results';
import { ShareButton } from '@/features/game/components/share-button';
import { money } from '@/features/game/utils/labels';
import { ApiError } from '@/lib/api-client';
import { useClientStore } from '@/stores/client-store';
import { NotFoundRoute } from './not-found';
import styles from './game-results.module.css';

/**
 * An ended show's public results (docs/player-app.md, Results worth sharing): the page a shared
 * link opens, signed in or not. The server answers its address with the link preview's tags
 * already in the page; any game that has not ended is the app's not-found.
 */
export function GameResultsRoute() {
  const { id = '' } = useParams();
  const share = useShare(id);
  const results = useResults(id, share.isSuccess);
  const setTheme = useClientStore((state) => state.setBackgroundTheme);
  const theme = share.data?.roomTheme ?? 'DEFAULT';
  useEffect(() => {
    setTheme(theme);
  }, [theme, setTheme]);
  useEffect(() => () => setTheme('DEFAULT'), [setTheme]);

  if (share.error instanceof ApiError && (share.error.status === 404 || share.error.status === 400)) {
    return <NotFoundRoute />;
  }
  const data = results.data;
  return (
    <div className={styles.page}>
      <Logo className={styles.logo} />
      <Panel className={styles.panel} aria-labelledby="public-results-title">
        <p className={styles.eyebrow}>The results</p>
        <h1 id="public-results-title" className={styles.title}>
          {share.data?.roomName ?? 'Ruthless'}
        </h1>
        {share.isError || results.isError ? (
          <p className={styles.muted}>The results are not available yet.</p>
        ) : !share.data || !data ? (
          <p className={styles.muted}>Counting the winnings…</p>
        ) : (
          <>
            <p className={styles.pot}>
              <span>The pot</span>
              <strong>{money(data.potPence)}</strong>
            </p>
            <ResultsSummary results={data} me={null} />
            <ShareButton results={data} me={null} />
            <LinkButton to={`/game/${id}/replay`} variant="glass" fullWidth>
              Watch again
            </LinkButton>
          </>
        )}
        <LinkButton to="/" variant="gold" size="lg" fullWidth>
          Play the next show
        </LinkButton>
        <p className={styles.muted}>Free test event: no money moves.</p>
      </Panel>
    </div>
  );
}
