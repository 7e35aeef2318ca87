/** Privacidad de las cuentas: lo que ven los visitantes de los miembros y correos sobre una dirección usada en otra cuenta. */
export const privacy = {
  limitedProfile: "Solo la gente de los clubes de {name} ve más de este perfil.",
  guestMembers: "Iniciá sesión para ver quiénes son los miembros.",
  memberFallbackName: "Miembro",
  emailInUseSubject: "Alguien usó tu correo en ClubNica",
  emailInUseIntro:
    "Alguien acaba de escribir esta dirección de correo en una cuenta de ClubNica llamada {username}. Tu cuenta conserva esta dirección.",
  emailInUseIgnore:
    "Si fuiste vos, podés ignorar este mensaje. Si no, nada cambia para vos: la otra cuenta no puede usar esta dirección hasta verificarla desde este buzón.",
};
