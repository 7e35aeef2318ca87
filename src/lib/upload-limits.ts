/** The largest image a client may upload; the body limits of image routes are sized from it. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
