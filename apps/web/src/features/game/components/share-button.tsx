import type { GameResults } from '@ruthless/protocol';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useShare } from '../api/get-share';
import { shareText } from '../utils/share-text';

export const LINK_COPIED = 'The link is copied: paste it to share the results.';
export const LINK_NOT_COPIED = 'The link could not be copied. Please try again.';

/**
 * Shares the show's public results page (docs/player-app.md, Results worth sharing): the phone's
 * own share sheet where it has one (the Web Share API), else the link and the words copied, with
 * a toast. Shown once the server has the page (an ended show).
 */
export function ShareButton({ results, me }: { results: GameResults; me: string | null }) {
  const share = useShare(results.gameUuid);
  if (!share.data) return null;
  const { pageUrl, roomName, title } = share.data;
  const text = shareText(results, me, roomName);

  const onShare = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url: pageUrl });
        return;
      } catch (error) {
        // Closed without sharing: nothing to say. Refused (no permission): the link is copied.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(`${text} ${pageUrl}`);
      toast.success(LINK_COPIED);
    } catch {
      toast.error(LINK_NOT_COPIED);
    }
  };

  return (
    <Button variant="glass" size="md" onClick={() => void onShare()}>
      Share the results
    </Button>
  );
}
