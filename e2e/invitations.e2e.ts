import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { InvitationCreated, Member, OrgRole, User } from "@sieve/contracts";
import {
  accessToken,
  createUserViaApi,
  inPage,
  openPage,
  screenshot,
  seriousA11yViolations,
  signUpFreshUser,
  uniqueEmail,
  useE2eSession,
  type SieveServer,
} from "./harness";

let server: SieveServer;
let browser: Browser;
/** The owner: the session's user, who signed up and so owns their organization. */
let owner: Page;

useE2eSession((session) => ({ server, browser, page: owner } = session));

async function ownerApi<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? "GET",
    headers: {
      Authorization: `Bearer ${await accessToken(owner)}`,
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function ownerOrgId(): Promise<number> {
  return (await ownerApi<{ user: User }>("/v1/auth/profile")).user.org_id;
}

async function invite(email: string, role: OrgRole): Promise<InvitationCreated> {
  return ownerApi<InvitationCreated>(`/v1/orgs/${await ownerOrgId()}/invitations`, {
    method: "POST",
    body: { email, role },
  });
}

async function members(): Promise<Member[]> {
  return (await ownerApi<{ members: Member[] }>(`/v1/orgs/${await ownerOrgId()}/members`)).members;
}

describe("the invitation link", () => {
  it("lets a new person create their account and join with the invited role", async () => {
    const email = uniqueEmail();
    const invitation = await invite(email, "scientist");
    expect(new URL(invitation.url).pathname).toBe(`/invite/${invitation.token}`);

    const invitee = await openPage(browser, server.baseUrl, new URL(invitation.url).pathname);
    const form = invitee.getByRole("form", { name: "Accept invitation" });
    await form.getByText(`Join E2E Lab as scientist. The invitation is for ${email}`).waitFor();
    await form.getByLabel("Name").fill("Rosalind Franklin");
    await form.getByLabel("Password").fill("short");
    await form.getByRole("button", { name: "Create Account and Join" }).click();
    await form.getByText("password must be at least 12 characters").waitFor();
    expect(await seriousA11yViolations(invitee)).toEqual([]);
    await screenshot(invitee, "invite-new-member");

    await form.getByLabel("Password").fill("photo fifty one helix");
    await form.getByRole("button", { name: "Create Account and Join" }).click();
    await invitee.waitForURL("**/dashboard");
    // Kept like a sign-up: persistently, so the new member stays signed in.
    expect(await inPage<string | null>(invitee, "localStorage.getItem('sieve.refresh_token')")).toBeTruthy();

    expect(await members()).toContainEqual(
      expect.objectContaining({ email, name: "Rosalind Franklin", role: "scientist" }),
    );

    // A scientist sees the members but may not invite: the server's refusal is shown as it is.
    await invitee.goto("/dashboard/admin");
    const panel = invitee.getByRole("region", { name: "Members" });
    await panel.getByText("Your role: scientist.").waitFor();
    await panel.getByText("Your role (scientist) may not do this; it needs one of: owner, admin").waitFor();

    // The link works once: opened again, the page shows the server's reason and no form.
    const again = await openPage(browser, server.baseUrl, new URL(invitation.url).pathname);
    await again.getByText("This invitation was already used").waitFor();
    expect(await again.getByRole("form", { name: "Accept invitation" }).count()).toBe(0);
    await again.getByText("Ask the person who invited you for a new link.").waitFor();
    await Promise.all([invitee.context().close(), again.context().close()]);
  });

  it("lets someone with an account sign in first, come back to the link and accept", async () => {
    const existing = await createUserViaApi(server.baseUrl);
    const invitation = await invite(existing.email, "viewer");

    const invitee = await openPage(browser, server.baseUrl, new URL(invitation.url).pathname);
    await invitee.getByRole("link", { name: "Sign in first" }).click();
    await invitee.waitForURL("**/login");
    await invitee.getByLabel("Email").fill(existing.email);
    await invitee.getByLabel("Password").fill(existing.password);
    await invitee.getByRole("button", { name: "Sign In" }).click();
    await invitee.waitForURL(`**/invite/${invitation.token}`);
    await invitee.getByText(`Join E2E Lab as viewer. The invitation is for ${existing.email}`).waitFor();
    await invitee.getByText(`You are signed in as ${existing.email}`).waitFor();
    await screenshot(invitee, "invite-signed-in");
    const refreshToken = "sessionStorage.getItem('sieve.refresh_token')";
    const before = await inPage<string | null>(invitee, refreshToken);
    await invitee.getByRole("button", { name: "Accept Invitation" }).click();
    await invitee.waitForURL("**/dashboard");
    // Accepting starts a session on the server: the page keeps it in place of the old one, where the old one was (a
    // sign-in not remembered stays in sessionStorage), and works with it.
    expect(before).toBeTruthy();
    await expect.poll(() => inPage<string | null>(invitee, refreshToken)).not.toBe(before);
    expect(await inPage<string | null>(invitee, "localStorage.getItem('sieve.refresh_token')")).toBeNull();
    await invitee
      .getByRole("table", { name: "Recent projects" })
      .or(invitee.getByText("No projects yet."))
      .first()
      .waitFor();

    expect(await members()).toContainEqual(expect.objectContaining({ email: existing.email, role: "viewer" }));
    await invitee.context().close();
  });

  it("tells a person signed in with another account, before they accept, and offers to sign out", async () => {
    const invitation = await invite(uniqueEmail(), "scientist");
    const before = await members();
    // The owner is signed in, but the invitation names someone else.
    await owner.goto(new URL(invitation.url).pathname);
    await owner.getByText("but the invitation is for another address").waitFor();
    await owner.getByRole("button", { name: "Sign out and continue" }).waitFor();
    expect(await owner.getByRole("button", { name: "Accept Invitation" }).count()).toBe(0);
    expect(await members()).toEqual(before);

    // Someone else signed in on a shared browser signs out here and joins as the invited person.
    const shared = await openPage(browser, server.baseUrl);
    await signUpFreshUser(shared, "Other Lab");
    await shared.goto(new URL(invitation.url).pathname);
    await shared.getByRole("button", { name: "Sign out and continue" }).click();
    const form = shared.getByRole("form", { name: "Accept invitation" });
    await form.getByLabel("Name").fill("Barbara McClintock");
    await form.getByLabel("Password").fill("maize kernels jump around");
    await form.getByRole("button", { name: "Create Account and Join" }).click();
    await shared.waitForURL("**/dashboard");
    expect(await members()).toContainEqual(expect.objectContaining({ email: invitation.email, role: "scientist" }));
    await shared.context().close();
  });
});

describe("the Members panel on the Admin page", () => {
  it("lists the members, creates an invitation with a link to copy, and revokes it", async () => {
    await owner.goto("/dashboard/admin");
    const panel = owner.getByRole("region", { name: "Members" });
    await panel.getByText("Your role: owner.").waitFor();
    const table = panel.getByRole("table", { name: "Members of your organization" });
    expect(await table.getByRole("row").count()).toBe((await members()).length + 1);

    const email = uniqueEmail();
    const form = panel.getByRole("form", { name: "Invite a member" });
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Role").selectOption("viewer");
    await form.getByRole("button", { name: "Create Invitation" }).click();
    await panel.getByText(`Invitation for ${email} as viewer`).waitFor();
    const link = await panel.getByLabel("Invitation link").inputValue();
    expect(new URL(link).pathname).toMatch(/^\/invite\/.+/);

    const pending = panel.getByRole("table", { name: "Pending invitations" });
    await pending.getByRole("cell", { name: email, exact: true }).waitFor();
    expect(await seriousA11yViolations(owner)).toEqual([]);
    await screenshot(owner, "admin-members");
    await pending.getByRole("button", { name: `Revoke the invitation for ${email}` }).click();
    await pending.getByRole("cell", { name: email, exact: true }).waitFor({ state: "detached" });

    // The revoked link no longer works, and the page says why.
    const invitee = await openPage(browser, server.baseUrl, new URL(link).pathname);
    await invitee.getByText("This invitation was revoked").waitFor();
    expect((await members()).map((member) => member.email)).not.toContain(email);
    await invitee.context().close();
  });

  it("changes a member's role and removes a member, as the owner", async () => {
    const viewer = (await members()).find((member) => member.role === "viewer");
    if (!viewer) throw new Error("the earlier test left no viewer");
    await owner.goto("/dashboard/admin");
    const table = owner.getByRole("table", { name: "Members of your organization" });
    await table.getByLabel(`Role of ${viewer.email}`).selectOption("scientist");
    await expect.poll(async () => (await members()).find((m) => m.user_id === viewer.user_id)?.role).toBe("scientist");
    // The owner cannot be removed from here by themselves, and is offered no button for it.
    expect(await table.getByRole("button", { name: /^Remove / }).count()).toBe((await members()).length - 1);

    owner.once("dialog", (dialog) => void dialog.accept());
    await table.getByRole("button", { name: `Remove ${viewer.email}` }).click();
    await table.getByRole("cell", { name: viewer.email, exact: true }).waitFor({ state: "detached" });
    expect((await members()).map((member) => member.user_id)).not.toContain(viewer.user_id);
  });
});
