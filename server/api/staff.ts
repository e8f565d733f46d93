/**
 * The staff API (api-contract.md, "Staff"): thin adapters over the staff and
 * applicants modules. The one staff gate (app/web/staff-gate.server.ts, the
 * same the pages' layout asks; decision record 0053) is mounted on every staff
 * path before any staff handler (this router's and the desk's, photos',
 * visits' and the studio's): never cached, the request limit (429), writes
 * only from our own pages (403), a session (401) for every call but signing
 * in, and a per-person write limit (429). What needs a manager says so with
 * `requireRole` (403), the gate's one role check.
 */
import { clientOf } from "~/.server/request-client.server";
import { Router, type Request, type RequestHandler, type Response } from "express";
import type { z } from "zod";
import type { AppServices } from "~/web/services";
import { isApplicantFilter, matchesWords, SEARCH_MAX_LENGTH } from "~/modules/applicants/applicant-views";
import {
  applicantJson,
  archiveApplicant,
  changeRoleToSaturday,
  dueApplicants,
  getApplicant,
  listApplicants,
  notesOf,
  recordApplicantLook,
  restoreApplicant,
  previewApplicantEmail,
  sendCannedReply,
  takeBackEmail,
  updateApplicant,
  type ChangeResult,
} from "~/modules/applicants/applicants.server";
import { recordListLook } from "~/modules/audit/audit.server";
import { loadTemplate, saveTemplate, templateJson } from "~/modules/applicants/applicant-emails.server";
import { isEmailTemplateName, templateSchema } from "~/modules/applicants/email-templates";
import { changeInvitation, createInvitation, invitationsJson, type InvitationChangeResult } from "~/modules/applicants/invitations.server";
import { invitationChangeSchema, invitationRequestSchema } from "~/modules/applicants/invitations";
import { applicantUpdateSchema, emailPreviewSchema, emailResponseSchema, invitationValues, NOTHING_TO_UPDATE } from "~/modules/applicants/staff-schemas";
import { fieldErrors } from "~/modules/fields/form-fields";
import type { StaffRole } from "~/modules/staff/roles";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { addPasskey, passkeyRegistrationOptions, passkeySignInOptions, passkeysSeenBy, removePasskey } from "~/modules/staff/passkeys.server";
import { approvalRefusalStatus, approveDevice } from "~/modules/staff/device-approvals.server";
import { deviceApprovalSchema, deviceRequestSchema, signInSchema } from "~/modules/staff/sign-in-schema";
import { isGateRefusal, roleRefusalOf, staffDoor, staffGate, type GateRefusal } from "~/web/staff-gate.server";
import { signInRefusal, WRONG_PIN_MESSAGE } from "~/web/sign-in-messages";
import { askDeviceApproval, collectDeviceApproval, relyingParty, signInWithPasskeyWeb, signInWithPin, signOut, type SignedInStaff } from "~/web/staff-session.server";
import { cvDownload } from "~/modules/applicants/cv.server";
import { versionSchema } from "~/modules/studio/versions.server";
import { bodyOf, handle, idFrom, param, replyJson, withHeader } from "./http";

/** The contract's error shape, never cached (the router's first middleware said no-store on every staff path: staff answers may name applicants). */
export function refuse(res: Response, status: number, error: string, fields?: Record<string, string>): void {
  res.status(status).json(fields ? { error, fields } : { error });
}

const staffPaths = ["/staff", "/joinus-applicants", "/joinus-applicant", "/joinus-email-response", "/joinus-update-role", "/delete-applicant"];

export const staffOf = (res: Response) => res.locals.staff as SignedInStaff;
const memberOf = (staff: SignedInStaff) => ({ id: staff.staffId, name: staff.name, role: staff.role });

const NO_APPLICANT = "No applicant has that id";

/** The handler of a path naming a record (`key` reads it from the path, undefined when it cannot be one): refused (404, `missing`) before `fn` runs. */
export function forRecord<K>(key: (req: Request) => K | undefined, missing: string, fn: (req: Request, res: Response, key: K) => Promise<void>): RequestHandler {
  return handle(async (req, res) => {
    const found = key(req);
    if (found === undefined) return refuse(res, 404, missing);
    await fn(req, res, found);
  });
}
/** The handler of a path naming an applicant (or another record) by `:id`. */
const forApplicant = (fn: (req: Request, res: Response, id: number) => Promise<void>, missing = NO_APPLICANT) => forRecord(idFrom, missing, fn);
const NO_INVITATION = "No invitation has that id";

