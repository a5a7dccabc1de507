/** Width of one character of the 12 px axis font, on average (a label's width without a canvas). */
const CHAR_PX = 7.2;
/** The y axis and the plot's right margin: what the bars do not share. */
const NOT_BARS_PX = 48 + 8;

export interface TickLayout {
  /** Degrees: 0 when every label fits under its bar, else slanted. */
  angle: number;
  /** The x axis' height in px: room for slanted labels. */
  height: number;
}

/**
 * How the bar chart writes its labels in `width` px: level when the longest fits under one bar,
 * slanted when they would run together ('MetalCountry' on a phone).
 */
export function tickLayout(labels: readonly string[], width: number): TickLayout {
  const longest = Math.max(0, ...labels.map((label) => label.length)) * CHAR_PX;
  const band = labels.length === 0 ? width : (width - NOT_BARS_PX) / labels.length;
  if (width === 0 || longest + 6 <= band) return { angle: 0, height: 30 };
  return { angle: -45, height: Math.ceil(longest * Math.SQRT1_2) + 16 };
}
