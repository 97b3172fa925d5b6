import type { Mail } from './mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The link of a reset mail: the app's /forgot-password page with the code as `oobCode`. */
export function resetPasswordLink(publicUrl: string, code: string): string {
  return `${publicUrl}/forgot-password?oobCode=${encodeURIComponent(code)}`;
}

export function resetPasswordMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Reset your Ruthless password',
    text: [
      'Hello,',
      '',
      'Follow this link to choose a new password for your Ruthless account:',
      link,
      '',
      'The link works once, within an hour. If you did not ask to reset your password, ignore this mail.',
    ].join('\n'),
    html: `<p>Hello,</p><p>Follow this link to choose a new password for your Ruthless account:</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>The link works once, within an hour. If you did not ask to reset your password, ignore this mail.</p>`,
  };
}
