/**
 * The database schema, one file per domain. A new domain's tables go in a file of their own here,
 * exported by one line below; `drizzle.config.ts` reads this index, so `npm run db:generate` sees
 * exactly what the application does. Helpers shared by the domain files live in `columns.ts`.
 */
export * from "./accounts";
export * from "./projects";
export * from "./files";
export * from "./site";
export * from "./engine";
export * from "./negatome";
export * from "./literature";
export * from "./reference";
export * from "./targets";
export * from "./reviews";
export * from "./audit";
