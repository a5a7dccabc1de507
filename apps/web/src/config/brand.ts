/** Encore's tagline (spec: "Tagline: 'Never miss another show'"). */
export const TAGLINE = 'Never miss another show';
