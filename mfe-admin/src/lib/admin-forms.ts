import type { DefaultValues, FieldValues, Resolver } from 'react-hook-form';
import { lazySchema, useValidatedForm } from '@wayfarer/ui/forms';

/**
 * The API's zod schemas for the admin editors (@wayfarer/contracts/admin-forms), imported on first use (focus in
 * an editor, or its first submit): the editors validate with the schemas the routes validate with, and zod is not
 * part of a first load.
 */
export const adminSchemas = lazySchema(
  () => import(/* webpackChunkName: "admin-forms" */ '@wayfarer/contracts/admin-forms'),
);

/**
 * An admin editor's form (news, roadmap, shop item, sight details): `useValidatedForm` with the admin schemas
 * warmed when the user first moves into it; the field marking (`aria`, `shown`, `errorId`) spread beside it.
 */
export function useAdminForm<V extends FieldValues>(
  resolver: Resolver<V>,
  defaultValues: DefaultValues<V>,
  order: readonly string[],
) {
  const { form, fieldErrors, submit, warm } = useValidatedForm<V>({
    resolver,
    defaultValues,
    order,
    preload: adminSchemas,
  });
  return { form, register: form.register, ...fieldErrors, submit, warm };
}
