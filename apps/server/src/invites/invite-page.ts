import { CARD_HEIGHT, CARD_WIDTH } from '../share/share-card';
import { escapeHtml, linkPreviewTags, type LinkPreview } from '../share/share-page';

/** What an invite's page and its link preview say. */
export interface InvitePreview extends LinkPreview {
  /** The card's address on this host (the page's own <img>, whatever host name it was reached by). */
  imagePath: string;
  /** Where the visitor signs up: the app's sign-up form. */
  signUpPath: string;
}

/** The page's look: the app's night sky and gold button, in the page itself (no app assets). */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:1.5rem;color:#fff;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-align:center;
background:radial-gradient(circle at 20% 15%,#3d6bff 0,#13248f 35%,#050a33 75%) fixed #050a33}
main{width:100%;max-width:28rem;display:grid;gap:1.1rem}
.eyebrow{margin:0;color:#7fb2ff;font-weight:900;letter-spacing:.2em;text-transform:uppercase;font-size:.8rem}
h1{margin:0;font-size:2rem;line-height:1.15;color:#ffe58a;text-shadow:0 3px 0 #8f4c04}
p{margin:0;line-height:1.45;font-weight:600;color:#dcd7f5}
img{width:100%;height:auto;border-radius:1rem;box-shadow:0 .6rem 2rem rgb(0 0 0/.5);border:2px solid rgb(255 211 77/.5)}
.join{display:block;padding:1rem 1.5rem;border-radius:999px;background:linear-gradient(#ffe58a,#f2b01e);
color:#2a1402;font-weight:900;font-size:1.2rem;text-decoration:none;box-shadow:0 .3rem 0 #8f4c04}
.join:focus-visible{outline:3px solid #fff;outline-offset:3px}
.small{font-size:.85rem;color:#b8b2dc}
.small a{color:#ffe58a}
`;

function page(head: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="robots" content="noindex" /><meta name="referrer" content="no-referrer" />${head}<style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/**
 * An invite's public page: Open Graph and Twitter tags for the link preview (the bots that read
 * them run no JavaScript) and, for a person, the card and the way into the app's sign-up. Every
 * piece of user text (the chat name in the title) is escaped.
 */
export function invitePage(preview: InvitePreview): string {
  const head = [
    `<title>${escapeHtml(`${preview.title} | Ruthless`)}</title>`,
    `<meta name="description" content="${escapeHtml(preview.description)}" />`,
    ...linkPreviewTags(preview),
  ].join('');
  const body = [
    '<p class="eyebrow">Ruthless · Live bingo</p>',
    `<h1>${escapeHtml(preview.title)}</h1>`,
    `<img src="${escapeHtml(preview.imagePath)}" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" alt="${escapeHtml(preview.imageAlt)}" />`,
    `<p>${escapeHtml(preview.description)}</p>`,
    `<a class="join" href="${escapeHtml(preview.signUpPath)}">Sign up and play</a>`,
    `<p class="small">Already playing? <a href="/login">Sign in</a></p>`,
  ].join('');
  return page(head, body);
}

/** The page of a link that leads nowhere (unknown, mistyped, or its inviter's account deleted). */
export function inviteNotFoundPage(): string {
  return page(
    '<title>This invite link does not work | Ruthless</title>',
    [
      '<p class="eyebrow">Ruthless · Live bingo</p>',
      '<h1>This invite link does not work</h1>',
      '<p>It may be mistyped, or the friend who sent it has left Ruthless. You can still join the free live bingo game shows.</p>',
      '<a class="join" href="/login?form_type=sign-up">Sign up and play</a>',
    ].join(''),
  );
}
