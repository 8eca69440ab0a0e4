import { z } from "zod";

export const ORGANIZATION_TYPES = ["academic", "biotech", "pharma", "cro"] as const;

/** Emails are compared case-insensitively: always trimmed and lower-cased before use. */
const Email = z
  .string({ error: "email is required" })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "email must be a valid email address" }));

export const SignupBody = z.object({
  email: Email,
  password: z
    .string({ error: "password is required" })
    .min(8, { error: "password must be at least 8 characters" })
    .max(256),
  name: z.string({ error: "name is required" }).trim().min(1, { error: "name is required" }).max(200),
  org_name: z.string().trim().max(200).nullish(),
});
export type SignupBody = z.infer<typeof SignupBody>;

export const LoginBody = z.object({
  email: Email,
  password: z.string({ error: "password is required" }).min(1, { error: "password is required" }).max(256),
  remember: z.boolean().optional(),
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
  access_token: z.string(),
  token_type: z.literal("bearer"),
  expires_in: z.number().int(),
  user: User,
});
export type AuthResponse = z.infer<typeof AuthResponse>;

export const ProfileResponse = z.object({ user: User });
export type ProfileResponse = z.infer<typeof ProfileResponse>;

export const ProfileUpdateBody = z.object({
  first_name: z.string().trim().max(100).optional(),
  last_name: z.string().trim().max(100).optional(),
  organization: z.string().trim().min(1, { error: "organization must not be empty" }).max(200).optional(),
  organization_type: z.string().trim().max(50).nullish(),
});
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBody>;

/** Token lifetimes: sign-up and remember-me keep a user signed in for 30 days, a plain login for 12 hours. */
export const TOKEN_TTL_SECONDS = { remembered: 30 * 24 * 3600, session: 12 * 3600 } as const;
