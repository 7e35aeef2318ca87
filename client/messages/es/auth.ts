import type { auth as en } from "../en/auth";

export const auth: typeof en = {
  usernameTaken: "Ese nombre de usuario ya está en uso.",
  badCredentials: "Usuario o contraseña incorrectos",
  tooManyLogins: "Demasiados intentos fallidos. Inténtalo más tarde.",
  bannedUntil: "Tu cuenta está suspendida hasta {until}.",
  mutedUntil: "Estás silenciado hasta {until}.",
  notAuthenticated: "No has iniciado sesión",
  invalidToken: "Sesión inválida o vencida",
  forbidden: "No tienes permiso para hacer esto.",
  loginFailed: "No se pudo iniciar sesión",
  signupFailed: "No se pudo crear la cuenta",
  passwordsDontMatch: "Las contraseñas no coinciden.",
  passwordsDoNotMatchAlert: "Las contraseñas no coinciden.",
};
