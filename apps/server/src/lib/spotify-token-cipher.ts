import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts the fan's Spotify tokens for the database: AES-256-GCM under a key derived (HKDF-SHA256)
 * from the server's secret (BETTER_AUTH_SECRET or DATA_DIR/auth-secret), so the database and the
 * secret must both leak before a token does. The additional data binds each ciphertext to its
 * user and column: a token copied into another fan's row, or from refresh to access, fails to
 * decrypt. Format: `v1.<iv>.<ciphertext + tag>`, base64url.
 */
export function createSpotifyTokenCipher(serverSecret: string) {
  const key = Buffer.from(
    hkdfSync('sha256', serverSecret, 'encore', 'encore spotify tokens v1', 32),
  );
  const context = (userId: string, kind: TokenKind) =>
    Buffer.from(`spotify:${kind}:${userId}`, 'utf8');

  return {
    encrypt(plaintext: string, userId: string, kind: TokenKind): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(context(userId, kind));
      const sealed = Buffer.concat([
        cipher.update(plaintext, 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      return `${VERSION}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
    },

    /** Null when the value was not sealed by this secret for this user and kind. */
    decrypt(stored: string, userId: string, kind: TokenKind): string | null {
      const [version, ivText, sealedText] = stored.split('.');
      if (version !== VERSION || !ivText || !sealedText) return null;
      const iv = Buffer.from(ivText, 'base64url');
      const sealed = Buffer.from(sealedText, 'base64url');
      if (iv.length !== IV_BYTES || sealed.length < TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAAD(context(userId, kind));
        decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
        return Buffer.concat([
          decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        // Wrong key (the server's secret changed) or a tampered value: unusable either way.
        return null;
      }
    },
  };
}

export type TokenKind = 'access' | 'refresh';
export type SpotifyTokenCipher = ReturnType<typeof createSpotifyTokenCipher>;
