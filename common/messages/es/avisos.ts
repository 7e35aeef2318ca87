/** Los Avisos de un club (la voz del dueño y la directiva; los miembros leen y reaccionan). */
export const avisos = {
  writersOnly:
    "Solo el dueño del club y la directiva con permiso de publicar escriben en Avisos. Podés leer y reaccionar.",
  name: "Avisos",
  listName: "Avisos · {club}",
  readOnly: "Solo el dueño y la directiva publican aquí. Podés reaccionar a los avisos.",
  empty: "Todavía no hay avisos.",
  emptyWriter: "Todavía no hay avisos. Escribí el primero: le llega a cada miembro.",
};
