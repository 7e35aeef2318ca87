/** What /docs says about the upload calls (routes.ts): the prose, kept out of the route table. */

export const uploadsDocs = {
  image: { summary: "An uploaded image (content-addressed, immutable caching, ETag)" },
  imageVariant: {
    summary: "An uploaded image at one display width, as WebP (96, 400 or 800 px)",
    description: "Made at upload, or on the first request for older images. 404 for other widths.",
  },
} as const;
