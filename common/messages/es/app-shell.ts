import type { appShell as en } from "../en/app-shell";

export const appShell: typeof en = {
  offline: {
    title: "Estás sin conexión",
    text: "ClubNica necesita conexión para esta página. Revisa tus datos móviles o el wifi e inténtalo de nuevo.",
    retry: "Intentar de nuevo",
  },
  share: {
    clubsDescription:
      "Explora clubes estudiantiles de Managua, León, Masaya y Granada y encuentra uno para unirte.",
  },
  upload: {
    tooLarge:
      "Esta imagen pesa {size} MB; las imágenes pueden pesar como máximo {max} MB. Elige una foto más pequeña.",
    wrongType: "Elige una imagen PNG, JPG o JPEG.",
    wrongTypeOrWebp: "Elige una imagen PNG, JPG, JPEG o WebP.",
    preparing: "Preparando la foto…",
    uploading: "Subiendo… {percent} %",
    progressLabel: "Progreso de la subida",
  },
};
