import { lazySchema } from '@wayfarer/ui/forms';

/**
 * The API's zod schemas (@wayfarer/contracts) for the admin editors, imported on first use (focus in an editor, or
 * its first submit): the editors validate with the schemas the routes validate with, and zod is not part of a
 * first load.
 */
export const adminSchemas = lazySchema(() => import(/* webpackChunkName: "contracts-schemas" */ '@wayfarer/contracts'));
