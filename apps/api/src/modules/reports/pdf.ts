import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export type PdfOutcome = { ok: true; pdf: Buffer } | { ok: false; reason: string };

/**
 * Prints report.html to PDF with Debian's Chromium in headless mode, in a throw-away profile, with
 * networking pointless (the page has a CSP of `default-src 'none'` and only data: images). Chromium is
 * optional: without it the dossier still has the HTML and says why the PDF is missing.
 */
export async function renderPdf(html: string, timeoutMs = 60_000): Promise<PdfOutcome> {
  if (!existsSync(CHROMIUM_PATH)) return { ok: false, reason: `Chromium was not found at ${CHROMIUM_PATH}` };
  const dir = mkdtempSync(join(tmpdir(), "sieve-pdf-"));
  try {
    const page = join(dir, "report.html");
    const out = join(dir, "report.pdf");
    writeFileSync(page, html);
    await new Promise<void>((resolve, reject) => {
      execFile(
        CHROMIUM_PATH,
        [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-dev-shm-usage",
          "--no-first-run",
          `--user-data-dir=${join(dir, "profile")}`,
          "--no-pdf-header-footer",
          `--print-to-pdf=${out}`,
          `file://${page}`,
        ],
        { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 },
        (error) => (error && !existsSync(out) ? reject(error) : resolve()),
      );
    });
    const pdf = readFileSync(out);
    if (!pdf.subarray(0, 5).equals(Buffer.from("%PDF-")))
      return { ok: false, reason: "Chromium did not produce a PDF" };
    return { ok: true, pdf };
  } catch (error) {
    return {
      ok: false,
      reason: `Chromium could not render the PDF: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
