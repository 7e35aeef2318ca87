/** Join questions: the club form's questions, the Connect dialog and the answers owners read. */
export const joinQuestions = {
  tooMany: "Ask at most three questions.",
  questionTooLong: "Each question must be at most 200 characters.",
  invalidList: "Join questions must be a JSON list of texts.",
  answersRequired: "This club asks before you join: {questions}",
  answersWrongCount:
    "{count, plural, one {Answer the club's question.} other {Answer each of the club's # questions.}}",
  answerRequired: "Please answer this question.",
  answerTooLong: "Each answer must be at most 500 characters.",
  // Club form, Members tab
  formTitle: "Join questions",
  formHint: "Up to three short questions the Connect button asks before a request is sent.",
  questionLabel: "Question {n}",
  // Connect dialog
  dialogTitle: "Questions from {club}",
  dialogIntro: "The club asks these before you join. Only its owner and admins see your answers.",
  send: "Send request",
  cancel: "Cancel",
  // Owner's request list
  answersTitle: "Answers",
  noAnswer: "(no answer)",
};
