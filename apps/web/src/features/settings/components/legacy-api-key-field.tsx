import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { getLegacyApiKey, setLegacyApiKey } from "../../../lib/auth-storage";

/** §6: the deprecated user API key stays in this browser only and is sent as X-API-Key; the server ignores it. */
export function LegacyApiKeyField() {
  const [value, setValue] = useState(() => getLegacyApiKey() ?? "");
  const [stored, setStored] = useState(() => getLegacyApiKey() !== null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setLegacyApiKey(value);
    setStored(getLegacyApiKey() !== null);
  };

  const clear = () => {
    setLegacyApiKey("");
    setValue("");
    setStored(false);
  };

  return (
    <form className="panel stack" onSubmit={onSubmit} aria-labelledby="api-key-title">
      <h2 id="api-key-title" className="panel__title">
        User API key <span className="badge badge--neutral">Deprecated</span>
      </h2>
      <p className="muted">
        Deprecated and ignored by the server. Sign-in tokens are the only credential that counts. A key stored here
        stays in this browser and is sent as the <code>X-API-Key</code> header for compatibility only.
      </p>
      <Field label="User API key (deprecated)">
        {(control) => (
          <input
            {...control}
            name="legacyApiKey"
            type="password"
            autoComplete="off"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
      </Field>
      <p className="muted" role="status">
        {stored ? "A key is stored in this browser." : "No key is stored."}
      </p>
      <div className="button-row">
        <Button type="submit" variant="secondary">
          Store key
        </Button>
        <Button variant="ghost" onClick={clear} disabled={!stored && !value}>
          Clear key
        </Button>
      </div>
    </form>
  );
}
