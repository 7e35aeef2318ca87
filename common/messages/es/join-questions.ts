import type { joinQuestions as en } from "../en/join-questions";

/** Preguntas de ingreso: las del formulario del club, el diálogo de Unirme y las respuestas. */
export const joinQuestions: typeof en = {
  tooMany: "Hacé como máximo tres preguntas.",
  questionTooLong: "Cada pregunta debe tener como máximo 200 caracteres.",
  invalidList: "Las preguntas de ingreso deben ser una lista JSON de textos.",
  answersRequired: "Este club pregunta antes de que te unás: {questions}",
  answersWrongCount:
    "{count, plural, one {Respondé la pregunta del club.} other {Respondé cada una de las # preguntas del club.}}",
  answerRequired: "Respondé esta pregunta.",
  answerTooLong: "Cada respuesta debe tener como máximo 500 caracteres.",
  formTitle: "Preguntas de ingreso",
  formHint: "Hasta tres preguntas cortas que el botón Unirme hace antes de enviar la solicitud.",
  questionLabel: "Pregunta {n}",
  dialogTitle: "Preguntas de {club}",
  dialogIntro:
    "El club pregunta esto antes de que te unás. Solo su dueño y los administradores ven tus respuestas.",
  send: "Enviar solicitud",
  cancel: "Cancelar",
  answersTitle: "Respuestas",
  noAnswer: "(sin respuesta)",
};
