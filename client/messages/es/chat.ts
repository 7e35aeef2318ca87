import type { chat as en } from "../en/chat";

/** Chat, conversation list and notification strings (API details and the chat screen). */
export const chat: typeof en = {
  emptyMessage: "El mensaje no puede estar vacío.",
  messageTooLong: "El mensaje puede tener como máximo {max} caracteres.",
  ownerCannotSend: "Los dueños del club no pueden enviar mensajes en el chat del club.",
  ownerCannotRead: "Los dueños del club no ven el chat del club.",
  joinToChat: "Únete a este club para chatear con él.",
  cannotMessageSelf: "No puedes enviarte mensajes a ti mismo.",
  userNotFound: "Usuario no encontrado",
  clubNotFound: "Club no encontrado",
  cursorConflict: "Usa after o before, no ambos.",
  cursorInvalid: "Debe ser un número entero positivo.",
};
