import type { GameResults } from '@ruthless/protocol';
import { Button } from '@/components/ui/button';
import { shareLink } from '@/lib/share-link';
import { useShare } from '../api/get-share';
import { shareText } from '../utils/share-text';

export const LINK_COPIED = 'The link is copied: paste it to share the results.';
export const LINK_NOT_COPIED = 'The link could not be copied. Please try again.';

/**
 * Shares the show's public results page (docs/player-app.md, Results worth sharing): the phone's
 * own share sheet where it has one (the Web Share API), else the link and the words copied, with
 * a toast (lib/share-link.ts). Shown once the server has the page (an ended show).
 */
export function ShareButton({ results, me }: { results: GameResults; me: string | null }) {
  const share = useShare(results.gameUuid);
  if (!share.data) return null;
  const { pageUrl, roomName, title } = share.data;
  const text = shareText(results, me, roomName);

  return (
    <Button
      variant="glass"
      size="md"
      onClick={() =>
        void shareLink({ title, text, url: pageUrl }, { copied: LINK_COPIED, notCopied: LINK_NOT_COPIED })
      }
    >
      Share the results
    </Button>
  );
}
