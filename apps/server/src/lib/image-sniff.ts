/** The two formats the spec allows, recognised by their first bytes (never by name or header). */
const SIGNATURES = [
  { extension: 'jpg', magic: [0xff, 0xd8, 0xff] },
  { extension: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
] as const;

export type ImageExtension = (typeof SIGNATURES)[number]['extension'];
export type SniffResult = { extension: ImageExtension } | 'truncated' | 'other';

/**
 * 'truncated' when the data stops inside a signature (a cut-off upload: "Failed to process
 * image"), 'other' for anything that is not a JPEG or PNG ("Please select an image file").
 */
export function sniffImage(data: Buffer): SniffResult {
  for (const { extension, magic } of SIGNATURES) {
    const length = Math.min(data.length, magic.length);
    const matches = magic.slice(0, length).every((byte, index) => data[index] === byte);
    if (!matches) continue;
    return data.length >= magic.length ? { extension } : 'truncated';
  }
  return 'other';
}

export const IMAGE_CONTENT_TYPES: Record<ImageExtension, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
};
