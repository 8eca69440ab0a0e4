import { z } from "zod";

export const ORGANIZATION_TYPES = ["academic", "biotech", "pharma", "cro"] as const;

/** Emails are compared case-insensitively: always trimmed and lower-cased before use. */
export const Email = z
  .string({ error: "email is required" })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "email must be a valid email address" }));

/** ASVS 4.0 V2.1.1: at least 12 characters; the server also refuses common and breached passwords. */
export const PASSWORD_MIN_LENGTH = 12;

export const NewPassword = z
  .string({ error: "password is required" })
  .min(PASSWORD_MIN_LENGTH, { error: `password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(256);

/** The random token a browser keeps after signing in: a correct password from it passes the account's back-off. */
const DeviceToken = z.string().max(200);

export const SignupBody = z.object({
  email: Email,
  password: NewPassword,
  name: z.string({ error: "name is required" }).trim().min(1, { error: "name is required" }).max(200),
  org_name: z.string().trim().max(200).nullish(),
});
export type SignupBody = z.infer<typeof SignupBody>;

export const LoginBody = z.object({
  email: Email,
  password: z.string({ error: "password is required" }).min(1, { error: "password is required" }).max(256),
  remember: z.boolean().optional(),
  device_token: DeviceToken.optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const User = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  organization: z.string(),
  organization_type: z.string().nullable(),
  org_id: z.number().int(),
});
export type User = z.infer<typeof User>;

export const AuthResponse = z.object({
  /** Short-lived (15 minutes): renew it with the refresh token. */
  access_token: z.string(),
  token_type: z.literal("bearer"),
  expires_in: z.number().int(),
  /** Single use: POST /v1/auth/refresh answers a new pair and this one stops working. */
  refresh_token: z.string(),
  refresh_expires_in: z.number().int(),
  /** Keep it and send it with later sign-ins from this browser. */
  device_token: z.string(),
  user: User,
});
export type AuthResponse = z.infer<typeof AuthResponse>;

/** POST /v1/auth/refresh: a new access token and the next refresh token of the same session. */
export const TokenResponse = AuthResponse.pick({
  access_token: true,
  token_type: true,
  expires_in: true,
  refresh_token: true,
  refresh_expires_in: true,
});
export type TokenResponse = z.infer<typeof TokenResponse>;

export const ProfileResponse = z.object({ user: User });
export type ProfileResponse = z.infer<typeof ProfileResponse>;

export const ProfileUpdateBody = z.object({
  first_name: z.string().trim().max(100).optional(),
  last_name: z.string().trim().max(100).optional(),
  organization: z.string().trim().min(1, { error: "organization must not be empty" }).max(200).optional(),
  organization_type: z.string().trim().max(50).nullish(),
});
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBody>;

/**
 * Token lifetimes: access tokens last 15 minutes; the refresh token keeps a session alive for 30 days
 * after a sign-up or a remembered login, 12 hours after a plain login, rotating on every use.
 */
export const TOKEN_TTL_SECONDS = { access: 15 * 60, remembered: 30 * 24 * 3600, session: 12 * 3600 } as const;

export const RefreshBody = z.object({ refresh_token: z.string().min(1).max(200) });
export type RefreshBody = z.infer<typeof RefreshBody>;

export const PasswordChangeBody = z.object({
  current_password: z.string().min(1).max(256),
  new_password: NewPassword,
});
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;
