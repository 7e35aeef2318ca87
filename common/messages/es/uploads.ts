import type { uploads as en } from "../en/uploads";

export const uploads: typeof en = {
  onlyImages: "Solo se permiten imágenes PNG, JPG o JPEG.",
  onlyImagesOrWebp: "Solo se permiten imágenes PNG, JPG, JPEG o WebP.",
  tooLarge: "Las imágenes pueden pesar como máximo 5 MB.",
  unreadable: "No se pudo leer esa imagen. Probá con otro archivo.",
};
