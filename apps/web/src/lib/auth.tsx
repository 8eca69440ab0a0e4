import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import type { AuthResponse, LoginBody, SignupBody } from "@sieve/contracts";
import { paths } from "../config/paths";
import {
  clearSession,
  getDeviceToken,
  getRefreshToken,
  hasAccessToken,
  saveAccessToken,
  saveDeviceToken,
} from "./auth-storage";
import { getProfile, login, logout, signup } from "./endpoints";

/** The signed-in user's profile; its org_id scopes every project the client creates. */
export const currentUserQuery = queryOptions({
  queryKey: ["auth", "profile"],
  queryFn: getProfile,
  staleTime: 5 * 60_000,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

type SessionTokens = Pick<AuthResponse, "access_token" | "refresh_token">;

/** A new session never sees the previous user's cached data. */
function beginSession(queryClient: QueryClient, tokens: SessionTokens, persistent: boolean): void {
  queryClient.removeQueries();
  saveAccessToken(tokens.access_token, { persistent, refreshToken: tokens.refresh_token });
}

function startSession(queryClient: QueryClient, response: AuthResponse, persistent: boolean): void {
  beginSession(queryClient, response, persistent);
  saveDeviceToken(response.device_token);
  queryClient.setQueryData(currentUserQuery.queryKey, response.user);
}

/** An account created by accepting an invitation keeps its session persistently, as sign-up does (§4). */
export function useBeginNewAccountSession(): (tokens: SessionTokens) => void {
  const queryClient = useQueryClient();
  return (tokens) => beginSession(queryClient, tokens, true);
}

/**
 * A signed-in user who accepts an invitation gets a new session from the server: it replaces the current one, kept
 * where the current one was (a remembered session stays remembered).
 */
export function useRenewedSession(): (tokens: SessionTokens) => void {
  const queryClient = useQueryClient();
  return (tokens) => beginSession(queryClient, tokens, getRefreshToken()?.persistent ?? false);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => login({ ...body, device_token: getDeviceToken() ?? undefined }),
    onSuccess: (response: AuthResponse, body) => startSession(queryClient, response, body.remember === true),
  });
}

/** §4: sign-up always keeps the token persistently. */
export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignupBody) => signup(body),
    onSuccess: (response: AuthResponse) => startSession(queryClient, response, true),
  });
}

export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    // The server revokes the session; the browser forgets it whether or not that call gets through.
    void logout().catch(() => undefined);
    clearSession();
    queryClient.clear();
    navigate(paths.login, { replace: true });
  };
}

/** §2: protected routes need a token in either storage; the server still has the last word (401 → /login). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!hasAccessToken()) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return children;
}
