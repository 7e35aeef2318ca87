import { MAX_IMAGE_BYTES } from "../../common/upload-limits";

/**
 * The largest image a client may upload; the body limits of image routes are sized from it. The
 * browser checks the same number before sending (common/upload-limits.ts).
 */
export const MAX_UPLOAD_BYTES = MAX_IMAGE_BYTES;
