/** Profile pictures must be PNG, JPG or JPEG (spec section 5); the server checks the bytes too. */
const ALLOWED_TYPES = new Set(["image/png", "image/jpeg", "image/jpg", "image/pjpeg"]);
const ALLOWED_EXTENSIONS = /\.(png|jpe?g)$/i;

export function isAllowedPicture(file: { name: string; type: string }): boolean {
  if (file.type) return ALLOWED_TYPES.has(file.type.toLowerCase()) && ALLOWED_EXTENSIONS.test(file.name);
  return ALLOWED_EXTENSIONS.test(file.name);
}

export const PICTURE_ACCEPT = "image/png,image/jpeg,.png,.jpg,.jpeg";
