import type { appShell as en } from "../en/app-shell";

export const appShell: typeof en = {
  offline: {
    title: "Estás sin conexión",
    text: "ClubNica necesita conexión para esta página. Revisá tus datos móviles o el wifi e intentalo de nuevo.",
    retry: "Intentar de nuevo",
  },
  share: {
    clubsDescription:
      "Explorá clubes estudiantiles de Managua, León, Masaya y Granada y encontrá uno para unirte.",
  },
  upload: {
    tooLarge:
      "Esta imagen pesa {size} MB; las imágenes pueden pesar como máximo {max} MB. Elegí una foto más pequeña.",
    wrongType: "Elegí una imagen PNG, JPG o JPEG.",
    wrongTypeOrWebp: "Elegí una imagen PNG, JPG, JPEG o WebP.",
    preparing: "Preparando la foto…",
    uploading: "Subiendo… {percent} %",
    progressLabel: "Progreso de la subida",
  },
};
