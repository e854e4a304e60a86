import type { Catalog } from '@wayfarer/i18n';

export default {
  nav: {
    label: 'Admin sections',
    dashboard: 'Dashboard',
    news: 'News',
    roadmap: 'Roadmap',
    pendingImages: 'Pending images',
    shop: 'Shop',
    themes: 'Themes',
    content: 'Content',
    reports: 'Reports',
    releases: 'Releases',
    analytics: 'Analytics',
    auditLog: 'Audit log',
  },
  access: {
    checking: 'Checking your access…',
    title: 'Admins only',
    body: 'This area is for Wayfarer administrators.',
    signedInAs: 'You are signed in as <1>{{email}}</1>, which is not an admin account.',
    ask: 'If you think you should have access, ask an existing admin to add your account.',
    back: 'Back to exploring',
  },
  notFound: {
    title: 'Page not found',
    body: 'This admin page does not exist. Pick a section on the left.',
  },
} satisfies Catalog;
