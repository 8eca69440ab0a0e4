import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";

/**
 * The Evidence page opens a document from its address (`?document=<source>&id=<external id>`), so links can be shared
 * and opened in new tabs.
 */
export const DOCUMENT_PARAM = "document";
export const DOCUMENT_ID_PARAM = "id";

export function DocumentLink({
  source,
  externalId,
  children,
}: {
  source: string;
  externalId: string;
  children: ReactNode;
}) {
  const [params] = useSearchParams();
  const next = new URLSearchParams(params);
  next.set(DOCUMENT_PARAM, source);
  next.set(DOCUMENT_ID_PARAM, externalId);
  return <Link to={{ search: `?${next}` }}>{children}</Link>;
}
