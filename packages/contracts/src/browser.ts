/**
 * The browser's entry to the contracts: everything the shell and the remotes use at run time, and no zod. The
 * package root also exports the API's zod schemas; browser code imports values from here (types may still come
 * from the root: they vanish at build), so the validator never reaches a first load. An ESLint rule keeps it so.
 */
export * from './remotes';
export * from './routes';
export * from './roadmap';
export * from './runtime-config';
export * from './pricing';
export * from './password';
export * from './guide-limits';
export * from './upload-limits';
export * from './trust-limits';
export * from './languages';
export * from './offline';
export * from './public-data';
export * from './first-screen';
