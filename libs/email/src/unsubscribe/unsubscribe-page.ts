/** The small pages the unsubscribe route answers a person with (no script, nothing remote). */

const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}button{font-size:1rem;padding:.6rem 1.2rem;cursor:pointer}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;
}

/**
 * What a GET of a link shows: a button that POSTs. Mail scanners fetch links to check them;
 * a GET that unsubscribed would unsubscribe everyone whose mail is scanned. `action` is
 * relative (`?token=…`): it resolves against the page's own URL, so a PUBLIC_URL with a path
 * prefix (a proxy mounting this server under `/collab`) keeps its prefix.
 */
export const confirmPage = (action: string): string =>
  page(
    'Unsubscribe from these emails?',
    `<p>You will no longer get email notifications about this document.</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button>
</form>`,
  );

export const doneHtml = page(
  'You are unsubscribed',
  '<p>You will no longer get email notifications about this document.</p>',
);

export const invalidHtml = page(
  'This link is not valid',
  '<p>The unsubscribe link is incomplete or was changed. Use the link of a recent email.</p>',
);
