import type { exports as en } from "../en/exports";

/** Exportaciones CSV para dueños de clubes y administradores. */
export const exports: typeof en = {
  ownerOnly: "Solo el dueño de este club o un administrador puede descargar sus miembros.",
  name: "Nombre",
  username: "Usuario",
  email: "Correo electrónico",
  joinedAt: "Fecha de ingreso",
  otherAnswers: "Otras respuestas",
  downloadMembers: "Descargar miembros (CSV)",
};
