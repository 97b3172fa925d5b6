import { toast } from '@/lib/toast';

/** What a share sends: the phone's share sheet shows the title, the words and the link. */
export interface SharedLink {
  title: string;
  text: string;
  url: string;
}

/**
 * Shares a link the way the app's Share buttons do (the results', the profile's invite): the
 * phone's own share sheet where it has one (the Web Share API), else the words and the link
 * copied, with a toast that says so (`copied`) or that it failed (`notCopied`).
 */
export async function shareLink(
  link: SharedLink,
  messages: { copied: string; notCopied: string },
): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(link);
      return;
    } catch (error) {
      // Closed without sharing: nothing to say. Refused (no permission): the link is copied.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(`${link.text} ${link.url}`);
    toast.success(messages.copied);
  } catch {
    toast.error(messages.notCopied);
  }
}
