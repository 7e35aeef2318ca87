/** Requests refused before any work: body limits, malformed bodies, forbidden characters. */
export const input = {
  bodyTooLarge: "The request body is too large: this request accepts at most {max}.",
  tooDeep: "The JSON body is nested too deeply: at most {max, plural, one {# level} other {# levels}}.",
  invalidCharacters: "The request contains a character that is not allowed (such as NUL) in its {where}.",
  badEncoding: "The request is not valid UTF-8 in its {where}.",
  where: { query: "address or query string", body: "body" },
};
