import type { chatPins as en } from "../en/chat-pins";

/** El mensaje fijado del chat de un club (moderate_chat): detalles de la API y el aviso del chat. */
export const chatPins: typeof en = {
  clubOnly: "Solo se pueden fijar mensajes del chat de un club.",
  forbidden: "Solo la Directiva que modera el chat del club, y los administradores, pueden fijar mensajes.",
  deleted: "Este mensaje fue eliminado y no se puede fijar.",
  notPinned: "Este mensaje no está fijado.",
  banner: "Mensaje fijado",
  bannerFrom: "Fijado · {name}",
  jump: "(ir al mensaje)",
  pin: "Fijar",
  unpin: "Desfijar",
  pinFailed: "No se pudo fijar el mensaje. Probá de nuevo.",
  unpinFailed: "No se pudo desfijar el mensaje. Probá de nuevo.",
};
