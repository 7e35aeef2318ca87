import type { joinQuestions as en } from "../en/join-questions";

/** Preguntas de ingreso: las del formulario del club, el diálogo de Conectar y las respuestas. */
export const joinQuestions: typeof en = {
  tooMany: "Haz como máximo tres preguntas.",
  questionTooLong: "Cada pregunta debe tener como máximo 200 caracteres.",
  invalidList: "Las preguntas de ingreso deben ser una lista JSON de textos.",
  answersRequired: "Este club pregunta antes de que te unas: {questions}",
  answersWrongCount:
    "{count, plural, one {Responde la pregunta del club.} other {Responde cada una de las # preguntas del club.}}",
  answerRequired: "Responde esta pregunta.",
  answerTooLong: "Cada respuesta debe tener como máximo 500 caracteres.",
  formTitle: "Preguntas de ingreso",
  formHint: "Hasta tres preguntas cortas que el botón Conectar hace antes de enviar la solicitud.",
  questionLabel: "Pregunta {n}",
  dialogTitle: "Preguntas de {club}",
  dialogIntro:
    "El club pregunta esto antes de que te unas. Solo su dueño y los administradores ven tus respuestas.",
  send: "Enviar solicitud",
  cancel: "Cancelar",
  answersTitle: "Respuestas",
  noAnswer: "(sin respuesta)",
};
