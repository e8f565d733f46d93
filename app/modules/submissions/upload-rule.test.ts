import { describe, expect, it } from "vitest";
import { cvUpload, CV_MAX_BYTES, formSchemaOf, judgeUpload, submissionKinds } from "./kinds";

describe("the join-us CV's rule", () => {
  const schema = formSchemaOf(submissionKinds.joinus);
  const cvError = (cv: unknown) => {
    const result = schema.safeParse({ cv });
    return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === "cv")?.message;
  };

  it.each([
    ["no file chosen (an empty, nameless file)", new File([], ""), undefined],
    ["nothing at all", undefined, undefined],
    ["a PDF", new File(["%PDF-1.4"], "cv.pdf"), undefined],
    ["a Word document", new File(["PK"], "My CV.DOCX"), undefined],
    ["an old .doc", new File(["x"], "cv.doc"), cvUpload.wrongKind],
    ["a picture", new File(["x"], "me.jpg"), cvUpload.wrongKind],
    ["a PDF over 5 MB", new File([new Uint8Array(CV_MAX_BYTES + 1)], "cv.pdf"), cvUpload.tooLarge],
  ])("the browser's first look: %s", (_what, cv, message) => {
    expect(cvError(cv)).toBe(message);
  });

  it.each([
    ["pdf", true],
    ["docx", true],
    ["jpeg", false],
    [null, false],
  ] as const)("the server's verdict by content: %s → %s", (kind, ok) => {
    expect(judgeUpload(cvUpload, { kind }).ok).toBe(ok);
  });
});
