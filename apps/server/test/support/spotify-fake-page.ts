import { DEMO_SPOTIFY_USER } from './spotify-fake-data.ts';

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The fake's login-and-consent page: who logs in (any user the fake knows), what the app asks
 * for, and Agree or Cancel, as Spotify's dialog offers with show_dialog=true. The form carries
 * the request on to /authorize/decision, which answers the app's redirect URI.
 */
export function authorizePage(query: URLSearchParams): string {
  const hidden = ['redirect_uri', 'state', 'scope']
    .map((name) => {
      const value = query.get(name);
      return value === null
        ? ''
        : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
    })
    .join('');
  const scopes = (query.get('scope') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((s) => `<li>${escapeHtml(s)}</li>`)
    .join('');
  return `<main style="font-family: sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem">
<h1>Spotify (local fake)</h1>
<p>Client <code>${escapeHtml(query.get('client_id') ?? '')}</code> asks to:</p>
<ul>${scopes}</ul>
<form method="post" action="/authorize/decision">
${hidden}
<p><label for="user">Spotify username</label><br>
<input id="user" name="user" value="${escapeHtml(DEMO_SPOTIFY_USER.id)}" autocomplete="off"></p>
<p><button type="submit" name="decision" value="agree">Agree</button>
<button type="submit" name="decision" value="cancel">Cancel</button></p>
</form>
</main>`;
}
