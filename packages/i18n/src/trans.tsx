import type { ComponentProps } from 'react';
import { Trans as TransWithContext } from 'react-i18next';
// The package's own name, not './instance': from an app this resolves to the shared singleton's instance (a relative
// import would bundle a second i18next instance into the app).
import { i18n } from '@wayfarer/i18n';

/**
 * react-i18next's `Trans` (a message with markup, `<1>…</1>` in the catalog), bound to the page's one instance.
 * Not in the package's root entry: a shared module keeps every export, and `Trans` with its HTML parser
 * (html-parse-stringify) was about 8 KB of every first load for one admin message. An app that uses it imports
 * `@wayfarer/i18n/trans` and bundles it on its own page.
 */
export function Trans(props: Omit<ComponentProps<typeof TransWithContext>, 'i18n'>) {
  return <TransWithContext i18n={i18n} {...props} />;
}
