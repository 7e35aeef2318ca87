import type { dataExport as en } from "../en/data-export";

/** "Descargar mis datos": la sección del perfil, las respuestas de la API y la nota del archivo. */
export const dataExport: typeof en = {
  title: "Descargar mis datos",
  help: "Un archivo ZIP con todo lo que ClubNica guarda sobre vos: tu perfil, tus clubes y solicitudes, tus publicaciones y comentarios, los mensajes que enviaste, tus respuestas a eventos, los reportes que hiciste, tus ajustes y tus fotos. Nunca incluye mensajes ni correos de otras personas.",
  request: "Preparar mi archivo",
  requestAgain: "Preparar un archivo nuevo",
  preparing: "Estamos preparando tu archivo. Puede tardar un minuto; esta sección se actualiza sola.",
  ready: "Tu archivo está listo. Vence el {until}; descargalo antes.",
  download: "Descargar mis datos",
  downloading: "Descargando…",
  downloaded: "Tu archivo se descargó.",
  failedLoad: "No se pudo cargar la descarga de tus datos.",
  failedRequest: "No se pudo pedir tu archivo.",
  failedDownload: "No se pudo descargar tu archivo.",
  tooMany: "Ya pediste tus datos demasiadas veces hoy. Intentalo mañana.",
  notReady: "No tenés ningún archivo listo. Pedí uno desde tu perfil.",
  stillPreparing: "Tu archivo todavía se está preparando. Intentalo de nuevo en un minuto.",
  expired: "Esta descarga ya venció (los archivos se guardan 7 días). Pedí uno nuevo desde tu perfil.",
  fileNote:
    "Todo lo que ClubNica guarda sobre vos. No incluye: mensajes ni correos de otras personas, reportes sobre vos, tu contraseña (la guardamos de forma que nadie puede leerla) ni la dirección secreta de tu calendario.",
};
