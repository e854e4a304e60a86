import { lazySchema } from '@wayfarer/ui/forms';

/**
 * The API's zod schemas for the admin editors (@wayfarer/contracts/admin-forms), imported on first use (focus in
 * an editor, or its first submit): the editors validate with the schemas the routes validate with, and zod is not
 * part of a first load.
 */
export const adminSchemas = lazySchema(() => import(/* webpackChunkName: "admin-forms" */ '@wayfarer/contracts/admin-forms'));
