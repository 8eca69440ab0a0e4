import { useEffect, useState, type ReactNode } from "react";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** §2: every dashboard page has a Help side drawer with that page's help text. */
  help: ReactNode;
  actions?: ReactNode;
}

export function PageHeader({ title, description, help, actions }: PageHeaderProps) {
  const [helpOpen, setHelpOpen] = useState(false);

  useEffect(() => {
    document.title = `${title} · Sieve`;
  }, [title]);

  return (
    <div className="page-header">
      <div className="page-header__text">
        <h1 className="page-header__title">{title}</h1>
        {description && <p className="page-header__description">{description}</p>}
      </div>
      <div className="page-header__actions">
        {actions}
        <Button variant="secondary" onClick={() => setHelpOpen(true)} aria-haspopup="dialog">
          Help
        </Button>
      </div>
      <Dialog open={helpOpen} onClose={() => setHelpOpen(false)} title={`Help: ${title}`} placement="drawer">
        <div className="help-text">{help}</div>
      </Dialog>
    </div>
  );
}
