import type * as en from "../en/auth";

export const auth: typeof en.auth = {
  usernameTooShort: "El nombre de usuario debe tener al menos 3 caracteres.",
  usernameTooLong: "El nombre de usuario puede tener como máximo 32 caracteres.",
  usernameCharacters: "El nombre de usuario puede usar letras, números, puntos, guiones y guiones bajos.",
  usernameRequired: "El nombre de usuario es obligatorio.",
  passwordRequired: "La contraseña es obligatoria.",
  passwordTooLong: "La contraseña puede tener como máximo 128 caracteres.",
  roleMemberOrOwner: "El rol debe ser miembro o dueño de club.",
  usernameTaken: "Ese nombre de usuario ya está en uso.",
  usernameReserved:
    "Ese nombre de usuario está reservado: se lee como un nombre del personal o del sistema de ClubNica (como admin, moderador, soporte o clubnica). Elegí otro.",
  badCredentials: "Usuario o contraseña incorrectos",
  tooManyLogins: "Demasiados intentos fallidos. Intentalo más tarde.",
  tooManyLoginsFromAddress:
    "Hubo demasiados intentos fallidos desde tu red en el último minuto. Esperá un minuto y volvé a intentarlo.",
  passwordChecksBusy: "El servidor está ocupado revisando contraseñas. Probá de nuevo en unos segundos.",
  bannedUntil: "Tu cuenta está suspendida. Se vuelve a abrir el {until}",
  mutedUntil: "Estás silenciado. Podés volver a escribir el {until}",
  notAuthenticated: "No has iniciado sesión",
  invalidToken: "Sesión inválida o vencida",
  forbidden: "No tenés permiso para hacer esto.",
  loginFailed: "No se pudo iniciar sesión",
  signupFailed: "No se pudo crear la cuenta",
  passwordsDontMatch: "Las contraseñas no coinciden.",
  passwordsDoNotMatchAlert: "Las contraseñas no coinciden.",
};

export const loginPage: typeof en.loginPage = {
  title: "Iniciar sesión",
  intro: "Qué bueno verte de nuevo.",
  username: "Usuario",
  password: "Contraseña",
  submit: "Iniciar sesión",
  submitting: "Iniciando sesión…",
  forgot: "¿Olvidaste tu contraseña?",
  noAccount: "¿Aún no tenés cuenta?",
  signUp: "Registrarse",
  failed: "No se pudo iniciar sesión",
  required: "Escribí tu usuario y contraseña.",
};

export const signupPage: typeof en.signupPage = {
  title: "Registrarse",
  intro: "Creá tu cuenta. Luego completarás tu perfil.",
  username: "Usuario",
  password: "Contraseña",
  confirm: "Confirmar contraseña",
  role: "Me uno como",
  roleMember: "Miembro",
  roleOwner: "Dueño de club",
  ownerHint:
    "Las cuentas de dueño las aprueba un administrador. Mientras tanto podés usar ClubNica como miembro.",
  continue: "Continuar",
  mismatch: "Las contraseñas no coinciden.",
  mismatchAlert: "Las contraseñas no coinciden.",
  required: "Todos los campos son obligatorios.",
  haveAccount: "¿Ya tenés cuenta?",
  logIn: "Iniciar sesión",
  rules: "Lo que necesitan tu usuario y tu contraseña",
  ruleText: {
    usernameLength: "Usuario: de 3 a 32 caracteres.",
    usernameCharacters:
      "Usuario: solo letras sin tilde, números, puntos (.), guiones (-) y guiones bajos (_). Sin espacios.",
    usernameReserved: "Usuario: que no sea un nombre del equipo, como admin o soporte.",
    passwordLength: "Contraseña: al menos 8 caracteres.",
  },
  problemSpace: "Tu usuario tiene un espacio: uní las palabras con un punto o un guion bajo.",
  problemCharacters: "Tu usuario tiene caracteres que no se pueden usar: {chars}",
  problemPasswordShort: "{count, plural, one {Llevás # de 8 caracteres.} other {Llevás # de 8 caracteres.}}",
  ruleMet: "listo",
  ruleNotMet: "falta",
  suggestion: "Probá con {suggestion}",
  useSuggestion: "Usar {suggestion}",
  passwordAgain:
    "Por tu seguridad no guardamos tu contraseña mientras te registrás. Escribila otra vez para crear tu cuenta.",
};

export const forgotPage: typeof en.forgotPage = {
  title: "Olvidé mi contraseña",
  intro: "Escribí tu usuario o correo y te enviaremos un código.",
  identifier: "Usuario o correo",
  submit: "Enviar código",
  submitting: "Enviando…",
  required: "Escribí tu usuario o correo.",
  sent: "Si la cuenta existe, enviamos un código al correo registrado.",
  failed: "No se pudo solicitar el cambio",
  generic: "Algo salió mal",
  backToLogin: "Volver a iniciar sesión",
};

export const resetPage: typeof en.resetPage = {
  title: "Restablecer contraseña",
  intro: "Escribí el código de 6 dígitos de tu correo y elegí una contraseña nueva.",
  identifier: "Usuario o correo",
  code: "Código de 6 dígitos",
  newPassword: "Contraseña nueva",
  confirm: "Confirmar contraseña nueva",
  submit: "Restablecer contraseña",
  submitting: "Restableciendo…",
  codeInvalid: "Escribí el código de 6 dígitos.",
  tooShort: "La contraseña debe tener al menos 8 caracteres.",
  mismatch: "Las contraseñas no coinciden.",
  identifierRequired: "Escribí tu usuario o correo.",
  failed: "No se pudo restablecer la contraseña",
  serverError: "Código inválido o error del servidor",
  success: "Contraseña restablecida. Te llevamos a iniciar sesión…",
  requestNew: "Solicitar un código nuevo",
};
