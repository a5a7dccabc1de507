import type { TSpotifyArtists, TSpotifyImportCandidates } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { unique } from '../support/factories.ts';
import { send } from '../support/profile-inputs.ts';
import { member } from '../support/shows.ts';
import { artist, connectedFan, spotifyUser, withSpotifyTestApp } from '../support/spotify.ts';
import type { FakeArtist } from '../support/spotify-fake-data.ts';
import type { SpotifyServer } from '../support/spotify-server.ts';
import type { TestApp } from '../support/test-app.ts';

let t: TestApp;
let spotify: SpotifyServer;
withSpotifyTestApp((made) => ({ t, spotify } = made));

const get = <T>(cookie: string, url: string) =>
  send(t.app, 'GET', url, cookie).then((r) => {
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
    return r.json<T>();
  });

/** An Encore performer, linked to `spotify` artist's page when given. */
const onEncore = (name: string, linked?: FakeArtist, url?: string) =>
  member(t, 'performer', {
    artistName: name,
    spotifyUrl: url ?? (linked ? `https://open.spotify.com/artist/${linked.id}?si=abc` : ''),
  });

describe('GET /api/spotify/top-artists', () => {
  it('asks for five, takes the first genre (else Unknown) and image, and finds each on Encore', async () => {
    const tag = unique();
    const linked = artist(`Linked ${tag}`, ['shoegaze', 'noise']);
    const named = artist(`Named ${tag}`);
    const stranger = artist(`Stranger ${tag}`);
    const withImage = { ...artist(`Pictured ${tag}`), imageUrl: 'https://i.example/1.jpg' };
    const six = [linked, named, stranger, withImage, artist('Five'), artist('Six')];
    const listener = spotifyUser(spotify, { topArtists: six });
    const linkedOnEncore = await onEncore(`Some Other Name ${tag}`, linked);
    const namedOnEncore = await onEncore(`  named ${tag.toUpperCase()} `);
    const fan = await connectedFan(t, spotify, listener.id);

    const { artists } = await get<TSpotifyArtists>(fan.cookie, '/api/spotify/top-artists');
    expect(spotify.log.at(-1)).toMatchObject({ what: '/v1/me/top/artists', status: 200 });
    expect(artists.map((a) => a.name)).toEqual(six.slice(0, 5).map((a) => a.name));
    expect(artists[0]).toMatchObject({
      spotifyId: linked.id,
      genre: 'shoegaze',
      imageUrl: null,
      encoreArtist: { id: linkedOnEncore.id, name: `Some Other Name ${tag}`, alertChannels: null },
    });
    expect(artists[1]).toMatchObject({ genre: 'Unknown', encoreArtist: { id: namedOnEncore.id } });
    expect(artists[2]?.encoreArtist).toBeNull();
    expect(artists[3]?.imageUrl).toBe('https://i.example/1.jpg');
  });
});

describe('GET /api/spotify/library?q=', () => {
  it('collects the artists of the saved tracks whose name contains q, any case, once each', async () => {
    const tag = unique();
    const a = artist(`Moon Relay ${tag}`);
    const b = artist(`Harbour Moonlight ${tag}`);
    const c = artist(`Sunfold ${tag}`);
    const listener = spotifyUser(spotify, {
      savedTracks: [
        { name: 'One', artists: [a, c] },
        { name: 'Moon song', artists: [c] },
        { name: 'Two', artists: [b, a] },
      ],
    });
    const onEncoreA = await onEncore(`Moon Relay ${tag}`);
    const fan = await connectedFan(t, spotify, listener.id);

    const found = await get<TSpotifyArtists>(fan.cookie, '/api/spotify/library?q=MOON');
    expect(found.artists.map((x) => x.name)).toEqual([a.name, b.name]);
    expect(found.artists[0]?.encoreArtist?.id).toBe(onEncoreA.id);
    expect(spotify.log.at(-1)?.what).toBe('/v1/me/tracks');
    const none = await get<TSpotifyArtists>(fan.cookie, '/api/spotify/library?q=');
    expect(none.artists).toEqual([]);
  });
});

