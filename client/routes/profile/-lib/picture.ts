/** Profile pictures must be PNG, JPG or JPEG (spec section 5); the picker and the server check them. */
export const PICTURE_ACCEPT = "image/png,image/jpeg,.png,.jpg,.jpeg";
