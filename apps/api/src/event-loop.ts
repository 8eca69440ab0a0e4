/** Lets pending I/O and timers run (a /health probe, other requests) between slices of a long piece of main-thread work. */
export const yieldToEventLoop = () => new Promise<void>((resume) => setImmediate(resume));
