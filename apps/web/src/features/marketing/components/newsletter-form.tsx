import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { useSubscribeNewsletter } from "../api/site-forms";

export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const subscribe = useSubscribeNewsletter();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    subscribe.mutate({ email }, { onSuccess: () => setEmail("") });
  };

  return (
    <form className="newsletter" onSubmit={onSubmit} aria-label="Newsletter">
      <label htmlFor="newsletter-email" className="newsletter__label">
        Newsletter: product updates, rarely.
      </label>
      <div className="newsletter__row">
        <input
          id="newsletter-email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@lab.org"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" disabled={subscribe.isPending}>
          Subscribe
        </Button>
      </div>
      <p className="newsletter__status" role="status">
        {subscribe.isSuccess ? "Subscribed. Thank you!" : subscribe.error ? subscribe.error.message : ""}
      </p>
    </form>
  );
}
