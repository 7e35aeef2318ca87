import { describe, expect, test } from "bun:test";
import { emptyValues, errorsFromDetail, toFormData, validateClub } from "./form-values";

describe("club form values", () => {
  test("join questions go as one JSON list without the blank boxes; server errors land on the box", () => {
    const form = toFormData(
      { ...emptyValues(), join_question_1: " ¿Grado? ", join_question_3: "¿Por qué?" },
      { image: null, profile_picture: null },
    );
    expect(JSON.parse(String(form.get("join_questions")))).toEqual(["¿Grado?", "¿Por qué?"]);
    expect(errorsFromDetail([{ loc: ["body", "join_questions", 1], msg: "long" }])).toEqual([
      { name: "join_question_2", field: "club-join-question-2", message: "long" },
    ]);
  });

  test("name and short description are required", () => {
    const errors = validateClub(emptyValues());
    expect(errors.map((e) => e.name)).toEqual(["name", "description"]);
    expect(validateClub({ ...emptyValues(), name: "Chess", description: "We play" })).toEqual([]);
  });

  test("a link that cannot become a link is caught before saving", () => {
    const errors = validateClub({
      ...emptyValues(),
      name: "A",
      description: "B",
      whatsapp: "123",
      facebook: "a b",
    });
    expect(errors.map((e) => e.name).sort()).toEqual(["facebook", "whatsapp"]);
  });

  test("an address as meeting place is valid and goes as a map search link", () => {
    const values = {
      ...emptyValues(),
      name: "n",
      description: "d",
      meeting_location: "Teatro Municipal, León",
    };
    expect(validateClub(values)).toEqual([]);
    const form = toFormData(values, { image: null, profile_picture: null });
    expect(form.get("meeting_location")).toBe(
      "https://www.google.com/maps/search/?api=1&query=Teatro%20Municipal%2C%20Le%C3%B3n",
    );
  });

  test("the multipart body carries normalised links and the cover position", () => {
    const form = toFormData(
      {
        ...emptyValues(),
        name: " Chess ",
        description: "d",
        facebook: "facebook.com/chess",
        whatsapp: "00505 8888 7777",
        meeting_location: "maps.google.com/?q=UNI",
        cover_position_x: 12.6,
      },
      { image: null, profile_picture: null },
    );
    expect(form.get("name")).toBe("Chess");
    expect(form.get("cover_position_x")).toBe("13");
    expect(form.get("cover_position_y")).toBe("50");
    expect(form.get("meeting_location")).toBe("https://maps.google.com/?q=UNI");
    expect(JSON.parse(String(form.get("social_links")))).toEqual({
      facebook: "https://www.facebook.com/chess",
      instagram: "",
      google_forms: "",
      whatsapp: "https://wa.me/50588887777",
    });
    expect(form.has("image")).toBe(false);
  });

  test("server validation entries map to fields, others become lines", () => {
    expect(
      errorsFromDetail([
        { loc: ["body", "social_links", "whatsapp"], msg: "bad" },
        { loc: ["body", "name"], msg: "long" },
        { loc: ["query", "x"], msg: "odd" },
      ]),
    ).toEqual([
      { name: "whatsapp", field: "club-whatsapp", message: "bad" },
      { name: "name", field: "club-name", message: "long" },
      { message: "query.x: odd" },
    ]);
  });
});
