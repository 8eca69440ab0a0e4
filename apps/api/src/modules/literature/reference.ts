import { existsSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import { ApiError } from "../../http/errors";

/**
 * Which reference-data folder (HGNC, Disease Ontology, DrugCentral, training corpora) the literature
 * module reads, and its version: compute threads rebuild their dictionaries when the version changes.
 * Folders are only ever taken from inside the configured reference-data root.
 */
export class LiteratureReference {
  private current: string;
  private version = 1;

  /** `geneInfoDir`: extra NCBI Gene `gene_info` files (AppConfig.geneInfoDir), read with every reference folder. */
  constructor(
    private readonly root: string,
    private readonly geneInfoDir: string | null = null,
  ) {
    this.current = root;
  }

  get state(): { referenceDir: string; referenceVersion: number; geneInfoDir: string | null } {
    return { referenceDir: this.current, referenceVersion: this.version, geneInfoDir: this.geneInfoDir };
  }

  /**
   * Switches to `dir` (relative to the root, or absolute inside it); 400 for anything outside. Answers
   * the folder relative to the root: the server's own paths are never shown to clients.
   */
  reload(dir: string | undefined): string {
    const target = this.inside(dir ?? ".");
    this.current = target;
    this.version += 1;
    return relative(this.rootReal(), target) || ".";
  }

  private rootReal(): string {
    return existsSync(this.root) ? realpathSync(this.root) : this.root;
  }

  private inside(dir: string): string {
    const rootReal = this.rootReal();
    const candidate = resolve(rootReal, dir);
    const real = existsSync(candidate) ? realpathSync(candidate) : candidate;
    const offset = relative(rootReal, real);
    if (offset.startsWith("..") || isAbsolute(offset)) {
      throw new ApiError(
        400,
        "dir_outside_reference_root",
        "dir must be a folder inside the reference-data root (REFERENCE_DATA_DIR), given relative to it",
      );
    }
    if (!existsSync(real) || !statSync(real).isDirectory())
      throw new ApiError(400, "dir_not_found", `No folder ${dir} in the reference-data root`);
    return real;
  }
}
