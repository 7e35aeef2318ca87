export const uploads = {
  onlyImages: "Only PNG, JPG or JPEG images are allowed.",
  onlyImagesOrWebp: "Only PNG, JPG, JPEG or WebP images are allowed.",
  tooLarge: "Images can be at most 5 MB.",
  unreadable: "That image could not be read. Try another file.",
};
