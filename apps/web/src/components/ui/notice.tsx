import type { ReactNode } from "react";

type Tone = "info" | "success" | "warning" | "error";

/** Errors interrupt (role=alert); other notices are announced politely (role=status). */
export function Notice({ tone = "info", title, children }: { tone?: Tone; title?: string; children: ReactNode }) {
  return (
    <div className={`notice notice--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {title && <p className="notice__title">{title}</p>}
      <div className="notice__body">{children}</div>
    </div>
  );
}
