/**
 * The schemas the admin editors validate with, for a lazy `import('@wayfarer/contracts/admin-forms')`: only the
 * API's request schemas, not the whole barrel (a dynamic import of the barrel keeps every export of the modules it
 * shares with a first load, such as the route table, in that first load).
 */
export { NewsForm, RoadmapInput } from './api/index';
export { AdminShopItemForm, AdminSightForm } from './api/admin';
