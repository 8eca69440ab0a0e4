/** Records loaded from the built-in demo set carry this source; the page labels them "Demo data". */
export const DEMO_SOURCE = "demo";
export const isDemo = (source: string) => source === DEMO_SOURCE;
