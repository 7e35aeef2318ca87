/** Web Push: detalles de la API, las notificaciones mismas y las pantallas que las activan. */
export const push = {
  badEndpoint: "La dirección de notificaciones push debe ser https.",
  privateEndpoint:
    "Esta dirección de notificaciones push no es una dirección pública, así que ClubNica no enviará nada a ella.",
  unresolvedEndpoint: "No se encontró el nombre de host de la dirección de notificaciones push.",
  endpointTaken:
    "Esta dirección de notificaciones push es de otra cuenta. Desactivá y volvé a activar las notificaciones push en este navegador para obtener una nueva.",
  badKeys: "Faltan las claves de la suscripción o no son válidas (p256dh y auth, base64url).",
  badP256dh: "La clave p256dh debe ser una clave pública P-256 sin comprimir (65 bytes).",
  badAuth: "El secreto auth debe tener 16 bytes.",
  summaryTitle: "{count, plural, one {# notificación} other {# notificaciones}} mientras descansabas",
  summaryMore: "y {count, plural, one {# más} other {# más}}",
  requestAccepted: "¡Entraste! {club} aceptó tu solicitud.",
  requestAcceptedBody: "Abrí el club para ver sus publicaciones y su chat.",
  requestDeclined: "{club} rechazó tu solicitud",
  requestDeclinedBody: "Podés buscar otros clubes que coincidan con tus intereses.",
};

export const pushUi = {
  title: "Notificaciones push",
  explainTitle: "¿Recibir avisos en este dispositivo?",
  explain:
    "ClubNica puede avisarte cuando un club te acepta, se publica un evento nuevo o alguien te escribe, aunque la app esté cerrada. Podés desactivarlo cuando querás en Ajustes.",
  allow: "Activar notificaciones",
  notNow: "Ahora no",
  on: "Las notificaciones push están activadas en este dispositivo.",
  off: "Las notificaciones push están desactivadas en este dispositivo.",
  turnOn: "Activar push",
  turnOff: "Desactivar push",
  unsupported: "Este navegador no puede recibir notificaciones push.",
  denied: "Las notificaciones de ClubNica están bloqueadas en la configuración de este navegador.",
  failed: "No se pudieron cambiar las notificaciones push. Intentalo de nuevo.",
  working: "Guardando…",
  quietTitle: "Horas de silencio",
  quietHint:
    "Las notificaciones que lleguen en estas horas (hora de Nicaragua) esperan y llegan juntas en un resumen cuando terminan.",
  quietOn: "Retener notificaciones durante las horas de silencio",
  quietStart: "Desde",
  quietEnd: "Hasta",
  quietSave: "Guardar horas de silencio",
  quietSaved: "Horas de silencio guardadas.",
  settingsLink: "Notificaciones y horas de silencio",
  pageTitle: "Notificaciones",
};

export const quietHours = {
  invalid:
    'Las horas de silencio deben ser null o un objeto con "start" y "end" en formato HH:MM, dos horas distintas.',
};
