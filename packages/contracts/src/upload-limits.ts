/** Upload limits the client checks before sending and the server enforces (type by content, size). */
export const IMAGE_UPLOAD_LIMITS = {
  field: 'image',
  maxBytes: 10 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp'] as const,
};
