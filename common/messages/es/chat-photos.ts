import type { chatPhotos as enChatPhotos } from "../en/chat-photos";

export const chatPhotos: typeof enChatPhotos = {
  needsContentOrImage: "Escribí un mensaje o adjuntá una foto.",
  oneImage: "Adjuntá una sola foto.",
  attach: "Adjuntar una foto",
  remove: "Quitar la foto",
  preview: "Foto para enviar",
  photo: "Foto",
  openPhoto: "Abrir la foto de {name}",
  viewer: "Foto de {name}",
  close: "Cerrar",
  requestHidden: "Aceptá la solicitud para ver esta foto.",
  show: "Mostrar foto",
  notKept: "Las fotos no se guardan al cerrar la página: si no se envió, adjuntala de nuevo.",
  photoPreview: "📷 Foto",
};
