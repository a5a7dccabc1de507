/** The whole file (or URL) cannot be imported; the message is the person's, word for word. */
export class ImportSourceProblem extends Error {}
