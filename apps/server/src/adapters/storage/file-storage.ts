/**
 * Where uploaded files live. Keys are opaque file names chosen by the caller; `url` is what the
 * browser loads. The local-disk implementation serves files itself (routes/uploads.routes.ts);
 * an object-storage one would return its bucket's or CDN's URL instead.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** Removing a key that is not there is not an error. */
  delete(key: string): Promise<void>;
  url(key: string): string;
  /** The key behind a URL this storage handed out, or null for any other URL. */
  keyOf(url: string): string | null;
}
