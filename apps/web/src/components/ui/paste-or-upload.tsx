import { useState, type FormEvent, type ReactNode } from "react";
import { splitLines } from "@sieve/contracts";
import { Button } from "./button";
import { Field } from "./field";

interface PasteOrUploadProps {
  /** What one pasted entry is, e.g. "SMILES"; names the form and its empty-input message. */
  itemLabel: string;
  pasteLabel: string;
  pasteHint: ReactNode;
  placeholder: string;
  /** The file endings the server accepts, e.g. ".smi,.csv". */
  accept: string;
  fileHint: ReactNode;
  /** Extra inputs sent with the file (a CSV's SMILES column). */
  fileOptions?: ReactNode;
  busy: boolean;
  /** Called with the raw text once it holds at least one non-blank line. */
  onPaste: (text: string) => void;
  onUpload: (file: File) => void;
}

/** The two ways into an analysis: paste lines, or send a file the server parses. */
export function PasteOrUpload({
  itemLabel,
  pasteLabel,
  pasteHint,
  placeholder,
  accept,
  fileHint,
  fileOptions,
  busy,
  onPaste,
  onUpload,
}: PasteOrUploadProps) {
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [pasteError, setPasteError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const submitText = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // §5: one per line, trimmed, blank lines dropped; nothing left means nothing to send.
    const empty = splitLines(text).length === 0;
    setPasteError(empty ? `Enter at least one ${itemLabel}.` : null);
    if (!empty) onPaste(text);
  };

  const submitFile = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFileError(file ? null : "Choose a file first.");
    if (file) onUpload(file);
  };

  return (
    <div className="paste-or-upload">
      <form className="stack" onSubmit={submitText} aria-label={`Paste ${itemLabel}`}>
        <Field label={pasteLabel} hint={pasteHint} error={pasteError}>
          {(control) => (
            <textarea
              {...control}
              rows={6}
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={placeholder}
              spellCheck={false}
              className="mono-input"
            />
          )}
        </Field>
        <div>
          <Button type="submit" disabled={busy}>
            Analyze
          </Button>
        </div>
      </form>
      <form className="stack" onSubmit={submitFile} aria-label="Upload a file">
        <Field label="File" hint={fileHint} error={fileError}>
          {(control) => (
            <input
              {...control}
              type="file"
              accept={accept}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          )}
        </Field>
        {fileOptions}
        <div>
          <Button type="submit" variant="secondary" disabled={busy}>
            Analyze file
          </Button>
        </div>
      </form>
    </div>
  );
}
