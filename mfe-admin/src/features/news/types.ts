/** A news item and the fields the admin form sends: the API's own schemas (@wayfarer/contracts NewsItem, NewsInput). */
export type { NewsFields, NewsItem } from '@wayfarer/contracts';
