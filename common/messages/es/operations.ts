import type { operations as en } from "../en/operations";

/** Operaciones: correo sin configurar, el endpoint /metrics. */
export const operations: typeof en = {
  mailNotConfigured:
    "El correo electrónico no está configurado en este servidor, así que ahora no se puede enviar ningún código. Pedí ayuda a un administrador de tu colegio.",
  mailNotConfiguredAdmin:
    "El correo electrónico no está configurado (falta SMTP_URL): no se pueden enviar códigos de verificación ni de restablecimiento de contraseña. Define SMTP_URL para activarlo.",
  metricsUnauthorized: "Falta el token de métricas o no es correcto.",
};