/** The body checked with `schema`, or undefined once it is refused: 400 with `error` and each field's message. */
export function checkedBody<T>(res: Response, body: Record<string, unknown>, schema: z.ZodType<T>, error: string): T | undefined {
  const parsed = schema.safeParse(body);
  if (!parsed.success) return void refuse(res, 400, error, fieldErrors(parsed.error));
  return parsed.data;
}

/**
 * A save's body: its fields checked with `schema` (the patch) and the `version` its editor opened
 * (decision record 0069); or undefined once it is refused, 400 with `error` and each field's message.
 */
export function checkedSave<T>(res: Response, body: Record<string, unknown>, schema: z.ZodType<T>, error: string): { patch: T; version: string | undefined } | undefined {
  const parsed = schema.safeParse(body);
  const version = versionSchema.safeParse(body.version);
  if (parsed.success && version.success) return { patch: parsed.data, version: version.data };
  return void refuse(res, 400, error, { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...(version.success ? {} : { version: version.error.issues[0]!.message }) });
}

/** The handler of a call whose body is checked first (checkedBody): `fn` runs only with a body that passes. */
export function handleBody<T>(schema: z.ZodType<T>, error: string, fn: (req: Request, res: Response, body: T) => Promise<void>): RequestHandler {
  return handle(async (req, res) => {
    const body = checkedBody(res, bodyOf(req), schema, error);
    if (body !== undefined) await fn(req, res, body);
  });
}

/** A refusal of the one staff gate (app/web/staff-gate.server.ts) in the contract's shape. */
function sendRefusal(res: Response, refusal: GateRefusal): void {
  if (refusal.kind === "busy") res.set("Retry-After", String(refusal.retryAfter));
  refuse(res, refusal.status, refusal.message);
}

const gateRequest = (req: Request) => ({ method: req.method, header: (name: string) => req.get(name), address: clientOf(req) });

/** The one staff gate (or, for the calls that sign in, its door) as Express middleware: the signed-in person is in res.locals.staff. */
function gateway(services: AppServices, check: (s: AppServices, r: ReturnType<typeof gateRequest>) => Promise<SignedInStaff | GateRefusal | null>): RequestHandler {
  return (req, res, next) => {
    check(services, gateRequest(req))
      .then((answer) => {
        if (isGateRefusal(answer)) return sendRefusal(res, answer);
        if (answer) res.locals.staff = answer;
        next();
      })
      .catch(next);
  };
}

/** 403 unless the signed-in person's role allows what needs `role`: the gate's one role check. */
export function requireRole(role: StaffRole): RequestHandler {
  return (_req, res, next) => {
    const refusal = roleRefusalOf(staffOf(res), role);
    if (refusal) return sendRefusal(res, refusal);
    next();
  };
}

const sessionJson = (staff: { name: string; role: StaffRole }) => ({ name: staff.name, role: staff.role });

