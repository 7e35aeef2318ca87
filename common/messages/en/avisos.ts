/** A club's Avisos channel (the owner's and officers' voice; members read and react). */
export const avisos = {
  writersOnly: "Only the club's owner and officers who may post write in Avisos. You can read and react.",
  name: "Avisos",
  listName: "Avisos · {club}",
  readOnly: "Only the club's owner and officers post here. You can react to avisos.",
  empty: "No avisos yet.",
  emptyWriter: "No avisos yet. Write the first one: every member gets it.",
};
