import type * as en from "../en/calendar";
export const calendar: typeof en.calendar = {
  title: "Calendario de {name}",
  intro: "Eventos de este club, mes a mes.",
  back: "Volver al club",
  previous: "Mes anterior",
  next: "Mes siguiente",
  failed: "No se pudieron cargar los eventos",
  empty: "No hay eventos este mes.",
  emptyHint: "Revisá el mes siguiente o agregá uno abajo.",
  addTitle: "Añadir un evento",
  added: "Evento añadido.",
  at: "{time}",
};
