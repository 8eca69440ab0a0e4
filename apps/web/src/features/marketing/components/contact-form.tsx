import { useState, type ChangeEvent, type FormEvent } from "react";
import { CONTACT_SERVICES, type ContactBody } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { useSubmitContact } from "../api/site-forms";

const THANK_YOU = "Thank you for your interest! We will contact you shortly.";

const EMPTY_CONTACT: ContactBody = { name: "", email: "", company: "", service: "vhts", message: "" };

/** §2/§5: name, email, company and message are required; the browser checks the email's form. */
export function ContactForm() {
  const [contact, setContact] = useState<ContactBody>(EMPTY_CONTACT);
  const submit = useSubmitContact();
  const bind = (key: keyof ContactBody) => ({
    name: key,
    value: contact[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setContact((current) => ({ ...current, [key]: event.target.value })),
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await submit.mutateAsync(contact);
    } catch {
      return; // the error is shown below the form and the entries stay for another try
    }
    window.alert(THANK_YOU);
    setContact(EMPTY_CONTACT);
    submit.reset();
  };

  return (
    <form className="contact-form" onSubmit={onSubmit} aria-label="Contact">
      <div className="form-grid">
        <Field label="Name">{(control) => <input {...control} {...bind("name")} autoComplete="name" required />}</Field>
        <Field label="Email">
          {(control) => <input {...control} {...bind("email")} type="email" autoComplete="email" required />}
        </Field>
        <Field label="Company">
          {(control) => <input {...control} {...bind("company")} autoComplete="organization" required />}
        </Field>
        <Field label="Service">
          {(control) => (
            <select {...control} {...bind("service")}>
              {CONTACT_SERVICES.map((service) => (
                <option key={service.value} value={service.value}>
                  {service.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field label="Message">{(control) => <textarea {...control} {...bind("message")} rows={5} required />}</Field>
      {submit.error && <Notice tone="error">{submit.error.message}</Notice>}
      <Button type="submit" size="lg" disabled={submit.isPending}>
        {submit.isPending ? "Sending…" : "Send Message"}
      </Button>
    </form>
  );
}
