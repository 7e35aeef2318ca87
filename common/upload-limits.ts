/** Image upload limits the server enforces and the browser checks before sending. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The longest side the server keeps; the browser shrinks photos to it before uploading. */
export const MAX_IMAGE_EDGE = 1600;
