import type { ChangeEvent } from "react";
import { UPLOAD_KINDS, type UploadKind } from "@sieve/contracts";
import { buttonClassName } from "../../../components/ui/button";

interface UploadButtonProps {
  kind: UploadKind;
  label: string;
  disabled: boolean;
  onFile: (kind: UploadKind, file: File) => void;
}

/** A real file input (visually hidden, still focusable) behind a button-styled label. */
export function UploadButton({ kind, label, disabled, onFile }: UploadButtonProps) {
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still triggers an upload.
    event.target.value = "";
    if (file) onFile(kind, file);
  };
  return (
    <label className={buttonClassName("secondary", "sm", `upload-button${disabled ? " is-disabled" : ""}`)}>
      <input
        type="file"
        className="visually-hidden"
        accept={UPLOAD_KINDS[kind].join(",")}
        disabled={disabled}
        onChange={onChange}
        data-upload-kind={kind}
      />
      {label}
    </label>
  );
}
