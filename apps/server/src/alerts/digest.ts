import type { Orm } from '../db/client.ts';
import { type DigestRelease, digestRepo } from '../repositories/alerts/digest.repo.ts';

/** When the daily digest goes out: 17:00 UTC is midday on the US east coast, morning in the west. */
export const DIGEST_CRON = '0 17 * * *';

/**
 * The daily digest: genre-and-radius alerts of fans who chose it wait in the outbox as held rows
 * (`digest`, pending, no carrier). At release, for each fan and channel, the earliest held row
 * becomes the carrier: due now (`digest = false`), dispatched like any row under its own
 * delivery key. The others point at it by its event (`carrier_event_id`: the carrier has their
 * fan and channel) and stay pending and out of claims;
 * the claim hands the carrier's sender every show it carries (outbox.ts), so the fan gets ONE
 * email, text and push listing them, and recording the carrier's outcome gives the carried rows
 * the same final state in the same statement. A fan with one held alert on a channel gets it as
 * the normal single alert. In-app rows never wait: the notification centre had them at once.
 *
 * One statement in one transaction, after an advisory lock: a second release (another worker's
 * cron, a rerun) waits for the first to commit, then finds only rows held since, so nothing is
 * released twice. Returns what it released.
 */
export async function releaseDigest(orm: Orm): Promise<DigestRelease> {
  return orm.transaction(async (tx) => {
    await digestRepo.lockRelease(tx);
    return digestRepo.releaseHeld(tx);
  });
}
