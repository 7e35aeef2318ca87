import type { auth as en } from "../en/auth";

export const auth: typeof en = {
  usernameTooShort: "El nombre de usuario debe tener al menos 3 caracteres.",
  usernameTooLong: "El nombre de usuario puede tener como máximo 32 caracteres.",
  usernameCharacters: "El nombre de usuario puede usar letras, números, puntos, guiones y guiones bajos.",
  usernameRequired: "El nombre de usuario es obligatorio.",
  passwordRequired: "La contraseña es obligatoria.",
  passwordTooLong: "La contraseña puede tener como máximo 128 caracteres.",
  roleMemberOrOwner: "El rol debe ser miembro o propietario.",
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
