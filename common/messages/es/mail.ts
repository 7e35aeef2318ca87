import type { mail as en } from "../en/mail";

export const mail: typeof en = {
  footer: "Recibís este correo por tu cuenta de ClubNica ({username}).",
  ignoreNote: "Si no lo pediste, podés ignorar este correo.",
  greeting: "Hola {name}:",
  verifySubject: "Verificá tu correo en ClubNica",
  verifyIntro: "Usá este código para verificar tu correo en ClubNica:",
  verifyExpiry: "El código vale por 15 minutos y se puede usar una vez.",
  resetSubject: "Tu código para restablecer la contraseña de ClubNica",
  resetIntro:
    "Alguien (esperamos que vos) pidió restablecer la contraseña de tu cuenta de ClubNica. Usá este código:",
  resetExpiry:
    "El código vale por 15 minutos y se puede usar una vez. Tu contraseña no cambia hasta que lo usés.",
  ownerApprovedSubject: "Aprobamos tu solicitud para ser dueño de club en ClubNica",
  ownerApprovedBody:
    "Un administrador aprobó tu solicitud para ser dueño de club. Ya podés crear y administrar clubes en ClubNica.",
  ownerDeniedSubject: "Tu solicitud para ser dueño de club en ClubNica no fue aprobada",
  ownerDeniedBody:
    "Un administrador revisó tu solicitud para ser dueño de club y no la aprobó. Tu cuenta sigue siendo de miembro: podés seguir explorando clubes, unirte y chatear.",
  devOutboxTitle: "Buzón de correo de desarrollo",
  devOutboxEmpty: "No se ha enviado ningún correo desde que arrancó el servidor.",
  devOutboxNote: "Solo en desarrollo: los correos se guardan aquí porque SMTP_URL no está definido.",
};
