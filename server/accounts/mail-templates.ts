import type { OutgoingMail } from '#server/plugins/mailer';

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function message(options: {
  to: string;
  kind: string;
  subject: string;
  greeting: string;
  lines: string[];
  action: string;
  link: string;
  footer: string;
}): OutgoingMail {
  const { to, kind, subject, greeting, lines, action, link, footer } = options;
  const text = [greeting, '', ...lines, '', `${action}: ${link}`, '', footer, ''].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>`,
  ].join('\n');
  return { to, kind, subject, text, html, link };
}

/** The mail sent at sign-up and on "Resend Verification Email". The link works for 48 hours. */
export function verificationMail(to: string, firstName: string, link: string): OutgoingMail {
  return message({
    to,
    kind: 'verify-email',
    subject: 'Verify your email address for Q-Bot',
    greeting: `Hello ${firstName},`,
    lines: ['Please confirm that this is your email address so you can sign in to Q-Bot.'],
    action: 'Verify my email address',
    link,
    footer: 'The link works for 48 hours. If you did not sign up, you can ignore this message.',
  });
}

/** The mail sent on "Reset Password". The link works once, for one hour. */
export function passwordResetMail(to: string, firstName: string, link: string): OutgoingMail {
  return message({
    to,
    kind: 'reset-password',
    subject: 'Reset your Q-Bot password',
    greeting: `Hello ${firstName},`,
    lines: ['Someone, hopefully you, asked to reset the password of your Q-Bot account.'],
    action: 'Choose a new password',
    link,
    footer:
      'The link works once, for one hour. If you did not ask for it, ignore this message: your password stays as it is.',
  });
}