describe('Import my artists', () => {
  it('matches by Spotify id first, then only by an unambiguous name', async () => {
    const tag = unique();
    // Followed and top: one by its link although the names differ.
    const byId = artist(`Real Name ${tag}`);
    // On Encore under the same name and no link: matched by name.
    const byName = artist(`Only One ${tag}`);
    // Two Encore performers share this name: no guessing.
    const twice = artist(`Twice ${tag}`);
    // The Encore performer of this name links a different Spotify artist: not them.
    const homonym = artist(`Homonym ${tag}`);
    // Two Spotify artists of one name in the fan's list, one Encore performer without a link.
    const sameA = artist(`Echo Twin ${tag}`);
    const sameB = artist(`Echo Twin ${tag}`);
    const nowhere = artist(`Not On Encore ${tag}`);
    const listener = spotifyUser(spotify, {
      followed: [byId, byName, twice, homonym, sameA, sameB, nowhere],
      topArtists: [byId, artist(`Top Only ${tag}`)],
    });

    const idPerformer = await onEncore(`Renamed On Encore ${tag}`, byId);
    const namePerformer = await onEncore(`only one ${tag}`);
    await onEncore(`Twice ${tag}`);
    await onEncore(`TWICE ${tag}`);
    const otherHomonym = artist(`Homonym ${tag}`);
    await onEncore(`Homonym ${tag}`, otherHomonym);
    await onEncore(`Echo Twin ${tag}`);
    // A performer whose name matches byId's but who links nothing: the id match wins.
    await onEncore(`Real Name ${tag}`);
    const topOnly = await onEncore(`Top Only ${tag}`, undefined, 'https://example.com/top-only');
    const fan = await connectedFan(t, spotify, listener.id);

    const offer = await get<TSpotifyImportCandidates>(fan.cookie, '/api/spotify/import');
    expect(offer.spotifyArtists).toBe(8);
    expect(offer.matches.map((m) => [m.artist.id, m.spotifyName, m.sources])).toEqual([
      [idPerformer.id, byId.name, ['followed', 'top']],
      [namePerformer.id, byName.name, ['followed']],
      [topOnly.id, `Top Only ${tag}`, ['top']],
    ]);
  });

  it('reads every page of followed artists', async () => {
    const tag = unique();
    const many = Array.from({ length: 120 }, (_, i) => artist(`Page ${i} ${tag}`));
    const last = many.at(-1) as FakeArtist;
    const listener = spotifyUser(spotify, { followed: many });
    const performer = await onEncore('Whatever', last);
    const fan = await connectedFan(t, spotify, listener.id);
    const offer = await get<TSpotifyImportCandidates>(fan.cookie, '/api/spotify/import');
    expect(offer.spotifyArtists).toBe(120);
    expect(offer.matches.map((m) => m.artist.id)).toEqual([performer.id]);
    const pages = spotify.log.filter(
      (e) => e.user === listener.id && e.what === '/v1/me/following',
    );
    expect(pages).toHaveLength(3);
  });

  it('watches the chosen artists, leaving existing alerts as they are', async () => {
    const a = await onEncore(`Chosen A ${unique()}`);
    const b = await onEncore(`Chosen B ${unique()}`);
    const listener = spotifyUser(spotify);
    const fan = await connectedFan(t, spotify, listener.id);
    await send(t.app, 'PUT', `/api/artists/${a.id}/alert`, fan.cookie, { channels: ['sms'] });

    const imported = await send(t.app, 'POST', '/api/spotify/import', fan.cookie, {
      performerIds: [a.id, b.id, 'no-such-artist'],
      channels: ['push', 'email'],
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ added: 1 });
    const watching = await get<{ alerts: Array<{ performerId: string; channels: string[] }> }>(
      fan.cookie,
      '/api/alerts/watching',
    );
    expect(Object.fromEntries(watching.alerts.map((w) => [w.performerId, w.channels]))).toEqual({
      [a.id]: ['sms'],
      [b.id]: ['push', 'email'],
    });
  });

  it('follows the alert dialog’s rules: a channel at least, SMS only with a phone opted in', async () => {
    const a = await onEncore(`Rules ${unique()}`);
    const fan = await member(t, 'fan', { smsOptIn: false });
    const none = await send(t.app, 'POST', '/api/spotify/import', fan.cookie, {
      performerIds: [a.id],
      channels: [],
    });
    expect(none.json().error.fields.channels).toBe('Please select at least one alert channel');
    const sms = await send(t.app, 'POST', '/api/spotify/import', fan.cookie, {
      performerIds: [a.id],
      channels: ['sms'],
    });
    expect(sms.statusCode).toBe(400);
    expect(sms.json().error.fields.channels).toMatch(/SMS/);
    const performer = await member(t, 'performer');
    const refused = await send(t.app, 'GET', '/api/spotify/import', performer.cookie);
    expect(refused.statusCode).toBe(403);
  });
});
