/** A phone or tablet: the main pointer is a finger and nothing hovers. */
export const TOUCH_FIRST_QUERY = '(hover: none) and (pointer: coarse)';

/** Any other device (a mouse or a trackpad), where the map starts by itself (CSS media query syntax). */
export const NOT_TOUCH_FIRST_QUERY = `not all and ${TOUCH_FIRST_QUERY}`;
