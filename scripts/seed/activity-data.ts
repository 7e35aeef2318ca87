import type { Category } from "./club-seeds";

/** Spanish post, comment and chat text for the demo activity. */
export const POST_TEMPLATES: Record<Category, { title: string; body: string }[]> = {
  tecnologia: [
    { title: "Taller de introducción", body: "Este sábado empezamos desde cero. Traé tu laptop si tenés." },
    {
      title: "Resultados del hackatón",
      body: "¡Gracias a todos los equipos! Publicamos los proyectos ganadores.",
    },
    { title: "Nuevo reto semanal", body: "El reto de esta semana ya está disponible. Compartí tu solución." },
  ],
  arte: [
    { title: "Convocatoria abierta", body: "Buscamos nuevos integrantes para la próxima presentación." },
    {
      title: "Fotos de la presentación",
      body: "Así se vivió nuestra última presentación. ¡Gracias por venir!",
    },
    { title: "Taller con artistas invitados", body: "Aprendé técnicas nuevas con artistas de la región." },
  ],
  deportes: [
    {
      title: "Horario de entrenamientos",
      body: "Entrenamos martes, jueves y sábado. Llegá con 10 minutos de anticipación.",
    },
    { title: "¡Ganamos el torneo!", body: "Felicidades al equipo por el primer lugar del torneo regional." },
    {
      title: "Salida del fin de semana",
      body: "Nos vemos el domingo temprano. Traé agua, gorra y bloqueador.",
    },
  ],
  ciencia: [
    { title: "Charla de divulgación", body: "Invitamos a una investigadora a contarnos su trabajo." },
    { title: "Feria de ciencias", body: "Inscribí tu proyecto para la feria de ciencias del mes." },
    {
      title: "Salida de campo",
      body: "Preparate para la salida de campo: cuaderno, lápiz y ganas de aprender.",
    },
  ],
  social: [
    { title: "Jornada comunitaria", body: "Este sábado apoyamos a la comunidad. ¡Toda ayuda cuenta!" },
    { title: "Reunión general", body: "Planificamos las actividades del semestre. Traé tus ideas." },
    { title: "Gracias voluntarios", body: "Gracias a quienes participaron en la última jornada." },
  ],
};

export const COMMENTS = [
  "¡Qué buena actividad!",
  "Ahí estaré 🙌",
  "¿A qué hora empieza?",
  "Me encantó, gracias por organizar.",
  "¿Se puede llevar a un amigo?",
  "¡Cuenten conmigo!",
  "Excelente iniciativa.",
  "¿Hay que inscribirse antes?",
];

export const CHAT_LINES = [
  "Hola, ¿cuándo es la próxima reunión?",
  "¡Bienvenidos a los nuevos miembros!",
  "¿Alguien tiene las fotos del sábado?",
  "Gracias por la actividad de ayer.",
  "Nos vemos el viernes.",
  "¿Dónde nos reunimos esta semana?",
  "Ya subí la información al grupo.",
  "¡Qué emoción el próximo evento!",
];