export function staffRouter(services: AppServices): Router {
  const router = Router();
  const { config, db } = services;

  // Before anything else: never cached.
  router.use(staffPaths, withHeader("Cache-Control", "no-store"));
  // Signing in needs no session, so passes the gate's door only (the request limit, the origin check).
  const door = gateway(services, staffDoor);

  router.post(
    "/staff/session",
    door,
    handleBody(signInSchema, "Enter your name and PIN", async (req, res, { name, pin }) => {
      const { result, setCookies } = await signInWithPin(services, { name, pin, address: clientOf(req), cookieHeader: req.headers.cookie, userAgent: req.get("user-agent") });
      switch (result.kind) {
        case "signed-in":
          for (const cookie of setCookies) res.append("Set-Cookie", cookie);
          return void res.status(200).json(sessionJson(result.staff));
        case "wrong-pin":
          return refuse(res, 401, WRONG_PIN_MESSAGE(result.lockedFor));
        case "locked":
          res.set("Retry-After", String(result.retryAfter));
          return refuse(res, 429, signInRefusal(result));
      }
    }),
  );
  // Passkeys (decision 0026): options, then the browser's answer, for adding one (signed in) and for signing in.
  router.post("/staff/passkey-sign-in/options", door, replyJson(() => passkeySignInOptions(db, relyingParty(config))));
  router.post(
    "/staff/passkey-sign-in",
    door,
    handle(async (req, res) => {
      const response = bodyOf(req).response as AuthenticationResponseJSON | undefined;
      if (!response || typeof response !== "object" || typeof response.id !== "string") return refuse(res, 400, "Send your device's answer (response)");
      const { result, setCookies } = await signInWithPasskeyWeb(services, response, req.headers.cookie, req.get("user-agent"));
      if (result.kind === "refused") return refuse(res, 401, result.reason);
      for (const cookie of setCookies) res.append("Set-Cookie", cookie);
      res.status(200).json({ name: result.staff.name });
    }),
  );

  // A new device let in by a manager: it asks (and shows the code), a manager approves, it collects its sign-in.
  router.post(
    "/staff/device-approval",
    door,
    handleBody(deviceRequestSchema, "Enter your name", async (_req, res, { name }) => {
      const { code, expiresAt, setCookie } = await askDeviceApproval(services, name);
      res.append("Set-Cookie", setCookie);
      res.status(201).json({ code, expires_at: expiresAt });
    }),
  );
  router.post(
    "/staff/device-approval/collect",
    door,
    handle(async (req, res) => {
      const { result, setCookies } = await collectDeviceApproval(services, req.headers.cookie, req.get("user-agent"));
      if (result.kind === "gone") return refuse(res, 410, "This request has run out or was used. Ask again for a new code.");
      if (result.kind === "waiting") return void res.status(202).json({ code: result.code });
      for (const cookie of setCookies) res.append("Set-Cookie", cookie);
      res.status(200).json(sessionJson(result.staff));
    }),
  );

  // Every staff call below, and the desk's (mounted after this router), needs a session.
  router.use(staffPaths, gateway(services, staffGate));

  router.get("/staff/session", (_req, res) => void res.json(sessionJson(staffOf(res))));

  // Passkeys (decision 0026): options, then the browser's answer, for adding one (signed in).
  router.post("/staff/passkeys/options", replyJson((res) => passkeyRegistrationOptions(db, relyingParty(config), memberOf(staffOf(res)))));
  router.post(
    "/staff/passkeys",
    handle(async (req, res) => {
      const body = bodyOf(req);
      const response = body.response as RegistrationResponseJSON | undefined;
      if (!response || typeof response !== "object" || typeof response.id !== "string") return refuse(res, 400, "Send the passkey your device made (response)");
      const label = typeof body.label === "string" ? body.label : "";
      const added = await addPasskey(db, relyingParty(config), memberOf(staffOf(res)), response, label);
      if (added.kind === "refused") return refuse(res, 400, added.reason);
      if (added.kind === "taken") return refuse(res, 409, added.reason);
      res.status(201).json({ id: added.id });
    }),
  );
  router.get("/staff/passkeys", replyJson((res) => passkeysSeenBy(db, memberOf(staffOf(res)))));
  router.delete(
    "/staff/passkeys/:id",
    handle(async (req, res) => {
      const removed = await removePasskey(db, memberOf(staffOf(res)), param(req, "id"));
      if (removed.kind === "not-yours") return refuse(res, 403, removed.reason);
      if (removed.kind === "not-found") return refuse(res, 404, "There is no such passkey.");
      res.status(204).end();
    }),
  );

  // A manager lets in a new device by the code it shows and the name it asks for (the device asked through /staff/device-approval).
  router.post(
    "/staff/device-approvals",
    handleBody(deviceApprovalSchema, "Enter the code the new device shows and the name it asks for", async (_req, res, { code, name }) => {
      const approved = await approveDevice(db, memberOf(staffOf(res)), code, name);
      if (approved.kind !== "approved") return refuse(res, approvalRefusalStatus[approved.kind], approved.reason);
      res.json({ name: approved.name });
    }),
  );

  router.delete(
    "/staff/session",
    handle(async (req, res) => {
      res.append("Set-Cookie", await signOut(services, req.headers.cookie));
      res.status(204).end();
    }),
  );

  router.get(
    "/joinus-applicants/:sortCriteria",
    handle(async (req, res) => {
      const filter = param(req, "sortCriteria");
      if (!isApplicantFilter(filter)) return refuse(res, 404, "There is no such list: use all, definitely, maybe, no, uncategorised, archived or everyone");
      const rows = await listApplicants(db, filter);
      const notes = await notesOf(db, rows.map((r) => r.id));
      await recordListLook(db, staffOf(res), "applicants", filter);
      const q = typeof req.query.q === "string" ? req.query.q.slice(0, SEARCH_MAX_LENGTH) : "";
      const found = rows.filter((r) => matchesWords({ ...r, notes: (notes.get(r.id) ?? []).map((n) => n.text) }, q));
      res.json(found.map((r) => applicantJson({ ...r, notes: notes.get(r.id) ?? [] })));
    }),
  );

  router.get(
    "/joinus-applicant/:id",
    forApplicant(async (_req, res, id) => {
      const applicant = await getApplicant(db, id);
      if (!applicant) return refuse(res, 404, NO_APPLICANT);
      await recordApplicantLook(db, staffOf(res), applicant.id);
      // The contract's shape, with the invitations the applicant was sent (withdrawn ones marked).
      res.json({ ...applicantJson(applicant), invitations: await invitationsJson(db, applicant.id) });
    }),
  );

  /** Sends the applicant as they are after a change, or the change's refusal. */
  async function answer(res: Response, id: number, result: ChangeResult) {
    switch (result.kind) {
      case "not-found":
        return refuse(res, 404, NO_APPLICANT);
      case "conflict":
        return refuse(res, 409, result.message);
      case "nothing-to-change":
        return refuse(res, 400, NOTHING_TO_UPDATE, { note: NOTHING_TO_UPDATE });
      case "done": {
        const applicant = await getApplicant(db, id);
        if (!applicant) return refuse(res, 404, NO_APPLICANT);
        return void res.status(200).json(applicantJson(applicant));
      }
    }
  }

  router.patch(
    "/joinus-applicant/:id",
    forApplicant(async (req, res, id) => {
      const body = checkedBody(res, bodyOf(req), applicantUpdateSchema, "Please check the note and follow-up");
      if (body) await answer(res, id, await updateApplicant(db, staffOf(res), id, body));
    }),
  );

  router.patch(
    "/joinus-email-response",
    requireRole("manager"),
    handleBody(emailResponseSchema, "Please check the applicant and the email to send", async (_req, res, { ID, EmailResponse }) => {
      const result = await sendCannedReply(services, staffOf(res), ID, EmailResponse);
      if (result.kind !== "done") return answer(res, ID, result);
      res.status(202).json({ message_id: result.messageId, send_at: result.sendAt });
    }),
  );

  router.post(
    "/staff/applicants/:id/email-preview",
    forApplicant(async (req, res, id) => {
      const body = checkedBody(res, bodyOf(req), emailPreviewSchema, "Please choose the email to preview");
      if (!body) return;
      const { template, ...invitation } = body;
      const preview = await previewApplicantEmail(services, id, template, invitationValues(invitation));
      if (!preview) return refuse(res, 404, NO_APPLICANT);
      res.json(preview);
    }),
  );

  // Invitations: reception may invite, move and cancel, and take back those emails (api-contract.md, "Roles").
  router.post(
    "/staff/applicants/:id/invitation",
    forApplicant(async (req, res, id) => {
      const body = checkedBody(res, bodyOf(req), invitationRequestSchema, "Please check the invitation");
      if (!body) return;
      const { again, ...invitation } = body;
      const result = await createInvitation(services, staffOf(res), id, invitation, { again: again === true });
      if (result.kind === "not-found") return refuse(res, 404, NO_APPLICANT);
      if (result.kind === "conflict") return refuse(res, 409, result.message);
      if (result.kind === "already") return void res.status(409).json({ error: result.message, invitation: result.invitation });
      res.status(201).json({ message_id: result.messageId, send_at: result.sendAt });
    }),
  );

  router.get(
    "/staff/applicants/:id/invitations",
    forApplicant(async (req, res, id) => {
      if (!(await getApplicant(db, id))) return refuse(res, 404, NO_APPLICANT);
      res.json(await invitationsJson(db, id));
    }),
  );

  /** A move's or a cancellation's answer: 200 with the invitation, or its refusal. */
  const changed = (res: Response, result: InvitationChangeResult, status: 200 | 204) => {
    if (result.kind === "not-found") return refuse(res, 404, NO_INVITATION);
    if (result.kind === "conflict") return refuse(res, 409, result.message);
    if (result.kind === "nothing-to-change") return refuse(res, 400, result.message);
    if (status === 204) return void res.status(204).end();
    res.json({ ...result.invitation, message_id: result.messageId, send_at: result.sendAt });
  };

  router.patch(
    "/staff/invitations/:id",
    forApplicant(async (req, res, id) => {
      const body = checkedBody(res, bodyOf(req), invitationChangeSchema, "Please check the change");
      if (body) changed(res, await changeInvitation(services, staffOf(res), id, body), 200);
    }, NO_INVITATION),
  );

  router.delete(
    "/staff/invitations/:id",
    forApplicant(async (req, res, id) => {
      changed(res, await changeInvitation(services, staffOf(res), id, "cancel"), 204);
    }, NO_INVITATION),
  );

  router.delete(
    "/staff/outbox/:message_id",
    handle(async (req, res) => {
      const staff = staffOf(res);
      // Reception may take back what it may send: an invitation, its move or its cancellation (api-contract.md, "Roles").
      const notManager = roleRefusalOf(staff, "manager");
      const invitationsOnly = notManager !== null;
      const result = await takeBackEmail(services, staff, param(req, "message_id"), { invitationsOnly });
      if (result.kind === "not-found") return refuse(res, 404, "No message has that id");
      // Refused only when reception asked (invitationsOnly): the gate's role refusal says why.
      if (result.kind === "refused") return refuse(res, 403, notManager?.message ?? "");
      if (result.kind === "gone") return refuse(res, 409, result.message);
      res.status(204).end();
    }),
  );

  const templateOf = (req: Request) => [param(req, "template")].find(isEmailTemplateName);
  const NO_TEMPLATE = "There is no such email: use unsuccessful, maybe, interview or trial";
  router.get("/staff/email-templates/:template", forRecord(templateOf, NO_TEMPLATE, async (_req, res, name) => void res.json(templateJson(await loadTemplate(db, name)))));
  router.put(
    "/staff/email-templates/:template",
    requireRole("manager"),
    forRecord(templateOf, NO_TEMPLATE, async (req, res, name) => {
      const template = checkedBody(res, bodyOf(req), templateSchema(name), "Please check the subject and the body");
      if (template) res.json(templateJson(await saveTemplate(db, staffOf(res), name, template)));
    }),
  );

  router.get(
    "/staff/due",
    handle(async (_req, res) => {
      const rows = await dueApplicants(db);
      const notes = await notesOf(db, rows.map((r) => r.id));
      res.json(rows.map((r) => applicantJson({ ...r, notes: notes.get(r.id) ?? [] })));
    }),
  );

  // The applicant's CV, for any signed-in staff member: only ever a download (decision record 0037).
  const NO_CV = "This applicant sent no CV";
  router.get(
    "/staff/applicants/:id/cv",
    forApplicant(async (_req, res, id) => {
      const cv = await cvDownload(db, staffOf(res), id);
      if (!cv) return refuse(res, 404, NO_CV);
      res.set(cv.headers).end(cv.bytes);
    }, NO_CV),
  );

  /** The handler of a change to the applicant the path names, answered with the applicant as they are after it. */
  const applicantChange = (change: typeof restoreApplicant) =>
    forApplicant(async (_req, res, id) => answer(res, id, await change(db, staffOf(res), id)));

  router.post("/staff/applicants/:id/restore", applicantChange(restoreApplicant));
  router.patch("/joinus-update-role/:id", applicantChange(changeRoleToSaturday));

  router.delete(
    "/delete-applicant/:id",
    forApplicant(async (req, res, id) => {
      const result = await archiveApplicant(db, staffOf(res), id);
      if (result.kind !== "done") return answer(res, id, result);
      res.status(204).end();
    }),
  );

  return router;
}
