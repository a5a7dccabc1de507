// The package ships no types; only what main.ts uses is declared.
declare module 'async-exit-hook' {
  type Hook = ((done: () => void) => void) | (() => void);
  interface ExitHook {
    (hook: Hook): void;
    hookedEvents(): string[];
    unhookEvent(event: string): void;
  }
  const exitHook: ExitHook;
  export default exitHook;
}
