/** Query keys of the admin shop. */
export const adminShopKeys = { all: ['admin', 'shop-items'] as const };
