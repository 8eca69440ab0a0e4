import { useMutation } from "@tanstack/react-query";
import type { ContactBody, NewsletterBody } from "@sieve/contracts";
import { apiRequest } from "../../../lib/api-client";

/** Leads from the landing page's contact form are stored server-side (POST /v1/contact). */
export function useSubmitContact() {
  return useMutation({
    mutationFn: (body: ContactBody) => apiRequest("/v1/contact", { method: "POST", body, anonymous: true }),
  });
}

/** Subscribing twice is harmless: the endpoint is idempotent. */
export function useSubscribeNewsletter() {
  return useMutation({
    mutationFn: (body: NewsletterBody) => apiRequest("/v1/newsletter", { method: "POST", body, anonymous: true }),
  });
}
